import type { PhraseKey } from '../agent/types.js';
import type {
  CustomerStore,
  DecisionStore,
  MessageStore,
  TenantStore,
  TicketStore,
} from '../conversation/stores.js';
import type { OrderSystem } from '../commerce/order-system.js';
import type { KnowledgeBase } from '../agent/types.js';
import { redactText, type Logger } from '../logger.js';
import type {
  Actor,
  ApprovalRequest,
  AuditEvent,
  Clock,
  IdGenerator,
  Message,
  PostedRef,
  Ticket,
} from '../domain/index.js';
import type { ApprovalNotifier } from './api.js';
import type { ApprovalStore, AuditLog, RefundLedgerStore } from './ports.js';
import { loadApprovalCard, type CardSources } from './card-data.js';
import { formatMoney } from './policy.js';

export interface ApprovalServiceDeps {
  approvals: ApprovalStore;
  audit: AuditLog;
  /** Per customer: the refunds and requests open now; guards the daily limit across processes. */
  refundLedgers: RefundLedgerStore;
  tickets: TicketStore;
  customers: CustomerStore;
  tenants: TenantStore;
  orders: OrderSystem;
  notifier: ApprovalNotifier;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  /**
   * The ticket's transcript: a refund or cancellation needs a customer message asking for it, and
   * cards show the last customer message.
   */
  messages: MessageStore;
  decisions?: DecisionStore;
  kb?: Pick<KnowledgeBase, 'get'>;
  /**
   * How long the sweep leaves an unposted card or an approved-but-unexecuted request alone, so it
   * does not race a decision still in flight in another process. Default 30 s.
   */
  sweepGraceMs?: number;
  /**
   * Every process records its refunds in the customer's ledger (settleRequest, the automatic
   * refund's hold kept), so a proposal may count the day's refunds from the customer's orders as
   * read before the ledger (`propose`'s `customerOrders`). Off while processes of a version that
   * released holds instead share the database (`OUTBOX_IN_TURN=off`): a refund they release
   * between that read and the ledger's would be counted nowhere.
   */
  countFromEarlierRead?: boolean;
  /**
   * Where cards read their facts, when one operation shares them across its renders (see
   * memoCardSources); the stores in these deps otherwise.
   */
  cards?: CardSources;
}

export const SYSTEM_ACTOR: Actor = { kind: 'system' };

export function cardSources(deps: ApprovalServiceDeps): CardSources {
  return deps.cards ?? { ...deps, notifier: deps.notifier };
}

/**
 * Writes one audit event; a failing audit write is logged, never hides the outcome from the user.
 * False when it failed (a resumable effect stays due).
 */
export async function audit(
  deps: Pick<ApprovalServiceDeps, 'audit' | 'ids' | 'clock' | 'logger'>,
  event: Omit<AuditEvent, 'auditId' | 'at'>,
): Promise<boolean> {
  try {
    await deps.audit.record(auditEvent(deps, event));
    return true;
  } catch (err) {
    deps.logger.error(
      { err, action: event.action, ticketId: event.ticketId, approvalId: event.approvalId },
      'audit write failed',
    );
    return false;
  }
}

/** Audits a ticket's status change made by the approval flow (one shape for every such change). */
export function auditStatusChanged(
  deps: Pick<ApprovalServiceDeps, 'audit' | 'ids' | 'clock' | 'logger'>,
  ref: { tenantId: string; ticketId: string; approvalId?: string },
  before: string,
  after: string,
  note?: string,
): Promise<boolean> {
  return audit(deps, {
    tenantId: ref.tenantId,
    ticketId: ref.ticketId,
    ...(ref.approvalId ? { approvalId: ref.approvalId } : {}),
    actor: SYSTEM_ACTOR,
    action: 'ticket.status_changed',
    before: { status: before },
    after: { status: after },
    ...(note ? { note } : {}),
  });
}

/** An audit event with its id and time, for a write that stores it itself (ApprovalStore's `trail`). */
export function auditEvent(
  deps: Pick<ApprovalServiceDeps, 'ids' | 'clock'>,
  event: Omit<AuditEvent, 'auditId' | 'at'>,
): AuditEvent {
  return { ...event, auditId: deps.ids.id('aud'), at: deps.clock.now() };
}

