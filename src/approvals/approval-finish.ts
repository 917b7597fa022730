import type { ApprovalEffect, ApprovalRequest, AuditEvent } from '../domain/index.js';
import {
  audit,
  escalate,
  refreshCard,
  snapshot,
  SYSTEM_ACTOR,
  tellCustomerOutcome,
  type ApprovalServiceDeps,
} from './approval-effects.js';
import { reopenTicket } from './approval-execution.js';
import { resolveAfterExecution, resolveThenTell } from './approval-resolution.js';
import type { PostMark } from './ports.js';

/** What follows an executed refund or cancellation, in order. */
export const EXECUTED_EFFECTS: ApprovalEffect[] = ['audit', 'card', 'notice', 'ticket'];
/** What follows a failed one. */
export const FAILED_EFFECTS: ApprovalEffect[] = ['audit', 'card', 'notice', 'escalate'];

/**
 * Runs the effects still due on a request that reached `executed` or `failed`, in order, and
 * records them done once they all are (or which are left, when one fails): a process that dies
 * after the refund (issue 12, case 4: the customer never told, the ticket `pending_approval`
 * forever, the card on "executing…") leaves them due on the request (written with the status),
 * and the sweep runs them again. Every effect is safe to run again: the
 * audit entry is written once per request and outcome, the card is re-rendered from the stored
 * request, the customer notice is guarded by `customerNotifiedAt` and posted under an id derived
 * from the request (`noticeId`: told again before that mark was written, the customer gets it
 * once), the ticket moves only from the states it expects. An effect that fails stays due, and
 * so do the ones after it. The audit entry holds even against a click that is still running: the
 * decision and the outcome are stored under keys of the approval, so the database refuses the
 * second writer's copy (`auditEventKey`).
 * Returns true when nothing is left.
 */
export async function finishEffects(deps: ApprovalServiceDeps, request: ApprovalRequest): Promise<boolean> {
  return (await finishEffectsOf(deps, request)).done;
}

export interface FinishOptions {
  /**
   * The caller's own transition just wrote the request's outcome and its audit batch holds the
   * decision: nobody else can have audited either yet, so the trail is not read first (the sweep,
   * resuming, still reads it).
   */
  fresh?: boolean;
  /**
   * Writes the audit events the effects recorded (one insertMany); false when the write failed,
   * so the audit stays due for the sweep.
   */
  flushAudit?: () => Promise<boolean>;
  /** Whether another request of the ticket still waits, when the caller knows (the ledger told it). */
  siblingsPending?: boolean;
  /** The notice also redraws the request's card (the two effects as one step). */
  withCard?: boolean;
  /**
   * The outcome this run made and has not stored (the request is still `approved` in the store):
   * stored with the effects' progress, by the transition from `approved` that ends them. A run
   * that loses it (the sweep recorded it first) leaves the request as that runner stored it.
   */
  unrecorded?: Pick<ApprovalRequest, 'status' | 'execution' | 'updatedAt'>;
}

/**
 * `finishEffects`, also returning the request as it stands after them (no re-read: every change an
 * effect makes to the request is applied to the copy in hand). Progress is written once, at the
 * end or where an effect fails: every effect is safe to run again, so a process that dies midway
 * leaves them all due and the sweep runs them again.
 */
export async function finishEffectsOf(
  deps: ApprovalServiceDeps,
  request: ApprovalRequest,
  options: FinishOptions = {},
): Promise<{ done: boolean; request: ApprovalRequest }> {
  // The run that stores the outcome with the progress (a click, the sweep's execution) has the
  // sent marks of its posts (the card's update, the notice) stored by that write too (issue 13).
  const hold = options.unrecorded ? deps.notifier.holdPosts?.bind(deps.notifier) : undefined;
  if (!hold) return runEffects(deps, request, options, []);
  const marks: PostMark[] = [];
  return hold(request.approvalId, marks, (notifier) =>
    runEffects({ ...deps, notifier }, request, options, marks),
  );
}

