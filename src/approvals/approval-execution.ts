import type { ApprovalRequest, Ticket } from '../domain/index.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors.js';
import {
  audit,
  auditStatusChanged,
  describeError,
  snapshot,
  SYSTEM_ACTOR,
  type ApprovalServiceDeps,
} from './approval-effects.js';
import { releaseRequest } from './refund-limits.js';
import { settleRequest } from './refund-record.js';
import { EXECUTED_EFFECTS, FAILED_EFFECTS, finishEffectsOf } from './approval-finish.js';

/**
 * Executes an approved request through the order system with the request's idempotency key, then
 * records `executed` or `failed`. Safe to run twice (a click and the sweep, or a retry after a
 * crash): the order system refunds once per key, and only one `approved → …` transition wins.
 */
export async function executeApproved(
  deps: ApprovalServiceDeps,
  request: ApprovalRequest,
  /**
   * Writes the audit events held so far, the decision's among them: once, after the effects (or
   * where one fails). Without it (the sweep), the trail is read and what it lacks is written.
   */
  flushAudit?: () => Promise<boolean>,
  /**
   * The click's grant was taken by the ledger's one write (`takeRefundSlot`): once the refund is on
   * the order the grant stays as the day's record of it (counted once: its key is left out of the
   * order system's count; `settledGrants` tells it from an open request), so no release follows,
   * and the ticket's other requests are as that write saw them. Without it (the sweep, a
   * cancellation) the hold is released and the release tells.
   */
  kept?: { siblingsPending: boolean },
): Promise<ApprovalRequest> {
  const { tenantId, approvalId } = request;
  let reference: string;
  try {
    if (request.action === 'refund') {
      const result = await deps.orders.refund(tenantId, {
        orderId: request.orderId,
        amountMinor: request.amountMinor,
        idempotencyKey: request.idempotencyKey,
        reason: request.reason,
      });
      reference = result.refundId;
    } else {
      const result = await deps.orders.cancel(tenantId, {
        orderId: request.orderId,
        idempotencyKey: request.idempotencyKey,
        reason: request.reason,
      });
      reference = result.reference;
    }
  } catch (err) {
    if (isRetryable(err) && withinRetryWindow(deps, request)) {
      // The order system may have done it and failed to answer: leave the request `approved` so
      // the sweep retries with the same key (a duplicate comes back as the original refund).
      deps.logger.warn(
        { err, approvalId, ticketId: request.ticketId },
        'executing an approved action failed; will retry',
      );
      await audit(deps, {
        tenantId,
        ticketId: request.ticketId,
        approvalId,
        actor: SYSTEM_ACTOR,
        action: 'approval.execution_retry',
        before: snapshot(request),
        note: describeError(err),
      });
      return request;
    }
    // The call failed (or kept failing past the retry window), but it may have gone through before
    // the answer was lost: the order is the truth. Our key on it means the refund was made.
    const made = await refundMadeUnderKey(deps, request);
    if (!made) return recordFailure(deps, request, err, flushAudit);
    deps.logger.warn(
      { err, approvalId, ticketId: request.ticketId },
      'the order system failed to answer, but the refund is on the order: recording it as executed',
    );
    reference = made;
  }

  // The outcome is stored with the effects' progress, in the one write that ends them (issue 13:
  // one write fewer a click). Until then the request stays `approved`: a process that dies after
  // the money moved leaves it so, and the sweep runs it again (listApprovedUnexecuted): the order
  // system answers the same key with the same refund, and every effect is safe to run again.
  const at = deps.clock.now();
  const outcome = { status: 'executed' as const, execution: { reference, at }, updatedAt: at };
  const executed: ApprovalRequest = {
    ...request,
    ...outcome,
    effectsDue: EXECUTED_EFFECTS,
    effectsPending: true,
  };
  // The refund is on the order now: its grant stays in the ledger as the day's record of it (the
  // click's already does: `kept`); a cancellation's slot is given back.
  const released = kept ?? (await settleRequest(deps, executed));
  const options = {
    // The click's batch holds its decision; the sweep reads the trail for what a dead click left out.
    fresh: flushAudit !== undefined,
    ...(flushAudit ? { flushAudit } : {}),
    ...(released ? { siblingsPending: released.siblingsPending } : {}),
    unrecorded: outcome,
  };
  return (await finishEffectsOf(deps, executed, options)).request;
}

