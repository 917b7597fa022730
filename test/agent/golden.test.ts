import path from 'node:path';
import { writeFileSync } from 'node:fs';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGoldenSet } from '../../src/agent/eval/golden.js';
import { runEval, type EvalReport } from '../../src/agent/eval/run-eval.js';
import { createKnowledgeBase } from '../../src/agent/knowledge-base.js';
import { createOfflineAgent } from '../../src/agent/offline/offline-agent.js';
import { createSeededEnv, type SeededEnv } from '../support/seeded.js';

let env: SeededEnv;
let report: EvalReport;

beforeAll(async () => {
  env = await createSeededEnv();
  const tenant = await env.stores.tenants.get(env.tenantId);
  const kb = createKnowledgeBase({ source: env.stores.kbArticles });
  const messages = await loadGoldenSet(path.resolve('test/golden/messages.jsonl'));
  ({ report } = await runEval(messages, {
    agent: createOfflineAgent({ clock: env.clock, logger: pino({ level: 'silent' }) }),
    kb,
    tenantId: env.tenantId,
    settings: tenant!.settings,
    customers: env.stores.customers,
    interactions: env.stores.interactions,
    orders: env.orderSystem,
    clock: env.clock,
  }));
  if (process.env.GOLDEN_DEBUG) writeFileSync('/tmp/golden-report.json', JSON.stringify(report, null, 2));
}, 120_000);

afterAll(async () => env?.close());

describe('offline engine on the golden set', () => {
  it('has at least 150 labelled messages', () => {
    expect(report.messages).toBeGreaterThanOrEqual(150);
  });

  it('classifies at least 85% of intents correctly', () => {
    console.log(
      `[golden] intent ${(report.intentAccuracy * 100).toFixed(1)}%, route ${(report.routeAccuracy * 100).toFixed(1)}%, ` +
        `escalation precision ${report.escalation.precision} recall ${report.escalation.recall}`,
    );
    expect(report.intentAccuracy).toBeGreaterThanOrEqual(0.85);
  });

  it('uses no model calls', () => {
    expect(report.modelCallsPerMessage).toEqual({ median: 0, p90: 0 });
  });
});
