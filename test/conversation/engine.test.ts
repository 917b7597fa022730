import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app-harness.js';
import { createTestChannel, testChannelAdapter, type TestChannel } from '../support/test-channel.js';
import { DEMO } from '../../src/memory/demo-data.js';
import { actor, inbound } from './engine-builders.js';

let t: TestApp;
let channel: TestChannel;

beforeEach(async () => {
  channel = createTestChannel();
  t = await startTestApp({ adapters: [testChannelAdapter(channel)] });
});
afterEach(async () => {
  await t?.close();
});

const tenantId = DEMO.tenantId;

async function storedMessages(ticketId: string) {
  return t.stores.messages.listByTicket(tenantId, ticketId, 100);
}

describe('handleInbound: answers from the demo store', () => {
  it('tells Maya where order 1042 is, with its real carrier and tracking number, in her thread', async () => {
    const m = inbound('maya', 'Hi, where is order 1042?');
    const out = await t.engine.handleInbound(m);

    expect(out.status).toBe('answered');
    expect(channel.thread(m.messageId)).toHaveLength(1);
    const [reply] = channel.thread(m.messageId);
    expect(reply).toContain('UPS');
    expect(reply).toContain(DEMO.tracking.trackingNumber);
    const stored = await storedMessages(out.ticketId!);
    expect(stored.map((s) => s.role)).toEqual(['customer', 'bot']);
    const decisions = await t.stores.decisions.listByTicket(tenantId, out.ticketId!);
    expect(decisions).toHaveLength(1);
    expect(decisions[0]?.route).toBe('resolve');
  });

  it('asks an unidentified person to write from the registered address and shows no order data', async () => {
    const m = inbound('stranger', 'Where is order 1042? I need the tracking number.');
    await t.engine.handleInbound(m);

    const texts = channel.thread(m.messageId).join('\n');
    expect(texts).toMatch(/registered/i);
    expect(texts).not.toContain('UPS');
    expect(texts).not.toContain(DEMO.tracking.trackingNumber);
    expect(texts).not.toMatch(/shipped/i);
  });

  it('records a pleasantry without a ticket or a reply', async () => {
    const m = inbound('maya', 'thanks!');
    const out = await t.engine.handleInbound(m);

    expect(out.status).toBe('recorded');
    expect(channel.messages).toHaveLength(0);
    expect(await t.stores.tickets.list(tenantId)).toHaveLength(0);
    const recorded = await t.stores.messages.findByPlatformId(tenantId, 'sandbox', m.messageId);
    expect(recorded?.text).toBe('thanks!');
  });
});

describe('handleInbound: delivery and ordering', () => {
  it('does nothing for a redelivered event', async () => {
    const m = inbound('maya', 'Where is order 1042?');
    await t.engine.handleInbound(m);
    const again = await t.engine.handleInbound({ ...m });

    expect(again.status).toBe('duplicate');
    expect(channel.messages).toHaveLength(1);
    expect(await t.stores.tickets.list(tenantId)).toHaveLength(1);
  });

  it('answers a second message that arrives while the first is processed after the first', async () => {
    channel.delayReplies(300); // the first answer is slow to post
    const first = inbound('maya', 'Where is order 1042?');
    const second = inbound('maya', 'And what about order 1043, has it been delivered?', {
      threadId: first.messageId,
    });
    const [a, b] = await Promise.all([t.engine.handleInbound(first), t.engine.handleInbound(second)]);

    const thread = channel.thread(first.messageId);
    expect(thread).toHaveLength(2);
    expect(thread[0]).toContain('1042');
    expect(thread[1]).toContain('1043');
    expect(b.ticketId).toBe(a.ticketId);
    expect(await t.stores.tickets.list(tenantId)).toHaveLength(1);
  });

  it('keeps the bot answer in the transcript when posting it fails', async () => {
    channel.failNext('replyInThread');
    const m = inbound('maya', 'Where is order 1042?');
    const out = await t.engine.handleInbound(m);

    expect(channel.messages).toHaveLength(0);
    const stored = await storedMessages(out.ticketId!);
    expect(stored.find((s) => s.role === 'bot')?.text).toContain('UPS');
  });
});

