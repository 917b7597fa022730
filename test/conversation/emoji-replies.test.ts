import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/memory/demo-data.js';
import { startTestApp, type TestApp } from '../support/app-harness.js';
import { createTestChannel, testChannelAdapter, type TestChannel } from '../support/test-channel.js';
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
const OUTAGE = 'Our whole warehouse system is down, this is an outage! I need a human now.';

describe('emoji-only messages', () => {
  it('a top-level "🙂🙂🔥" is recorded with no ticket, no reply and no escalation', async () => {
    const m = inbound('maya', '🙂🙂🔥');
    const out = await t.engine.handleInbound(m);

    expect(out.status).toBe('recorded');
    expect(channel.messages).toHaveLength(0);
    expect(channel.cards).toHaveLength(0);
    expect(await t.stores.tickets.list(tenantId)).toHaveLength(0);
    const recorded = await t.stores.messages.findByPlatformId(tenantId, 'sandbox', m.messageId);
    expect(recorded?.text).toBe('🙂🙂🔥');
  });

  it('in an escalated thread: recorded on the ticket, which stays escalated with no second escalation', async () => {
    const m = inbound('jordan', OUTAGE);
    const first = await t.engine.handleInbound(m);
    expect(first.status).toBe('escalated');
    const before = await t.stores.tickets.get(tenantId, first.ticketId!);
    const shown = channel.thread(m.messageId).length;
    const cards = channel.cards.length;

    const out = await t.engine.handleInbound(inbound('jordan', '🙏🏽👍', { threadId: m.messageId }));

    expect(out).toMatchObject({ status: 'recorded', ticketId: first.ticketId });
    expect(channel.thread(m.messageId)).toHaveLength(shown);
    expect(channel.cards).toHaveLength(cards);
    const after = await t.stores.tickets.get(tenantId, first.ticketId!);
    expect(after?.status).toBe('escalated');
    expect(after?.urgency).toBe(before?.urgency);
    expect(after?.intent).toBe(before?.intent);
    const stored = await t.stores.messages.listByTicket(tenantId, first.ticketId!, 50);
    expect(stored.at(-1)).toMatchObject({ role: 'customer', text: '🙏🏽👍' });
  });

  it('in a thread a person has taken over: recorded, no bot reply', async () => {
    const m = inbound('jordan', OUTAGE);
    const first = await t.engine.handleInbound(m);
    const taken = await t.engine.handleStaffAction(actor('sam'), {
      v: 1,
      action: 'ticket.takeover',
      ticketId: first.ticketId!,
    });
    expect(taken.ok).toBe(true);
    const shown = channel.thread(m.messageId).length;

    const out = await t.engine.handleInbound(inbound('jordan', '❤️‍🔥', { threadId: m.messageId }));

    expect(out).toMatchObject({ status: 'recorded', ticketId: first.ticketId });
    expect(channel.thread(m.messageId)).toHaveLength(shown);
    expect((await t.stores.tickets.get(tenantId, first.ticketId!))?.status).toBe('human');
  });

  it('"???" in a waiting thread is still a question someone answers', async () => {
    const m = inbound('maya', 'Where is order 1042?');
    await t.engine.handleInbound(m);
    const out = await t.engine.handleInbound(inbound('maya', '???', { threadId: m.messageId }));
    expect(out.status).not.toBe('recorded');
  });
});

describe('a pleasantry after an answer', () => {
  it('"👍" in a resolved thread leaves the ticket resolved (it used to reopen it for good)', async () => {
    const m = inbound('maya', 'Where is order 1042?');
    const first = await t.engine.handleInbound(m);
    expect((await t.stores.tickets.get(tenantId, first.ticketId!))?.status).toBe('resolved');
    const out = await t.engine.handleInbound(inbound('maya', '👍', { threadId: m.messageId }));
    expect(out.status).toBe('recorded');
    expect((await t.stores.tickets.get(tenantId, first.ticketId!))?.status).toBe('resolved');
  });
});
