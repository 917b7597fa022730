import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnowledgeBase } from '../../src/agent/knowledge-base.js';
import { runPipeline } from '../../src/agent/pipeline.js';
import type { KnowledgeBase } from '../../src/agent/types.js';
import { createSeededEnv, type SeededEnv } from '../support/seeded.js';
import { inputFor, offlineEngineReading } from './agent-input.js';

let env: SeededEnv;
let kb: KnowledgeBase;
beforeAll(async () => {
  env = await createSeededEnv();
  kb = createKnowledgeBase({ source: env.stores.kbArticles });
});
afterAll(async () => env?.close());

// Ironwood Fitness: 1017 (three headsets) delivered, 1019 (boxes) placed and not shipped.
const IRONWOOD = 'dev@ironwoodfitness.example';

/** The offline engine reading the message as a return, as its intent model does for these. */
const asReturn = offlineEngineReading('return', 0.9);

const run = async (text: string) =>
  runPipeline(asReturn, await inputFor(env, kb, IRONWOOD, text), {
    clock: env.clock,
    logger: pino({ level: 'silent' }),
  });

// Issue 11, class "a request no tool performs", bounded by the order's state: swapping an item
// is changing the order before it arrives (a person), and returning it once it has arrived.
describe('swapping what was ordered', () => {
  it('on a delivered order is answered with its return window: nothing is proposed', async () => {
    const r = await run('could we swap the headsets on 1017 for the wired version?');
    expect(r.route).toBe('resolve');
    expect(r.proposedAction).toBeUndefined();
    expect(r.reply?.text).toMatch(/1017 can be returned until/);
  });

  it('on an order not shipped yet still goes to a person', async () => {
    const r = await run('please swap the boxes on 1019 for the bigger size');
    expect(r.route).toBe('escalate');
    expect(r.reply).toBeUndefined();
    expect(r.escalation?.summary).toMatch(/change what was ordered/);
  });
});
