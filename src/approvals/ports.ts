import type {
  ApprovalEffect,
  ApprovalRequest,
  ApprovalStatus,
  AuditEvent,
  PostedRef,
  Ticket,
} from '../domain/index.js';
import type { RefundHold, RefundLedger } from './refund-ledger.schema.js';

/**
 * A post an approval's run made whose sent mark its own write of the request carries instead of
 * an outbox write (issue 13): the outbox entry, where it landed and the entry's lease.
 */
export interface PostMark {
  tenantId: string;
  entryId: string;
  ref?: PostedRef;
  leaseToken?: string;
}

/** Durable approval requests. Implemented in src/memory over MongoDB. */
export interface ApprovalStore {
  /**
   * Written with majority write concern and journaling before any card is posted. `trail`: audit
   * events stored on the request's document by the same write (issue 13: no audit insert of their
   * own, and a request is never stored without them); `AuditLog`'s reads list them.
   */
  insert(request: ApprovalRequest, trail?: readonly AuditEvent[]): Promise<void>;
  get(tenantId: string, approvalId: string): Promise<ApprovalRequest | null>;
  /**
   * One atomic conditional update: applies `patch` only if the current status is one of `from`.
   * Returns the updated request, or null when another writer got there first.
   */
  transition(
    tenantId: string,
    approvalId: string,
    from: ApprovalStatus[],
    patch: Partial<Omit<ApprovalRequest, 'tenantId' | 'approvalId'>> & { status: ApprovalStatus },
    /**
     * `posted`: sent marks of the posts this run made (see `ApprovalNotifier.holdPosts`), stored
     * with the patch on the request (issue 13), where the outbox looks for them; applied only if
     * the transition is.
     */
    options?: { posted?: readonly PostMark[] },
  ): Promise<ApprovalRequest | null>;
  /** Stores the posted card's reference; `trail` as for `insert`, in the same write. */
  setCard(
    tenantId: string,
    approvalId: string,
    card: PostedRef,
    trail?: readonly AuditEvent[],
  ): Promise<void>;
  markCustomerNotified(tenantId: string, approvalId: string, at: Date): Promise<void>;
  /**
   * The ticket's requests, oldest first, read by key from the ticket's list (`Ticket.approvals`):
   * `known` is the ticket as the caller holds it (no read of the ticket; none at all when it lists
   * no request); without it the list is read by the ticket's `_id`. A ticket stored before it kept
   * the list: its requests are found by their ticket's id.
   */
  listByTicket(
    tenantId: string,
    ticketId: string,
    known?: Pick<Ticket, 'tenantId' | 'ticketId' | 'approvals'>,
  ): Promise<ApprovalRequest[]>;
  listPending(tenantId: string): Promise<ApprovalRequest[]>;
  /**
   * Requests for one order that may still move money (`pending` or `approved`), oldest first:
   * a second request for the same order must not be opened, nor an automatic refund run, beside them.
   */
  listOpenByOrder(tenantId: string, orderId: string): Promise<ApprovalRequest[]>;
  /**
   * A customer's `pending` and `approved` requests created at or after `since`, oldest first:
   * the daily refund limit counts them with the refunds already executed.
   */
  listOpenByCustomer(tenantId: string, customerId: string, since: Date): Promise<ApprovalRequest[]>;
  /** Pending requests past their deadline, across tenants (the sweep). */
  listExpired(now: Date, limit?: number): Promise<ApprovalRequest[]>;
  /** Pending requests whose card was never posted (crash between insert and post). */
  listUnposted(olderThan: Date, limit?: number): Promise<ApprovalRequest[]>;
  /** Approved requests never executed (crash between decision and execution). */
  listApprovedUnexecuted(olderThan: Date, limit?: number): Promise<ApprovalRequest[]>;
  /**
   * Records which effects are still due after the final transition (none: finished), and with
   * them when the customer was told, when the effects told them (one write for both).
   */
  setEffectsDue(
    tenantId: string,
    approvalId: string,
    due: ApprovalEffect[],
    told?: { customerNotifiedAt: Date },
  ): Promise<void>;
  /** Requests, in any state, whose effects are unfinished and untouched since `olderThan`. */
  listUnfinishedEffects(olderThan: Date, limit?: number): Promise<ApprovalRequest[]>;
}

/**
 * The audit trail: every step, who, what, when, before/after. An event an approval has at most once
 * (`auditEventKey`: its creation, decision, execution outcome) is written at most once, whoever
 * writes it: recording it again resolves as written, never as a failure.
 */
export interface AuditLog {
  record(event: AuditEvent): Promise<void>;
  /**
   * Several events of one operation in one write, in order (same durability as `record`). One
   * already written (above) does not keep the others out. Optional: without it callers record them
   * one by one.
   */
  recordMany?(events: AuditEvent[]): Promise<void>;
  /**
   * The ticket's events and its requests' (`ApprovalStore.insert`'s `trail` included), in the
   * order they were written.
   */
  listForTicket(tenantId: string, ticketId: string): Promise<AuditEvent[]>;
  /** The request's events, those stored on it included. */
  listForApproval(tenantId: string, approvalId: string): Promise<AuditEvent[]>;
}

/**
 * One document per customer holding the refunds and requests Switchboard has open for them
 * (refund-ledger.ts). Implemented in src/memory over MongoDB; every process shares it, so the daily
 * refund limit and "one request per order" hold across processes.
 */
export interface RefundLedgerStore {
  /** The customer's ledger; null when none was written yet. */
  get(tenantId: string, customerId: string): Promise<RefundLedger | null>;
  /**
   * Replaces the holds only if the ledger is still at `rev` (null: creates it). One conditional
   * write: of two writers that read the same revision, exactly one gets true.
   */
  put(tenantId: string, customerId: string, rev: number | null, holds: RefundHold[]): Promise<boolean>;
  /**
   * Removes the hold under `key`, whatever else changed (idempotent). Returns the holds left (null:
   * the customer has no ledger).
   */
  release(tenantId: string, customerId: string, key: string): Promise<RefundHold[] | null>;
  /**
   * Sets the hold under its key, whatever else the ledger holds, in one write, and returns the
   * ledger as that write left it (every hold another writer set before it included; null: the
   * customer has no ledger, and nothing was written). The read and the take of an Approve click
   * in one round trip: the caller counts after it and gives the slot back if it was one too many.
   * Optional: without it callers read, then `put`.
   */
  take?(tenantId: string, customerId: string, hold: RefundHold): Promise<RefundLedger | null>;
}
