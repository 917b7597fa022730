import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { returnEligibility } from '../../src/commerce/eligibility.js';
import type { OrderSystem } from '../../src/commerce/order-system.js';
import { createShopifyOrderSystem } from '../../src/commerce/shopify/shopify-order-system.js';
import { ConfigError, ConflictError, UpstreamError } from '../../src/errors.js';
import { startFakeShopify, type FakeShopify } from '../support/fake-shopify.js';

const T = 'ORG1';
const logger = pino({ level: 'silent' });
let shop: FakeShopify;
let waits: number[];

function connect(overrides: { token?: string; apiUrl?: string } = {}): OrderSystem {
  return createShopifyOrderSystem({
    config: {
      kind: 'shopify',
      storeDomain: 'northwind.myshopify.com',
      accessToken: overrides.token ?? shop.token,
      apiVersion: '2026-01',
      apiUrl: overrides.apiUrl ?? shop.url,
    },
    logger,
    client: { sleep: async (ms) => void waits.push(ms), timeoutMs: 2000 },
  });
}

beforeAll(async () => {
  shop = await startFakeShopify();
});
afterAll(() => shop.close());

beforeEach(() => {
  waits = [];
  shop.requests.length = 0;
  shop.refundsCreated.length = 0;
  shop.refundUserError = null;
  shop.throttleNext(0);
  shop.customers.splice(0, Infinity, { id: 7390, email: 'Dana@Acme.example', displayName: 'Dana Ortiz' });
  shop.orders.splice(
    0,
    Infinity,
    {
      id: 501,
      number: '1043',
      customerId: 7390,
      createdAt: '2026-11-01T10:00:00Z',
      currency: 'USD',
      total: '250.00',
      lineItems: [{ sku: 'CHAIR-1', name: 'Ergonomic chair', quantity: 1, unitPrice: '250.00' }],
      fulfillments: [
        {
          createdAt: '2026-11-03T09:00:00Z',
          deliveredAt: '2026-11-05T15:00:00Z',
          displayStatus: 'DELIVERED',
          trackingCompany: 'UPS',
          trackingNumber: '1Z999',
        },
      ],
      refunds: [],
      gateway: 'shopify_payments',
    },
    {
      id: 502,
      number: '1044',
      customerId: 7390,
      createdAt: '2026-11-20T10:00:00Z',
      currency: 'USD',
      total: '40.00',
      lineItems: [{ sku: 'PEN-12', name: 'Pens', quantity: 2, unitPrice: '20.00' }],
      fulfillments: [],
      refunds: [],
      gateway: 'shopify_payments',
    },
    {
      id: 503,
      number: '1045',
      customerId: 7390,
      createdAt: '2026-11-18T10:00:00Z',
      currency: 'USD',
      total: '80.00',
      lineItems: [{ sku: 'DESK-1', name: 'Lamp', quantity: 1, unitPrice: '80.00' }],
      fulfillments: [
        {
          createdAt: '2026-11-19T09:00:00Z',
          displayStatus: 'IN_TRANSIT',
          estimatedDeliveryAt: '2026-11-25T00:00:00Z',
        },
      ],
      refunds: [],
      gateway: 'shopify_payments',
    },
  );
});

