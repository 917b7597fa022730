import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app-harness.js';
import { createTestChannel, testChannelAdapter, type TestChannel } from '../support/test-channel.js';
import { DEFAULT_OUTBOX_POLICY } from '../../src/conversation/outbox.js';
import { DEMO } from '../../src/memory/demo-data.js';
import { actor, inbound } from './engine-builders.js';

let t: TestApp;
let channel: TestChannel;
const tenantId = DEMO.tenantId;

beforeEach(async () => {
  channel = createTestChannel();
  t = await startTestApp({ adapters: [testChannelAdapter(channel)] });
});
afterEach(async () => {
  await t?.close();
});

/** Moves the app's clock past any backoff and runs the sweep the app's timer would run. */
async function laterSweep(ms = DEFAULT_OUTBOX_POLICY.maxDelayMs) {
  t.clock.advance(ms);
  return t.app.outbox.sweep();
}

describe('outbox: customer replies', () => {
  it('posts a reply that failed once with the next due sweep, exactly once', async () => {
    channel.failNext('replyInThread');
    const m = inbound('maya', 'Where is order 1042?');
    const out = await t.engine.handleInbound(m);
    expect(channel.thread(m.messageId)).toHaveLength(0);

    // Not due yet: the first retry waits for the backoff.
    expect((await t.app.outbox.sweep()).sent).toBe(0);
    expect(channel.thread(m.messageId)).toHaveLength(0);

    const swept = await laterSweep(DEFAULT_OUTBOX_POLICY.baseDelayMs);
    expect(swept.sent).toBe(1);
    expect(channel.thread(m.messageId)).toHaveLength(1);
    expect(channel.thread(m.messageId)[0]).toContain('UPS');

    await laterSweep();
    await laterSweep();
    expect(channel.thread(m.messageId)).toHaveLength(1);
    const bot = (await t.stores.messages.listByTicket(tenantId, out.ticketId!, 50)).filter(
      (x) => x.role === 'bot',
    );
    expect(bot).toHaveLength(1);
    const [entry] = await t.stores.outbox.list(tenantId, { ticketId: out.ticketId! });
    expect(entry).toMatchObject({ kind: 'reply', status: 'sent', attempts: 1 });
  });

  it('gives a permanently failing reply up as failed after the bounded attempts, with an audit event', async () => {
    channel.failNext('replyInThread', 100);
    const m = inbound('maya', 'Where is order 1042?');
    const out = await t.engine.handleInbound(m);

    for (let i = 0; i < DEFAULT_OUTBOX_POLICY.maxAttempts + 3; i++) await laterSweep();

    const [entry] = await t.stores.outbox.list(tenantId, { ticketId: out.ticketId! });
    expect(entry?.status).toBe('failed');
    expect(entry?.attempts).toBe(DEFAULT_OUTBOX_POLICY.maxAttempts);
    expect(entry?.lastError).toMatch(/simulated outage/);
    expect(channel.messages).toHaveLength(0);
    const audit = await t.stores.audit.listForTicket(tenantId, out.ticketId!);
    expect(audit.filter((a) => a.action === 'delivery.failed')).toHaveLength(1);
  });

  it('posts a working reply exactly once and leaves nothing for the sweep', async () => {
    const m = inbound('maya', 'Where is order 1042?');
    const out = await t.engine.handleInbound(m);

    expect(channel.thread(m.messageId)).toHaveLength(1);
    const swept = await laterSweep();
    expect(swept).toEqual({ sent: 0, retrying: 0, failed: 0, superseded: 0 });
    expect(channel.thread(m.messageId)).toHaveLength(1);
    // Its entry rode in the answer's insert into messages and its sent mark in the write that
    // ended its turn (issue 13): the outbox holds nothing of it.
    expect(await t.stores.outbox.list(tenantId, { ticketId: out.ticketId! })).toEqual([]);
    const answer = await t.db
      .collection('messages')
      .findOne({ ticketId: out.ticketId, role: 'bot', delivery: { $exists: true } });
    expect(answer?.delivery?.key).toBe(`reply:${answer?.messageId}`);
  });
});

describe('outbox: staff cards', () => {
  it('posts an escalation card that failed later, links it to the ticket and updates it in place', async () => {
    channel.failNext('postStaffCard');
    const m = inbound('jordan', 'Our whole warehouse system is down, this is an outage! I need a human now.');
    const out = await t.engine.handleInbound(m);
    expect(out.status).toBe('escalated');
    expect(channel.cards).toHaveLength(0);
    expect((await t.stores.tickets.get(tenantId, out.ticketId!))?.staffCard).toBeUndefined();

    const swept = await laterSweep();

    expect(swept.sent).toBe(1);
    expect(channel.cards).toHaveLength(1);
    expect(channel.cards[0]?.card.kind).toBe('escalation');
    expect(channel.cards[0]?.card.ticketId).toBe(out.ticketId);
    const ticket = await t.stores.tickets.get(tenantId, out.ticketId!);
    expect(ticket?.staffCard?.messageId).toBe(channel.cards[0]?.messageId);

    // The card is now the ticket's: a takeover updates it rather than posting a second one.
    const taken = await t.engine.handleStaffAction(actor('sam'), {
      v: 1,
      action: 'ticket.takeover',
      ticketId: out.ticketId!,
    });
    expect(taken.ok).toBe(true);
    expect(channel.cards).toHaveLength(1);
    expect(channel.cards[0]?.versions.length).toBeGreaterThan(1);
  });

  it('retries a failed card update with the card as it is now', async () => {
    const m = inbound('jordan', 'Our whole warehouse system is down, this is an outage! I need a human now.');
    const out = await t.engine.handleInbound(m);
    expect(channel.cards).toHaveLength(1);

    channel.failNext('updateStaffCard');
    await t.engine.handleStaffAction(actor('sam'), {
      v: 1,
      action: 'ticket.takeover',
      ticketId: out.ticketId!,
    });
    expect(channel.cards[0]?.versions).toHaveLength(1);

    await laterSweep();

    expect(channel.cards).toHaveLength(1);
    expect(channel.cards[0]?.versions).toHaveLength(2);
    expect(channel.cards[0]?.card.statusLine ?? '').toMatch(/Sam/);
  });

  it('posts an approval card that failed once, once, even when the approval sweep also runs', async () => {
    channel.failNext('postStaffCard');
    const m = inbound('maya', 'The grinder from order 1043 arrived broken, I want a refund please.');
    const out = await t.engine.handleInbound(m);
    expect(out.status).toBe('approval_requested');
    expect(channel.cards).toHaveLength(0);

    t.clock.advance(DEFAULT_OUTBOX_POLICY.maxDelayMs);
    await t.app.approvals.sweep();
    await t.app.outbox.sweep();
    await laterSweep();
    await t.app.approvals.sweep();

    const approvalCards = channel.cards.filter((c) => c.card.kind === 'approval');
    expect(approvalCards).toHaveLength(1);
    const [approval] = await t.stores.approvals.listByTicket(tenantId, out.ticketId!);
    expect(approval?.card?.messageId).toBe(approvalCards[0]?.messageId);
  });
});