describe('handleInbound: who is in charge', () => {
  it('stays silent in a thread a person has taken over', async () => {
    const m = inbound('jordan', 'Our whole warehouse system is down, this is an outage! I need a human now.');
    const first = await t.engine.handleInbound(m);
    expect(first.status).toBe('escalated');
    const taken = await t.engine.handleStaffAction(actor('sam'), {
      v: 1,
      action: 'ticket.takeover',
      ticketId: first.ticketId!,
    });
    expect(taken.ok).toBe(true);
    const shownBefore = channel.thread(m.messageId).length;

    const later = await t.engine.handleInbound(
      inbound('jordan', 'Hello? Where is order 1047?', { threadId: m.messageId }),
    );

    expect(later.status).toBe('recorded');
    expect(channel.thread(m.messageId)).toHaveLength(shownBefore);
    const stored = await storedMessages(first.ticketId!);
    expect(stored.at(-1)?.text).toBe('Hello? Where is order 1047?');
  });

  it('lets a staff member who writes in the thread take it over, silencing the bot', async () => {
    const m = inbound('maya', 'Where is order 1042?');
    const first = await t.engine.handleInbound(m);
    await t.engine.handleInbound(
      inbound('riley', 'Hi Maya, Riley here, I will look at this personally.', { threadId: m.messageId }),
    );
    const ticket = await t.stores.tickets.get(tenantId, first.ticketId!);
    expect(ticket?.status).toBe('human');
    expect(ticket?.assignee?.userId).toBe(DEMO.staff.staff.userId);
    const shown = channel.thread(m.messageId).length;

    const out = await t.engine.handleInbound(
      inbound('maya', 'Thanks Riley, and what about order 1043?', { threadId: m.messageId }),
    );

    expect(out.status).toBe('recorded');
    expect(channel.thread(m.messageId)).toHaveLength(shown);
  });

  it('in draft mode sends nothing to the customer and puts a draft card in the staff channel', async () => {
    const set = await t.engine.setChannelMode({
      tenantId,
      platform: 'sandbox',
      channelId: DEMO.customerChannelId,
      mode: 'draft',
      actor: actor('sam'),
    });
    expect(set.ok).toBe(true);
    const m = inbound('maya', 'Where is order 1042?');
    const out = await t.engine.handleInbound(m);

    expect(out.status).toBe('drafted');
    expect(channel.messages).toHaveLength(0);
    expect(channel.cards).toHaveLength(1);
    expect(channel.cards[0]?.channelId).toBe(DEMO.staffChannelId);
    expect(channel.cards[0]?.card.draft).toContain('UPS');
    expect(channel.cards[0]?.card.actions.map((a) => a.data.action)).toContain('ticket.send_draft');
  });

  it('in off mode tracks the ticket and writes nothing anywhere', async () => {
    await t.engine.setChannelMode({
      tenantId,
      platform: 'sandbox',
      channelId: DEMO.customerChannelId,
      mode: 'off',
      actor: actor('sam'),
    });
    const out = await t.engine.handleInbound(inbound('maya', 'Where is order 1042?'));

    expect(out.status).toBe('recorded');
    expect(channel.messages).toHaveLength(0);
    expect(channel.cards).toHaveLength(0);
    expect(await t.stores.tickets.list(tenantId)).toHaveLength(1);
  });

  it('refuses a channel mode change from someone who is not a supervisor', async () => {
    const res = await t.engine.setChannelMode({
      tenantId,
      platform: 'sandbox',
      channelId: DEMO.customerChannelId,
      mode: 'off',
      actor: actor('riley'),
    });
    expect(res.ok).toBe(false);
    const out = await t.engine.handleInbound(inbound('maya', 'Where is order 1042?'));
    expect(out.status).toBe('answered');
  });
});

describe('handleInbound: actions go through the approval policy', () => {
  it('turns a $250 refund request into a pending approval with a card for staff', async () => {
    const m = inbound('maya', 'The grinder from order 1043 arrived broken, I want a refund please.');
    const out = await t.engine.handleInbound(m);

    expect(out.status).toBe('approval_requested');
    const approvals = await t.stores.approvals.listByTicket(tenantId, out.ticketId!);
    expect(approvals).toHaveLength(1);
    expect(approvals[0]).toMatchObject({ status: 'pending', amountMinor: 25_000, orderId: '1043' });
    expect(channel.cards.filter((c) => c.card.kind === 'approval')).toHaveLength(1);
    expect(channel.thread(m.messageId).join(' ')).toContain('$250.00');
    const ticket = await t.stores.tickets.get(tenantId, out.ticketId!);
    expect(ticket?.status).toBe('pending_approval');
    const order = await t.app.orders.getOrder(tenantId, '1043');
    expect(order?.refunds).toHaveLength(0);
  });

  it('asks the customer to confirm a refund under the automatic limit, then executes it exactly once', async () => {
    const m = inbound('priya', 'The monitor arm from order 1045 is faulty, please refund it.');
    const out = await t.engine.handleInbound(m);
    expect(out.status).toBe('confirmation_requested');
    expect(channel.thread(m.messageId)).toEqual(['Refund $89.99 on order 1045? Reply yes or no.']);

    const yes = inbound('priya', 'yes', { threadId: m.messageId });
    const done = await t.engine.handleInbound(yes);
    const again = await t.engine.handleInbound({ ...yes });

    expect(done.status).toBe('action_executed');
    expect(again.status).toBe('duplicate');
    const order = await t.app.orders.getOrder(tenantId, '1045');
    expect(order?.refunds).toHaveLength(1);
    expect(order?.refunds[0]?.amountMinor).toBe(8_999);
    expect(channel.thread(m.messageId)).toHaveLength(2);
    expect(channel.thread(m.messageId)[1]).toContain('$89.99');
    expect(channel.thread(m.messageId)[1]).toContain(order!.refunds[0]!.refundId);
  });
});
