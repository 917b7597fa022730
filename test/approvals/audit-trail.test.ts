import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, customerOf, openTicket, requestedBy, staff, type Harness } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.env.close();
  h = undefined;
});

describe('the audit trail of a refund from request to execution', () => {
  it('holds every step once, in the order it happened, with the card facts shown on every render', async () => {
    h = await createHarness();
    const ticket = await openTicket(h.env, 'bluebird', 'Please refund order 1043, it arrived broken');
    const outcome = await h.approvals.propose({
      ticket,
      customer: await customerOf(h.env, 'bluebird'),
      action: { type: 'refund', orderId: '1043', reason: 'arrived broken', amountMinor: 25_000 },
      requestedBy: requestedBy('bluebird'),
    });
    if (outcome.kind !== 'pending') throw new Error(`expected pending, got ${outcome.kind}`);
    // The answer carries the request as stored, card included.
    expect(outcome.approval).toEqual(
      await h.env.stores.approvals.get(h.env.tenantId, outcome.approval.approvalId).then((r) => ({
        ...r,
        updatedAt: outcome.approval.updatedAt,
      })),
    );

    const answer = await h.approvals.decide({
      tenantId: h.env.tenantId,
      approvalId: outcome.approval.approvalId,
      decision: 'approve',
      actor: staff.dana,
    });
    expect(answer.ok).toBe(true);
    // The clicker's card (built from facts read once for the whole click) is the final one.
    expect(answer.card?.statusLine).toMatch(/executed/i);
    expect(answer.card?.fields).toEqual(
      expect.arrayContaining([{ label: 'Customer', value: 'Bluebird Cafe' }]),
    );
    expect(answer.card?.lastCustomerMessage).toBe('Please refund order 1043, it arrived broken');

    const trail = await h.env.stores.audit.listForTicket(h.env.tenantId, ticket.ticketId);
    expect(trail.map((e) => [e.action, (e.after as { status?: string } | undefined)?.status])).toEqual([
      ['action.evaluated', undefined],
      ['approval.created', 'pending'],
      // The ticket moves before the card is posted: the move's event rides in the write that
      // stores the card's reference (issue 13).
      ['ticket.status_changed', 'pending_approval'],
      ['approval.card_posted', undefined],
      ['approval.approved', 'approved'],
      ['approval.executed', 'executed'],
      ['customer.notified', undefined],
      ['ticket.status_changed', 'resolved'],
    ]);
    expect(new Set(trail.map((e) => e.auditId)).size).toBe(trail.length);
  });
});
