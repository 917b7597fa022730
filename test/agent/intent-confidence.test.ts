import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnowledgeBase } from '../../src/agent/knowledge-base.js';
import { runPipeline } from '../../src/agent/pipeline.js';
import type { KnowledgeBase } from '../../src/agent/types.js';
import { createSeededEnv, type SeededEnv } from '../support/seeded.js';
import { inputFor, JORDAN, offlineEngineReading } from './agent-input.js';

let env: SeededEnv;
let kb: KnowledgeBase;
beforeAll(async () => {
  env = await createSeededEnv();
  kb = createKnowledgeBase({ source: env.stores.kbArticles });
});
afterAll(async () => env?.close());

describe('the intent model’s calibrated probability caps a money action’s confidence', () => {
  // Nothing in it asks for money; a model that read it as "cancel" is unsure, and says so.
  const text = 'about 1047 — the thing we discussed on the phone';
  const deps = () => ({ clock: env.clock, logger: pino({ level: 'silent' }) });

  it('an unsure "cancel" goes to a person and proposes nothing (measured: an address fix read as cancel became a cancellation)', async () => {
    const r = await runPipeline(
      offlineEngineReading('cancel', 0.45),
      await inputFor(env, kb, JORDAN, text),
      deps(),
    );
    expect(r.route).toBe('escalate');
    expect(r.proposedAction).toBeUndefined();
    expect(r.reason).toMatch(/confidence 0\.45 below/);
  });

  it('a sure "cancel" on an unshipped order is proposed as before', async () => {
    const r = await runPipeline(
      offlineEngineReading('cancel', 0.97),
      await inputFor(env, kb, JORDAN, 'please cancel 1047'),
      deps(),
    );
    expect(r.route).toBe('resolve');
    expect(r.proposedAction).toMatchObject({ type: 'cancellation', orderId: '1047' });
  });

  // Issue 11, class "an order question read as a request": "I don't need a refund, I just want to
  // know whether you received the chair we returned" read as an unsure refund.
  it('an unsure "refund" on a returned, refunded order is answered with the refund on record: nothing can be proposed', async () => {
    const r = await runPipeline(
      offlineEngineReading('refund', 0.5),
      await inputFor(
        env,
        kb,
        'camille@juniperhealth.example',
        'did the chair from 1023 make it back to you?',
      ),
      deps(),
    );
    expect(r.route).toBe('resolve');
    expect(r.proposedAction).toBeUndefined();
    expect(r.reply?.text).toMatch(/1023 has been returned\. We refunded \$[\d,.]+ on/);
  });
});
