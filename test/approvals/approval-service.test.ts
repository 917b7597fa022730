import { afterEach, describe, expect, it } from 'vitest';
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

async function propose(
  who: 'acme' | 'bluebird' | 'cobalt',
  orderId: string,
  amountMinor?: number,
  type: 'refund' | 'cancellation' = 'refund',
) {
  if (!h) throw new Error('no harness');
  const ticket = await openTicket(
    h.env,
    who,
    type === 'refund'
      ? `Please refund order ${orderId}, it arrived broken`
      : `Please cancel order ${orderId}, we ordered it by mistake`,
  );
  const outcome = await h.approvals.propose({
    ticket,
    customer: await customerOf(h.env, who),
    action: { type, orderId, reason: 'arrived broken', ...(amountMinor ? { amountMinor } : {}) },
    requestedBy: requestedBy(who),
  });
  return { ticket, outcome };
}

describe('a $250 refund for order 1043 (Bluebird)', () => {
  it('is stored pending with a card, an approver click executes it once and the customer is told', async () => {
    h = await createHarness();
    const { ticket, outcome } = await propose('bluebird', '1043', 25_000);
    if (outcome.kind !== 'pending') throw new Error(`expected pending, got ${outcome.kind}`);
    const request = outcome.approval;
    expect(request).toMatchObject({
      status: 'pending',
      amountMinor: 25_000,
      currency: 'USD',
      requiredRole: 'approver',
    });
    expect(request.idempotencyKey).toBe(`approval:${request.approvalId}`);
    expect(request.expiresAt.getTime() - request.createdAt.getTime()).toBe(24 * 3_600_000);
    expect(request.card?.messageId).toBe('card-1');

    const card = h.notifier.cards.get('card-1');
    expect(card?.title).toBe('Approval needed: refund of $250.00 for order 1043');
    expect(card?.fields).toEqual(
      expect.arrayContaining([
        { label: 'Customer', value: 'Bluebird Cafe' },
        { label: 'Plan', value: 'free' },
        { label: 'Amount', value: '$250.00' },
        { label: 'Required role', value: 'Approver' },
      ]),
    );
    expect(card?.lastCustomerMessage).toBe('Please refund order 1043, it arrived broken');
    expect(card?.actions.map((a) => [a.label, a.style])).toEqual([
      ['Approve', 'primary'],
      ['Reject', 'danger'],
    ]);
    expect(card?.actions[0]?.confirm).toBe('Refund $250.00 to Bluebird Cafe for order 1043?');
    expect(card?.deciderIds).toEqual(['sandbox-dana', 'sandbox-sam']);
    expect((await h.env.stores.tickets.get(h.env.tenantId, ticket.ticketId))?.status).toBe(
      'pending_approval',
    );
    expect(await refundsOn(h.env, '1043')).toHaveLength(0);

    h.env.clock.advance(4 * 3_600_000 + 2 * 60_000); // 14:02 UTC
    const answer = await h.approvals.decide({
      tenantId: h.env.tenantId,
      approvalId: request.approvalId,
      decision: 'approve',
      actor: staff.dana,
    });
    expect(answer.ok).toBe(true);
    const refunds = await refundsOn(h.env, '1043');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amountMinor: 25_000, idempotencyKey: request.idempotencyKey });

    const stored = await h.env.stores.approvals.get(h.env.tenantId, request.approvalId);
    expect(stored).toMatchObject({
      status: 'executed',
      decidedBy: { userId: 'sandbox-dana', name: 'Dana Whitfield' },
    });
    expect(stored?.execution?.reference).toBe(refunds[0]?.refundId);
    expect(stored?.customerNotifiedAt).toBeInstanceOf(Date);

    const final = h.notifier.cards.get('card-1');
    expect(final?.statusLine).toBe(
      `Approved by Dana Whitfield at 14:02 UTC — refund ${refunds[0]?.refundId} executed`,
    );
    expect(final?.actions).toEqual([]);
    expect(final?.final).toBe(true);
    expect(answer.card?.final).toBe(true);

    expect(h.notifier.customer).toEqual([
      {
        ticketId: ticket.ticketId,
        key: 'refund_executed',
        params: expect.objectContaining({
          orderId: '1043',
          amount: '$250.00',
          reference: refunds[0]?.refundId,
        }),
      },
    ]);
    // Executed and told: nothing is left to do, so the ticket resolves (approval-resolution.ts).
    expect((await h.env.stores.tickets.get(h.env.tenantId, ticket.ticketId))?.status).toBe('resolved');

    const actions = (await h.env.stores.audit.listForApproval(h.env.tenantId, request.approvalId)).map(
      (e) => e.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        'approval.created',
        'approval.card_posted',
        'approval.approved',
        'approval.executed',
        'customer.notified',
      ]),
    );
    const approved = (await h.env.stores.audit.listForApproval(h.env.tenantId, request.approvalId)).find(
      (e) => e.action === 'approval.approved',
    );
    expect(approved?.before).toMatchObject({ status: 'pending' });
    expect(approved?.after).toMatchObject({ status: 'approved' });

    const again = await h.approvals.decide({
      tenantId: h.env.tenantId,
      approvalId: request.approvalId,
      decision: 'approve',
      actor: staff.sam,
    });
    expect(again).toMatchObject({ ok: false, message: 'Already approved by Dana Whitfield at 14:02 UTC.' });
    expect(await refundsOn(h.env, '1043')).toHaveLength(1);
  });

  it('a redelivered proposal reuses the pending request instead of opening a second one', async () => {
    h = await createHarness();
    const { ticket, outcome } = await propose('bluebird', '1043', 25_000);
    const second = await h.approvals.propose({
      ticket,
      customer: await customerOf(h.env, 'bluebird'),
      action: { type: 'refund', orderId: '1043', amountMinor: 25_000, reason: '' },
      requestedBy: requestedBy('bluebird'),
    });
    expect(second.kind).toBe('pending');
    if (outcome.kind === 'pending' && second.kind === 'pending')
      expect(second.approval.approvalId).toBe(outcome.approval.approvalId);
    expect(await h.env.stores.approvals.listByTicket(h.env.tenantId, ticket.ticketId)).toHaveLength(1);
    expect(h.notifier.posts).toBe(1);
  });

  it('a rejection refunds nothing and tells the customer with the reason', async () => {
    h = await createHarness();
    const { ticket, outcome } = await propose('bluebird', '1043', 25_000);
    if (outcome.kind !== 'pending') throw new Error('expected pending');
    const answer = await h.approvals.decide({
      tenantId: h.env.tenantId,
      approvalId: outcome.approval.approvalId,
      decision: 'reject',
      reason: 'Photos show no damage',
      actor: staff.dana,
    });
    expect(answer.ok).toBe(true);
    expect(await refundsOn(h.env, '1043')).toHaveLength(0);
    expect(h.notifier.customer).toEqual([
      {
        ticketId: ticket.ticketId,
        key: 'action_rejected',
        params: expect.objectContaining({ reason: 'Photos show no damage' }),
      },
    ]);
    expect(h.notifier.cards.get('card-1')?.statusLine).toBe(
      'Rejected by Dana Whitfield at 10:00 UTC: Photos show no damage',
    );
    expect(h.notifier.cards.get('card-1')?.actions).toEqual([]);
  });
});

