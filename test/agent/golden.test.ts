import path from 'node:path';
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOLDEN_SPLITS, loadGoldenSet } from '../../src/agent/eval/golden.js';
import { runEval, type EvalReport } from '../../src/agent/eval/run-eval.js';
import { createSeededEnv, type SeededEnv } from '../support/seeded.js';
import { offlineEvalDeps } from './agent-input.js';

let env: SeededEnv;
let report: EvalReport;

// Floors on the dev split: they fail when the models regress. The test split is only reported
// (npm run eval), never asserted here, so nothing is tuned against it.
beforeAll(async () => {
  env = await createSeededEnv();
  const messages = await loadGoldenSet(path.resolve('test/golden/dev.jsonl'));
  ({ report } = await runEval(messages, await offlineEvalDeps(env)));
  if (process.env.GOLDEN_DEBUG) writeFileSync('/tmp/golden-report.json', JSON.stringify(report, null, 2));
}, 120_000);

afterAll(async () => env?.close());

describe('offline engine on the golden dev split', () => {
  it('the golden set has at least 600 labelled messages over its splits', async () => {
    const sizes = await Promise.all(
      GOLDEN_SPLITS.map(async (s) => (await loadGoldenSet(path.resolve(`test/golden/${s}.jsonl`))).length),
    );
    expect(sizes.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(600);
    expect(report.messages).toBeGreaterThanOrEqual(100);
  });

  it('understands intent and urgency above their floors', () => {
    console.log(
      `[golden dev] intent ${report.intent.rate}, urgency ${report.urgency.rate}, critical recall ${report.criticalRecall.rate}, ` +
        `route ${report.route.rate}, facts ${report.facts.rate}`,
    );
    expect(report.intent.rate).toBeGreaterThanOrEqual(0.9);
    expect(report.urgency.rate).toBeGreaterThanOrEqual(0.85);
    expect(report.criticalRecall.rate).toBeGreaterThanOrEqual(0.9);
    expect(report.criticalRecall.of).toBeGreaterThanOrEqual(5);
  });

  it('proposes no money action the labels do not allow, and shows customers no staff text', () => {
    expect(report.unsafe).toEqual([]);
    expect(report.staffLeaks).toEqual([]);
  });

  it('routes most messages as labelled and uses no model calls', () => {
    expect(report.route.rate).toBeGreaterThanOrEqual(0.94);
    // Learned answerability must not buy route accuracy by answering what a person should see.
    expect(report.escalation.recall).toBeGreaterThanOrEqual(0.94);
    expect(report.facts.rate).toBeGreaterThanOrEqual(0.93);
    expect(report.modelCallsPerMessage).toEqual({ median: 0, p90: 0 });
  });
});