async function runEffects(
  deps: ApprovalServiceDeps,
  request: ApprovalRequest,
  options: FinishOptions,
  /** Sent marks of this run's posts, kept back for the write that stores the outcome. */
  marks: PostMark[],
): Promise<{ done: boolean; request: ApprovalRequest }> {
  const due = [...(request.effectsDue ?? [])];
  let current = request;
  // The effects' progress, with the outcome when this run has not stored it yet (one write).
  const progress = async (left: ApprovalEffect[], told?: { customerNotifiedAt: Date }) => {
    const { unrecorded } = options;
    if (!unrecorded) {
      await deps.approvals.setEffectsDue(request.tenantId, request.approvalId, left, told);
      return;
    }
    let stored: ApprovalRequest | null = null;
    try {
      stored = await deps.approvals.transition(
        request.tenantId,
        request.approvalId,
        ['approved'],
        {
          ...unrecorded,
          ...(left.length > 0 ? { effectsDue: left, effectsPending: true } : {}),
          ...(told ?? {}),
        },
        marks.length > 0 ? { posted: marks } : undefined,
      );
    } finally {
      // Lost (the sweep stored the outcome first) or failed: the outbox marks the posts itself.
      if (!stored && marks.length > 0) await deps.notifier.releasePosts?.(marks.splice(0));
    }
  };
  // When the notice told the customer here: stored with the effects' progress, in one write.
  const told = () =>
    current.customerNotifiedAt && !request.customerNotifiedAt
      ? { customerNotifiedAt: current.customerNotifiedAt }
      : undefined;
  while (due.length > 0) {
    const effect = due[0]!;
    // An executed request's notice and the ticket's resolution as one ticket write, when the run
    // knows no other request of the ticket waits (resolveThenTell); the card's redraw goes with
    // the notice. Otherwise, or when that way does not apply, the effects run one by one.
    const steps = effect === 'card' && current.card !== undefined ? due.slice(1, 3) : due.slice(0, 2);
    if (
      current.status === 'executed' &&
      options.siblingsPending === false &&
      (effect === 'card' ? current.card !== undefined : effect === 'notice') &&
      steps[0] === 'notice' &&
      steps[1] === 'ticket'
    ) {
      const key = current.action === 'refund' ? 'refund_executed' : 'cancellation_executed';
      const both = await resolveThenTell(deps, current, key, { withCard: effect === 'card' });
      if (both) {
        if (both.told.notifiedAt) current = { ...current, customerNotifiedAt: both.told.notifiedAt };
        // The ticket's step is done either way (resolved, or back to open when the notice was held).
        due.splice(due.indexOf('ticket'), 1);
        if (!both.told.ok) {
          deps.logger.warn(
            { approvalId: request.approvalId, ticketId: request.ticketId, effect, due },
            'an approval effect failed; the sweep will finish it',
          );
          if (options.flushAudit) await options.flushAudit();
          await progress(due, told());
          return { done: false, request: { ...current, effectsDue: due } };
        }
        due.splice(0, effect === 'card' ? 2 : 1);
        continue;
      }
    }
    // The card's redraw goes out with the customer's notice that follows it (one outbox write for
    // both); if that step fails, both stay due.
    const together = effect === 'card' && due[1] === 'notice' && current.card !== undefined;
    const outcome = together
      ? await run(deps, current, 'notice', { ...options, withCard: true })
      : await run(deps, current, effect, options);
    if (!outcome) {
      deps.logger.warn(
        { approvalId: request.approvalId, ticketId: request.ticketId, effect, due },
        'an approval effect failed; the sweep will finish it',
      );
      if (options.flushAudit) await options.flushAudit();
      await progress(due, told());
      return { done: false, request: { ...current, effectsDue: due } };
    }
    // The notice sets customerNotifiedAt, which the ticket step reads.
    if (typeof outcome === 'object') current = { ...current, ...outcome };
    if (together) due.shift();
    due.shift();
  }
  // The trail first: if it cannot be written, the audit stays due (the sweep checks the trail).
  const left: ApprovalEffect[] = options.flushAudit && !(await options.flushAudit()) ? ['audit'] : [];
  await progress(left, told());
  const { effectsDue: _due, effectsPending: _pending, ...rest } = current;
  return {
    done: left.length === 0,
    request: left.length > 0 ? { ...rest, effectsDue: left, effectsPending: true } : rest,
  };
}

/**
 * The staff decision's audit event, from the request, when the trail lacks it; false when that write
 * failed. The click may still be alive (stalled in the order system past the sweep's grace) and
 * write its own later: the event's key makes whichever comes second a no-op (`auditEventKey`). The
 * trail is read first all the same, for events stored before keys, under a random id.
 */
async function auditDecision(
  deps: ApprovalServiceDeps,
  request: ApprovalRequest,
  trail: AuditEvent[],
): Promise<boolean> {
  const by = request.decidedBy;
  if (by?.kind !== 'staff' || trail.some((e) => e.action === 'approval.approved')) return true;
  const decided = { ...snapshot(request), status: 'approved', execution: undefined };
  return audit(deps, {
    tenantId: request.tenantId,
    ticketId: request.ticketId,
    approvalId: request.approvalId,
    actor: by,
    action: 'approval.approved',
    before: { ...decided, status: 'pending', decidedBy: undefined, decidedAt: undefined },
    after: decided,
    note: 'recorded by the sweep: the deciding click had not written it (it stopped, or was still waiting)',
  });
}

/** Runs one effect: false when it failed; the request's changed fields when it changed it. */
async function run(
  deps: ApprovalServiceDeps,
  request: ApprovalRequest,
  effect: ApprovalEffect,
  options: FinishOptions,
): Promise<boolean | Partial<ApprovalRequest>> {
  const { fresh, siblingsPending } = options;
  const executed = request.status === 'executed';
  switch (effect) {
    case 'audit': {
      const action = executed ? 'approval.executed' : 'approval.failed';
      if (!fresh) {
        const trail = await deps.audit.listForApproval(request.tenantId, request.approvalId);
        // A click writes its decision's event with the rest, once the effects ran (approval-decide.ts):
        // a process that died (or still waits) before that write left it out, and it is written here
        // from the request; a click that wakes later finds its copy refused by the key.
        if (!(await auditDecision(deps, request, trail))) return false;
        if (trail.some((e) => e.action === action)) return true;
      }
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
    case 'notice': {
      const key = !executed
        ? 'action_failed'
        : request.action === 'refund'
          ? 'refund_executed'
          : 'cancellation_executed';
      // Marked with the effects' progress (finishEffectsOf): a run that dies before that write
      // leaves the notice due, and telling again under the notice's id posts nothing more.
      const told = await tellCustomerOutcome(
        deps,
        request,
        key,
        {},
        { markLater: true, ...(options.withCard ? { withCard: true } : {}) },
      );
      return told.ok && told.notifiedAt ? { customerNotifiedAt: told.notifiedAt } : told.ok;
    }
    case 'ticket':
      {
        // Known only to the run that executed it; the sweep reads the ticket's requests.
        const known = siblingsPending === undefined ? undefined : { siblingsPending };
        if (!(await resolveAfterExecution(deps, request, known))) {
          await reopenTicket(deps, request, siblingsPending);
        }
      }
      return true;
    case 'escalate':
      return escalate(
        deps,
        request,
        `The approved ${request.action} for order ${request.orderId} failed: ${request.execution?.error ?? 'unknown error'}`,
      );
  }
}
