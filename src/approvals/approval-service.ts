import { unsupportedActionReason } from '../commerce/order-system.js';
import { ProposedActionSchema, type ProposedAction } from '../agent/types.js';
import { NotFoundError, ValidationError, describeZodIssues } from '../errors.js';
import type { ApprovalRequest, PostedRef, Ticket } from '../domain/index.js';
import type { StaffActionResult } from '../conversation/ports.js';
import type { ApprovalService, ProposalOutcome } from './api.js';
import type { ApprovalStore } from './ports.js';
import {
  audit,
  cardSources,
  escalate,
  postCard,
  snapshot,
  SYSTEM_ACTOR,
  type ApprovalServiceDeps,
} from './approval-effects.js';
import { executeAutomatically, findRedelivery } from './approval-auto.js';
import { expireRequest } from './approval-closing.js';
import { decideApproval } from './approval-decide.js';
import { executeApproved } from './approval-execution.js';
import { createAuditBatch } from './audit-batch.js';
import { loadApprovalCard, memoCardSources } from './card-data.js';
import { createKeyedLock } from './keyed-lock.js';
import { answerBesideOpenRequest, sameTicketRequest } from './open-requests.js';
import { evaluateAction } from './policy.js';
import { countRecentRefunds, customerLockKey } from './refund-limits.js';

export type { ApprovalServiceDeps } from './approval-effects.js';
/** Exported from here before it moved; kept so existing imports still work. */
export { alreadyDecided } from './approval-closing.js';

const HOUR_MS = 3_600_000;

/**
 * Refund and cancellation policy, durable approval requests and their execution. Exactly once:
 * the request is stored before its card exists, decisions are one conditional update, and the
 * order system is called with a key derived from the request, so replays and crashes can't repeat it.
 */