describe('a $750 refund for order 1044 (Acme)', () => {
  it('needs a supervisor, escalates the ticket, and an approver is refused', async () => {
    h = await createHarness();
    const { ticket, outcome } = await propose('acme', '1044');
    if (outcome.kind !== 'pending') throw new Error('expected pending');
    expect(outcome.approval).toMatchObject({ requiredRole: 'supervisor', amountMinor: 75_000 });
    expect(h.notifier.escalations.map((e) => e.ticketId)).toEqual([ticket.ticketId]);
    expect((await h.env.stores.tickets.get(h.env.tenantId, ticket.ticketId))?.status).toBe('escalated');
    const card = h.notifier.cards.get('card-1');
    expect(card?.title).toBe('Supervisor approval needed: refund of $750.00 for order 1044');
    expect(card?.deciderIds).toEqual(['sandbox-sam']);

    const refused = await h.approvals.decide({
      tenantId: h.env.tenantId,
      approvalId: outcome.approval.approvalId,
      decision: 'approve',
      actor: staff.dana,
    });
    expect(refused).toMatchObject({
      ok: false,
      message: "You can't approve this request: it needs a supervisor.",
    });
    expect(await refundsOn(h.env, '1044')).toHaveLength(0);

    const ok = await h.approvals.decide({
      tenantId: h.env.tenantId,
      approvalId: outcome.approval.approvalId,
      decision: 'approve',
      actor: staff.sam,
    });
    expect(ok.ok).toBe(true);
    expect(await refundsOn(h.env, '1044')).toHaveLength(1);
  });
});

