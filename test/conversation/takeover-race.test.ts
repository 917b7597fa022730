import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_OUTBOX_POLICY } from '../../src/conversation/outbox.js';
import { DEMO } from '../../src/memory/demo-data.js';
import { startTestApp, type TestApp } from '../support/app-harness.js';
import { gatedAgent } from '../support/gated-agent.js';
import { createTestChannel, testChannelAdapter, type TestChannel } from '../support/test-channel.js';
import { actor, inbound } from './engine-builders.js';

const tenantId = DEMO.tenantId;
const ANSWER = /UPS/;
let t: TestApp;
let channel: TestChannel;
let gated: ReturnType<typeof gatedAgent>;

beforeEach(async () => {
  channel = createTestChannel();
  gated = gatedAgent();
  t = await startTestApp({ adapters: [testChannelAdapter(channel)], agent: gated.agent });
});
afterEach(async () => {
  await t?.close();
});

async function notes(ticketId: string): Promise<string[]> {
  const all = await t.stores.messages.listByTicket(tenantId, ticketId, 100);
  return all.filter((m) => m.role === 'system').map((m) => m.text);
}

/** The ticket's entries in Maya's interaction history (what the model's history tool reads). */
async function outcomes(ticketId: string): Promise<string[]> {
  const history = await t.stores.interactions.listForCustomer(tenantId, 'cus_bluebird', 20);
  return history.filter((i) => i.ticketId === ticketId).map((i) => i.outcome);
}

