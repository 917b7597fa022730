import type {
  Actor,
  ApprovalRequest,
  Customer,
  DecisionRecord,
  Message,
  Order,
  PendingConfirmation,
  PostedRef,
  Ticket,
  ThreadRef,
} from '../domain/index.js';
import type { ProposedAction, PhraseKey } from '../agent/types.js';
import type { OutboundMessage, StaffActor, StaffActionResult, StaffCard } from '../conversation/ports.js';
import type { PostMark } from './ports.js';

/** What the policy decided for one proposed action. */
export type ProposalOutcome =
  | {
      kind: 'executed';
      action: ProposedAction['type'];
      reference: string;
      amountMinor: number;
      currency: string;
      orderId: string;
    }
  | {
      kind: 'pending';
      approval: ApprovalRequest;
      /**
       * The ticket as this proposal's own conditional write left it (moved to `pending_approval`
       * just now), when it did and nothing changed it since: what the customer is told next is
       * checked against it instead of a read of the ticket.
       */
      ticket?: Ticket;
      /**
       * The customer's answer as that write kept it on the ticket's transcript (the proposal's
       * `reply`), to be posted under its id with no transcript write of its own.
       */
      kept?: Message;
    }
  /** A refund under the automatic limit waits for the customer's yes (stored on the ticket). */
  | { kind: 'confirm'; confirmation: PendingConfirmation }
  | { kind: 'escalate'; reason: string };

/** What the customer's yes or no to a pending confirmation led to. */
export type ConfirmationOutcome =
  | ProposalOutcome
  /** They said no: nothing was refunded and the question is cleared. */
  | { kind: 'declined'; confirmation: PendingConfirmation }
  /** No live question on the ticket (expired, already answered): the message is an ordinary one. */
  | { kind: 'none' };

/**
 * How approvals and takeover reach people. Declared here (its user); the engine implements it
 * over the channel ports and the agent's localized phrases.
 */
/**
 * What became of a customer update: delivered, or held back as a note for staff. `historyRecorded`:
 * the ticket's history entry asked for (`resolved`) rode in the notice's insert.
 */
export type CustomerNotice =
  { outcome: 'sent'; historyRecorded?: boolean } | { outcome: 'held'; reason: string; assignee?: Actor };

/** A card's pending post as its request stores it (the outbox's entry; opaque here). */
export type CarriedCard = Readonly<Record<string, unknown>>;