/** The refund id on the order under the request's key, if the order system made it; else null. */
async function refundMadeUnderKey(
  deps: ApprovalServiceDeps,
  request: ApprovalRequest,
): Promise<string | null> {
  if (request.action !== 'refund') return null;
  try {
    const order = await deps.orders.getOrder(request.tenantId, request.orderId);
    return order?.refunds.find((r) => r.idempotencyKey === request.idempotencyKey)?.refundId ?? null;
  } catch (err) {
    // Can't tell: the failure stands (staff see it escalated and can check the order).
    deps.logger.warn(
      { err, approvalId: request.approvalId },
      'reading the order after a failed refund failed',
    );
    return null;
  }
}

/** How long an approved request keeps being retried before it counts as failed. */
export const EXECUTION_RETRY_WINDOW_MS = 15 * 60_000;

/** Our own typed errors from the order system are answers (not refundable, not found); anything else may be transient. */
function isRetryable(err: unknown): boolean {
  return !(
    err instanceof ConflictError ||
    err instanceof ValidationError ||
    err instanceof NotFoundError ||
    err instanceof ForbiddenError
  );
}

function withinRetryWindow(deps: ApprovalServiceDeps, request: ApprovalRequest): boolean {
  const since = (request.decidedAt ?? request.updatedAt).getTime();
  return deps.clock.now().getTime() - since < EXECUTION_RETRY_WINDOW_MS;
}

async function recordFailure(
  deps: ApprovalServiceDeps,
  request: ApprovalRequest,
  err: unknown,
  flushAudit?: () => Promise<boolean>,
): Promise<ApprovalRequest> {
  const error = describeError(err);
  deps.logger.error(
    { err, approvalId: request.approvalId, ticketId: request.ticketId },
    'executing an approved action failed',
  );
  const failed = await deps.approvals.transition(request.tenantId, request.approvalId, ['approved'], {
    status: 'failed',
    execution: { at: deps.clock.now(), error },
    effectsDue: FAILED_EFFECTS,
    effectsPending: true,
    updatedAt: deps.clock.now(),
  });
  if (!failed) return (await deps.approvals.get(request.tenantId, request.approvalId)) ?? request;
  const released = await releaseRequest(deps, failed);
  const options = {
    // The click's batch holds its decision; the sweep reads the trail for what a dead click left out.
    fresh: flushAudit !== undefined,
    ...(flushAudit ? { flushAudit } : {}),
    ...(released ? { siblingsPending: released.siblingsPending } : {}),
  };
  return (await finishEffectsOf(deps, failed, options)).request;
}

/** After a decision the conversation is back with the bot, unless a person has taken it over. */
export async function reopenTicket(
  deps: ApprovalServiceDeps,
  request: ApprovalRequest,
  /** Whether another request of the ticket still waits, when the caller knows (the ledger told it). */
  siblingsPending?: boolean,
): Promise<void> {
  const before = await deps.tickets.get(request.tenantId, request.ticketId);
  if (!before || before.status !== 'pending_approval') return;
  // Another approval on the same ticket still waiting keeps the ticket pending.
  if (siblingsPending ?? (await hasPendingSibling(deps, request, before))) return;
  const after = await deps.tickets.update(
    request.tenantId,
    request.ticketId,
    { status: 'open', updatedAt: deps.clock.now() },
    { from: ['pending_approval'] },
  );
  if (after) {
    await auditStatusChanged(deps, request, before.status, after.status);
  }
}

async function hasPendingSibling(
  deps: ApprovalServiceDeps,
  request: ApprovalRequest,
  ticket: Ticket,
): Promise<boolean> {
  // By key from the ticket just read (Ticket.approvals).
  const others = await deps.approvals.listByTicket(request.tenantId, request.ticketId, ticket);
  return others.some((o) => o.approvalId !== request.approvalId && o.status === 'pending');
}
