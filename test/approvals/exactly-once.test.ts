import { afterEach, describe, expect, it } from 'vitest';
import type { OrderSystem } from '../../src/commerce/order-system.js';
import {
  countingOrderSystem,
  createHarness,
  customerOf,
  openTicket,
  refundsOn,
  requestedBy,
  staff,
  type Harness,
} from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.env.close();
  h = undefined;
});

async function pendingRefund(harness: Harness, orderId = '1043', amountMinor = 25_000) {
  const ticket = await openTicket(harness.env, 'bluebird', `refund ${orderId}`);
  const outcome = await harness.approvals.propose({
    ticket,
    customer: await customerOf(harness.env, 'bluebird'),
    action: { type: 'refund', orderId, amountMinor, reason: 'broken' },
    requestedBy: requestedBy('bluebird'),
  });
  if (outcome.kind !== 'pending') throw new Error(`expected pending, got ${outcome.kind}`);
  return { ticket, request: outcome.approval };
}

describe('concurrent clicks', () => {
  it('20 parallel approve clicks make one decision, one refund call, and 19 "already approved" answers', async () => {
    let counts = { refund: 0, cancel: 0 };
    h = await createHarness({
      wrapOrders: (inner) => {
        const c = countingOrderSystem(inner);
        counts = c.counts;
        return c.system;
      },
    });
    const { request } = await pendingRefund(h);
    const clickers = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? staff.dana : staff.sam));
    const answers = await Promise.all(
      clickers.map((actor) =>
        h!.approvals.decide({
          tenantId: h!.env.tenantId,
          approvalId: request.approvalId,
          decision: 'approve',
          actor,
        }),
      ),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    const losers = answers.filter((a) => !a.ok);
    expect(losers).toHaveLength(19);
    const winner = await h.env.stores.approvals.get(h.env.tenantId, request.approvalId);
    for (const l of losers)
      expect(l.message).toBe(`Already approved by ${winner?.decidedBy?.name} at 10:00 UTC.`);
    expect(counts.refund).toBe(1);
    const refunds = await refundsOn(h.env, '1043');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.idempotencyKey).toBe(request.idempotencyKey);
    expect(winner?.status).toBe('executed');
    const decisions = (await h.env.stores.audit.listForApproval(h.env.tenantId, request.approvalId)).filter(
      (e) => e.action === 'approval.approved',
    );
    expect(decisions).toHaveLength(1);
    expect(h.notifier.customer.filter((c) => c.key === 'refund_executed')).toHaveLength(1);
  });

  it('approve and reject at the same instant: exactly one wins, and the order matches the winner', async () => {
    h = await createHarness();
    for (const orderId of ['1043', '1051', '1052']) {
      // Distinct orders so each round starts with nothing refunded.
      const ticket = await openTicket(h.env, orderId === '1043' ? 'bluebird' : 'cobalt', `refund ${orderId}`);
      const who = orderId === '1043' ? 'bluebird' : 'cobalt';
      const outcome = await h.approvals.propose({
        ticket,
        customer: await customerOf(h.env, who),
        action: { type: 'refund', orderId, reason: '' },
        requestedBy: requestedBy(who),
      });
      if (outcome.kind !== 'pending') throw new Error(`expected pending for ${orderId}`);
      const approvalId = outcome.approval.approvalId;
      const [a, r] = await Promise.all([
        h.approvals.decide({ tenantId: h.env.tenantId, approvalId, decision: 'approve', actor: staff.sam }),
        h.approvals.decide({ tenantId: h.env.tenantId, approvalId, decision: 'reject', actor: staff.dana }),
      ]);
      expect([a.ok, r.ok].filter(Boolean)).toHaveLength(1);
      const stored = await h.env.stores.approvals.get(h.env.tenantId, approvalId);
      const refunds = await refundsOn(h.env, orderId);
      if (a.ok) {
        expect(stored?.status).toBe('executed');
        expect(refunds).toHaveLength(1);
        expect(r.message).toBe('Already approved by Sam Okafor at 10:00 UTC.');
      } else {
        expect(stored?.status).toBe('rejected');
        expect(refunds).toHaveLength(0);
        expect(a.message).toBe('Already rejected by Dana Whitfield at 10:00 UTC.');
      }
    }
  });
});