export interface ApprovalNotifier {
  /** Posts a card to the tenant's staff channel on the ticket's platform; undefined if none is configured or posting failed. */
  postStaffCard(tenantId: string, thread: ThreadRef, card: StaffCard): Promise<PostedRef | undefined>;
  /**
   * Issue 13: the pending post of a request's card, to ride in the request's own insert
   * (`ApprovalRequest.cardEntry`); undefined when it cannot (no staff channel): posted as before.
   * Present only when every process knows such requests (`OUTBOX_IN_TURN=on`).
   */
  carryCard?(tenantId: string, thread: ThreadRef, card: StaffCard): Promise<CarriedCard | undefined>;
  /** Posts a card whose request is stored with it; undefined when not posted now (found later). */
  postCarriedCard?(carried: CarriedCard): Promise<PostedRef | undefined>;
  /** A request without a card carrying its entry: handed to the outbox (true), or none (false). */
  adoptCarriedCard?(carried: CarriedCard): Promise<boolean>;
  updateStaffCard(tenantId: string, ref: PostedRef, card: StaffCard): Promise<void>;
  /**
   * Tells the customer in their thread and language. Says whether it was `sent`, or `held`: kept
   * from the customer (a person holds the thread, or the channel is not in auto mode) as a note
   * for staff, with the person to tell it when there is one. A notifier that returns nothing is
   * read as `sent` (older implementations).
   */
  tellCustomer(
    ticket: Ticket,
    key: PhraseKey,
    params: Record<string, string>,
    /**
     * `deliveryId`: the caller's key for this notice (derived from its request): told again under
     * the same key, the customer gets it once. `cardUpdate`: a staff card's update of the same
     * step, delivered with the notice (one outbox write for both), or alone when it is held.
     * `written`: the ticket as the caller's own write returned it just before (the check whether
     * a person holds the thread uses it, no read); `kept`: the notice as that write kept it on the
     * ticket's transcript (`plannedNotice`), so delivery writes no ticket. `resolved`: the notice
     * tells the outcome that resolved `written` (issue 13): the ticket's interaction history entry
     * (this summary) is stored in the notice's own insert when it is posted, and the answer says
     * so (`historyRecorded`; `ticketResolved` then writes none).
     */
    options?: {
      deliveryId?: string;
      cardUpdate?: { ref: PostedRef; card: StaffCard };
      written?: Ticket;
      kept?: Message;
      resolved?: { summary: string };
    },
  ): Promise<CustomerNotice | void>;
  /**
   * The notice `tellCustomer` would post now under `deliveryId`, as its transcript message, for the
   * caller's ticket write to keep ahead of the post (issue 13); undefined when it would not be
   * posted as is (a person holds the thread, the channel is not in auto mode, the text would
   * change, no port): the caller then tells the customer the usual way. Optional.
   */
  plannedNotice?(
    ticket: Ticket,
    key: PhraseKey,
    params: Record<string, string>,
    deliveryId: string,
  ): Promise<Message | undefined>;
  /** Escalates the ticket to staff with a reason (posts/updates the escalation card). */
  escalate(ticket: Ticket, reason: string): Promise<void>;
  /**
   * Posts free text in the customer thread (a draft staff chose to send) and records it like
   * `tellCustomer` does. Optional so older notifiers still compile; `sendDraft` needs it.
   */
  sendToCustomer?(ticket: Ticket, message: OutboundMessage): Promise<void>;
  /**
   * Posts the ticket's escalation card, or updates the one posted, so it shows what changed (a new
   * approval request on a ticket staff already have). Optional for older notifiers.
   */
  showTicketCard?(ticket: Ticket): Promise<void>;
  /** A link staff can open to the customer thread, when the platform has one (shown on cards). */
  threadLink?(ticket: Ticket): Promise<string | undefined>;
  /**
   * The ticket resolved because an approved action was executed: the engine writes the
   * interaction history and tells watchers, as it does when the bot resolves a ticket itself.
   */
  ticketResolved?(ticket: Ticket, summary: string, options?: { historyRecorded?: boolean }): Promise<void>;
  /**
   * The ticket's SLA clocks stopped at `at`, for the write that resolves it to carry (so
   * `ticketResolved` has no clock left to write). Undefined: nothing to carry.
   */
  resolvedClocks?(ticket: Ticket, at: Date): Promise<Ticket['sla']>;
  /** A person resolved the ticket (their notice already went out): SLA clocks stop, CSAT follows. */
  ticketClosed?(ticket: Ticket): Promise<void>;
  /**
   * Runs `task` with the sent marks of the posts it makes (the card's update, the customer's
   * notice) kept back in `marks` instead of an outbox write each (issue 13): the caller stores
   * them with its own write of the request (`ApprovalStore.transition`'s `posted`), and hands them
   * to `releasePosts` when that write did not happen. Optional (and off while processes of a
   * version before this share the database: `OUTBOX_IN_TURN=off`). `task` is given the notifier
   * its posts go through (passed explicitly: no AsyncLocalStorage, see approval-posts.ts).
   */
  holdPosts?<T>(
    approvalId: string,
    marks: PostMark[],
    task: (notifier: ApprovalNotifier) => Promise<T>,
  ): Promise<T>;
  /** Marks posts sent in the outbox after all (the request's write did not carry them). */
  releasePosts?(marks: readonly PostMark[]): Promise<void>;
}

