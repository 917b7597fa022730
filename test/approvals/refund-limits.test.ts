import { afterEach, describe, expect, it } from 'vitest';
import { heldRefunds, readLedger } from '../../src/approvals/refund-limits.js';
import type { Ticket } from '../../src/domain/index.js';
import {
  createHarness,
  customerOf,
  openTicket,
  refundsOn,
  requestedBy,
  staff,
  type Harness,
} from './harness.js';

type Who = 'acme' | 'bluebird' | 'cobalt';
let h: Harness | undefined;
afterEach(async () => {
  await h?.env.close();
  h = undefined;
});

function harness(): Harness {
  if (!h) throw new Error('no harness');
  return h;
}

/** The customer asks in `ticket` (a new thread when omitted) for a refund on `orderId`. */
async function ask(who: Who, orderId: string, amountMinor?: number, ticket?: Ticket) {
  const { env, approvals } = harness();
  const t = ticket ?? (await openTicket(env, who, `refund ${orderId}`));
  const outcome = await approvals.propose({
    ticket: t,
    customer: await customerOf(env, who),
    action: { type: 'refund', orderId, reason: 'arrived broken', ...(amountMinor ? { amountMinor } : {}) },
    requestedBy: requestedBy(who),
  });
  return { ticket: t, outcome };
}

async function approve(approvalId: string, actor = staff.sam) {
  const { env, approvals } = harness();
  return approvals.decide({ tenantId: env.tenantId, approvalId, decision: 'approve', actor });
}

const total = (refunds: Array<{ amountMinor: number }>) => refunds.reduce((n, r) => n + r.amountMinor, 0);

describe('M1: the thresholds apply to what the order gets back in total', () => {
  it('three threads each asking $99.99 on order 1043 ($250): one automatic refund, then an approver', async () => {
    h = await createHarness();
    const first = await ask('bluebird', '1043', 9_999);
    expect(first.outcome).toMatchObject({ kind: 'executed', amountMinor: 9_999 });

    const second = await ask('bluebird', '1043', 9_999);
    if (second.outcome.kind !== 'pending') throw new Error(`expected pending, got ${second.outcome.kind}`);
    expect(second.outcome.approval).toMatchObject({ amountMinor: 9_999, requiredRole: 'approver' });
    expect(second.outcome.approval.reason).toMatch(
      /already has \$99\.99 refunded or requested; \$199\.98 in total/,
    );

    const third = await ask('bluebird', '1043', 9_999);
    expect(third.outcome.kind).toBe('escalate');
    expect(total(await refundsOn(h.env, '1043'))).toBe(9_999);
    const pending = await h.env.stores.approvals.listPending(h.env.tenantId);
    expect(pending.filter((r) => r.orderId === '1043')).toHaveLength(1);
  });

  it('the boundaries still hold for a first refund: $99.99 auto, $100 and $500 approver, $500.01 supervisor', async () => {
    h = await createHarness();
    expect((await ask('cobalt', '1050')).outcome).toMatchObject({ kind: 'executed', amountMinor: 9_999 });
    for (const [orderId, role] of [
      ['1051', 'approver'],
      ['1052', 'approver'],
      ['1053', 'supervisor'],
    ] as const) {
      const { outcome } = await ask('cobalt', orderId);
      if (outcome.kind !== 'pending') throw new Error(`expected pending for ${orderId}`);
      expect(outcome.approval.requiredRole).toBe(role);
      // Three open refunds for Cobalt fill the day's limit; a rejected request gives its slot back.
      if (orderId === '1051') {
        const answer = await harness().approvals.decide({
          tenantId: harness().env.tenantId,
          approvalId: outcome.approval.approvalId,
          decision: 'reject',
          actor: staff.dana,
        });
        expect(answer.ok).toBe(true);
      }
    }
  });
});

