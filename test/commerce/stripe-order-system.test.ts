import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { unsupportedActionReason, type OrderSystem } from '../../src/commerce/order-system.js';
import { createStripeOrderSystem } from '../../src/commerce/stripe/stripe-order-system.js';
import { ConfigError, ConflictError, UpstreamError } from '../../src/errors.js';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe.js';

const T = 'ORG1';
const logger = pino({ level: 'silent' });
let stripe: FakeStripe;

function connect(key = stripe.key, apiUrl = stripe.url): OrderSystem {
  return createStripeOrderSystem({
    config: { kind: 'stripe', secretKey: key, apiUrl },
    logger,
    timeoutMs: 3000,
  });
}

beforeAll(async () => {
  stripe = await startFakeStripe();
});
afterAll(() => stripe.close());

beforeEach(() => {
  stripe.requests.length = 0;
  stripe.refunds.length = 0;
  stripe.failNext(0, 0);
  stripe.customers.splice(0, Infinity, { id: 'cus_Dana01', email: 'dana@acme.example', name: 'Dana Ortiz' });
  const now = Math.floor(Date.now() / 1000);
  stripe.payments.splice(
    0,
    Infinity,
    {
      id: 'pi_3Paid',
      customer: 'cus_Dana01',
      amount: 25000,
      currency: 'usd',
      status: 'succeeded',
      created: now - 3 * 86400,
      description: 'Ergonomic chair',
      metadata: { order_id: '1043' },
    },
    {
      id: 'pi_3NoNumber',
      customer: 'cus_Dana01',
      amount: 4000,
      currency: 'usd',
      status: 'succeeded',
      created: now - 86400,
    },
    {
      id: 'pi_3Pending',
      customer: 'cus_Dana01',
      amount: 900,
      currency: 'usd',
      status: 'processing',
      created: now - 60,
    },
  );
});

describe('Stripe order system', () => {
  it('finds the customer by email and names payments by the order number in their metadata, else their id', async () => {
    const orders = connect();
    expect(await orders.findCustomerByEmail(T, 'Dana@Acme.example')).toMatchObject({
      customerId: 'stripe-cus_Dana01',
      providerId: 'cus_Dana01',
      name: 'Dana Ortiz',
    });
    expect(await orders.findCustomerByEmail(T, 'someone@else.example')).toBeNull();
    expect(await orders.getOrder(T, '1043')).toMatchObject({
      orderId: '1043',
      customerId: 'stripe-cus_Dana01',
      status: 'delivered',
      totalMinor: 25000,
      currency: 'USD',
      items: [{ name: 'Ergonomic chair', quantity: 1, unitPriceMinor: 25000 }],
    });
    expect((await orders.getOrder(T, 'pi_3NoNumber'))?.orderId).toBe('pi_3NoNumber');
    expect(await orders.getOrder(T, 'pi_missing')).toBeNull();
    expect(await orders.getOrder(T, '9999')).toBeNull();
    const list = await orders.listOrders(T, 'stripe-cus_Dana01');
    expect(list.map((o) => [o.orderId, o.status])).toEqual([
      ['pi_3Pending', 'placed'],
      ['pi_3NoNumber', 'delivered'],
      ['1043', 'delivered'],
    ]);
  });

  it('refunds with an Idempotency-Key: the same key twice, at once or later, makes one refund', async () => {
    const orders = connect();
    const input = {
      orderId: '1043',
      amountMinor: 5000,
      idempotencyKey: 'approval:apr_9',
      reason: 'Broken leg',
    };
    const [a, b] = await Promise.all([orders.refund(T, input), orders.refund(T, input)]);
    expect(a.refundId).toBe(b.refundId);
    expect([a.duplicate, b.duplicate].sort()).toEqual([false, true]);
    expect(stripe.refunds).toHaveLength(1);
    expect(stripe.refunds[0]).toMatchObject({
      amount: 5000,
      metadata: { switchboard_key: 'approval:apr_9' },
    });
    expect(stripe.requests.filter((r) => r.path === '/v1/refunds').map((r) => r.idempotencyKey)).toEqual([
      'approval:apr_9',
      'approval:apr_9',
    ]);
    // Later, the key is read off the payment's refunds: no second POST.
    expect(await orders.refund(T, input)).toEqual({
      refundId: a.refundId,
      amountMinor: 5000,
      duplicate: true,
    });
    expect(stripe.requests.filter((r) => r.path === '/v1/refunds')).toHaveLength(2);
    const order = await orders.getOrder(T, '1043');
    expect(order?.refunds).toMatchObject([
      { refundId: a.refundId, idempotencyKey: 'approval:apr_9', amountMinor: 5000 },
    ]);
    expect(await orders.countRefundsSince(T, 'stripe-cus_Dana01', new Date(Date.now() - 3_600_000))).toBe(1);
  });

  it("maps Stripe's error objects: too large a refund is a conflict, an unfinished payment is refused", async () => {
    const orders = connect();
    await expect(
      orders.refund(T, { orderId: '1043', amountMinor: 30000, idempotencyKey: 'k1' }),
    ).rejects.toMatchObject({
      name: 'ConflictError',
      publicMessage: 'Only $250.00 of order 1043 can still be refunded.',
    });
    await expect(
      orders.refund(T, { orderId: 'pi_3Pending', amountMinor: 100, idempotencyKey: 'k2' }),
    ).rejects.toBeInstanceOf(ConflictError);
    expect(stripe.refunds).toHaveLength(0);
  });

  it('cannot cancel: the capability says so and the reason names Stripe', async () => {
    const orders = connect();
    expect(orders.capabilities).toEqual({ orders: true, refund: true, cancel: false });
    expect(unsupportedActionReason(orders, 'cancel', '1043')).toContain('Stripe cannot cancel orders');
    expect(unsupportedActionReason(orders, 'refund', '1043')).toBeNull();
    await expect(orders.cancel(T, { orderId: '1043', idempotencyKey: 'x' })).rejects.toBeInstanceOf(
      ConflictError,
    );
  });

  it('retries a 500 through the SDK and reports an outage as an UpstreamError', async () => {
    stripe.failNext(1, 500);
    expect((await connect().getOrder(T, '1043'))?.orderId).toBe('1043');
    stripe.failNext(5, 500);
    const err = await connect()
      .getOrder(T, '1043')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamError);
    expect((err as UpstreamError).publicMessage).toContain("I can't reach our payment system");
  });

  it('start-up check: a refused key names STRIPE_SECRET_KEY, an unreachable API names STRIPE_API_URL', async () => {
    await expect(connect().verify()).resolves.toBeUndefined();
    const refused = await connect('sk_test_wrong')
      .verify()
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ConfigError);
    expect((refused as Error).message).toContain('STRIPE_SECRET_KEY');
    expect((refused as Error).message).not.toContain('sk_test_wrong');
    const down = await connect(stripe.key, 'http://127.0.0.1:9')
      .verify()
      .catch((e: unknown) => e);
    expect(down).toBeInstanceOf(UpstreamError);
    expect((down as Error).message).toContain('STRIPE_API_URL');
  });
});
