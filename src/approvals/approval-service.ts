import { ProposedActionSchema, type ProposedAction } from '../agent/types.js';
import { NotFoundError, ValidationError, describeZodIssues } from '../errors.js';
import type { ApprovalRequest, AuditEvent, PendingConfirmation, PostedRef } from '../domain/index.js';
import type { StaffActionResult } from '../conversation/ports.js';
import type { ApprovalService, ConfirmationOutcome, ProposalOutcome } from './api.js';
import type { ApprovalStore } from './ports.js';
import { cardSources, postCard, type ApprovalServiceDeps } from './approval-effects.js';
import { expireRequest } from './approval-closing.js';
import { liveConfirmation, settleConfirmation } from './approval-confirm.js';
import { decideApproval } from './approval-decide.js';
import { executeApproved } from './approval-execution.js';
import { finishEffects } from './approval-finish.js';
import { proposeWith, type ProposeInput } from './approval-propose.js';
import { createAuditBatch, type AuditBatch } from './audit-batch.js';
import { loadApprovalCard, memoCardSources } from './card-data.js';
import { createKeyedLock } from './keyed-lock.js';
import { customerOrderView } from './order-view.js';
import { customerLockKey } from './refund-limits.js';

export type { ApprovalServiceDeps } from './approval-effects.js';
/** Exported from here before it moved; kept so existing imports still work. */
export { alreadyDecided } from './approval-closing.js';

/**
 * Refund and cancellation policy, durable approval requests and their execution. Exactly once:
 * the request is stored before its card exists, decisions are one conditional update, and the
 * order system is called with a key derived from the request, so replays and crashes can't repeat it.
 */
export function createApprovalService(deps: ApprovalServiceDeps): ApprovalService {
  const grace = deps.sweepGraceMs ?? 30_000;
  // Everything that moves one request (clicks, sweep) runs one at a time per request in this
  // process: an optimisation, the database guards the decision (keyed-lock.ts).
  const lock = createKeyedLock();

  async function propose(input: ProposeInput): Promise<ProposalOutcome> {
    // The action comes from model output: parse it like any other boundary input.
    const parsed = ProposedActionSchema.safeParse(input.action);
    if (!parsed.success) {
      throw new ValidationError(`proposed action invalid: ${describeZodIssues(parsed.error.issues)}`);
    }
    // The open-request and daily-limit checks are guarded in the customer's refund ledger (MongoDB,
    // every process); running one customer's proposals one at a time here only saves retries.
    const key = customerLockKey(input.ticket.tenantId, input.customer.customerId);
    return lock.run(key, () => proposeNow(input, parsed.data));
  }

  async function proposeNow(
    input: ProposeInput,
    action: ProposedAction,
    confirmed?: PendingConfirmation,
  ): Promise<ProposalOutcome> {
    const { ticket, customer } = input;
    const tenant = await deps.tenants.get(ticket.tenantId);
    if (!tenant) throw new NotFoundError(`tenant ${ticket.tenantId} not found`);
    // Fewer round trips, same writes: the card is built from the tenant, ticket and customer in
    // hand, and audit events with only our own writes between them go out together.
    const batch = createAuditBatch(deps.audit, deps.logger);
    let cardRef: PostedRef | undefined;
    const scoped: ApprovalServiceDeps = {
      ...deps,
      audit: batch.log,
      // The order, the daily count and the refund's starting point from one read of their orders.
      orders: customerOrderView(
        deps.orders,
        ticket.tenantId,
        customer.customerId,
        deps.countFromEarlierRead && earlierReadOf(input) ? input.customerOrders : undefined,
      ),
      approvals: withHeldTrail(
        withSetCardSeen(deps.approvals, (ref) => (cardRef = ref)),
        batch,
      ),
      cards: memoCardSources(cardSources(deps), { tenant, ticket, customer }),
    };
    try {
      return await proposeWith(scoped, input, action, {
        tenant,
        flushAudit: batch.flush,
        postedCard: () => cardRef,
        ...(confirmed ? { confirmed } : {}),
      });
    } finally {
      await batch.flush();
    }
  }

  function confirm(input: Parameters<ApprovalService['confirm']>[0]): Promise<ConfirmationOutcome> {
    const key = customerLockKey(input.ticket.tenantId, input.customer.customerId);
    return lock.run(key, async () => {
      const ticket = (await deps.tickets.get(input.ticket.tenantId, input.ticket.ticketId)) ?? input.ticket;
      const confirmation = liveConfirmation(ticket, deps.clock.now());
      if (!confirmation) return { kind: 'none' };
      // A button answers the question it was posted under, never a newer one on the same ticket.
      if (input.confirmationId && input.confirmationId !== confirmation.confirmationId)
        return { kind: 'none' };
      if (!(await settleConfirmation(deps, ticket, confirmation, input.answer, input.requestedBy))) {
        return { kind: 'none' };
      }
      if (input.answer === 'no') return { kind: 'declined', confirmation };
      const action: ProposedAction = {
        type: 'refund',
        orderId: confirmation.orderId,
        amountMinor: confirmation.amountMinor,
        reason: '',
      };
      // Everything is checked again with today's data: the ticket may have gone to staff meanwhile.
      return proposeNow({ ...input, ticket, action }, action, confirmation);
    });
  }

  function decide(input: Parameters<ApprovalService['decide']>[0]): Promise<StaffActionResult> {
    return lock.run(`${input.tenantId}/${input.approvalId}`, () => decideApproval(deps, input));
  }

  async function sweep(): Promise<{ expired: number; posted: number; executed: number; finished: number }> {
    const now = deps.clock.now();
    const settled = new Date(now.getTime() - grace);
    const counts = { expired: 0, posted: 0, executed: 0, finished: 0 };
    // One bad request must not stop the sweep for the others: each is tried alone and logged.
    const each = async (
      items: ApprovalRequest[],
      run: (r: ApprovalRequest) => Promise<boolean>,
      key: keyof typeof counts,
    ) => {
      for (const r of items) {
        try {
          if (await lock.run(`${r.tenantId}/${r.approvalId}`, () => run(r))) counts[key] += 1;
        } catch (err) {
          deps.logger.error(
            { err, approvalId: r.approvalId, ticketId: r.ticketId },
            `approval sweep (${key}) failed`,
          );
        }
      }
    };
    await each(await deps.approvals.listExpired(now), expire, 'expired');
    await each(await deps.approvals.listUnposted(settled), (r) => postCard(deps, r), 'posted');
    await each(
      await deps.approvals.listApprovedUnexecuted(settled),
      async (r) => (await executeApproved(deps, r)).status === 'executed',
      'executed',
    );
    // Whatever state a request is in, effects a dead process left undone are finished here.
    await each(
      await deps.approvals.listUnfinishedEffects(settled),
      async (r) => {
        const fresh = await deps.approvals.get(r.tenantId, r.approvalId);
        return fresh?.effectsPending ? finishEffects(deps, fresh) : false;
      },
      'finished',
    );
    // The caller (the app's timer) logs the counts once.
    return counts;
  }

  const expire = (request: ApprovalRequest) => expireRequest(deps, request);

  return {
    propose,
    confirm,
    decide,
    sweep,
    async cardFor(tenantId, approvalId) {
      const request = await deps.approvals.get(tenantId, approvalId);
      return request ? loadApprovalCard(cardSources(deps), request) : null;
    },
  };
}