describe("an approved refund's grant kept in the ledger as the day's record of it", () => {
  it('a second request for the rest of an order refunded by approval is opened, and the first refund counts once', async () => {
    h = await createHarness();
    const first = await ask('bluebird', '1043', 15_000);
    if (first.outcome.kind !== 'pending') throw new Error(`expected pending, got ${first.outcome.kind}`);
    expect(await approve(first.outcome.approval.approvalId)).toMatchObject({ ok: true });
    expect(total(await refundsOn(h.env, '1043'))).toBe(15_000);
    // Kept by the click: the ledger's record of the refund, not an open request.
    const ledger = await h.env.stores.refundLedgers.get(h.env.tenantId, 'cus_bluebird');
    expect(ledger?.holds.map((x) => x.kind)).toEqual(['granted']);

    // Not refused as "approved and being carried out": the first request is executed.
    const second = await ask('bluebird', '1043', 10_000);
    if (second.outcome.kind !== 'pending') throw new Error(`expected pending, got ${second.outcome.kind}`);
    expect(second.outcome.approval.reason).toMatch(
      /already has \$150\.00 refunded or requested; \$250\.00 in total/,
    );
    expect(await approve(second.outcome.approval.approvalId)).toMatchObject({ ok: true });
    expect(total(await refundsOn(h.env, '1043'))).toBe(25_000);

    // Two refunds today, each counted once: from its grant, its refund on the order left out.
    const env = h.env;
    const now = env.clock.now();
    const view = await readLedger(
      { ...env.stores, logger: env.logger },
      env.tenantId,
      'cus_bluebird',
      now,
      72,
      env.orderSystem,
    );
    expect(view.executed + heldRefunds(view, now)).toBe(2);
  });
});

describe('M2: the daily limit counts open requests and is re-checked on approval', () => {
  it('2 automatic refunds + 3 requests opened before any decision: at most 3 refunds in 24 h', async () => {
    h = await createHarness();
    expect((await ask('cobalt', '1045')).outcome.kind).toBe('executed');
    expect((await ask('cobalt', '1050')).outcome.kind).toBe('executed');
    const third = await ask('cobalt', '1051');
    expect(third.outcome.kind).toBe('pending');
    for (const orderId of ['1052', '1053']) {
      const { outcome } = await ask('cobalt', orderId);
      expect(outcome.kind).toBe('escalate');
      if (outcome.kind === 'escalate')
        expect(outcome.reason).toMatch(/already had 3 refunds in the last 24 hours/);
    }
    const open = await h.env.stores.approvals.listPending(h.env.tenantId);
    for (const r of open) await approve(r.approvalId);
    const since = new Date(h.env.clock.now().getTime() - 86_400_000);
    expect(await h.env.orderSystem.countRefundsSince(h.env.tenantId, 'cus_cobalt', since)).toBe(3);
  });

  it('an approval that would make the 4th refund in 24 h is not executed: closed, escalated, approver told', async () => {
    h = await createHarness();
    // Three requests are opened while the customer has no refunds yet: each passes at request time.
    const requests = [];
    // 1053 ($500.01) first: it escalates for a supervisor at once; the limit then stops 1052.
    for (const orderId of ['1051', '1053', '1052']) {
      const { ticket, outcome } = await ask('cobalt', orderId);
      if (outcome.kind !== 'pending') throw new Error(`expected pending for ${orderId}`);
      requests.push({ ticket, approval: outcome.approval });
    }
    // Meanwhile staff refund order 1045 directly in the order system.
    await h.env.orderSystem.refund(h.env.tenantId, {
      orderId: '1045',
      amountMinor: 8_999,
      idempotencyKey: 'manual-1045',
    });
    expect((await approve(requests[0]!.approval.approvalId)).ok).toBe(true);
    expect((await approve(requests[1]!.approval.approvalId)).ok).toBe(true);

    const [last] = requests.slice(2);
    const answer = await approve(last!.approval.approvalId);
    expect(answer).toMatchObject({
      ok: false,
      message:
        'Not approved: Cobalt Labs already had 3 refunds in the last 24 hours (limit 3), so no refund was made and the ticket is escalated for review.',
    });
    expect(await refundsOn(h.env, '1052')).toHaveLength(0);
    const stored = await h.env.stores.approvals.get(h.env.tenantId, last!.approval.approvalId);
    expect(stored).toMatchObject({
      status: 'rejected',
      decidedBy: { kind: 'system', name: 'Refund policy' },
    });
    expect(answer.card?.statusLine).toMatch(
      /^Rejected by Refund policy at 10:00 UTC: Cobalt Labs already had 3/,
    );
    expect(answer.card?.actions).toEqual([]);
    expect(h.notifier.escalations.filter((e) => e.ticketId === last!.ticket.ticketId)).toEqual([
      {
        ticketId: last!.ticket.ticketId,
        reason:
          'The refund for order 1052 was not made: Cobalt Labs already had 3 refunds in the last 24 hours (limit 3); a person has to review it.',
      },
    ]);
    const told = h.notifier.customer.filter((c) => c.ticketId === last!.ticket.ticketId);
    expect(told).toEqual([
      { ticketId: last!.ticket.ticketId, key: 'action_rejected', params: expect.anything() },
    ]);
    // The internal limit stays with staff: the customer's message carries no reason.
    expect(told[0]?.params?.reason).toBe('');

    // A second click changes nothing.
    expect((await approve(last!.approval.approvalId)).message).toBe(
      'Already rejected by Refund policy at 10:00 UTC.',
    );
    expect(await refundsOn(h.env, '1052')).toHaveLength(0);
  });
});

