import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '../../src/errors.js';
import { createDemoOrderSystem } from '../../src/commerce/demo-order-system.js';
import { createSeededEnv, type SeededEnv } from '../support/seeded.js';

const HOUR = 3_600_000;
let env: SeededEnv;
let T: string;

beforeAll(async () => {
  env = await createSeededEnv();
  T = env.tenantId;
});
afterAll(async () => env?.close());

describe('demo order system: refunds', () => {
  it('refunds once per idempotency key: the repeat returns the first refund', async () => {
    const first = await env.orderSystem.refund(T, {
      orderId: '1045',
      amountMinor: 8_999,
      idempotencyKey: 'apr_1:refund',
    });
    expect(first).toMatchObject({ amountMinor: 8_999, duplicate: false });
    const again = await env.orderSystem.refund(T, {
      orderId: '1045',
      amountMinor: 8_999,
      idempotencyKey: 'apr_1:refund',
    });
    expect(again).toEqual({ ...first, duplicate: true });
    const order = await env.orderSystem.getOrder(T, '1045');
    expect(order?.refunds).toHaveLength(1);
    expect(order?.refunds[0]).toMatchObject({ refundId: first.refundId, amountMinor: 8_999 });
  });

  it('makes one refund when the same key arrives twice at the same moment', async () => {
    const input = { orderId: '1050', amountMinor: 9_999, idempotencyKey: 'apr_race:refund' };
    const results = await Promise.all([env.orderSystem.refund(T, input), env.orderSystem.refund(T, input)]);
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    expect(new Set(results.map((r) => r.refundId)).size).toBe(1);
    expect((await env.orderSystem.getOrder(T, '1050'))?.refunds).toHaveLength(1);
  });

  it('never refunds more than the order total, even with different keys racing', async () => {
    const results = await Promise.allSettled([
      env.orderSystem.refund(T, { orderId: '1052', amountMinor: 30_000, idempotencyKey: 'k-a' }),
      env.orderSystem.refund(T, { orderId: '1052', amountMinor: 30_000, idempotencyKey: 'k-b' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected');
    expect(rejected?.status === 'rejected' && rejected.reason).toBeInstanceOf(ConflictError);
    expect(rejected?.status === 'rejected' && (rejected.reason as ConflictError).publicMessage).toContain(
      '$200.00',
    );
    const order = await env.orderSystem.getOrder(T, '1052');
    expect(order?.refunds.reduce((s, r) => s + r.amountMinor, 0)).toBe(30_000);
    // The remainder still goes through.
    await env.orderSystem.refund(T, { orderId: '1052', amountMinor: 20_000, idempotencyKey: 'k-c' });
    await expect(
      env.orderSystem.refund(T, { orderId: '1052', amountMinor: 1, idempotencyKey: 'k-d' }),
    ).rejects.toThrow(ConflictError);
  });

  it('refuses bad amounts, unknown orders and cancelled orders', async () => {
    await expect(
      env.orderSystem.refund(T, { orderId: '1043', amountMinor: 0, idempotencyKey: 'z' }),
    ).rejects.toThrow(ValidationError);
    await expect(
      env.orderSystem.refund(T, { orderId: '1043', amountMinor: 10.5, idempotencyKey: 'z' }),
    ).rejects.toThrow(ValidationError);
    await expect(
      env.orderSystem.refund(T, { orderId: '9999', amountMinor: 100, idempotencyKey: 'z' }),
    ).rejects.toThrow(NotFoundError);
  });

  it('counts refunds per customer since a moment (the daily limit)', async () => {
    const since = new Date(env.clock.now().getTime() - 24 * HOUR);
    const before = await env.orderSystem.countRefundsSince(T, 'cus_bluebird', since);
    await env.orderSystem.refund(T, { orderId: '1043', amountMinor: 5_000, idempotencyKey: 'count-1' });
    await env.orderSystem.refund(T, { orderId: '1043', amountMinor: 5_000, idempotencyKey: 'count-2' });
    await env.orderSystem.refund(T, { orderId: '1043', amountMinor: 5_000, idempotencyKey: 'count-2' });
    expect(await env.orderSystem.countRefundsSince(T, 'cus_bluebird', since)).toBe(before + 2);
    env.clock.advance(25 * HOUR);
    expect(
      await env.orderSystem.countRefundsSince(
        T,
        'cus_bluebird',
        new Date(env.clock.now().getTime() - 24 * HOUR),
      ),
    ).toBe(0);
  });

  it('works when built over the database instead of the repository', async () => {
    const overDb = createDemoOrderSystem({ orders: env.db, clock: env.clock, ids: env.ids });
    expect((await overDb.getOrder(T, '1042'))?.trackingNumber).toBe('1Z999AA10123456784');
    expect((await overDb.listOrders(T, 'cus_acme')).map((o) => o.orderId).sort()).toEqual(['1044', '1047']);
  });
});

describe('demo order system: cancellation', () => {
  it('cancels a placed order once; a repeat is a duplicate, a refund afterwards is refused', async () => {
    const first = await env.orderSystem.cancel(T, { orderId: '1047', idempotencyKey: 'apr_c:cancel' });
    expect(first.duplicate).toBe(false);
    expect(await env.orderSystem.cancel(T, { orderId: '1047', idempotencyKey: 'apr_c:cancel' })).toEqual({
      ...first,
      duplicate: true,
    });
    const order = await env.orderSystem.getOrder(T, '1047');
    expect(order).toMatchObject({ status: 'cancelled', cancellationKey: 'apr_c:cancel' });
    await expect(
      env.orderSystem.refund(T, { orderId: '1047', amountMinor: 100, idempotencyKey: 'after' }),
    ).rejects.toThrow(ConflictError);
  });

  it('refuses a refund handed the order as read before a cancellation (the write re-checks it)', async () => {
    const template = (await env.orderSystem.getOrder(T, '1013'))!;
    const placed = { ...template, orderId: '7013', refunds: [] };
    expect(placed.status).toBe('placed');
    await env.stores.orders.upsert(placed);
    await env.orderSystem.cancel(T, { orderId: '7013', idempotencyKey: 'cxl-7013' });
    const err = await env.orderSystem
      .refund(T, { orderId: '7013', amountMinor: 100, idempotencyKey: 'stale-read', known: placed })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConflictError);
    expect((err as ConflictError).publicMessage).toContain('was cancelled');
    expect((await env.orderSystem.getOrder(T, '7013'))?.refunds).toEqual([]);
  });

  it('refuses to cancel a shipped order and says why', async () => {
    const err = await env.orderSystem
      .cancel(T, { orderId: '1042', idempotencyKey: 'x' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConflictError);
    expect((err as ConflictError).publicMessage).toContain('already shipped');
    expect((await env.orderSystem.getOrder(T, '1042'))?.status).toBe('shipped');
  });

  it('cancels exactly once when two cancellations race', async () => {
    const results = await Promise.all([
      env.orderSystem.cancel(T, { orderId: '1013', idempotencyKey: 'c1' }),
      env.orderSystem.cancel(T, { orderId: '1013', idempotencyKey: 'c2' }),
    ]);
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
  });
});