/** The part of a request worth comparing before/after in the audit trail. */
export function snapshot(r: ApprovalRequest): Record<string, unknown> {
  return {
    status: r.status,
    amountMinor: r.amountMinor,
    currency: r.currency,
    requiredRole: r.requiredRole,
    decidedBy: r.decidedBy,
    decidedAt: r.decidedAt,
    rejectReason: r.rejectReason,
    execution: r.execution,
    card: r.card,
  };
}

/**
 * A card just posted for `request`: its reference stored (the post's sent mark) and audited, the
 * event stored on the request by the same write (issue 13: no audit insert of its own).
 */
export async function recordCardPosted(
  deps: ApprovalServiceDeps,
  request: ApprovalRequest,
  ref: PostedRef,
): Promise<void> {
  const posted = auditEvent(deps, {
    tenantId: request.tenantId,
    ticketId: request.ticketId,
    approvalId: request.approvalId,
    actor: SYSTEM_ACTOR,
    action: 'approval.card_posted',
    after: { card: ref },
  });
  await deps.approvals.setCard(request.tenantId, request.approvalId, ref, [posted]);
}

/** Posts the request's card when it has none yet; stores the ref. Returns true when posted now. */
export async function postCard(deps: ApprovalServiceDeps, request: ApprovalRequest): Promise<boolean> {
  if (request.card) return false;
  // Its insert carried the card's pending post (its run died before recording it): that entry goes
  // to the outbox first, so the post below is that entry's under its key: left to its poster while
  // its lease runs, else taken over and looked for before it is posted (never a second card).
  if (request.cardEntry) await deps.notifier.adoptCarriedCard?.(request.cardEntry);
  // Only the thread is used here (it never changes): the card's sources may already hold the ticket.
  const sources = cardSources(deps);
  const ticket = await sources.tickets.get(request.tenantId, request.ticketId);
  const card = await loadApprovalCard(sources, request);
  if (!ticket || !card) return false;
  try {
    const ref = await deps.notifier.postStaffCard(request.tenantId, ticket.thread, card);
    if (!ref) return false;
    await recordCardPosted(deps, request, ref);
    return true;
  } catch (err) {
    // The sweep posts it later: the request is stored, nothing is lost.
    deps.logger.error(
      { err, approvalId: request.approvalId, ticketId: request.ticketId },
      'posting the approval card failed',
    );
    return false;
  }
}

/**
 * Re-renders the posted card from the stored request (who, when, result; no buttons once final).
 * False when the update could not even be queued (it stays due).
 */
export async function refreshCard(deps: ApprovalServiceDeps, request: ApprovalRequest): Promise<boolean> {
  if (!request.card) {
    // Never posted (no staff channel at the time): post it now so staff see the outcome.
    if (request.status === 'pending') await postCard(deps, request);
    return true;
  }
  try {
    const card = await loadApprovalCard(cardSources(deps), request);
    if (card) await deps.notifier.updateStaffCard(request.tenantId, request.card, card);
    return true;
  } catch (err) {
    deps.logger.error({ err, approvalId: request.approvalId }, 'updating the approval card failed');
    return false;
  }
}

/** Phrase parameters every approval message may use ({orderId}, {amount}, {reference}, {action}, {reason}, {ticketId}). */
export function phraseParams(
  request: ApprovalRequest,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    orderId: request.orderId,
    amount: formatMoney(request.amountMinor, request.currency),
    action: request.action,
    ticketId: request.ticketId,
    ...(request.execution?.reference ? { reference: request.execution.reference } : {}),
    ...(request.rejectReason ? { reason: request.rejectReason } : {}),
    ...extra,
  };
}

/**
 * Tells the customer once per request (customerNotifiedAt guards replays), in their thread and
 * language. False when it failed (it stays due); true when told, held for a person, or moot.
 */
export async function tellCustomer(
  deps: ApprovalServiceDeps,
  request: ApprovalRequest,
  key: PhraseKey,
  /** Overrides of the phrase parameters (`{ reason: '' }` keeps a staff-only reason from the customer). */
  params: Record<string, string> = {},
): Promise<boolean> {
  return (await tellCustomerOutcome(deps, request, key, params)).ok;
}

/**
 * The id a request's notice is posted and stored under: the same for every attempt, so telling the
 * customer again (a run resumed after a crash) finds it posted and posts nothing.
 */
export const noticeId = (request: ApprovalRequest, key: PhraseKey) => `notice_${request.approvalId}_${key}`;