describe('the bot never talks over a person who took the thread', () => {
  it('holds back an answer whose thread was taken over while the agent was running (M2)', async () => {
    const first = inbound('maya', 'Hi, where is order 1042?');
    const answered = await t.engine.handleInbound(first);
    const ticketId = answered.ticketId!;
    expect(channel.thread(first.messageId)).toHaveLength(1);

    gated.hold();
    const running = t.engine.handleInbound(
      inbound('maya', 'And which carrier has order 1042?', { threadId: first.messageId }),
    );
    await gated.entered();
    const taken = await t.engine.handleStaffAction(actor('sam'), {
      v: 1,
      action: 'ticket.takeover',
      ticketId,
    });
    expect(taken.ok).toBe(true);
    gated.release();
    const out = await running;

    const shown = channel.thread(first.messageId);
    expect(shown).toHaveLength(2);
    expect(shown[1]).toMatch(/Sam Okafor/);
    expect(out.status).not.toBe('answered');
    const ticket = await t.stores.tickets.get(tenantId, ticketId);
    expect(ticket?.status).toBe('human');
    // What the bot would have said is kept for Sam, not lost and not posted.
    expect((await notes(ticketId)).some((n) => /Sam Okafor/.test(n) && ANSWER.test(n))).toBe(true);
    // Maya's history has the first answer only: the held-back one is not an interaction.
    expect(await outcomes(ticketId)).toEqual(['resolved']);
    // Both turns' decisions are recorded: the first in its answer's insert, the held-back one,
    // which posted nothing, alone and without the history entry it dropped.
    expect(await t.stores.decisions.listByTicket(tenantId, ticketId)).toHaveLength(2);
    const alone = await t.db.collection('decisions').find({ tenantId, ticketId }).toArray();
    expect(alone).toHaveLength(1);
    expect(alone[0]?.interaction).toBeUndefined();
  });

  it('says nothing, and leaves the ticket with the person, when a message that escalates was taken over mid-run', async () => {
    const first = inbound('maya', 'Hi, where is order 1042?');
    const answered = await t.engine.handleInbound(first);
    const ticketId = answered.ticketId!;
    gated.hold();
    const running = t.engine.handleInbound(
      inbound('maya', 'This is an outage, our whole warehouse system is down! I need a human now.', {
        threadId: first.messageId,
      }),
    );
    await gated.entered();
    expect(
      (await t.engine.handleStaffAction(actor('sam'), { v: 1, action: 'ticket.takeover', ticketId })).ok,
    ).toBe(true);
    gated.release();
    await running;

    const shown = channel.thread(first.messageId);
    expect(shown).toHaveLength(2);
    expect(shown[1]).toMatch(/Sam Okafor/);
    const ticket = await t.stores.tickets.get(tenantId, ticketId);
    expect(ticket?.status).toBe('human');
    expect(ticket?.assignee?.name).toMatch(/Sam/);
    // Not escalated (Sam has it): Maya's history has the first answer only.
    expect(await outcomes(ticketId)).toEqual(['resolved']);
  });

  it('turns an answer into a draft for staff when the channel went to draft mode mid-run (S3)', async () => {
    gated.hold();
    const m = inbound('maya', 'Hi, where is order 1042?');
    const running = t.engine.handleInbound(m);
    await gated.entered();
    const set = await t.engine.setChannelMode({
      tenantId,
      platform: 'sandbox',
      channelId: DEMO.customerChannelId,
      mode: 'draft',
      actor: actor('sam'),
    });
    expect(set.ok).toBe(true);
    gated.release();
    const out = await running;

    expect(channel.thread(m.messageId)).toHaveLength(0);
    expect(out.status).toBe('drafted');
    const ticket = await t.stores.tickets.get(tenantId, out.ticketId!);
    expect(ticket?.status).not.toBe('resolved');
    expect(ticket?.draft?.text).toMatch(ANSWER);
    expect(channel.cards.map((c) => c.card.kind)).toEqual(['draft']);
    // The answer its insert kept ahead of delivery was never shown: the ticket does not keep it.
    const said = Object.values(ticket?.transcript?.entries ?? {}).filter((e) => e.role === 'bot');
    expect(said).toEqual([]);
  });

  it('drafts, and leaves open, an answer in a thread whose channel went to draft mode mid-run', async () => {
    const first = inbound('maya', 'Hi, where is order 1042?');
    const answered = await t.engine.handleInbound(first);
    expect((await t.stores.tickets.get(tenantId, answered.ticketId!))?.status).toBe('resolved');
    gated.hold();
    const running = t.engine.handleInbound(
      inbound('maya', 'And which carrier has order 1042?', { threadId: first.messageId }),
    );
    await gated.entered();
    await t.engine.setChannelMode({
      tenantId,
      platform: 'sandbox',
      channelId: DEMO.customerChannelId,
      mode: 'draft',
      actor: actor('sam'),
    });
    gated.release();
    const out = await running;

    expect(out.status).toBe('drafted');
    expect(channel.thread(first.messageId)).toHaveLength(1);
    const ticket = await t.stores.tickets.get(tenantId, answered.ticketId!);
    expect(ticket?.status).toBe('open');
    expect(ticket?.draft?.text).toMatch(ANSWER);
    // Only the first answer, which was shown, is kept: not the one held back as a draft.
    const said = Object.values(ticket?.transcript?.entries ?? {}).filter((e) => e.role === 'bot');
    expect(said).toHaveLength(1);
    // Still listed among the customer's open tickets (the lists follow every change of status).
    const open = await t.stores.tickets.listOpenForRequester(tenantId, 'sandbox', first.author.userId);
    expect(open.map((o) => o.ticketId)).toContain(answered.ticketId);
  });

  it('gives up a failed bot reply the sweep would retry after a person took over (M3)', async () => {
    const first = inbound('maya', 'Hi, where is order 1042?');
    const answered = await t.engine.handleInbound(first);
    const ticketId = answered.ticketId!;
    channel.failNext('replyInThread', 1);
    await t.engine.handleInbound(
      inbound('maya', 'And which carrier has order 1042?', { threadId: first.messageId }),
    );
    // Riley writes in the thread: an implicit takeover.
    await t.engine.handleInbound(
      inbound('riley', 'Riley here, let me check with the warehouse.', { threadId: first.messageId }),
    );
    expect((await t.stores.tickets.get(tenantId, ticketId))?.status).toBe('human');

    t.clock.advance(DEFAULT_OUTBOX_POLICY.maxDelayMs);
    const swept = await t.app.outbox.sweep();
    t.clock.advance(DEFAULT_OUTBOX_POLICY.maxDelayMs);
    await t.app.outbox.sweep();

    expect(swept).toMatchObject({ sent: 0, superseded: 1 });
    expect(channel.thread(first.messageId)).toHaveLength(1);
    const entries = await t.stores.outbox.list(tenantId, { ticketId });
    // The first answer's entry rode in its insert (issue 13): only the refused one is the outbox's.
    expect(entries.map((e) => e.status).sort()).toEqual(['superseded']);
    const audit = await t.stores.audit.listForTicket(tenantId, ticketId);
    expect(audit.filter((a) => a.action === 'delivery.superseded')).toHaveLength(1);
    expect((await notes(ticketId)).some((n) => ANSWER.test(n) && /taken over/.test(n))).toBe(true);
  });

  it('still delivers a takeover notice that failed at first: notices are the person speaking', async () => {
    const first = inbound(
      'jordan',
      'Our whole warehouse system is down, this is an outage! I need a human now.',
    );
    const answered = await t.engine.handleInbound(first);
    expect(answered.status).toBe('escalated');
    channel.failNext('replyInThread', 1);
    const taken = await t.engine.handleStaffAction(actor('sam'), {
      v: 1,
      action: 'ticket.takeover',
      ticketId: answered.ticketId!,
    });
    expect(taken.ok).toBe(true);
    expect(channel.thread(first.messageId)).toHaveLength(1);

    t.clock.advance(DEFAULT_OUTBOX_POLICY.maxDelayMs);
    const swept = await t.app.outbox.sweep();

    expect(swept).toMatchObject({ sent: 1, superseded: 0 });
    expect(channel.thread(first.messageId)[1]).toMatch(/Sam Okafor/);
  });

  it('tells the assignee, not the customer, how an approval ended in a thread they hold (S4)', async () => {
    const m = inbound('maya', 'The grinder from order 1043 arrived broken, I want a refund please.');
    const out = await t.engine.handleInbound(m);
    expect(out.status).toBe('approval_requested');
    const approvalId = out.reason!;
    const ticketId = out.ticketId!;
    const taken = await t.engine.handleStaffAction(actor('sam'), {
      v: 1,
      action: 'ticket.takeover',
      ticketId,
    });
    expect(taken.ok).toBe(true);
    const before = channel.thread(m.messageId);
    expect(before.at(-1)).toMatch(/Sam Okafor/);

    const decided = await t.engine.handleStaffAction(actor('dana'), {
      v: 1,
      action: 'approval.approve',
      approvalId,
    });

    expect(decided.ok).toBe(true);
    expect(channel.thread(m.messageId)).toEqual(before);
    const approval = await t.stores.approvals.get(tenantId, approvalId);
    expect(approval?.status).toBe('executed');
    expect((await notes(ticketId)).some((n) => /^For Sam Okafor/.test(n) && /1043/.test(n))).toBe(true);
  });
});
