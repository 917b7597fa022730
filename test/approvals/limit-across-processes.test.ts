import { afterEach, describe, expect, inject, it } from 'vitest';
import { MongoClient } from 'mongodb';
import { createApprovalService } from '../../src/approvals/approval-service.js';
import type { ApprovalService } from '../../src/approvals/api.js';
import { createDemoOrderSystem } from '../../src/commerce/demo-order-system.js';
import type { OrderSystem } from '../../src/commerce/order-system.js';
import type { Order, Ticket } from '../../src/domain/index.js';
import { createMongoStores, type MongoStores } from '../../src/memory/mongo-stores.js';
import {
  createHarness,
  customerOf,
  openTicket,
  refundsOn,
  requestedBy,
  staff,
  type Harness,
} from './harness.js';

/**
 * Two processes on one database: each has its own client, stores, order system and approval
 * service (nothing shared in memory), as two replicas behind a load balancer would. The daily
 * refund limit (3 per customer in 24 h) and the decision on a request must hold between them.
 */

let h: Harness | undefined;
const clients: MongoClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
  await h?.env.close();
  h = undefined;
});

/**
 * Holds every refund at the order system until `parties` refunds are waiting (or `ms` passed):
 * whoever passed the limit check goes on to refund, whatever the other process did meanwhile.
 */
function refundBarrier(parties: number, ms = 1_500) {
  let arrived = 0;
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  return (inner: OrderSystem): OrderSystem => ({
    ...inner,
    async refund(tenantId, input) {
      arrived += 1;
      if (arrived >= parties) open();
      await Promise.race([gate, new Promise((resolve) => setTimeout(resolve, ms))]);
      return inner.refund(tenantId, input);
    },
  });
}

/** A second process: its own connection, stores and services over the harness's database. */
async function otherProcess(
  env: Harness,
  wrap: (o: OrderSystem) => OrderSystem,
  wrapStores: (s: MongoStores) => MongoStores = (s) => s,
  options: { countFromEarlierRead?: boolean } = {},
): Promise<ApprovalService> {
  const client = new MongoClient(inject('mongoUri'), { ignoreUndefined: true });
  await client.connect();
  clients.push(client);
  const { clock, ids, logger } = env.env;
  const stores = wrapStores(createMongoStores(client.db(env.env.db.databaseName), { logger, clock }));
  const orders = wrap(createDemoOrderSystem({ orders: stores.orders, clock, ids }));
  return createApprovalService({ ...stores, notifier: env.notifier, clock, ids, logger, orders, ...options });
}

async function ask(
  service: ApprovalService,
  ticket: Ticket,
  orderId: string,
  amountMinor?: number,
  /** The customer's orders as the agent's look-up read them, before the proposal. */
  customerOrders?: Order[],
) {
  const env = h!.env;
  return service.propose({
    ticket,
    customer: await customerOf(env, 'cobalt'),
    action: { type: 'refund', orderId, reason: 'arrived broken', ...(amountMinor ? { amountMinor } : {}) },
    requestedBy: requestedBy('cobalt'),
    ...(customerOrders ? { customerOrders } : {}),
  });
}

async function refundsToday(): Promise<number> {
  const env = h!.env;
  const since = new Date(env.clock.now().getTime() - 86_400_000);
  return env.orderSystem.countRefundsSince(env.tenantId, 'cus_cobalt', since);
}

/** Two of Cobalt's three refunds of the day made; two tickets asking for one more each. */
async function lastSlotTickets(service: ApprovalService): Promise<[Ticket, Ticket]> {
  const env = h!.env;
  for (const orderId of ['1045', '1050']) {
    const t = await openTicket(env, 'cobalt', `refund ${orderId}`);
    expect(await ask(service, t, orderId, 2_000)).toMatchObject({ kind: 'executed' });
  }
  return [await openTicket(env, 'cobalt', 'refund 1051'), await openTicket(env, 'cobalt', 'refund 1052')];
}

