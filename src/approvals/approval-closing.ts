import type { StaffActionResult } from '../conversation/ports.js';
import type { Actor, ApprovalRequest } from '../domain/index.js';
import {
  audit,
  cardSources,
  escalate,
  refreshCard,
  snapshot,
  SYSTEM_ACTOR,
  tellCustomer,
  type ApprovalServiceDeps,
} from './approval-effects.js';
import { loadApprovalCard } from './card-data.js';
import { formatDateTimeUtc, formatTimeUtc } from './cards.js';
import { POLICY_ACTOR, releaseRequest } from './refund-limits.js';
import { listApproval } from './pending-ticket.js';

/** Ways a request ends without being executed, and what a clicker who came too late is told. */

/** The request's card as it looks now, and its status, for the clicker's answer. */
export async function cardOf(
  deps: ApprovalServiceDeps,
  request: ApprovalRequest,
): Promise<Pick<StaffActionResult, 'card' | 'approval'>> {
  const card = await loadApprovalCard(cardSources(deps), request);
  return card ? { card, approval: request } : { approval: request };
}

/**
 * An approval that would exceed the daily refund limit: nothing is refunded, the request is closed
 * by the policy (so no later click can slip it through), the ticket escalates for a person, and the
 * customer hears that it wasn't approved (without the internal limit) and that a person follows up.
 */
export async function stopAtDailyLimit(
  deps: ApprovalServiceDeps,
  request: ApprovalRequest,
  over: string,
  staff: Actor,
): Promise<StaffActionResult> {
  const at = deps.clock.now();
  const closed = await deps.approvals.transition(request.tenantId, request.approvalId, ['pending'], {
    status: 'rejected',
    decidedBy: POLICY_ACTOR,
    decidedAt: at,
    rejectReason: `${over}; a person has to review this one`,
    updatedAt: at,
  });
  if (!closed) {
    const winner = (await deps.approvals.get(request.tenantId, request.approvalId)) ?? request;
    // The click took a slot before counting (grantRefund): unless another click approved the
    // request (its runner releases the hold once the refund is on the order), it is given back.
    if (winner.status !== 'approved') await releaseRequest(deps, request);
    return { ok: false, message: alreadyDecided(winner), ...(await cardOf(deps, winner)) };
  }
  await releaseRequest(deps, closed);
  await audit(deps, {
    tenantId: request.tenantId,
    ticketId: request.ticketId,
    approvalId: request.approvalId,
    actor: POLICY_ACTOR,
    action: 'approval.rejected',
    before: snapshot(request),
    after: snapshot(closed),
    note: `daily refund limit: approve click by ${staff.name ?? staff.userId ?? 'staff'} not carried out`,
  });
  await refreshCard(deps, closed);
  await tellCustomer(deps, closed, 'action_rejected', { reason: '' });
  await escalate(
    deps,
    closed,
    `The refund for order ${closed.orderId} was not made: ${over}; a person has to review it.`,
  );
  return {
    ok: false,
    message: `Not approved: ${over}, so no refund was made and the ticket is escalated for review.`,
    ...(await cardOf(deps, closed)),
  };
}

/** Pending past its deadline → `expired`: card updated, customer told, ticket escalated. */
export async function expireRequest(deps: ApprovalServiceDeps, request: ApprovalRequest): Promise<boolean> {
  const expired = await deps.approvals.transition(request.tenantId, request.approvalId, ['pending'], {
    status: 'expired',
    updatedAt: deps.clock.now(),
  });
  if (!expired) return false;
  // Kept on its ticket's list, should a run killed before its ticket's write have left it off
  // (idempotent; the expiry is the sweep's, off any message's path).
  await listApproval(deps, expired, expired.approvalId);
  await releaseRequest(deps, expired);
  await audit(deps, {
    tenantId: request.tenantId,
    ticketId: request.ticketId,
    approvalId: request.approvalId,
    actor: SYSTEM_ACTOR,
    action: 'approval.expired',
    before: snapshot(request),
    after: snapshot(expired),
  });
  await refreshCard(deps, expired);
  await tellCustomer(deps, expired, 'action_expired');
  await escalate(
    deps,
    expired,
    `The ${expired.action} request for order ${expired.orderId} expired without a decision.`,
  );
  return true;
}

/** "Already approved by Dana Whitfield at 14:02 UTC." — what the second clicker is told. */
export function alreadyDecided(request: ApprovalRequest): string {
  const who = request.decidedBy?.name ?? request.decidedBy?.userId ?? 'someone';
  const when = request.decidedAt ? ` at ${formatTimeUtc(request.decidedAt)}` : '';
  switch (request.status) {
    case 'approved':
    case 'executed':
    case 'failed':
      return `Already approved by ${who}${when}.`;
    case 'rejected':
      return `Already rejected by ${who}${when}.`;
    case 'expired':
      return `This request expired at ${formatDateTimeUtc(request.expiresAt)} without a decision.`;
    case 'pending':
      return 'This request is still waiting for a decision.';
  }
}

/**
 * A rejected request goes to a person, not back to the bot: the ticket is assigned to whoever
 * rejected it (the customer was told a team member can say more), so the bot stays silent there
 * and cannot propose the same refund again on its own. Its card shows who has it.
 */
export async function handToRejecter(
  deps: ApprovalServiceDeps,
  request: ApprovalRequest,
  staff: Actor,
): Promise<void> {
  const before = await deps.tickets.get(request.tenantId, request.ticketId);
  if (!before || before.status === 'human' || before.status === 'resolved') return;
  const after = await deps.tickets.update(
    request.tenantId,
    request.ticketId,
    { status: 'human', assignee: staff, updatedAt: deps.clock.now() },
    { from: ['pending_approval', 'open', 'escalated'] },
  );
  if (!after) return;
  await audit(deps, {
    tenantId: request.tenantId,
    ticketId: request.ticketId,
    approvalId: request.approvalId,
    actor: SYSTEM_ACTOR,
    action: 'ticket.assigned',
    before: { status: before.status },
    after: { status: after.status, assignee: staff },
    note: `the ${request.action} request was rejected: ${staff.name ?? staff.userId ?? 'the rejecter'} follows up`,
  });
  try {
    await deps.notifier.showTicketCard?.(after);
  } catch (err) {
    deps.logger.error({ err, ticketId: request.ticketId }, 'showing the ticket card failed');
  }
}
