import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { returnEligibility, isCancellable, shippingStatus } from '../../src/commerce/eligibility.js';
import { COLLECTIONS } from '../../src/memory/collections.js';
import { DEMO, sandboxUserId } from '../../src/memory/demo-data.js';
import { seedDemo } from '../../src/memory/seed.js';
import { createSeededEnv, type SeededEnv } from '../support/seeded.js';

const DAY = 86_400_000;
let env: SeededEnv;

beforeAll(async () => {
  env = await createSeededEnv();
});
afterAll(async () => env?.close());

async function snapshot(): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const name of Object.values(COLLECTIONS)) {
    out[name] = await env.db.collection(name).find({}).sort({ _id: 1 }).toArray();
  }
  return out;
}

describe('demo seed', () => {
  it('creates the demo tenant with its staff, channels and policy', async () => {
    const t = await env.stores.tenants.get(env.tenantId);
    expect(t?.name).toBe('Northwind Supply Co.');
    expect(t?.staffChannels).toContainEqual({ platform: 'sandbox', channelId: 'sandbox-staff' });
    expect(t?.approverIds).toContain('sandbox-dana');
    expect(t?.supervisorIds).toContain('sandbox-sam');
    expect(t?.approverIds).not.toContain('sandbox-riley');
    expect(t?.settings.returnWindowDays).toBe(30);
    expect((await env.stores.channels.get(env.tenantId, 'sandbox', 'sandbox-customers'))?.kind).toBe(
      'customer',
    );
  });

  it('seeds about a dozen customers across plans, the known ones findable by email and org', async () => {
    const customers = await env.stores.customers.list(env.tenantId);
    expect(customers.length).toBeGreaterThanOrEqual(12);
    expect(new Set(customers.map((c) => c.plan))).toEqual(new Set(['free', 'pro', 'enterprise']));
    const acme = await env.stores.customers.findByEmail(env.tenantId, 'Jordan@Acme-Robotics.example');
    expect(acme).toMatchObject({ customerId: 'cus_acme', name: 'Acme Robotics', plan: 'enterprise' });
    expect(acme?.contacts).toContainEqual({ name: 'Jordan Lee', email: 'jordan@acme-robotics.example' });
    expect(
      (await env.stores.customers.findByOrg(env.tenantId, 'sandbox', DEMO.customers.bluebird.orgId))?.name,
    ).toBe('Bluebird Cafe');
    expect((await env.stores.customers.get(env.tenantId, 'cus_cobalt'))?.plan).toBe('pro');
  });

  it('keeps the DEMO constants true of the seeded records', async () => {
    for (const c of Object.values(DEMO.customers)) {
      const stored = await env.stores.customers.findByEmail(env.tenantId, c.email);
      expect(stored).toMatchObject({ customerId: c.customerId, name: c.name, plan: c.plan });
      expect(stored?.contacts?.[0]).toEqual({ name: c.contact, email: c.email });
      expect(stored?.externalOrgs).toContainEqual({ platform: 'sandbox', orgId: c.orgId });
      expect(sandboxUserId(c.email)).toBe(c.userId);
    }
    expect(
      (await env.stores.customers.findByOrg(env.tenantId, 'sandbox', DEMO.guest.orgId))?.customerId,
    ).toBe('cus_acme');
  });

  it('holds every order fact the other layers rely on', async () => {
    const now = env.clock.now();
    const get = async (id: string) => {
      const o = await env.orderSystem.getOrder(env.tenantId, id);
      if (!o) throw new Error(`order ${id} missing`);
      return o;
    };
    const o1042 = await get('1042');
    expect(o1042).toMatchObject({ customerId: 'cus_bluebird', totalMinor: 4500, status: 'shipped' });
    expect(shippingStatus(o1042)).toEqual({
      status: 'shipped',
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      estimatedDelivery: new Date(now.getTime() + 2 * DAY),
    });
    expect(o1042.shippedAt).toEqual(new Date(now.getTime() - 2 * DAY));
    const window = { returnWindowDays: 30 };
    const expectations: Array<[string, string, number, number, boolean]> = [
      ['1043', 'cus_bluebird', 25_000, 5, true],
      ['1044', 'cus_acme', 75_000, 10, true],
      ['1045', 'cus_cobalt', 8_999, 3, true],
      ['1046', 'cus_cobalt', 12_000, 60, false],
      ['1050', 'cus_cobalt', 9_999, 4, true],
      ['1051', 'cus_cobalt', 10_000, 4, true],
      ['1052', 'cus_cobalt', 50_000, 4, true],
      ['1053', 'cus_cobalt', 50_001, 4, true],
    ];
    for (const [id, customerId, total, deliveredDaysAgo, eligible] of expectations) {
      const o = await get(id);
      expect({ id, customerId: o.customerId, total: o.totalMinor, status: o.status }).toEqual({
        id,
        customerId,
        total,
        status: 'delivered',
      });
      expect(o.deliveredAt).toEqual(new Date(now.getTime() - deliveredDaysAgo * DAY));
      expect(o.items.reduce((s, i) => s + i.quantity * i.unitPriceMinor, 0)).toBe(total);
      expect(returnEligibility(o, now, window).eligible).toBe(eligible);
    }
    const o1047 = await get('1047');
    expect(o1047).toMatchObject({ customerId: 'cus_acme', totalMinor: 31_000, status: 'placed' });
    expect(o1047.placedAt.toISOString().slice(0, 10)).toBe(now.toISOString().slice(0, 10));
    expect(isCancellable(o1047)).toBe(true);
  });

  it('seeds about forty orders from $20 to $900 in every status, some outside the window', async () => {
    const orders = await env.stores.orders.list(env.tenantId);
    expect(orders.length).toBeGreaterThanOrEqual(38);
    expect(Math.min(...orders.map((o) => o.totalMinor))).toBeGreaterThanOrEqual(2_000);
    expect(Math.max(...orders.map((o) => o.totalMinor))).toBeLessThanOrEqual(90_000);
    expect(new Set(orders.map((o) => o.status))).toEqual(
      new Set(['placed', 'shipped', 'delivered', 'returned']),
    );
    const outside = orders.filter(
      (o) =>
        o.status === 'delivered' && !returnEligibility(o, env.clock.now(), { returnWindowDays: 30 }).eligible,
    );
    expect(outside.length).toBeGreaterThanOrEqual(3);
    const customers = new Set((await env.stores.customers.list(env.tenantId)).map((c) => c.customerId));
    for (const o of orders) expect(customers.has(o.customerId)).toBe(true);
  });

  it('loads the knowledge base from kb/ with every category and real bodies', async () => {
    const articles = await env.stores.kbArticles.listArticles(env.tenantId);
    expect(articles.length).toBeGreaterThanOrEqual(25);
    expect(new Set(articles.map((a) => a.category))).toEqual(
      new Set(['billing', 'shipping', 'returns', 'account', 'technical', 'general']),
    );
    const returns = await env.stores.kbArticles.get(env.tenantId, 'returns-policy');
    expect(returns?.body).toContain('30 days of delivery');
    expect((await env.stores.kbArticles.get(env.tenantId, 'refund-timing'))?.body).toContain(
      '5–7 business days',
    );
  });

  it('is idempotent: a second run, even a day later, changes no document', async () => {
    const before = await snapshot();
    env.clock.advance(DAY);
    const report = await seedDemo({ stores: env.stores, tenantId: env.tenantId, clock: env.clock });
    expect(report).toEqual({
      tenantCreated: false,
      customersInserted: 0,
      ordersInserted: 0,
      articlesWritten: 0,
    });
    expect(await snapshot()).toEqual(before);
  });
});