describe('the daily refund limit holds across two processes on one database', () => {
  it('two automatic refunds for the last slot, one in each process: one refund, the other escalates', async () => {
    const wrap = refundBarrier(2);
    h = await createHarness({ wrapOrders: wrap });
    const a = h.approvals;
    const b = await otherProcess(h, wrap);
    const env = h.env;
    const [t1, t2] = await lastSlotTickets(a);

    const outcomes = await Promise.all([ask(a, t1, '1051', 2_000), ask(b, t2, '1052', 2_000)]);

    expect(outcomes.map((o) => o.kind).sort()).toEqual(['escalate', 'executed']);
    const stopped = outcomes.find((o) => o.kind === 'escalate');
    // Exactly 3, also when the other refund reached the order between the ledger read (its hold
    // still there) and the count after it: counted from its hold only.
    expect(stopped).toMatchObject({
      reason: expect.stringMatching(/already had 3 refunds in the last 24 hours/),
    });
    expect(await refundsToday()).toBe(3);
    expect((await refundsOn(env, '1051')).length + (await refundsOn(env, '1052')).length).toBe(1);
  });

  it('a ledger write that lost to a refund finished meanwhile counts that refund again: the last slot goes once', async () => {
    h = await createHarness();
    const a = h.approvals;
    const [t1, t2] = await lastSlotTickets(a);
    // The other process has read the ledger and counted 2 refunds today; before its write lands,
    // this process takes the last slot, refunds and releases its hold (the slow schedule a loaded
    // machine gave: its write then loses to the revision and it reads the ledger again).
    let first: Promise<Awaited<ReturnType<typeof ask>>> | undefined;
    const b = await otherProcess(
      h,
      (o) => o,
      (stores) => ({
        ...stores,
        refundLedgers: {
          ...stores.refundLedgers,
          put: async (...args) => {
            first ??= ask(a, t1, '1051', 2_000);
            await first;
            return stores.refundLedgers.put(...args);
          },
        },
      }),
    );

    const second = await ask(b, t2, '1052', 2_000);

    expect(await first).toMatchObject({ kind: 'executed' });
    expect(second).toMatchObject({
      kind: 'escalate',
      reason: expect.stringMatching(/already had 3 refunds in the last 24 hours/),
    });
    expect(await refundsToday()).toBe(3);
  });

  it("an automatic refund's hold stays as the day's record of it: the next request is told 3, not 4", async () => {
    h = await createHarness();
    const a0 = h.approvals;
    const [t1, t2] = await lastSlotTickets(a0);
    // Another process refunds 1051 (the third of the day): on the order, and its hold kept.
    const a = await otherProcess(h, (o) => o);
    expect(await ask(a, t1, '1051', 2_000)).toMatchObject({ kind: 'executed' });
    const ledger = await h.env.stores.refundLedgers.get(h.env.tenantId, 'cus_cobalt');
    expect(ledger?.holds.filter((x) => x.orderId === '1051' && x.kind === 'auto')).toHaveLength(1);

    // Counted once, from its hold (its key is left out of the order's count).
    expect(await ask(a0, t2, '1052', 2_000)).toMatchObject({
      kind: 'escalate',
      reason: expect.stringMatching(/already had 3 refunds in the last 24 hours/),
    });
    expect(await refundsToday()).toBe(3);
  });

  it("a request whose customer's orders were read before another process's refund still counts that refund", async () => {
    h = await createHarness();
    const [t1, t2] = await lastSlotTickets(h.approvals);
    const early = { countFromEarlierRead: true };
    const a = await otherProcess(h, (o) => o, undefined, early);
    const b = await otherProcess(h, (o) => o, undefined, early);
    // The agent's look-up in b reads Cobalt's orders (2 refunds today); then a refunds 1051.
    const read = await h.env.orderSystem.customerOrders!(h.env.tenantId, 'cus_cobalt');
    expect(await ask(a, t1, '1051', 2_000)).toMatchObject({ kind: 'executed' });

    // b counts from its earlier read: the third refund is in the ledger, so it is still counted.
    expect(await ask(b, t2, '1052', 2_000, read)).toMatchObject({
      kind: 'escalate',
      reason: expect.stringMatching(/already had 3 refunds in the last 24 hours/),
    });
    expect(await refundsToday()).toBe(3);
  });

  it('with the orders read before either, two automatic refunds for the last slot in two processes: one refund', async () => {
    const wrap = refundBarrier(2);
    h = await createHarness();
    const [t1, t2] = await lastSlotTickets(h.approvals);
    const early = { countFromEarlierRead: true };
    const a = await otherProcess(h, wrap, undefined, early);
    const b = await otherProcess(h, wrap, undefined, early);
    const read = await h.env.orderSystem.customerOrders!(h.env.tenantId, 'cus_cobalt');

    const outcomes = await Promise.all([ask(a, t1, '1051', 2_000, read), ask(b, t2, '1052', 2_000, read)]);

    expect(outcomes.map((o) => o.kind).sort()).toEqual(['escalate', 'executed']);
    expect(await refundsToday()).toBe(3);
    expect((await refundsOn(h.env, '1051')).length + (await refundsOn(h.env, '1052')).length).toBe(1);
  });

  it('a refund made outside Switchboard counts when the orders were read before the ledger', async () => {
    h = await createHarness();
    const [, t2] = await lastSlotTickets(h.approvals);
    // Staff refund 1051 in the order system itself: no hold, no ledger entry.
    await h.env.orderSystem.refund(h.env.tenantId, {
      orderId: '1051',
      amountMinor: 1_000,
      idempotencyKey: 'shop-admin:1051',
    });
    const b = await otherProcess(h, (o) => o, undefined, { countFromEarlierRead: true });
    const read = await h.env.orderSystem.customerOrders!(h.env.tenantId, 'cus_cobalt');

    expect(await ask(b, t2, '1052', 2_000, read)).toMatchObject({
      kind: 'escalate',
      reason: expect.stringMatching(/already had 3 refunds in the last 24 hours/),
    });
    expect(await refundsToday()).toBe(3);
  });

  it('two approve clicks for the last slot, one in each process: one refund, the other closed by the policy', async () => {
    const wrap = refundBarrier(2);
    h = await createHarness({ wrapOrders: wrap });
    const a = h.approvals;
    const b = await otherProcess(h, wrap);
    const env = h.env;
    // Three requests opened before any refund: each passed the request-time check.
    const requests: string[] = [];
    for (const orderId of ['1051', '1053', '1052']) {
      const t = await openTicket(env, 'cobalt', `refund ${orderId} please, it arrived broken`);
      const out = await ask(a, t, orderId);
      if (out.kind !== 'pending') throw new Error(`expected pending for ${orderId}, got ${out.kind}`);
      requests.push(out.approval.approvalId);
    }
    // Staff refund order 1045 in the order system, and the first request is approved: 2 of 3.
    await env.orderSystem.refund(env.tenantId, {
      orderId: '1045',
      amountMinor: 1_000,
      idempotencyKey: 'manual',
    });
    const decide = (service: ApprovalService, approvalId: string) =>
      service.decide({ tenantId: env.tenantId, approvalId, decision: 'approve', actor: staff.sam });
    // The barrier waits for a second refund that never comes; it opens after its timeout.
    expect((await decide(a, requests[0]!)).ok).toBe(true);

    const answers = await Promise.all([decide(a, requests[1]!), decide(b, requests[2]!)]);

    expect(answers.map((x) => x.ok).sort()).toEqual([false, true]);
    expect(answers.find((x) => !x.ok)?.message).toMatch(/^Not approved: Cobalt Labs already had 3 refunds/);
    expect(await refundsToday()).toBe(3);
    const statuses = await Promise.all(
      requests.slice(1).map(async (id) => (await env.stores.approvals.get(env.tenantId, id))?.status),
    );
    expect(statuses.sort()).toEqual(['executed', 'rejected']);
  });

  it('two approve clicks whose slot-taking writes both land before either counts: one refund, and no slot of the refused click left held', async () => {
    h = await createHarness();
    const env = h.env;
    // Each click's take (the ledger's read and write in one) waits after its write until the other
    // click's has landed too: both then count with the other's grant possibly in the ledger.
    let landed = 0;
    let both: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (both = resolve));
    const held = (stores: MongoStores): MongoStores => ({
      ...stores,
      refundLedgers: {
        ...stores.refundLedgers,
        take: async (...args) => {
          const after = await stores.refundLedgers.take!(...args);
          landed += 1;
          if (landed >= 2) both();
          await Promise.race([gate, new Promise((resolve) => setTimeout(resolve, 1_500))]);
          return after;
        },
      },
    });
    const a = await otherProcess(h, (o) => o, held);
    const b = await otherProcess(h, (o) => o, held);
    const requests: string[] = [];
    for (const orderId of ['1051', '1052']) {
      const t = await openTicket(env, 'cobalt', `refund ${orderId} please, it arrived broken`);
      const out = await ask(h.approvals, t, orderId);
      if (out.kind !== 'pending') throw new Error(`expected pending for ${orderId}, got ${out.kind}`);
      requests.push(out.approval.approvalId);
    }
    // Two of the three refunds of the day made by staff in the order system.
    for (const orderId of ['1045', '1050']) {
      await env.orderSystem.refund(env.tenantId, {
        orderId,
        amountMinor: 1_000,
        idempotencyKey: `m-${orderId}`,
      });
    }

    const answers = await Promise.all(
      [a, b].map((service, i) =>
        service.decide({
          tenantId: env.tenantId,
          approvalId: requests[i]!,
          decision: 'approve',
          actor: staff.sam,
        }),
      ),
    );

    expect(landed).toBe(2);
    expect(answers.map((x) => x.ok).sort()).toEqual([false, true]);
    expect(answers.find((x) => !x.ok)?.message).toMatch(/^Not approved: Cobalt Labs already had 3 refunds/);
    expect(await refundsToday()).toBe(3);
    // The refused click's slot is given back with its request closed; the refund's grant stays as
    // the day's record of it (its key is left out of the orders' count: counted once).
    const ledger = await env.stores.refundLedgers.get(env.tenantId, 'cus_cobalt');
    const refunded = answers.findIndex((x) => x.ok);
    expect((ledger?.holds ?? []).map((x) => [x.approvalId, x.kind])).toEqual([
      [requests[refunded], 'granted'],
    ]);
  });

  it('the same request approved in both processes at once: one decision, one refund', async () => {
    h = await createHarness();
    const a = h.approvals;
    const b = await otherProcess(h, (o) => o);
    const env = h.env;
    const t = await openTicket(env, 'cobalt', 'refund 1051 please, it arrived broken');
    const out = await ask(a, t, '1051');
    if (out.kind !== 'pending') throw new Error(`expected pending, got ${out.kind}`);
    const { approvalId } = out.approval;

    const answers = await Promise.all(
      [a, b].map((service, i) =>
        service.decide({
          tenantId: env.tenantId,
          approvalId,
          decision: 'approve',
          actor: i === 0 ? staff.sam : staff.dana,
        }),
      ),
    );

    expect(answers.filter((x) => x.ok)).toHaveLength(1);
    expect(answers.find((x) => !x.ok)?.message).toMatch(/^Already approved by (Sam Okafor|Dana Whitfield)/);
    expect(await refundsOn(env, '1051')).toHaveLength(1);
    expect(await refundsToday()).toBe(1);
  });
});
