import { unsupportedActionReason } from '../commerce/order-system.js';
import type { ProposedAction } from '../agent/types.js';
import type {
  ApprovalRequest,
  Order,
  PendingConfirmation,
  PostedRef,
  Tenant,
  Ticket,
} from '../domain/index.js';
import type { ApprovalService, ProposalOutcome } from './api.js';
import {
  audit,
  auditEvent,
  cardSources,
  escalate,
  postCard,
  snapshot,
  type ApprovalServiceDeps,
} from './approval-effects.js';
import { carriedCard, postCarried } from './carried-card.js';
import { autoKey, executeAutomatically, findRedelivery } from './approval-auto.js';
import { askConfirmation } from './approval-confirm.js';
import { checkCustomerAsked } from './customer-asked.js';
import { answerBesideOpenRequest, sameTicketRequest } from './open-requests.js';
import { dailyLimitReason, evaluateAction } from './policy.js';
import type { RefundHold } from './refund-ledger.schema.js';
import {
  changeLedger,
  heldRefunds,
  holdOf,
  openOnOrder,
  openRequestOf,
  readLedger,
  releaseHold,
  releaseRequest,
  settledGrants,
  type LedgerChange,
  type LedgerView,
} from './refund-limits.js';
import { predictsRequest, provisionalHold, sameHold, takeRequestHold } from './request-hold.js';
import { markPending } from './pending-ticket.js';

const HOUR_MS = 3_600_000;

export type ProposeInput = Parameters<ApprovalService['propose']>[0];

export interface ProposeContext {
  tenant: Tenant;
  /** Writes the audit events batched so far (before money leaves the process; the rest at the end). */
  flushAudit: () => Promise<unknown>;
  /** The card ref stored by this operation, if any. */
  postedCard: () => PostedRef | undefined;
  /** The customer's yes to this pending confirmation: refund now, with the key it was asked under. */
  confirmed?: PendingConfirmation;
}

/** A request's hold taken with the ledger's read, before the policy decided (see request-hold.ts). */
interface EarlyHold {
  hold: RefundHold | null;
  /** The request was stored with it (or its write replaced it): not given back at the end. */
  kept: boolean;
}

/**
 * One proposal through the rules, in order: the customer asked for it (a stored message of this
 * ticket, the order they named), the order is theirs and eligible, the tenant's thresholds and
 * daily limit, who is in charge of the ticket, and the customer's confirmation before an automatic
 * refund. Only then does money move, under an idempotency key.
 */
export async function proposeWith(
  deps: ApprovalServiceDeps,
  input: ProposeInput,
  action: ProposedAction,
  ctx: ProposeContext,
): Promise<ProposalOutcome> {
  const early: EarlyHold = { hold: null, kept: false };
  try {
    return await proposeHeld(deps, input, action, ctx, early);
  } finally {
    // Taken for a request this proposal did not open (refused, escalated, answered otherwise).
    if (early.hold && !early.kept)
      await releaseHold(deps, {
        tenantId: input.ticket.tenantId,
        customerId: input.customer.customerId,
        key: early.hold.key,
      });
  }
}

