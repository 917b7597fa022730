import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app-harness.js';
import { createTestChannel, testChannelAdapter, type TestChannel } from '../support/test-channel.js';
import { DEMO } from '../../src/memory/demo-data.js';
import { inbound } from './engine-builders.js';

let t: TestApp;
let channel: TestChannel;
const tenantId = DEMO.tenantId;
const T0 = new Date('2026-11-20T10:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

beforeEach(async () => {
  channel = createTestChannel();
  t = await startTestApp({ adapters: [testChannelAdapter(channel)], now: T0 });
});
afterEach(async () => {
  await t?.close();
});

describe('finding the ticket of a top-level message', () => {
  it('links a new message about an open ticket to it and says so', async () => {
    const first = await t.engine.handleInbound(
      inbound('maya', 'The grinder from order 1043 arrived broken, I want a refund please.'),
    );
    expect(first.status).toBe('approval_requested');
    t.clock.set(at(600));

    const later = inbound('maya', 'Any news about the refund for order 1043?', { at: at(600) });
    const out = await t.engine.handleInbound(later);

    expect(out.ticketId).toBe(first.ticketId);
    const reply = channel.thread(later.messageId).join('\n');
    expect(reply).toContain(`This looks like your open ticket ${first.ticketId}`);
    expect(await t.stores.tickets.list(tenantId)).toHaveLength(1);
    const stored = await t.stores.messages.findByPlatformId(tenantId, 'sandbox', later.messageId);
    expect(stored?.ticketId).toBe(first.ticketId);
    // Still one request for the one refund.
    expect(await t.stores.approvals.listByTicket(tenantId, first.ticketId!)).toHaveLength(1);
  });

  it('joins consecutive top-level messages within 2 minutes into one ticket, and opens a new one after', async () => {
    const outage = 'Our whole warehouse system is down, this is an outage! I need a human now.';
    const first = await t.engine.handleInbound(inbound('jordan', outage, { at: at(0) }));
    expect(first.status).toBe('escalated');

    t.clock.set(at(90));
    const second = await t.engine.handleInbound(
      inbound('jordan', 'Scanners and label printers are all offline too.', { at: at(90) }),
    );
    expect(second.ticketId).toBe(first.ticketId);

    // The window runs from the last message: 121 s after the second one is a new conversation.
    t.clock.set(at(90 + 121));
    const third = await t.engine.handleInbound(
      inbound('jordan', 'Separate question: how do I reset my password?', { at: at(90 + 121) }),
    );
    expect(third.ticketId).toBeDefined();
    expect(third.ticketId).not.toBe(first.ticketId);

    const firstTranscript = await t.stores.messages.listByTicket(tenantId, first.ticketId!, 50);
    expect(firstTranscript.filter((m) => m.role === 'customer').map((m) => m.text)).toEqual([
      outage,
      'Scanners and label printers are all offline too.',
    ]);
    expect(await t.stores.tickets.list(tenantId)).toHaveLength(2);
  });
});

describe('edits and deletions of customer messages', () => {
  it('records an edit and a deletion on the ticket without a bot reply', async () => {
    const m = inbound('maya', 'Where is order 1042?');
    const out = await t.engine.handleInbound(m);
    const reply = inbound('maya', 'It was supposed to arrive yesterday', { threadId: m.messageId });
    await t.engine.handleInbound(reply);
    const shown = channel.messages.length;

    const edited = await t.engine.handleInbound({
      ...inbound('maya', 'Where is order 1042? It is a gift.'),
      kind: 'edit',
      messageId: m.messageId,
    });
    const deleted = await t.engine.handleInbound({
      ...inbound('maya', ''),
      kind: 'delete',
      messageId: reply.messageId,
      threadId: m.messageId,
    });

    expect(edited).toMatchObject({ status: 'recorded', ticketId: out.ticketId });
    expect(deleted).toMatchObject({ status: 'recorded', ticketId: out.ticketId });
    expect(channel.messages).toHaveLength(shown);
    const byId = async (id: string) => t.stores.messages.findByPlatformId(tenantId, 'sandbox', id);
    expect(await byId(m.messageId)).toMatchObject({
      edited: true,
      text: 'Where is order 1042? It is a gift.',
    });
    expect(await byId(reply.messageId)).toMatchObject({ deleted: true, text: '' });
  });
});

describe('what the engine remembers about a customer', () => {
  it('writes interaction history when a ticket resolves', async () => {
    const out = await t.engine.handleInbound(inbound('maya', 'Where is order 1042?'));
    expect(out.status).toBe('answered');

    const history = await t.stores.interactions.listForCustomer(tenantId, 'cus_bluebird');
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ ticketId: out.ticketId, outcome: 'resolved', intent: 'order_status' });
  });

  it('writes interaction history and remembers the language when a ticket escalates', async () => {
    const out = await t.engine.handleInbound(
      inbound(
        'jordan',
        'Nuestro sistema de almacén está caído, es una interrupción total. ¡Necesito hablar con una persona ya!',
      ),
    );
    expect(out.status).toBe('escalated');

    const history = await t.stores.interactions.listForCustomer(tenantId, 'cus_acme');
    expect(history.map((h) => h.outcome)).toEqual(['escalated']);
    const customer = await t.stores.customers.get(tenantId, 'cus_acme');
    expect(customer?.preferences.language).toBe('es');
  });
});