describe('crash safety', () => {
  it('a request left approved by a crash is executed once by the sweep, and again is a no-op', async () => {
    h = await createHarness();
    const { request } = await pendingRefund(h);
    // The crash: the decision was recorded, the process died before calling the order system.
    await h.env.stores.approvals.transition(h.env.tenantId, request.approvalId, ['pending'], {
      status: 'approved',
      decidedBy: { kind: 'staff', platform: 'sandbox', userId: 'sandbox-dana', name: 'Dana Whitfield' },
      decidedAt: h.env.clock.now(),
      updatedAt: h.env.clock.now(),
    });
    expect(await refundsOn(h.env, '1043')).toHaveLength(0);
    h.env.clock.advance(60_000);
    expect(await h.approvals.sweep()).toEqual({ expired: 0, posted: 0, executed: 1, finished: 0 });
    expect(await h.approvals.sweep()).toEqual({ expired: 0, posted: 0, executed: 0, finished: 0 });
    const refunds = await refundsOn(h.env, '1043');
    expect(refunds.filter((r) => r.idempotencyKey === request.idempotencyKey)).toHaveLength(1);
    expect((await h.env.stores.approvals.get(h.env.tenantId, request.approvalId))?.status).toBe('executed');
    expect(h.notifier.customer.map((c) => c.key)).toEqual(['refund_executed']);
    // The dead click never wrote its decision's audit event: the sweep writes it from the request,
    // before the execution's.
    const trail = await h.env.stores.audit.listForApproval(h.env.tenantId, request.approvalId);
    expect(trail.map((e) => e.action).filter((a) => a.startsWith('approval.'))).toEqual([
      'approval.created',
      'approval.card_posted',
      'approval.approved',
      'approval.executed',
    ]);
    expect(trail.find((e) => e.action === 'approval.approved')?.actor).toMatchObject({
      kind: 'staff',
      userId: 'sandbox-dana',
    });
  });

  it('an order system that refunds and then fails to answer is retried with the same key: one refund', async () => {
    let failOnce = true;
    h = await createHarness({
      wrapOrders: (inner): OrderSystem => ({
        ...inner,
        async refund(tenantId, input) {
          const result = await inner.refund(tenantId, input);
          if (failOnce) {
            failOnce = false;
            throw new Error('socket hang up');
          }
          return result;
        },
      }),
    });
    const { request } = await pendingRefund(h);
    const answer = await h.approvals.decide({
      tenantId: h.env.tenantId,
      approvalId: request.approvalId,
      decision: 'approve',
      actor: staff.dana,
    });
    expect(answer.ok).toBe(true);
    expect(answer.message).toMatch(/will be retried/);
    expect((await h.env.stores.approvals.get(h.env.tenantId, request.approvalId))?.status).toBe('approved');
    expect(h.notifier.customer).toHaveLength(0);

    h.env.clock.advance(60_000);
    expect((await h.approvals.sweep()).executed).toBe(1);
    const refunds = await refundsOn(h.env, '1043');
    expect(refunds).toHaveLength(1);
    const stored = await h.env.stores.approvals.get(h.env.tenantId, request.approvalId);
    expect(stored?.status).toBe('executed');
    expect(stored?.execution?.reference).toBe(refunds[0]?.refundId);
  });

  it('a broken notifier after the decision loses nothing: executed once, a replayed click changes nothing', async () => {
    h = await createHarness();
    const { request } = await pendingRefund(h);
    h.notifier.broken = true;
    const answer = await h.approvals.decide({
      tenantId: h.env.tenantId,
      approvalId: request.approvalId,
      decision: 'approve',
      actor: staff.dana,
    });
    expect(answer.ok).toBe(true);
    const replay = await h.approvals.decide({
      tenantId: h.env.tenantId,
      approvalId: request.approvalId,
      decision: 'approve',
      actor: staff.dana,
    });
    expect(replay).toMatchObject({ ok: false, message: 'Already approved by Dana Whitfield at 10:00 UTC.' });
    expect(await refundsOn(h.env, '1043')).toHaveLength(1);
    expect((await h.env.stores.approvals.get(h.env.tenantId, request.approvalId))?.status).toBe('executed');
  });

  it('a refund the order system refuses is failed, escalated, and the customer is told a person will follow up', async () => {
    h = await createHarness();
    const { ticket, request } = await pendingRefund(h);
    // Someone refunded the order elsewhere meanwhile: the approved amount no longer fits.
    await h.env.orderSystem.refund(h.env.tenantId, {
      orderId: '1043',
      amountMinor: 20_000,
      idempotencyKey: 'manual-1',
      reason: 'goodwill',
    });
    const answer = await h.approvals.decide({
      tenantId: h.env.tenantId,
      approvalId: request.approvalId,
      decision: 'approve',
      actor: staff.dana,
    });
    expect(answer.ok).toBe(false);
    expect(answer.message).toMatch(/^Approved, but the refund failed/);
    const stored = await h.env.stores.approvals.get(h.env.tenantId, request.approvalId);
    expect(stored?.status).toBe('failed');
    expect(stored?.execution?.error).toMatch(/exceeds/);
    expect(await refundsOn(h.env, '1043')).toHaveLength(1); // only the manual one
    expect(h.notifier.customer.map((c) => c.key)).toEqual(['action_failed']);
    expect(h.notifier.escalations.map((e) => e.ticketId)).toEqual([ticket.ticketId]);
    expect((await h.env.stores.tickets.get(h.env.tenantId, ticket.ticketId))?.status).toBe('escalated');
    expect(h.notifier.cards.get('card-1')?.statusLine).toMatch(/the refund failed .*; escalated to staff$/);
  });
});