/** The caller's earlier read is this customer's orders (only what it holds is ever counted). */
function earlierReadOf(input: ProposeInput): boolean {
  const { customerOrders, ticket, customer } = input;
  return (
    customerOrders !== undefined &&
    customerOrders.every((o) => o.tenantId === ticket.tenantId && o.customerId === customer.customerId)
  );
}

/** The store as is, also telling `seen` the card ref it stores (so the caller needs no re-read). */
function withSetCardSeen(store: ApprovalStore, seen: (ref: PostedRef) => void): ApprovalStore {
  // Prototype-chained so a store of any shape (object literal or class) keeps all its methods.
  const wrapped = Object.create(store) as ApprovalStore;
  wrapped.setCard = async (tenantId, approvalId, card, trail) => {
    await store.setCard(tenantId, approvalId, card, trail);
    seen(card);
  };
  return wrapped;
}

/**
 * The store as is, except that the request's insert and its card's reference also store the audit
 * events the batch holds by then (issue 13): the proposal's trail rides in writes it makes anyway,
 * and a write that fails gives them back to the batch, which writes them at the end.
 */
function withHeldTrail(store: ApprovalStore, batch: AuditBatch): ApprovalStore {
  const wrapped = Object.create(store) as ApprovalStore;
  // Only events of the ticket of the request this operation inserted (their readers find them
  // through that ticket's requests); any other stays held for the batch's own write.
  let ticketId: string | undefined;
  const carrying = async (
    own: readonly AuditEvent[] | undefined,
    write: (t: AuditEvent[]) => Promise<void>,
  ) => {
    const all = batch.take();
    const held = all.filter((e) => ticketId !== undefined && e.ticketId === ticketId);
    batch.restore(all.filter((e) => !held.includes(e)));
    try {
      await write([...held, ...(own ?? [])]);
    } catch (err) {
      batch.restore(held);
      throw err;
    }
  };
  wrapped.insert = (request, trail) => {
    ticketId = request.ticketId;
    return carrying(trail, (t) => store.insert(request, t));
  };
  wrapped.setCard = (tenantId, approvalId, card, trail) =>
    carrying(trail, (t) => store.setCard(tenantId, approvalId, card, t));
  return wrapped;
}
