import type { ApprovalRequest } from '../domain/index.js';
import { audit, SYSTEM_ACTOR, type ApprovalServiceDeps } from './approval-effects.js';
import { formatMoney } from './policy.js';

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
  const [before, siblings] = await Promise.all([
    deps.tickets.get(tenantId, ticketId),
    known ? null : deps.approvals.listByTicket(tenantId, ticketId),
  ]);
  // The ticket's requests include this one as stored now (customerNotifiedAt set or not): one read.
  const request = !siblings
    ? executed
    : (siblings.find((o) => o.approvalId === approvalId) ?? (await deps.approvals.get(tenantId, approvalId)));
  if (!request?.customerNotifiedAt || !before) return false;
  if (before.status !== 'pending_approval' && before.status !== 'open') return false;
  const pendingSibling = siblings
    ? siblings.some((o) => o.approvalId !== approvalId && o.status === 'pending')
    : known?.siblingsPending;
  if (pendingSibling) return false;
  const now = deps.clock.now();
  const after = await deps.tickets.update(
    tenantId,
    ticketId,
    {
      status: 'resolved',
      resolvedAt: now,
      // A person's approval settled it; an automatic one (under the limit) is the bot's doing.
      resolvedBy: executed.decidedBy?.kind === 'staff' ? 'person' : 'bot',
      updatedAt: now,
    },
    { from: ['pending_approval', 'open'] },
  );
  if (!after) return false;
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
