import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, openTicket, proposePendingRefund, staff, type Harness } from './harness.js';

/**
 * Issue 13: a ticket lists its approval requests (`Ticket.approvals`), so its readers (the
 * escalation card, the report's recount, the resolve) take them by `_id` instead of scanning every
 * request ever made. The list must hold every request the ticket has, whoever opened it and
 * whatever a kill interrupted.
 */
let h: Harness | undefined;
afterEach(async () => {
  await h?.env.close();
  h = undefined;
});

const listed = async (ticketId: string) =>
  (await h!.env.stores.tickets.get(h!.env.tenantId, ticketId))?.approvals?.ids ?? [];

describe("a ticket's list of its approval requests", () => {
  it('holds a request from the write that moves its ticket to pending_approval', async () => {
    h = await createHarness();
    const ticket = await openTicket(h.env, 'bluebird', 'Please refund order 1043, it arrived broken');
    const approvalId = await proposePendingRefund(h, ticket);
    const stored = await h.env.stores.tickets.get(h.env.tenantId, ticket.ticketId);
    expect(stored?.status).toBe('pending_approval');
    expect(stored?.approvals).toEqual({ ids: [approvalId], whole: true });
    expect(
      (await h.env.stores.approvals.listByTicket(h.env.tenantId, ticket.ticketId)).map((a) => a.approvalId),
    ).toEqual([approvalId]);
  });

  it('holds a request opened on a ticket staff have (no move: a write of its own), shown on its card', async () => {
    h = await createHarness();
    const ticket = await openTicket(h.env, 'bluebird', 'Please refund order 1043, it arrived broken');
    const escalated = await h.env.stores.tickets.update(
      h.env.tenantId,
      ticket.ticketId,
      {
        status: 'escalated',
        escalation: { summary: 's', reason: 'asked for a person', at: h.env.clock.now() },
      },
      { from: ['open'] },
    );
    const approvalId = await proposePendingRefund(h, escalated!);
    expect((await h.env.stores.tickets.get(h.env.tenantId, ticket.ticketId))?.status).toBe('escalated');
    expect(await listed(ticket.ticketId)).toEqual([approvalId]);
    const card = await h.takeover.escalationCard(h.env.tenantId, ticket.ticketId);
    expect(JSON.stringify(card)).toContain('$250.00');
  });

  it('a request a run killed before its ticket write left off the list is listed by its click', async () => {
    h = await createHarness();
    const ticket = await openTicket(h.env, 'bluebird', 'Please refund order 1043, it arrived broken');
    const approvalId = await proposePendingRefund(h, ticket);
    // What a kill between the request's insert and its ticket's write leaves: a stored request its
    // ticket does not list.
    await h.env.db
      .collection('tickets')
      .updateOne({ _id: `${h.env.tenantId}:${ticket.ticketId}` as never }, { $set: { 'approvals.ids': [] } });
    expect(await h.env.stores.approvals.listByTicket(h.env.tenantId, ticket.ticketId)).toEqual([]);
    const answer = await h.approvals.decide({
      tenantId: h.env.tenantId,
      approvalId,
      decision: 'approve',
      actor: staff.dana,
    });
    expect(answer.ok).toBe(true);
    expect(await listed(ticket.ticketId)).toEqual([approvalId]);
    expect(
      (await h.env.stores.approvals.listByTicket(h.env.tenantId, ticket.ticketId)).map((a) => a.status),
    ).toEqual(['executed']);
  });
});
