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

async function propose(harness: Harness, who: 'bluebird' | 'cobalt', orderId: string, text: string) {
  const ticket = await openTicket(harness.env, who, text);
  const outcome = await harness.approvals.propose({
    ticket,
    customer: await customerOf(harness.env, who),
    action: { type: 'refund', orderId, reason: 'Customer asked for a refund.' },
    requestedBy: requestedBy(who),
  });
  return { ticket, outcome };
}

describe('the approval service checks the stored transcript, not what an agent says', () => {
  it('refuses a refund no customer message asks for, and the audit says so', async () => {
    h = await createHarness();
    const { ticket, outcome } = await propose(h, 'bluebird', '1043', 'Where is order 1043?');

    expect(outcome).toMatchObject({
      kind: 'escalate',
      reason: expect.stringMatching(/^Proposal refused: no customer message in ticket .* asks for a refund/),
    });
    expect(await h.env.stores.approvals.listByTicket(h.env.tenantId, ticket.ticketId)).toHaveLength(0);
    const trail = await h.env.stores.audit.listForTicket(h.env.tenantId, ticket.ticketId);
    expect(trail.map((a) => a.action)).toEqual(['action.refused']);
  });

  it('quotes the customer on the request, and refuses the approval once that message is deleted', async () => {
    h = await createHarness();
    const { ticket, outcome } = await propose(
      h,
      'bluebird',
      '1043',
      'Hello. Please refund order 1043, it broke.',
    );
    if (outcome.kind !== 'pending') throw new Error(`expected pending, got ${outcome.kind}`);
    expect(outcome.approval.reason).toBe('Customer wrote: “Please refund order 1043, it broke.”');
    expect(outcome.approval.customerRequest?.quote).toBe('Please refund order 1043, it broke.');

    const [message] = await h.env.stores.messages.listByTicket(h.env.tenantId, ticket.ticketId);
    await h.env.stores.messages.markDeleted(h.env.tenantId, message!.messageId);
    const decided = await h.approvals.decide({
      tenantId: h.env.tenantId,
      approvalId: outcome.approval.approvalId,
      decision: 'approve',
      actor: staff.dana,
    });

    expect(decided.ok).toBe(false);
    expect(decided.message).toMatch(/can't be approved: no customer message/);
    expect((await h.env.stores.approvals.get(h.env.tenantId, outcome.approval.approvalId))?.status).toBe(
      'pending',
    );
    expect(await refundsOn(h.env, '1043')).toHaveLength(0);
  });

  it('refunds once when two yeses to the same confirmation arrive together', async () => {
    h = await createHarness({ confirmAutoRefunds: true });
    const harness = h;
    const { ticket, outcome } = await propose(harness, 'cobalt', '1045', 'Please refund order 1045');
    expect(outcome.kind).toBe('confirm');
    const customer = await customerOf(harness.env, 'cobalt');
    const yes = () =>
      harness.approvals.confirm({ ticket, customer, answer: 'yes', requestedBy: requestedBy('cobalt') });
    const [a, b] = await Promise.all([yes(), yes()]);

    expect([a.kind, b.kind].filter((k) => k === 'executed').length).toBeGreaterThanOrEqual(1);
    expect(await refundsOn(harness.env, '1045')).toHaveLength(1);
  });
});
