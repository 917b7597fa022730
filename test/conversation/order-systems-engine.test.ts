import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { InboundMessage } from '../../src/conversation/ports.js';
import { DEMO } from '../../src/memory/demo-data.js';
import { startTestApp, type TestApp } from '../support/app-harness.js';
import { startFakeShopify, type FakeShopify } from '../support/fake-shopify.js';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe.js';
import { createTestChannel, testChannelAdapter, type TestChannel } from '../support/test-channel.js';
import { actor } from './engine-builders.js';

let t: TestApp | undefined;
let channel: TestChannel;
let shop: FakeShopify;
let stripe: FakeStripe;
let seq = 0;

/** A first message from a shopper the local customers collection has never seen. */
function fromShopper(text: string, email = 'casey@shopper.example'): InboundMessage & { messageId: string } {
  seq += 1;
  return {
    platform: 'sandbox',
    tenantId: DEMO.tenantId,
    eventId: `ev-os-${seq}`,
    kind: 'message',
    channelId: DEMO.customerChannelId,
    messageId: `m-os-${seq}`,
    author: { userId: `U-shopper-${email}`, name: 'Casey Shopper', email, isExternal: true },
    text,
    receivedAt: new Date('2026-11-20T10:00:00Z'),
  };
}

beforeAll(async () => {
  shop = await startFakeShopify();
  stripe = await startFakeStripe();
});
afterAll(async () => {
  await shop.close();
  await stripe.close();
});
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function start(env: Record<string, string>) {
  channel = createTestChannel();
  t = await startTestApp({ adapters: [testChannelAdapter(channel)], env });
  return t;
}

const shopifyEnv = () => ({
  ORDER_SYSTEM: 'shopify',
  SHOPIFY_STORE_DOMAIN: 'northwind.myshopify.com',
  SHOPIFY_ADMIN_TOKEN: shop.token,
  SHOPIFY_API_URL: shop.url,
});

function stockShopify() {
  shop.requests.length = 0;
  shop.refundsCreated.length = 0;
  shop.failNext(0, 0);
  shop.customers.splice(0, Infinity, {
    id: 7390,
    email: 'casey@shopper.example',
    displayName: 'Casey Shopper',
  });
  shop.orders.splice(0, Infinity, {
    id: 501,
    number: '5001',
    customerId: 7390,
    createdAt: '2026-11-10T10:00:00Z',
    currency: 'USD',
    total: '250.00',
    lineItems: [{ sku: 'CHAIR-1', name: 'Ergonomic chair', quantity: 1, unitPrice: '250.00' }],
    fulfillments: [
      { createdAt: '2026-11-12T09:00:00Z', deliveredAt: '2026-11-14T15:00:00Z', displayStatus: 'DELIVERED' },
    ],
    refunds: [],
    gateway: 'shopify_payments',
  });
}

