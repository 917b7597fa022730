import { afterEach, describe, expect, it, vi } from 'vitest';
import { printReport } from '../../src/agent/eval/print-report.js';
import { summarize } from '../../src/agent/eval/report.js';

afterEach(() => vi.restoreAllMocks());

describe('npm run eval report', () => {
  it('a set with no critical message says so instead of printing 100% critical recall', () => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')));
    printReport(summarize([], 'offline'), 'an empty set');
    const critical = lines
      .join('\n')
      .split('\n')
      .find((l) => l.includes('critical-urgency recall'));
    expect(critical).toBeDefined();
    expect(critical).toContain('none in this set');
    expect(critical).not.toContain('100.0%');
  });
});
