import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { createSeededEnv, type SeededEnv } from '../support/seeded.js';

// Hand-edited data in MongoDB must never take the bot down: the bad document is logged and skipped.
const lines: Array<Record<string, unknown>> = [];
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    for (const l of chunk.toString().split('\n').filter(Boolean))
      lines.push(JSON.parse(l) as Record<string, unknown>);
    done();
  },
});
let env: SeededEnv;

beforeAll(async () => {
  env = await createSeededEnv({ logger: createLogger({ level: 'warn', destination: sink }) });
});
afterAll(async () => env?.close());

describe('a stored document that fails its schema', () => {
  it('is skipped in lists and reads as missing, with its _id and collection logged', async () => {
    const res = await env.db
      .collection('customers')
      .updateOne({ tenantId: env.tenantId, customerId: 'cus_lumen' }, { $set: { plan: 'platinum' } });
    expect(res.modifiedCount).toBe(1);
    const raw = await env.db
      .collection('customers')
      .findOne({ tenantId: env.tenantId, customerId: 'cus_lumen' });

    const list = await env.stores.customers.list(env.tenantId);
    expect(list.map((c) => c.customerId)).not.toContain('cus_lumen');
    expect(list.length).toBeGreaterThanOrEqual(11);
    expect(await env.stores.customers.get(env.tenantId, 'cus_lumen')).toBeNull();

    const warning = lines.find((l) => l.collection === 'customers' && l.id === String(raw?._id));
    expect(warning?.msg).toMatch(/fails its schema/);
    expect(String(warning?.issues)).toContain('plan');
  });

  it('does not stop the order system from serving the other orders', async () => {
    await env.db
      .collection('orders')
      .updateOne({ tenantId: env.tenantId, orderId: '1045' }, { $set: { totalMinor: -5 } });
    const orders = await env.orderSystem.listOrders(env.tenantId, 'cus_cobalt');
    expect(orders.map((o) => o.orderId)).not.toContain('1045');
    expect(orders.map((o) => o.orderId)).toContain('1046');
    expect(await env.orderSystem.getOrder(env.tenantId, '1045')).toBeNull();
    expect(lines.some((l) => l.collection === 'orders')).toBe(true);
  });
});
