import type { ApprovalEffect, ApprovalRequest } from '../domain/index.js';
import {
  audit,
  escalate,
  refreshCard,
  snapshot,
  SYSTEM_ACTOR,
  tellCustomer,
  type ApprovalServiceDeps,
} from './approval-effects.js';
import { reopenTicket } from './approval-execution.js';
import { resolveAfterExecution } from './approval-resolution.js';

/** What follows an executed refund or cancellation, in order. */
export const EXECUTED_EFFECTS: ApprovalEffect[] = ['audit', 'card', 'notice', 'ticket'];
/** What follows a failed one. */
export const FAILED_EFFECTS: ApprovalEffect[] = ['audit', 'card', 'notice', 'escalate'];

/**
 * Runs the effects still due on a request that reached `executed` or `failed`, in order, and
 * records each one done as it goes: a process that dies after the refund (issue 12, case 4: the
 * customer never told, the ticket `pending_approval` forever, the card on "executing…") leaves
 * the rest on the request, and the sweep finishes them. Every effect is safe to run again: the
 * audit entry is written once per request and outcome, the card is re-rendered from the stored
 * request, the customer notice is guarded by `customerNotifiedAt`, the ticket moves only from the
 * states it expects. An effect that fails stays due, and so do the ones after it.
 * Returns true when nothing is left.
 */
export async function finishEffects(deps: ApprovalServiceDeps, request: ApprovalRequest): Promise<boolean> {
  let due = [...(request.effectsDue ?? [])];
  let current = request;
  while (due.length > 0) {
    const effect = due[0]!;
    if (!(await run(deps, current, effect))) {
      deps.logger.warn(
        { approvalId: request.approvalId, ticketId: request.ticketId, effect, due },
        'an approval effect failed; the sweep will finish it',
      );
      return false;
    }
    due = due.slice(1);
    await deps.approvals.setEffectsDue(request.tenantId, request.approvalId, due);
    // The notice sets customerNotifiedAt, which the ticket step reads: carry on from the stored request.
    current = (await deps.approvals.get(request.tenantId, request.approvalId)) ?? current;
  }
  return true;
}

async function run(
  deps: ApprovalServiceDeps,
  request: ApprovalRequest,
  effect: ApprovalEffect,
): Promise<boolean> {
  const executed = request.status === 'executed';
  switch (effect) {
    case 'audit': {
      const action = executed ? 'approval.executed' : 'approval.failed';
      const trail = await deps.audit.listForApproval(request.tenantId, request.approvalId);
      if (trail.some((e) => e.action === action)) return true;
      return audit(deps, {
        tenantId: request.tenantId,
        ticketId: request.ticketId,
        approvalId: request.approvalId,
        actor: SYSTEM_ACTOR,
        action,
        before: { ...snapshot(request), status: 'approved' },
        after: snapshot(request),
        ...(request.execution?.error ? { note: request.execution.error } : {}),
      });
    }
    case 'card':
      return refreshCard(deps, request);
    case 'notice':
      if (!executed) return tellCustomer(deps, request, 'action_failed');
      return tellCustomer(
        deps,
        request,
        request.action === 'refund' ? 'refund_executed' : 'cancellation_executed',
      );
    case 'ticket':
      if (!(await resolveAfterExecution(deps, request))) await reopenTicket(deps, request);
      return true;
    case 'escalate':
      return escalate(
        deps,
        request,
        `The approved ${request.action} for order ${request.orderId} failed: ${request.execution?.error ?? 'unknown error'}`,
      );
  }
}
