import { afterEach, describe, expect, it } from 'vitest';
import type { OrderSystem } from '../../src/commerce/order-system.js';
import { EXECUTION_RETRY_WINDOW_MS } from '../../src/approvals/approval-execution.js';
import type { SeededEnv } from '../support/seeded.js';
import { createHarness, customerOf, openTicket, refundsOn, requestedBy, staff } from './harness.js';

type Harness = Awaited<ReturnType<typeof createHarness>>;
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

/**
 * Another process holding the order's revision claim (see guarded-update.ts): every write to the
 * order loses the claim race until it is released. Returns the release.
 */
async function holdOrderClaim(env: SeededEnv, orderId: string): Promise<() => Promise<void>> {
  const raw = await env.db.collection('orders').findOne({ tenantId: env.tenantId, orderId });
  const rev = typeof raw?._rev === 'number' ? raw._rev : 0;
  const claims = env.db.collection<{ _id: string; at: Date }>('write_claims');
  const _id = `orders:${env.tenantId}:${orderId}:${rev}`;
  await claims.insertOne({ _id, at: env.clock.now() });
  return async () => {
    await claims.deleteOne({ _id });
  };
}

describe('should-fix B: a refund that went through is never recorded as failed', () => {
  it('the order system refunds but never answers: past the retry window the order shows it, so executed', async () => {
    h = await createHarness({
      wrapOrders: (inner): OrderSystem => ({
        ...inner,
        async refund(tenantId, input) {
          await inner.refund(tenantId, input);
          throw new Error('socket hang up');
        },
      }),
    });
    const { ticket, request } = await pendingRefund(h);
    const answer = await h.approvals.decide({
      tenantId: h.env.tenantId,
      approvalId: request.approvalId,
      decision: 'approve',
      actor: staff.dana,
    });
    expect(answer.message).toMatch(/will be retried/);

    h.env.clock.advance(EXECUTION_RETRY_WINDOW_MS + 60_000);
    expect((await h.approvals.sweep()).executed).toBe(1);
    const refunds = await refundsOn(h.env, '1043');
    expect(refunds).toHaveLength(1);
    const stored = await h.env.stores.approvals.get(h.env.tenantId, request.approvalId);
    expect(stored).toMatchObject({ status: 'executed', execution: { reference: refunds[0]?.refundId } });
    expect(h.notifier.customer.map((c) => c.key)).toEqual(['refund_executed']);
    expect(h.notifier.escalations.filter((e) => e.ticketId === ticket.ticketId)).toHaveLength(0);
  });

  it('a refund that never happened still fails after the window (escalated, customer told)', async () => {
    h = await createHarness({
      wrapOrders: (inner): OrderSystem => ({
        ...inner,
        async refund() {
          throw new Error('connect ECONNREFUSED');
        },
      }),
    });
    const { request } = await pendingRefund(h);
    await h.approvals.decide({
      tenantId: h.env.tenantId,
      approvalId: request.approvalId,
      decision: 'approve',
      actor: staff.dana,
    });
    h.env.clock.advance(EXECUTION_RETRY_WINDOW_MS + 60_000);
    await h.approvals.sweep();
    expect((await h.env.stores.approvals.get(h.env.tenantId, request.approvalId))?.status).toBe('failed');
    expect(await refundsOn(h.env, '1043')).toHaveLength(0);
    expect(h.notifier.customer.map((c) => c.key)).toEqual(['action_failed']);
  });
});

describe('should-fix C: losing every claim on a busy order is retryable, not "exceeds"', () => {
  it('an approved refund on a contended order stays approved, and the sweep executes it once', async () => {
    h = await createHarness();
    const { request } = await pendingRefund(h);
    const release = await holdOrderClaim(h.env, '1043');
    const answer = await h.approvals.decide({
      tenantId: h.env.tenantId,
      approvalId: request.approvalId,
      decision: 'approve',
      actor: staff.dana,
    });
    expect(answer).toMatchObject({
      ok: true,
      message: 'Approved; the order system did not answer, so the refund will be retried shortly.',
    });
    expect((await h.env.stores.approvals.get(h.env.tenantId, request.approvalId))?.status).toBe('approved');
    expect(h.notifier.customer).toHaveLength(0);

    await release();
    h.env.clock.advance(60_000);
    expect((await h.approvals.sweep()).executed).toBe(1);
    const refunds = await refundsOn(h.env, '1043');
    expect(refunds.map((r) => [r.amountMinor, r.idempotencyKey])).toEqual([[25_000, request.idempotencyKey]]);
    expect((await h.env.stores.approvals.get(h.env.tenantId, request.approvalId))?.status).toBe('executed');
  });
});
