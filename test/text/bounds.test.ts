import { describe, expect, it } from 'vitest';
import { MESSAGE_TEXT_MAX, boundMessageText } from '../../src/text/bounds.js';

describe('boundMessageText', () => {
  it('leaves a message within the limit alone', () => {
    const text = 'x'.repeat(MESSAGE_TEXT_MAX);
    expect(boundMessageText(text)).toBe(text);
  });

  it('keeps the beginning of a longer one and says it was shortened, within the limit', () => {
    const out = boundMessageText(`Where is order 1042? ${'y'.repeat(60_000)}`);
    expect(out.length).toBeLessThanOrEqual(MESSAGE_TEXT_MAX);
    expect(out.startsWith('Where is order 1042?')).toBe(true);
    expect(out).toMatch(/\[message shortened: 60,021 characters, the first 39,920 kept\]$/);
  });
});
