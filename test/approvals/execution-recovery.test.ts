import { afterEach, describe, expect, it } from 'vitest';
import type { OrderSystem } from '../../src/commerce/order-system.js';
import { EXECUTION_RETRY_WINDOW_MS } from '../../src/approvals/approval-execution.js';
import {
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
    // The sweep's execution keeps the grant in the ledger as the day's record of the refund (as a
    // click's does), so a count that read the orders before this refund still sees it.
    const ledger = await h.env.stores.refundLedgers.get(h.env.tenantId, request.customerId);
    expect(
      ledger?.holds.filter((x) => x.key === request.idempotencyKey && x.kind === 'granted'),
    ).toHaveLength(1);
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
