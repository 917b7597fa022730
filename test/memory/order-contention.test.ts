import { afterEach, describe, expect, it } from 'vitest';
import { createSeededEnv, type SeededEnv } from '../support/seeded.js';

let env: SeededEnv | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

/** Another writer holding the order's revision claim (see guarded-update.ts) until released. */
async function holdOrderClaim(e: SeededEnv, orderId: string) {
  const raw = await e.db.collection('orders').findOne({ tenantId: e.tenantId, orderId });
  const rev = typeof raw?._rev === 'number' ? raw._rev : 0;
  const claims = e.db.collection<{ _id: string; at: Date }>('write_claims');
  const _id = `orders:${e.tenantId}:${orderId}:${rev}`;
  await claims.insertOne({ _id, at: e.clock.now() });
  return () => claims.deleteOne({ _id });
}

describe('pushRefund under contention', () => {
  it('says "contended" (nothing written) while the claim is held, and "exceeds" only when money ran out', async () => {
    env = await createSeededEnv();
    const e = env;
    const refund = (key: string, amountMinor: number) =>
      e.stores.orders.pushRefund(e.tenantId, '1043', {
        refundId: `re_${key}`,
        amountMinor,
        idempotencyKey: key,
        at: e.clock.now(),
      });
    const release = await holdOrderClaim(e, '1043');
    expect(await refund('k1', 10_000)).toEqual({ kind: 'contended' });
    expect((await e.stores.orders.get(e.tenantId, '1043'))?.refunds).toEqual([]);
    // The order system turns it into a retryable error, not a ConflictError ("exceeds").
    await expect(
      e.orderSystem.refund(e.tenantId, { orderId: '1043', amountMinor: 10_000, idempotencyKey: 'k1' }),
    ).rejects.toMatchObject({ name: 'UpstreamError' });
    await release();
    expect((await refund('k1', 10_000)).kind).toBe('added');
    expect(await refund('k2', 20_000)).toEqual({ kind: 'exceeds', remainingMinor: 15_000 });
  });
});