/**
 * A new ticket its first message's proposal stores (issue 13): already waiting for approval, with
 * the customer's answer on its transcript, when the proposal opens a request (one insert instead of
 * an insert and a move), else as it is before the proposal's first write that needs it stored. The
 * caller stores it after the proposal if nothing did. A run killed before it is stored is escalated
 * by the recovery, which stores the ticket from its message, as for a run killed before the agent.
 */
export interface UnstoredTicket {
  /** Stores the ticket as it is; once (every call answers the same stored ticket). */
  store(): Promise<Ticket>;
  /**
   * Stores it in `pending_approval` with `keep` kept and `approvalId` listed among its requests;
   * null when it was stored already (move it then).
   */
  storePending(at: Date, keep?: Message, approvalId?: string): Promise<Ticket | null>;
}

export interface ApprovalService {
  /** Applies the refund/cancellation policy to an agent's proposal. Amounts come from order data. */
  propose(input: {
    ticket: Ticket;
    customer: Customer;
    action: ProposedAction;
    requestedBy: Actor;
    /**
     * What the customer is told when the request waits for staff, as its transcript message: the
     * proposal's write moving the ticket to `pending_approval` keeps it ahead of the post (one
     * ticket write for both; issue 13). Undefined: not planned (the caller says it the usual way).
     */
    reply?: (request: ApprovalRequest) => Promise<Message | undefined>;
    /** `ticket` is not stored yet (a new ticket): the proposal stores it (see UnstoredTicket). */
    unstored?: UnstoredTicket;
    /**
     * Every order of the customer, as read before the proposal (the agent's look-up): the day's
     * refunds are counted from it instead of a read after the ledger's, where every process
     * records its refunds in the ledger (see ApprovalServiceDeps.countFromEarlierRead).
     */
    customerOrders?: Order[];
  }): Promise<ProposalOutcome>;
  /**
   * The customer's yes or no to the refund they were asked to confirm. Yes runs the proposal again
   * with fresh data (the rules may now send it to staff) and refunds under the key it was asked
   * with, so a repeated yes refunds once; no clears the question.
   */
  confirm(input: {
    ticket: Ticket;
    customer: Customer;
    answer: 'yes' | 'no';
    requestedBy: Actor;
    /** The question a button was posted under: an answer to an older one settles nothing. */
    confirmationId?: string;
  }): Promise<ConfirmationOutcome>;
  /** An approver's click. Authorized in code; exactly one decision and one execution per request. */
  decide(input: {
    tenantId: string;
    approvalId: string;
    decision: 'approve' | 'reject';
    reason?: string;
    actor: StaffActor;
  }): Promise<StaffActionResult>;
  /** Expires overdue requests, posts unposted cards, finishes approved-but-unexecuted ones. */
  /** `finished`: requests whose effects a dead process left undone, finished now. */
  sweep(): Promise<{ expired: number; posted: number; executed: number; finished?: number }>;
  cardFor(tenantId: string, approvalId: string): Promise<StaffCard | null>;
}

export interface TakeoverService {
  takeover(tenantId: string, ticketId: string, actor: StaffActor): Promise<StaffActionResult>;
  /** A staff member wrote in the customer thread: takes it over implicitly (no-op if already theirs). */
  implicitTakeover(ticket: Ticket, actor: StaffActor): Promise<void>;
  handback(tenantId: string, ticketId: string, actor: StaffActor): Promise<StaffActionResult>;
  resolve(tenantId: string, ticketId: string, actor: StaffActor): Promise<StaffActionResult>;
  sendDraft(
    tenantId: string,
    ticketId: string,
    actor: StaffActor,
    editedText?: string,
  ): Promise<StaffActionResult>;
  /**
   * The escalation/draft card for a ticket. `decision`: the ticket's latest decision, as the caller
   * just recorded it (the turn that escalates), so the card does not read the ticket's decisions.
   */
  escalationCard(
    tenantId: string,
    ticketId: string,
    known?: { decision?: DecisionRecord },
  ): Promise<StaffCard | null>;
}
