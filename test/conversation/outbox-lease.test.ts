import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { DEFAULT_OUTBOX_POLICY, type OutboxPolicy } from '../../src/conversation/outbox.js';
import { DEMO } from '../../src/memory/demo-data.js';
import { startTestApp, type TestApp } from '../support/app-harness.js';
import { createSeededEnv, type SeededEnv } from '../support/seeded.js';
import { createTestChannel, testChannelAdapter, type TestChannel } from '../support/test-channel.js';
import { inbound } from './engine-builders.js';

const logger = pino({ level: 'silent' });
const tenantId = DEMO.tenantId;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let env: SeededEnv | undefined;
let app: App | undefined;
let t: TestApp | undefined;
afterEach(async () => {
  await app?.stop();
  await env?.close();
  await t?.close();
  app = undefined;
  env = undefined;
  t = undefined;
});

/** The app as main.ts builds it, with an outbox policy of the test's choosing. */
async function appWith(channel: TestChannel, outboxPolicy?: OutboxPolicy): Promise<App> {
  env = await createSeededEnv({ logger });
  const config = loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'never', LOG_LEVEL: 'silent' });
  app = await createApp({
    config,
    logger,
    db: env.db,
    adapters: [testChannelAdapter(channel)],
    clock: env.clock,
    ids: env.ids,
    sweepIntervalMs: 3_600_000,
    ...(outboxPolicy ? { outboxPolicy } : {}),
  });
  return app;
}

describe('outbox leases (M4)', () => {
  it('does not post again while a slow platform call is still in flight minutes later', async () => {
    const channel = createTestChannel();
    const a = await appWith(channel);
    const m = inbound('maya', 'Hi, where is order 1042?');
    // Long enough that the sweep below posts first, even on a loaded machine.
    channel.delayReplies(3000);
    const running = a.engine.handleInbound(m);
    await sleep(150);
    // Slack's client retries for about two minutes; the sweep runs meanwhile.
    env!.clock.advance(3 * 60_000);
    const swept = await a.outbox.sweep();
    await running;

    expect(swept.sent).toBe(0);
    expect(channel.thread(m.messageId)).toHaveLength(1);
    // The answer's entry rode in its insert into messages and its mark in the turn's finish
    // (issue 13): the outbox holds nothing of it, nothing left for a sweep.
    const out = await a.stores.outbox.list(tenantId);
    expect(out.filter((e) => e.status !== 'sent')).toEqual([]);
    expect(DEFAULT_OUTBOX_POLICY.leaseMs).toBeGreaterThanOrEqual(5 * 60_000);
  });

  it("a turn's answer whose slow post fails late is left to the sweep, which posts it once", async () => {
    const channel = createTestChannel();
    const a = await appWith(channel, {
      maxAttempts: 6,
      baseDelayMs: 30_000,
      maxDelayMs: 60_000,
      leaseMs: 60_000,
    });
    const m = inbound('maya', 'Hi, where is order 1042?');
    // Long enough that the sweep below runs while it is in flight, even on a loaded machine.
    channel.delayReplies(3000);
    const running = a.engine.handleInbound(m);
    // Until the reply is in flight: its answer, carrying its outbox entry, is stored.
    const answered = () =>
      env!.db.collection('messages').countDocuments({ role: 'bot', delivery: { $exists: true } });
    for (let waited = 0; (await answered()) === 0 && waited < 10_000; waited += 25) await sleep(25);
    await sleep(50);
    env!.clock.advance(61_000);
    // The entry is the live turn's (issue 13: in its answer, not in the outbox): no sweep takes
    // it over while that run lives, so nobody posts it a second time meanwhile.
    expect((await a.outbox.sweep()).sent).toBe(0);
    // ...and then the slow call fails after all: the outbox takes the entry, with the attempt.
    channel.failNext('replyInThread', 1);
    await running;

    const [entry] = await a.stores.outbox.list(tenantId);
    expect(entry).toMatchObject({ status: 'pending', attempts: 1 });
    env!.clock.advance(10 * 60_000);
    await a.outbox.sweep();
    env!.clock.advance(10 * 60_000);
    await a.outbox.sweep();
    expect(channel.thread(m.messageId)).toHaveLength(1);
    expect((await a.stores.outbox.list(tenantId))[0]).toMatchObject({ status: 'sent', attempts: 1 });
  });
});

describe('a staff card given up for good (M5)', () => {
  it('is posted afresh when the approval sweep asks for it again', async () => {
    const channel = createTestChannel();
    t = await startTestApp({ adapters: [testChannelAdapter(channel)] });
    channel.failNext('postStaffCard', DEFAULT_OUTBOX_POLICY.maxAttempts);
    const out = await t.engine.handleInbound(
      inbound('maya', 'The grinder from order 1043 arrived broken, I want a refund please.'),
    );
    expect(out.status).toBe('approval_requested');
    const approvalId = out.reason!;
    for (let i = 0; i < DEFAULT_OUTBOX_POLICY.maxAttempts + 2; i++) {
      t.clock.advance(DEFAULT_OUTBOX_POLICY.maxDelayMs);
      await t.app.outbox.sweep();
    }
    const [given] = await t.stores.outbox.list(tenantId, { status: ['failed'] });
    expect(given?.key).toBe(`card:approval:${approvalId}`);
    expect(channel.cards).toHaveLength(0);

    const swept = await t.app.approvals.sweep();

    expect(swept.posted).toBe(1);
    expect(channel.cards.map((c) => c.card.approvalId)).toEqual([approvalId]);
    const approval = await t.stores.approvals.get(tenantId, approvalId);
    expect(approval?.card?.messageId).toBe(channel.cards[0]?.messageId);
    const entries = await t.stores.outbox.list(tenantId, { ticketId: out.ticketId! });
    expect(entries.find((e) => e.key === `card:approval:${approvalId}`)?.status).toBe('sent');
    // Asked again, it is not posted twice.
    await t.app.approvals.sweep();
    expect(channel.cards).toHaveLength(1);
  });
});