describe('propose: the rest of the policy through the real order data', () => {
  it('refunds $89.99 (order 1045) automatically, once even when the message is redelivered', async () => {
    h = await createHarness();
    const { ticket, outcome } = await propose('cobalt', '1045');
    expect(outcome).toMatchObject({ kind: 'executed', amountMinor: 8_999, currency: 'USD', orderId: '1045' });
    const again = await h.approvals.propose({
      ticket,
      customer: await customerOf(h.env, 'cobalt'),
      action: { type: 'refund', orderId: '1045', reason: '' },
      requestedBy: requestedBy('cobalt'),
    });
    expect(again.kind).toBe('executed');
    if (outcome.kind === 'executed' && again.kind === 'executed')
      expect(again.reference).toBe(outcome.reference);
    expect(await refundsOn(h.env, '1045')).toHaveLength(1);
    expect(h.notifier.posts).toBe(0);
  });

  it('escalates an order outside the return window (1046) without a request', async () => {
    h = await createHarness();
    const { ticket, outcome } = await propose('cobalt', '1046');
    expect(outcome.kind).toBe('escalate');
    if (outcome.kind === 'escalate')
      expect(outcome.reason).toMatch(/30-day return window for order 1046 closed/);
    expect(await h.env.stores.approvals.listByTicket(h.env.tenantId, ticket.ticketId)).toHaveLength(0);
    expect(await refundsOn(h.env, '1046')).toHaveLength(0);
  });

  it("refuses another customer's order: Bluebird asking for Acme's 1044", async () => {
    h = await createHarness();
    const { ticket, outcome } = await propose('bluebird', '1044');
    expect(outcome).toEqual({
      kind: 'escalate',
      reason: "Order 1044 does not belong to this customer's account.",
    });
    expect(await h.env.stores.approvals.listByTicket(h.env.tenantId, ticket.ticketId)).toHaveLength(0);
    expect(await refundsOn(h.env, '1044')).toHaveLength(0);
  });

  it('escalates the fourth refund of the day for one customer', async () => {
    h = await createHarness();
    for (const orderId of ['1045', '1050', '1051']) {
      const { outcome } = await propose('cobalt', orderId, 1_000);
      expect(outcome.kind).toBe('executed');
    }
    const { outcome } = await propose('cobalt', '1052', 1_000);
    expect(outcome.kind).toBe('escalate');
    expect(await refundsOn(h.env, '1052')).toHaveLength(0);
  });

  it('a cancellation of order 1047 needs an approver and cancels the order once approved', async () => {
    h = await createHarness();
    const { outcome } = await propose('acme', '1047', undefined, 'cancellation');
    if (outcome.kind !== 'pending') throw new Error('expected pending');
    expect(outcome.approval).toMatchObject({
      action: 'cancellation',
      requiredRole: 'approver',
      amountMinor: 31_000,
    });
    const answer = await h.approvals.decide({
      tenantId: h.env.tenantId,
      approvalId: outcome.approval.approvalId,
      decision: 'approve',
      actor: staff.dana,
    });
    expect(answer.ok).toBe(true);
    expect((await h.env.orderSystem.getOrder(h.env.tenantId, '1047'))?.status).toBe('cancelled');
    expect(h.notifier.customer.map((c) => c.key)).toEqual(['cancellation_executed']);
  });
});