describe('ORDER_SYSTEM=shopify through the engine', () => {
  it('finds a new customer by email, asks staff to approve $250, and the approved refund reaches Shopify once', async () => {
    stockShopify();
    const app = await start(shopifyEnv());
    const m = fromShopper('My order 5001 arrived broken, I want a refund please.');
    const out = await app.engine.handleInbound(m);
    expect(out.status).toBe('approval_requested');
    const customer = await app.stores.customers.get(DEMO.tenantId, 'shopify-7390');
    expect(customer).toMatchObject({
      name: 'Casey Shopper',
      contactEmails: ['casey@shopper.example'],
      orderSystem: { kind: 'shopify', customerId: 'gid://shopify/Customer/7390' },
    });
    const [approval] = await app.stores.approvals.listByTicket(DEMO.tenantId, out.ticketId!);
    expect(approval).toMatchObject({ orderId: '5001', amountMinor: 25000, status: 'pending' });
    expect(shop.refundsCreated).toHaveLength(0); // nothing moves before a person approves

    const decided = await app.engine.handleStaffAction(actor('dana'), {
      v: 1,
      action: 'approval.approve',
      approvalId: approval!.approvalId,
    });
    expect(decided.ok).toBe(true);
    expect(shop.refundsCreated).toEqual([
      { orderNumber: '5001', amount: '250.00', key: approval!.idempotencyKey },
    ]);
    expect((await app.stores.approvals.get(DEMO.tenantId, approval!.approvalId))?.status).toBe('executed');
    expect(channel.thread(m.messageId).at(-1)).toMatch(/refund of \$250\.00 for order 5001 has been issued/i);

    // A second click and the sweep change nothing: one refund at Shopify.
    await app.engine.handleStaffAction(actor('dana'), {
      v: 1,
      action: 'approval.approve',
      approvalId: approval!.approvalId,
    });
    await app.app.approvals.sweep();
    expect(shop.refundsCreated).toHaveLength(1);
  });

  it('Shopify down: the customer gets one clear sentence and the ticket is escalated with the reason', async () => {
    stockShopify();
    const app = await start(shopifyEnv());
    shop.failNext(50, 503);
    const m = fromShopper('Where is my order 5001?');
    const out = await app.engine.handleInbound(m);
    expect(out.status).toBe('escalated');
    expect(channel.thread(m.messageId)).toEqual([
      `I can't reach our order system right now; a person from the team will follow up (ticket ${out.ticketId}).`,
    ]);
    const ticket = await app.stores.tickets.get(DEMO.tenantId, out.ticketId!);
    expect(ticket?.status).toBe('escalated');
    expect(JSON.stringify(ticket)).toMatch(/order system could not be reached/);
    shop.failNext(0, 0);
  });

  it('Shopify down after the customer is known: same sentence, and no refund recorded as done', async () => {
    stockShopify();
    const app = await start(shopifyEnv());
    await app.engine.handleInbound(fromShopper('Hello, where is my order 5001?'));
    shop.failNext(50, 503);
    const m = fromShopper('Has order 5001 shipped yet?');
    const out = await app.engine.handleInbound(m);
    expect(out.status).toBe('escalated');
    expect(channel.thread(m.messageId).join(' ')).toContain("I can't reach our order system right now");
    expect(shop.refundsCreated).toHaveLength(0);
    shop.failNext(0, 0);
  });
});

describe('ORDER_SYSTEM=none', () => {
  it('says it cannot look up orders instead of asking for an order number, and escalates', async () => {
    const app = await start({ ORDER_SYSTEM: 'none' });
    const m = fromShopper('Where is my order? It has been a week.');
    const out = await app.engine.handleInbound(m);
    expect(out.status).toBe('escalated');
    expect(channel.thread(m.messageId)).toEqual([
      `I can't look up orders here; a person from the team will follow up (ticket ${out.ticketId}).`,
    ]);
    const ticket = await app.stores.tickets.get(DEMO.tenantId, out.ticketId!);
    expect(JSON.stringify(ticket)).toMatch(/no order system is connected/);
  });
});

describe('ORDER_SYSTEM=stripe', () => {
  it('a cancellation Stripe cannot do goes to staff with the reason; nothing is sent to Stripe', async () => {
    stripe.customers.splice(0, Infinity, {
      id: 'cus_Casey',
      email: 'casey@shopper.example',
      name: 'Casey Shopper',
    });
    stripe.payments.splice(0, Infinity, {
      id: 'pi_Casey1',
      customer: 'cus_Casey',
      amount: 4000,
      currency: 'usd',
      status: 'succeeded',
      created: Math.floor(new Date('2026-11-19T10:00:00Z').getTime() / 1000),
      metadata: { order_id: '7001' },
    });
    stripe.requests.length = 0;
    const app = await start({
      ORDER_SYSTEM: 'stripe',
      STRIPE_SECRET_KEY: stripe.key,
      STRIPE_API_URL: stripe.url,
    });
    const m = fromShopper('Please cancel my order 7001.');
    const out = await app.engine.handleInbound(m);
    expect(out.status).toBe('escalated');
    const ticket = await app.stores.tickets.get(DEMO.tenantId, out.ticketId!);
    expect(JSON.stringify(ticket)).toMatch(/Stripe cannot cancel orders/);
    expect(stripe.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });
});