export function createApprovalService(deps: ApprovalServiceDeps): ApprovalService {
  const grace = deps.sweepGraceMs ?? 30_000;
  // Everything that moves one request (clicks, sweep) runs one at a time per request in this process.
  const lock = createKeyedLock();

  async function propose(input: Parameters<ApprovalService['propose']>[0]): Promise<ProposalOutcome> {
    // The action comes from model output: parse it like any other boundary input.
    const parsed = ProposedActionSchema.safeParse(input.action);
    if (!parsed.success) {
      throw new ValidationError(`proposed action invalid: ${describeZodIssues(parsed.error.issues)}`);
    }
    // Two threads of one customer must not both pass the open-request and daily-limit checks below
    // (read, then write): their proposals run one at a time in this process.
    const key = customerLockKey(input.ticket.tenantId, input.customer.customerId);
    return lock.run(key, () => proposeNow(input, parsed.data));
  }

  async function proposeNow(
    input: Parameters<ApprovalService['propose']>[0],
    action: ProposedAction,
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
      approvals: withSetCardSeen(deps.approvals, (ref) => (cardRef = ref)),
      cards: memoCardSources(cardSources(deps), { tenant, ticket, customer }),
    };
    try {
      return await proposeWith(scoped, input, action, tenant, batch.flush, () => cardRef);
    } finally {
      await batch.flush();
    }
  }

  async function proposeWith(
    deps: ApprovalServiceDeps,
    input: Parameters<ApprovalService['propose']>[0],
    action: ProposedAction,
    tenant: NonNullable<Awaited<ReturnType<ApprovalServiceDeps['tenants']['get']>>>,
    flushAudit: () => Promise<void>,
    postedCard: () => PostedRef | undefined,
  ): Promise<ProposalOutcome> {
    const { ticket, customer, requestedBy } = input;
    const now = deps.clock.now();
    // What the order system cannot do (Stripe cancelling, no order system at all) goes to a person.
    const unsupported = unsupportedActionReason(
      deps.orders,
      action.type === 'refund' ? 'refund' : 'cancel',
      action.orderId,
    );
    if (unsupported) return { kind: 'escalate', reason: unsupported };
    const order = await deps.orders.getOrder(ticket.tenantId, action.orderId);
    const ours = order && order.customerId === customer.customerId && order.customerId === ticket.customerId;
    // A redelivered message whose refund already ran: the same answer again, not "already refunded".
    const done = ours ? findRedelivery(order, ticket, action) : undefined;
    if (done && order) {
      return {
        kind: 'executed',
        action: 'refund',
        reference: done.refundId,
        amountMinor: done.amountMinor,
        currency: order.currency,
        orderId: order.orderId,
      };
    }
    const open = order ? await deps.approvals.listOpenByOrder(ticket.tenantId, order.orderId) : [];
    // The same request again in the same ticket (a redelivery, a repeat): the open request answers.
    const repeat = ours ? sameTicketRequest(open, ticket, action) : undefined;
    if (repeat) return { kind: 'pending', approval: repeat };

    const refundsLast24h =
      action.type === 'refund'
        ? await countRecentRefunds(deps, { tenantId: ticket.tenantId, customerId: customer.customerId, now })
        : 0;
    const decision = evaluateAction({
      action,
      order,
      customer,
      ticketCustomerId: ticket.customerId,
      refundsLast24h,
      openRequestsMinor: open.filter((r) => r.action === 'refund').reduce((sum, r) => sum + r.amountMinor, 0),
      settings: tenant.settings,
      now,
    });
    await audit(deps, {
      tenantId: ticket.tenantId,
      ticketId: ticket.ticketId,
      actor: requestedBy,
      action: 'action.evaluated',
      before: { proposed: action },
      after: decision,
    });

    if (decision.kind === 'ineligible' || decision.kind === 'escalate') {
      // The engine escalates with this reason and tells the customer (see apply-result).
      return { kind: 'escalate', reason: decision.reason };
    }
    // evaluateAction answers `ineligible` for a missing order; this only narrows the type.
    if (!order) return { kind: 'escalate', reason: `Order ${action.orderId} was not found.` };
    // Before either path: beside an open request for this order, no automatic refund, no second request.
    if (open.length > 0) return answerBesideOpenRequest(order, open);
    if (decision.kind === 'auto') {
      await flushAudit(); // before the refund leaves the process
      return executeAutomatically(deps, ticket, order, decision);
    }

    const approvalId = deps.ids.id('apr');
    const request: ApprovalRequest = {
      tenantId: ticket.tenantId,
      approvalId,
      ticketId: ticket.ticketId,
      customerId: customer.customerId,
      orderId: decision.orderId,
      action: decision.action,
      amountMinor: decision.amountMinor,
      currency: decision.currency,
      reason: decision.reason,
      requiredRole: decision.requiredRole,
      status: 'pending',
      idempotencyKey: `approval:${approvalId}`,
      createdAt: now,
      expiresAt: new Date(now.getTime() + tenant.settings.approvalTtlHours * HOUR_MS),
      updatedAt: now,
    };
    // Stored (majority, journaled) before any card exists: a crash after this is finished by the sweep.
    await deps.approvals.insert(request);
    await audit(deps, {
      tenantId: request.tenantId,
      ticketId: request.ticketId,
      approvalId,
      actor: requestedBy,
      action: 'approval.created',
      after: snapshot(request),
    });
    await flushAudit(); // evaluated + created, before the card is posted
    await postCard(deps, request);
    await markPending(deps, ticket);
    if (decision.escalate) {
      await flushAudit(); // card posted + ticket pending, before the escalation card
      await escalate(
        deps,
        request,
        `Refund above the supervisor threshold for order ${request.orderId}: needs a supervisor.`,
      );
    }
    // As stored: this call wrote every field of it, the card ref included (no re-read needed).
    const card = postedCard();
    return { kind: 'pending', approval: card ? { ...request, card } : request };
  }

  async function markPending(deps: ApprovalServiceDeps, ticket: Ticket): Promise<void> {
    const after = await deps.tickets.update(
      ticket.tenantId,
      ticket.ticketId,
      { status: 'pending_approval', updatedAt: deps.clock.now() },
      { from: ['open', 'resolved'] },
    );
    if (after) {
      await audit(deps, {
        tenantId: ticket.tenantId,
        ticketId: ticket.ticketId,
        actor: SYSTEM_ACTOR,
        action: 'ticket.status_changed',
        before: { status: ticket.status },
        after: { status: after.status },
      });
    }
  }

  function decide(input: Parameters<ApprovalService['decide']>[0]): Promise<StaffActionResult> {
    return lock.run(`${input.tenantId}/${input.approvalId}`, () => decideApproval(deps, lock, input));
  }

  async function sweep(): Promise<{ expired: number; posted: number; executed: number }> {
    const now = deps.clock.now();
    const settled = new Date(now.getTime() - grace);
    const counts = { expired: 0, posted: 0, executed: 0 };
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
    // The caller (the app's timer) logs the counts once.
    return counts;
  }

  const expire = (request: ApprovalRequest) => expireRequest(deps, request);

  return {
    propose,
    decide,
    sweep,
    async cardFor(tenantId, approvalId) {
      const request = await deps.approvals.get(tenantId, approvalId);
      return request ? loadApprovalCard(cardSources(deps), request) : null;
    },
  };
}

/** The store as is, also telling `seen` the card ref it stores (so the caller needs no re-read). */
function withSetCardSeen(store: ApprovalStore, seen: (ref: PostedRef) => void): ApprovalStore {
  // Prototype-chained so a store of any shape (object literal or class) keeps all its methods.
  const wrapped = Object.create(store) as ApprovalStore;
  wrapped.setCard = async (tenantId, approvalId, card) => {
    await store.setCard(tenantId, approvalId, card);
    seen(card);
  };
  return wrapped;
}
