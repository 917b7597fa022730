import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GoldenMessageSchema, type GoldenMessage } from '../../src/agent/eval/golden.js';
import { runEval, type EvalCase, type EvalReport } from '../../src/agent/eval/run-eval.js';
import { createSeededEnv, type SeededEnv } from '../support/seeded.js';
import { offlineEvalDeps } from './agent-input.js';

// Refund requests on Cobalt Labs' demo orders, labelled by the README's policy: under AUTO_REFUND_MAX
// the bot refunds, up to SUPERVISOR_REFUND_ABOVE (inclusive) an approver decides on a card, above it
// a supervisor decides and the ticket escalates.
const priya = 'priya@cobaltlabs.example';
const labelled: Array<[text: string, route: 'resolve' | 'escalate']> = [
  ['please refund order 1045, the monitor arm wobbles', 'resolve'], // $89.99: automatic
  ['Please refund order 1052, the router keeps dropping every connection.', 'resolve'], // $500.00: approver
  ['Please refund order 1053, the router arrived dead.', 'escalate'], // $500.01: supervisor
];
const messages: GoldenMessage[] = labelled.map(([text, route]) =>
  GoldenMessageSchema.parse({ text, intent: 'refund', route, customerEmail: priya, language: 'en' }),
);

let env: SeededEnv;
let report: EvalReport;
let cases: EvalCase[];

beforeAll(async () => {
  env = await createSeededEnv();
  ({ report, cases } = await runEval(messages, await offlineEvalDeps(env)));
}, 60_000);

afterAll(async () => env?.close());

describe('npm run eval scores the route the ticket takes, the money policy included', () => {
  it('the agent answers each request with a refund proposed', () => {
    expect(cases.map((c) => [c.result.route, c.result.proposedAction?.orderId])).toEqual([
      ['resolve', '1045'],
      ['resolve', '1052'],
      ['resolve', '1053'],
    ]);
  });

  it('a refund above the supervisor threshold counts as escalated, one at the threshold does not', () => {
    expect(cases.map((c) => c.ticket.route)).toEqual(['resolve', 'resolve', 'escalate']);
    expect(cases[2]!.ticket.reason).toMatch(/^policy: a supervisor decides/);
    expect(report.route).toMatchObject({ hits: 3, of: 3 });
    expect(report.agentRoute).toMatchObject({ hits: 2, of: 3 });
    expect(report.escalation).toMatchObject({ truePositive: 1, falsePositive: 0, falseNegative: 0 });
    expect(report.unsafeActions).toBe(0);
  });
});