describe('M3: one refund intent, one request', () => {
  it('$150 asked in two threads on order 1043: one request, the second thread escalates, one refund', async () => {
    h = await createHarness();
    const a = await ask('bluebird', '1043', 15_000);
    const b = await ask('bluebird', '1043', 15_000);
    if (a.outcome.kind !== 'pending') throw new Error('expected pending');
    expect(b.outcome).toEqual({
      kind: 'escalate',
      reason: `A refund request of $150.00 for order 1043 (ticket ${a.ticket.ticketId}) is already waiting for a decision; a person has to look at this new request beside it.`,
    });
    expect(await h.env.stores.approvals.listByTicket(h.env.tenantId, b.ticket.ticketId)).toHaveLength(0);
    expect((await approve(a.outcome.approval.approvalId)).ok).toBe(true);
    expect((await refundsOn(h.env, '1043')).map((r) => r.amountMinor)).toEqual([15_000]);
  });

  it('no automatic refund beside a pending request in the same ticket: the open request answers', async () => {
    h = await createHarness();
    const first = await ask('bluebird', '1043', 25_000);
    if (first.outcome.kind !== 'pending') throw new Error('expected pending');
    const small = await ask('bluebird', '1043', 5_000, first.ticket);
    expect(small.outcome).toMatchObject({
      kind: 'pending',
      approval: { approvalId: first.outcome.approval.approvalId },
    });
    expect(await refundsOn(h.env, '1043')).toHaveLength(0);
    expect((await approve(first.outcome.approval.approvalId)).ok).toBe(true);
    expect((await refundsOn(h.env, '1043')).map((r) => r.amountMinor)).toEqual([25_000]);
  });
});

describe('should-fix A: a second refund in the same ticket is not a redelivery', () => {
  it('$20 then $30 on order 1045 in one ticket: two refunds; the $20 message redelivered: the first answer', async () => {
    h = await createHarness();
    const first = await ask('cobalt', '1045', 2_000);
    if (first.outcome.kind !== 'executed') throw new Error('expected executed');
    const redelivered = await ask('cobalt', '1045', 2_000, first.ticket);
    expect(redelivered.outcome).toMatchObject({ kind: 'executed', reference: first.outcome.reference });

    const second = await ask('cobalt', '1045', 3_000, first.ticket);
    if (second.outcome.kind !== 'executed') throw new Error(`expected executed, got ${second.outcome.kind}`);
    expect(second.outcome.amountMinor).toBe(3_000);
    expect(second.outcome.reference).not.toBe(first.outcome.reference);
    expect((await refundsOn(h.env, '1045')).map((r) => r.amountMinor)).toEqual([2_000, 3_000]);
  });
});