async function proposeHeld(
  deps: ApprovalServiceDeps,
  input: ProposeInput,
  action: ProposedAction,
  ctx: ProposeContext,
  taken: EarlyHold,
): Promise<ProposalOutcome> {
  const { customer, requestedBy } = input;
  const { tenant, flushAudit, confirmed } = ctx;
  const now = deps.clock.now();
  // The ticket as the caller read it. Who has it *now* (a person may have taken it while the agent
  // thought) decides only whether money moves without staff: it is read again below before an
  // automatic refund, and the request path's ticket write is conditional on the status.
  let ticket = input.ticket;
  // What the order system cannot do (Stripe cancelling, no order system at all) goes to a person.
  const unsupported = unsupportedActionReason(
    deps.orders,
    action.type === 'refund' ? 'refund' : 'cancel',
    action.orderId,
  );
  if (unsupported) return { kind: 'escalate', reason: unsupported };
  const ttl = tenant.settings.approvalTtlHours;
  // With a refund, the order system's refunds of the last 24 h too, counted after each ledger read.
  // Without this proposal's own early hold: a write from a view replaces the holds it shows.
  const reread = async (absent = false) => {
    const v = await readLedger(
      deps,
      ticket.tenantId,
      customer.customerId,
      now,
      ttl,
      action.type === 'refund' ? deps.orders : undefined,
      absent,
    );
    const own = taken.hold?.key;
    return own ? { ...v, holds: v.holds.filter((h) => h.key !== own) } : v;
  };
  // A refund that can only become an approval request (issue 13) takes the request's hold with
  // its read of the ledger: one round trip instead of a read and a conditional write. Given back
  // at the end unless the request is stored (proposeWith).
  const reserve =
    action.type === 'refund' &&
    deps.orders.customerOrders &&
    !confirmed &&
    predictsRequest(action, ticket, tenant)
      ? provisionalHold(action, ticket, tenant, deps.ids.id('apr'), now)
      : null;
  const heldEarly = reserve
    ? await takeRequestHold(
        deps,
        reserve,
        { tenantId: ticket.tenantId, customerId: customer.customerId, now, ttlHours: ttl },
        deps.orders,
      )
    : null;
  if (heldEarly) taken.hold = reserve;
  // Where the customer's orders are one read (the demo store), a refund reads the ledger first:
  // the day's count that follows it reads their orders, and the order asked about comes from
  // that read instead of one of its own.
  // A take that found no ledger: it is started from the customer's open requests without a read.
  const absent = reserve !== null && deps.refundLedgers.take !== undefined;
  const early =
    heldEarly ?? (action.type === 'refund' && deps.orders.customerOrders ? await reread(absent) : null);
  const order = await deps.orders.getOrder(ticket.tenantId, action.orderId);
  const ours = order && order.customerId === customer.customerId && order.customerId === ticket.customerId;
  // A redelivered message (or a second "yes") whose refund already ran: the same answer again.
  const done =
    ours && confirmed
      ? order.refunds.find((r) => r.idempotencyKey === confirmed.idempotencyKey)
      : ours
        ? findRedelivery(order, ticket, action)
        : undefined;
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
  const asked = await checkCustomerAsked(
    // Through the card sources: the card posted below shows these messages too.
    { messages: cardSources(deps).messages ?? deps.messages, orders: deps.orders, clock: deps.clock },
    {
      tenantId: ticket.tenantId,
      ticketId: ticket.ticketId,
      customerId: customer.customerId,
      action,
      settings: tenant.settings,
      ticket,
    },
  );
  if (!asked.ok) {
    const reason = `Proposal refused: ${asked.reason}.`;
    await audit(deps, {
      tenantId: ticket.tenantId,
      ticketId: ticket.ticketId,
      actor: requestedBy,
      action: 'action.refused',
      before: { proposed: action },
      note: reason,
    });
    return { kind: 'escalate', reason };
  }
  // The customer's ledger (one keyed read) holds their open requests and refunds in flight, in
  // every process: the open requests on this order and the daily count come from it.
  const ledger = order && ours ? (early ?? (await reread())) : null;
  // Grants on this order whose refund is made (kept by their click as the day's record of it).
  const settled =
    ledger && order
      ? await settledGrants(deps, ticket.tenantId, openOnOrder(ledger, order.orderId))
      : new Set();
  const openOn = (v: LedgerView, orderId: string) =>
    openOnOrder(v, orderId).filter((h) => !settled.has(h.key));
  const openHolds = ledger && order ? openOn(ledger, order.orderId) : [];
  // The same request again in the same ticket (a redelivery, a repeat): the open request answers.
  const repeatHold = sameTicketRequest(openHolds, ticket, action);
  const repeat = repeatHold?.approvalId
    ? await deps.approvals.get(ticket.tenantId, repeatHold.approvalId)
    : null;
  if (repeat && (repeat.status === 'pending' || repeat.status === 'approved')) {
    // A new ticket (a rerun of a run killed before it stored its ticket): stored waiting for it.
    const stored =
      repeat.status === 'pending'
        ? await markPending(deps, ticket, repeat.approvalId, undefined, input.unstored, true)
        : null;
    return { kind: 'pending', approval: repeat, ...(stored ? { ticket: stored } : {}) };
  }
  const open = openHolds.map(openRequestOf);
  // The order system's refunds of the last 24 h (made here or anywhere else) plus the ledger's.
  const refundsLast24h = ledger ? ledger.executed + heldRefunds(ledger, now) : 0;
  // What the ledger as it stands refuses (a write that lost decides again on a fresh read).
  const overLimit = (v: LedgerView): { refuse: ProposalOutcome } | null => {
    const count = v.executed + heldRefunds(v, now);
    if (count < tenant.settings.dailyRefundLimit) return null;
    return {
      refuse: { kind: 'escalate', reason: dailyLimitReason(count, tenant.settings.dailyRefundLimit) },
    };
  };
  const besideOpen = (v: LedgerView, o: Order): { refuse: ProposalOutcome } | null => {
    const beside = openOn(v, o.orderId);
    return beside.length > 0 ? { refuse: answerBesideOpenRequest(o, beside.map(openRequestOf)) } : null;
  };
  const evaluate = (t: Ticket) =>
    evaluateAction({
      action,
      order,
      customer,
      ticketCustomerId: t.customerId,
      refundsLast24h,
      openRequestsMinor: open.filter((r) => r.action === 'refund').reduce((sum, r) => sum + r.amountMinor, 0),
      customerQuote: asked.request.quote,
      ticketStatus: t.status,
      settings: tenant.settings,
      now,
    });
  let decision = evaluate(ticket);
  // Money would move without staff: only if the ticket is still the bot's now (a confirmation's
  // ticket was read just before, by confirm).
  if (decision.kind === 'auto' && !confirmed) {
    const current = await deps.tickets.get(ticket.tenantId, ticket.ticketId);
    if (current && current.status !== ticket.status) decision = evaluate(current);
    ticket = current ?? ticket;
  }
  await audit(deps, {
    tenantId: ticket.tenantId,
    ticketId: ticket.ticketId,
    actor: requestedBy,
    action: 'action.evaluated',
    before: { proposed: action, customerWrote: asked.request.quote, order: asked.basis },
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
    if (confirmed && confirmed.amountMinor !== decision.amountMinor) {
      return {
        kind: 'escalate',
        reason: `The customer confirmed ${confirmed.amountMinor} minor units on order ${order.orderId}, but ${decision.amountMinor} is refundable now; a person has to look.`,
      };
    }
    // The question and the refund write the ticket: stored first if it is new.
    await input.unstored?.store();
    if (!confirmed && tenant.settings.confirmAutoRefunds) {
      return askConfirmation(deps, ticket, requestedBy, {
        orderId: order.orderId,
        amountMinor: decision.amountMinor,
        currency: decision.currency,
        customerQuote: asked.request.quote,
        idempotencyKey: autoKey(ticket, order, 'refund'),
        ttlHours: tenant.settings.approvalTtlHours,
      });
    }
    const key = confirmed?.idempotencyKey ?? autoKey(ticket, order, 'refund');
    // The slot is taken in the ledger before the money moves: of two processes racing for the
    // customer's last slot, one refunds and the other escalates.
    const held = await changeLedger(
      deps,
      ledger ?? (await reread()),
      (v): LedgerChange<ProposalOutcome> => {
        // The same refund already in flight (a redelivery in another process): the key refunds once.
        if (v.holds.some((h) => h.key === key)) return { keep: true };
        const refused = overLimit(v) ?? besideOpen(v, order);
        if (refused) return refused;
        const hold: RefundHold = {
          key,
          kind: 'auto',
          action: 'refund',
          orderId: order.orderId,
          ticketId: ticket.ticketId,
          amountMinor: decision.amountMinor,
          currency: decision.currency,
          at: now,
        };
        return { holds: [...v.holds, hold] };
      },
      reread,
    );
    if (!held.ok) return held.refuse;
    await flushAudit(); // before the refund leaves the process
    let outcome: ProposalOutcome | undefined;
    try {
      outcome = await executeAutomatically(deps, ticket, order, decision, key);
      return outcome;
    } finally {
      // Made: the hold stays as the day's record of the refund (its key is left out of the order's
      // count) until it goes stale, an hour on, long after the refund is on the order; so every
      // Switchboard refund of the moment is in the ledger (the orders may be read before it).
      // Not made: given back.
      if (outcome?.kind !== 'executed')
        await releaseHold(deps, { tenantId: ticket.tenantId, customerId: customer.customerId, key });
    }
  }

  const approvalId = reserve?.approvalId ?? deps.ids.id('apr');
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
    customerRequest: {
      ...(asked.request.messageId ? { messageId: asked.request.messageId } : {}),
      quote: asked.request.quote,
    },
    requiredRole: decision.requiredRole,
    status: 'pending',
    idempotencyKey: `approval:${approvalId}`,
    createdAt: now,
    expiresAt: new Date(now.getTime() + tenant.settings.approvalTtlHours * HOUR_MS),
    updatedAt: now,
  };
  // The request's hold goes into the ledger first: in any process, a second request for this order
  // or one past the daily limit is refused from here on. Taken already with the ledger's read when
  // it was foreseen as it is (the view then shows what others hold, as a read would).
  const refusal = (v: LedgerView) =>
    besideOpen(v, order) ?? (request.action === 'refund' ? overLimit(v) : null);
  const held =
    taken.hold && ledger && sameHold(taken.hold, holdOf(request))
      ? (refusal(ledger) ?? { ok: true as const })
      : await changeLedger(
          deps,
          ledger ?? (await reread()),
          (v): LedgerChange<ProposalOutcome> => refusal(v) ?? { holds: [...v.holds, holdOf(request)] },
          reread,
        );
  if ('refuse' in held) return held.refuse;
  // Under the same key as the early hold: from here on the request's own (released on failure).
  taken.kept = true;
  // Issue 13: the card's pending post rides in the request's insert (no outbox write of its own).
  const carried = await carriedCard(deps, ticket, request);
  // Stored (majority, journaled) before any card exists: a crash after this is finished by the sweep.
  // The policy's decision and the request's creation are stored on it by the same insert (issue 13:
  // no audit insert of their own; a request is never stored without them).
  const created = auditEvent(deps, {
    tenantId: request.tenantId,
    ticketId: request.ticketId,
    approvalId,
    actor: requestedBy,
    action: 'approval.created',
    after: snapshot(request),
  });
  try {
    await deps.approvals.insert(carried ? { ...request, cardEntry: carried } : request, [created]);
  } catch (err) {
    await releaseRequest(deps, request);
    throw err;
  }
  // The customer's answer rides on the ticket's move, unless staff take it at once (a supervisor's).
  // The ticket moves before the card is posted, so the move's audit event rides in the write that
  // stores the card's reference (issue 13); a run that dies in between is finished by the sweep
  // from the store, which posts the card.
  const kept = decision.escalate ? undefined : await input.reply?.(request);
  const pending = await markPending(deps, ticket, approvalId, kept, input.unstored);
  // The trail of this request's run left when the card's reference is stored (or, without a card
  // now, in one insert when the proposal ends, before it answers: approval-service.ts).
  if (carried) await postCarried(deps, request, carried);
  else await postCard(deps, request);
  if (decision.escalate) {
    await escalate(
      deps,
      request,
      `Refund above the supervisor threshold for order ${request.orderId}: needs a supervisor.`,
    );
  } else if (!pending) {
    // Not moved to pending_approval: staff may already have this ticket (escalated, taken over),
    // and then its card shows the new request beside the escalation.
    const current = await deps.tickets.get(ticket.tenantId, ticket.ticketId);
    if (current && (current.status === 'escalated' || current.status === 'human')) {
      await deps.notifier.showTicketCard?.(current);
    }
  }
  // As stored: this call wrote every field of it, the card ref included (no re-read needed).
  const card = ctx.postedCard();
  return {
    kind: 'pending',
    approval: card ? { ...request, card } : request,
    // Escalated since (a supervisor's request), the ticket moved on from this write.
    ...(pending && !decision.escalate ? { ticket: pending } : {}),
    ...(pending && kept ? { kept } : {}),
  };
}