/**
 * `tellCustomer`, also saying when the customer was told now (the request's customerNotifiedAt).
 * `markLater`: the caller stores customerNotifiedAt with its own write (finishEffectsOf); the
 * notice's id keeps a second attempt before that write from telling the customer twice.
 * `withCard`: the request's posted card is redrawn in the same step, its update delivered with
 * the notice (one outbox write for both), or alone when there is no notice to send; not ok
 * when either could not be queued.
 */
export async function tellCustomerOutcome(
  deps: ApprovalServiceDeps,
  request: ApprovalRequest,
  key: PhraseKey,
  params: Record<string, string> = {},
  options: {
    markLater?: boolean;
    withCard?: boolean;
    /**
     * The ticket as the caller's resolving write returned it, the notice kept on it
     * (resolveThenTell); `summary`: what resolved it, for the history entry the notice carries.
     */
    written?: { ticket: Ticket; kept: Message; summary?: string };
  } = {},
): Promise<{ ok: boolean; notifiedAt?: Date; historyRecorded?: boolean }> {
  const cardAlone = async () => ({ ok: options.withCard ? await refreshCard(deps, request) : true });
  if (request.customerNotifiedAt) return cardAlone();
  // The thread and language never change: the ticket this operation already read will do.
  const ticket =
    options.written?.ticket ?? (await cardSources(deps).tickets.get(request.tenantId, request.ticketId));
  if (!ticket) return cardAlone();
  try {
    const card = options.withCard && request.card ? await loadApprovalCard(cardSources(deps), request) : null;
    // Older notifiers return nothing: they always sent.
    const notice = (await deps.notifier.tellCustomer(ticket, key, phraseParams(request, params), {
      deliveryId: noticeId(request, key),
      ...(card && request.card ? { cardUpdate: { ref: request.card, card } } : {}),
      ...(options.written ? { written: options.written.ticket, kept: options.written.kept } : {}),
      ...(options.written?.summary ? { resolved: { summary: options.written.summary } } : {}),
    })) ?? { outcome: 'sent' as const };
    if (notice.outcome === 'held') {
      // Not told: customerNotifiedAt stays unset (the ticket does not resolve as if they knew) and
      // the trail says who has to tell them.
      await audit(deps, {
        tenantId: request.tenantId,
        ticketId: request.ticketId,
        approvalId: request.approvalId,
        actor: { kind: 'bot' },
        action: 'customer.notice_held',
        after: { reason: notice.reason, ...(notice.assignee ? { assignee: notice.assignee } : {}) },
        note: key,
      });
      return { ok: true };
    }
    const at = deps.clock.now();
    if (!options.markLater)
      await deps.approvals.markCustomerNotified(request.tenantId, request.approvalId, at);
    await audit(deps, {
      tenantId: request.tenantId,
      ticketId: request.ticketId,
      approvalId: request.approvalId,
      actor: { kind: 'bot' },
      action: 'customer.notified',
      note: key,
    });
    return { ok: true, notifiedAt: at, ...(notice.historyRecorded ? { historyRecorded: true } : {}) };
  } catch (err) {
    deps.logger.error(
      { err, approvalId: request.approvalId, ticketId: request.ticketId },
      'telling the customer failed',
    );
    return { ok: false };
  }
}

/** Hands the ticket to staff with a reason (the notifier sets the status and shows the escalation card). */
export async function escalate(
  deps: ApprovalServiceDeps,
  request: ApprovalRequest,
  reason: string,
): Promise<boolean> {
  const ticket = await deps.tickets.get(request.tenantId, request.ticketId);
  if (!ticket) return true;
  try {
    await deps.notifier.escalate(ticket, reason);
    await audit(deps, {
      tenantId: request.tenantId,
      ticketId: request.ticketId,
      approvalId: request.approvalId,
      actor: SYSTEM_ACTOR,
      action: 'ticket.escalated',
      before: { status: ticket.status },
      note: reason,
    });
    return true;
  } catch (err) {
    deps.logger.error(
      { err, approvalId: request.approvalId, ticketId: request.ticketId },
      'escalating the ticket failed',
    );
    return false;
  }
}

/** A one-line error for staff eyes (card, audit): no stack, no secrets. */
export function describeError(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return redactText(message).slice(0, 300) || 'unknown error';
}
