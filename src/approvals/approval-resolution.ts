import type { ApprovalRequest, Ticket, TicketStatus } from '../domain/index.js';
import { audit, cardSources, SYSTEM_ACTOR, type ApprovalServiceDeps } from './approval-effects.js';
import { formatMoney } from './policy.js';

/** The states a ticket resolves from once its approved action ran (escalated or taken over stay with staff). */
const RESOLVABLE: TicketStatus[] = ['pending_approval', 'open'];

/**
 * After an executed refund or cancellation the customer has what they asked for and has been
 * told: the ticket resolves, as it does when the bot answers a question, and the notifier writes
 * the interaction history. Returns false when the ticket is not resolved here (the customer was
 * not told yet, another request on it still waits, or it is not in the approval flow any more:
 * escalated or taken over tickets stay with staff).
 */
export async function resolveAfterExecution(
  deps: ApprovalServiceDeps,
  executed: ApprovalRequest,
  /**
   * What the caller knows already: `executed` is the request as stored now (its effects ran on it)
   * and whether another request of the ticket still waits (the ledger told it). Read otherwise.
   */
  known?: { siblingsPending: boolean },
): Promise<boolean> {
  const { tenantId, ticketId, approvalId } = executed;
  // The ticket as this operation read it (a click's, at its start; a fresh read in the sweep): the
  // update below is conditional on the status seen, so a ticket that moved meanwhile is read again.
  const [seen, siblings] = await Promise.all([
    cardSources(deps).tickets.get(tenantId, ticketId),
    known ? null : deps.approvals.listByTicket(tenantId, ticketId),
  ]);
  // The ticket's requests include this one as stored now (customerNotifiedAt set or not): one read.
  const request = !siblings
    ? executed
    : (siblings.find((o) => o.approvalId === approvalId) ?? (await deps.approvals.get(tenantId, approvalId)));
  // The notice run just before marks the request told only with the effects' progress, after this.
  if (!(executed.customerNotifiedAt ?? request?.customerNotifiedAt)) return false;
  const pendingSibling = siblings
    ? siblings.some((o) => o.approvalId !== approvalId && o.status === 'pending')
    : known?.siblingsPending;
  if (pendingSibling) return false;
  const now = deps.clock.now();
  const resolveFrom = async (before: Ticket | null) => {
    if (!before || !RESOLVABLE.includes(before.status)) return null;
    // The SLA clocks stop in this write; they are worked out from the ticket seen, so the write
    // also expects its version (a ticket changed since is read again, below).
    const sla = await deps.notifier.resolvedClocks?.(before, now);
    const after = await deps.tickets.update(
      tenantId,
      ticketId,
      {
        status: 'resolved',
        resolvedAt: now,
        // A person's approval settled it; an automatic one (under the limit) is the bot's doing.
        resolvedBy: executed.decidedBy?.kind === 'staff' ? 'person' : 'bot',
        updatedAt: now,
        ...(sla ? { sla } : {}),
      },
      { from: [before.status], ...(sla ? { expectedVersion: before.version } : {}) },
    );
    return after ? { before, after } : null;
  };
  const moved = (await resolveFrom(seen)) ?? (await resolveFrom(await deps.tickets.get(tenantId, ticketId)));
  if (!moved) return false;
  const { before, after } = moved;
  await audit(deps, {
    tenantId,
    ticketId,
    approvalId,
    actor: SYSTEM_ACTOR,
    action: 'ticket.status_changed',
    before: { status: before.status },
    after: { status: after.status },
    note: `${executed.action} executed`,
  });
  const who = executed.decidedBy?.name ?? executed.decidedBy?.userId ?? 'staff';
  const summary = `${executed.action} of ${formatMoney(executed.amountMinor, executed.currency)} for order ${executed.orderId} approved by ${who} and executed (${executed.execution?.reference ?? 'no reference'})`;
  try {
    await deps.notifier.ticketResolved?.(after, summary);
  } catch (err) {
    deps.logger.error({ err, ticketId, approvalId }, 'recording the resolved ticket failed');
  }
  return true;
}
