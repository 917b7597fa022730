import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, customerOf, openTicket, refundsOn, requestedBy, type Harness } from './harness.js';

/**
 * A proposal starts from the ticket as the engine read it, which may be seconds old (the agent
 * thought meanwhile). Who has the ticket now still decides whether money moves without staff.
 */
let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.env.close());

describe('a refund proposed on a ticket as read before a person took it over', () => {
  it('is not refunded automatically: it waits for staff, and the ticket stays with the person', async () => {
    const seen = await openTicket(h.env, 'cobalt', 'refund 1045 please, it arrived broken');
    // A person takes the ticket over while the agent is still thinking.
    await h.env.stores.tickets.update(
      h.env.tenantId,
      seen.ticketId,
      {
        status: 'human',
        assignee: { kind: 'staff', platform: 'sandbox', userId: 'U_SAM', name: 'Sam' },
        updatedAt: h.env.clock.now(),
      },
      { from: ['open'] },
    );
    const outcome = await h.approvals.propose({
      ticket: seen, // still `open`
      customer: await customerOf(h.env, 'cobalt'),
      action: { type: 'refund', orderId: '1045', reason: 'broken' },
      requestedBy: requestedBy('cobalt'),
    });
    expect(outcome.kind).toBe('pending');
    if (outcome.kind === 'pending') expect(outcome.approval.reason).toContain('No automatic refund');
    expect(await refundsOn(h.env, '1045')).toHaveLength(0);
    expect((await h.env.stores.tickets.get(h.env.tenantId, seen.ticketId))?.status).toBe('human');
  });

  it("moves a ticket that is still the bot's to pending_approval, auditing the status it had", async () => {
    const seen = await openTicket(h.env, 'bluebird', 'refund 1043 please, it arrived broken');
    const outcome = await h.approvals.propose({
      ticket: seen,
      customer: await customerOf(h.env, 'bluebird'),
      action: { type: 'refund', orderId: '1043', reason: 'broken' },
      requestedBy: requestedBy('bluebird'),
    });
    expect(outcome.kind).toBe('pending');
    expect((await h.env.stores.tickets.get(h.env.tenantId, seen.ticketId))?.status).toBe('pending_approval');
    const trail = await h.env.stores.audit.listForTicket(h.env.tenantId, seen.ticketId);
    expect(trail.find((e) => e.action === 'ticket.status_changed')).toMatchObject({
      before: { status: 'open' },
      after: { status: 'pending_approval' },
    });
  });
});
