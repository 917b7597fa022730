import { afterEach, describe, expect, it } from 'vitest';
import { createSeededEnv, type SeededEnv } from '../support/seeded.js';

let env: SeededEnv | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

describe('refunds on an order stored without its running total', () => {
  it('backfills refundedMinor once, then refunds only what remains, once per key', async () => {
    env = await createSeededEnv();
    const e = env;
    // An order written by hand (an import, an older version): a $100 refund and no refundedMinor.
    const orders = e.db.collection('orders');
    const template = await orders.findOne({ tenantId: e.tenantId, orderId: '1043' });
    if (!template) throw new Error('seeded order 1043 missing');
    const rest = Object.fromEntries(
      Object.entries(template).filter(([k]) => k !== '_id' && k !== 'refundedMinor'),
    );
    await orders.insertOne({
      ...rest,
      orderId: '7001',
      refunds: [{ refundId: 're_old', amountMinor: 10_000, idempotencyKey: 'old', at: e.clock.now() }],
    });
    const total = (await e.stores.orders.get(e.tenantId, '7001'))?.totalMinor ?? 0;
    expect(total).toBe(25_000);

    // More than what remains ($150) is refused even though the stored document had no total.
    await expect(
      e.orderSystem.refund(e.tenantId, { orderId: '7001', amountMinor: 20_000, idempotencyKey: 'k1' }),
    ).rejects.toMatchObject({ name: 'ConflictError' });
    const first = await e.orderSystem.refund(e.tenantId, {
      orderId: '7001',
      amountMinor: 15_000,
      idempotencyKey: 'k2',
    });
    expect(first.duplicate).toBe(false);
    // The same key again is the same refund; nothing is left for a new one.
    expect(
      await e.orderSystem.refund(e.tenantId, { orderId: '7001', amountMinor: 15_000, idempotencyKey: 'k2' }),
    ).toEqual({ ...first, duplicate: true });
    await expect(
      e.orderSystem.refund(e.tenantId, { orderId: '7001', amountMinor: 100, idempotencyKey: 'k3' }),
    ).rejects.toMatchObject({ name: 'ConflictError' });
    const stored = await orders.findOne({ tenantId: e.tenantId, orderId: '7001' });
    expect(stored?.refundedMinor).toBe(25_000);
    expect((stored?.refunds as unknown[]).length).toBe(2);
  });
});