describe('Shopify order system', () => {
  it('finds the customer by a verified email, case-insensitively, and nobody for an unknown one', async () => {
    const orders = connect();
    expect(await orders.findCustomerByEmail(T, 'dana@acme.example')).toEqual({
      customerId: 'shopify-7390',
      providerId: 'gid://shopify/Customer/7390',
      name: 'Dana Ortiz',
      email: 'dana@acme.example',
    });
    expect(await orders.findCustomerByEmail(T, 'nobody@acme.example')).toBeNull();
    expect(shop.requests[0]?.path).toBe('/admin/api/2026-01/graphql.json');
  });

  it('reads orders with status, tracking and return eligibility from fulfillment and delivery data', async () => {
    const orders = connect();
    const delivered = await orders.getOrder(T, '#1043');
    expect(delivered).toMatchObject({
      orderId: '1043',
      customerId: 'shopify-7390',
      status: 'delivered',
      totalMinor: 25000,
      currency: 'USD',
      carrier: 'UPS',
      trackingNumber: '1Z999',
      deliveredAt: new Date('2026-11-05T15:00:00Z'),
    });
    // The 30-day window counts from delivery (Nov 5), not from the order date (Nov 1).
    const inWindow = returnEligibility(delivered!, new Date('2026-12-04T12:00:00Z'), {
      returnWindowDays: 30,
    });
    expect(inWindow.eligible).toBe(true);
    expect(
      returnEligibility(delivered!, new Date('2026-12-06T12:00:00Z'), { returnWindowDays: 30 }).eligible,
    ).toBe(false);
    expect((await orders.getOrder(T, '1044'))?.status).toBe('placed');
    expect(await orders.getOrder(T, '1045')).toMatchObject({
      status: 'shipped',
      estimatedDelivery: new Date('2026-11-25T00:00:00Z'),
    });
    expect(await orders.getOrder(T, '9999')).toBeNull();
    expect(await orders.getOrder(T, '1043" OR name:*')).toBeNull();
    const list = await orders.listOrders(T, 'shopify-7390');
    expect(list.map((o) => o.orderId)).toEqual(['1044', '1045', '1043']);
  });

  it('refunds once per idempotency key, even when two runners send the same key at once', async () => {
    const orders = connect();
    const input = {
      orderId: '1043',
      amountMinor: 2500,
      idempotencyKey: 'approval:apr_1',
      reason: 'Arrived broken',
    };
    const [a, b] = await Promise.all([orders.refund(T, input), orders.refund(T, input)]);
    expect(a.refundId).toBe(b.refundId);
    expect(shop.refundsCreated).toEqual([{ orderNumber: '1043', amount: '25.00', key: 'approval:apr_1' }]);
    // A third try reads the key off the order's refund note: no mutation at all.
    const again = await orders.refund(T, input);
    expect(again).toEqual({ refundId: a.refundId, amountMinor: 2500, duplicate: true });
    expect(shop.refundsCreated).toHaveLength(1);
    // The refund is on the order, under our key (what approval execution checks after a lost answer).
    const order = await orders.getOrder(T, '1043');
    expect(order?.refunds).toMatchObject([
      { refundId: a.refundId, amountMinor: 2500, idempotencyKey: 'approval:apr_1' },
    ]);
    expect(await orders.countRefundsSince(T, 'shopify-7390', new Date(Date.now() - 3_600_000))).toBe(1);
  });

  it('refuses more than is left to refund, and maps Shopify userErrors to a conflict', async () => {
    const orders = connect();
    await expect(
      orders.refund(T, { orderId: '1043', amountMinor: 30000, idempotencyKey: 'k1' }),
    ).rejects.toMatchObject({
      name: 'ConflictError',
      publicMessage: 'Only $250.00 of order 1043 can still be refunded.',
    });
    shop.refundUserError = 'Refund amount exceeds the available balance on the payment';
    const err = await orders
      .refund(T, { orderId: '1043', amountMinor: 1000, idempotencyKey: 'k2' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConflictError);
    expect((err as Error).message).toContain('Refund amount exceeds the available balance');
    expect(shop.refundsCreated).toHaveLength(0);
  });

  it('waits out a THROTTLED answer from the refill rate and a 429 for its Retry-After, then succeeds', async () => {
    const orders = connect();
    shop.throttleNext(2);
    expect((await orders.getOrder(T, '1043'))?.orderId).toBe('1043');
    // Bucket: 120 requested, 20 available, 100/s restore → 1 s per throttled attempt.
    expect(waits).toEqual([1000, 1000]);
    waits = [];
    shop.rateLimitNext(1, 2);
    expect(await orders.findCustomerByEmail(T, 'dana@acme.example')).not.toBeNull();
    expect(waits).toEqual([2000]);
  });

  it('gives up after a bounded number of throttled attempts with an UpstreamError', async () => {
    shop.throttleNext(10);
    await expect(connect().getOrder(T, '1043')).rejects.toBeInstanceOf(UpstreamError);
    expect(waits).toHaveLength(3);
    shop.throttleNext(0);
  });

  it('cancels an unshipped order with orderCancel, treats an already cancelled one as done, refuses a shipped one', async () => {
    const orders = connect();
    const done = await orders.cancel(T, { orderId: '1044', idempotencyKey: 'cxl_1', reason: 'Changed mind' });
    expect(done.reference).toMatch(/^gid:\/\/shopify\/Job\//);
    expect(done.duplicate).toBe(false);
    expect(await orders.cancel(T, { orderId: '1044', idempotencyKey: 'cxl_1' })).toMatchObject({
      duplicate: true,
    });
    expect((await orders.getOrder(T, '1044'))?.status).toBe('cancelled');
    await expect(orders.cancel(T, { orderId: '1045', idempotencyKey: 'cxl_2' })).rejects.toBeInstanceOf(
      ConflictError,
    );
    expect(shop.requests.filter((r) => r.operation === 'OrderCancel')).toHaveLength(1);
  });

  it('start-up check: a refused token is a ConfigError naming SHOPIFY_ADMIN_TOKEN, an unreachable store names SHOPIFY_STORE_DOMAIN', async () => {
    await expect(connect().verify()).resolves.toBeUndefined();
    const refused = await connect({ token: 'shpat_wrong' })
      .verify()
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ConfigError);
    expect((refused as Error).message).toContain('SHOPIFY_ADMIN_TOKEN');
    const unreachable = await connect({ apiUrl: 'http://127.0.0.1:9' })
      .verify()
      .catch((e: unknown) => e);
    expect(unreachable).toBeInstanceOf(UpstreamError);
    expect((unreachable as Error).message).toContain('SHOPIFY_STORE_DOMAIN');
  });

  it('a Shopify outage is an UpstreamError with a sentence fit for the customer', async () => {
    shop.failNext(1, 503);
    const err = await connect()
      .getOrder(T, '1043')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamError);
    expect((err as UpstreamError).publicMessage).toBe(
      "I can't reach our order system right now; a person from the team will follow up.",
    );
  });
});
