import type {
  ChannelMode,
  ChannelSettings,
  CsatRecord,
  Customer,
  CustomerPreferences,
  DecisionRecord,
  Interaction,
  KbStatus,
  Message,
  Platform,
  Tenant,
  TenantSettings,
  TenantSettingsOverrides,
  Ticket,
  TicketStatus,
  TurnInteraction,
} from '../domain/index.js';
import type { OutboxEntry, OutboxStatus } from './outbox.schema.js';

/** Stores the engine uses. Implemented in src/memory over MongoDB; every call is tenant-scoped. */
export interface TenantStore {
  get(tenantId: string): Promise<Tenant | null>;
  /** Creates the tenant with defaults if missing; returns the stored one. */
  ensure(tenant: Pick<Tenant, 'tenantId' | 'name' | 'platform'> & Partial<Tenant>): Promise<Tenant>;
  update(tenantId: string, patch: Partial<Omit<Tenant, 'tenantId' | 'settings'>>): Promise<Tenant | null>;
  /**
   * Sets or removes the organization's own values of some settings (one atomic update); the
   * tenant comes back with its effective settings. Validating the values is the caller's job.
   */
  updateSettings(
    tenantId: string,
    change: { set?: TenantSettingsOverrides; unset?: Array<keyof TenantSettings> },
  ): Promise<Tenant | null>;
  /** Adds a user id to a staff list or removes it, atomically (two supervisors at once both count). */
  updateStaff(
    tenantId: string,
    list: 'approverIds' | 'supervisorIds',
    op: 'add' | 'remove',
    userId: string,
  ): Promise<Tenant | null>;
}

export interface ChannelStore {
  get(tenantId: string, platform: Platform, channelId: string): Promise<ChannelSettings | null>;
  upsert(settings: ChannelSettings): Promise<ChannelSettings>;
  setMode(
    tenantId: string,
    platform: Platform,
    channelId: string,
    mode: ChannelMode,
    by: string,
  ): Promise<ChannelSettings>;
  list(tenantId: string): Promise<ChannelSettings[]>;
}

export interface CustomerStore {
  get(tenantId: string, customerId: string): Promise<Customer | null>;
  findByEmail(tenantId: string, email: string): Promise<Customer | null>;
  findByOrg(tenantId: string, platform: Platform, orgId: string): Promise<Customer | null>;
  findByDomain(tenantId: string, domain: string): Promise<Customer | null>;
  list(tenantId: string): Promise<Customer[]>;
  upsert(customer: Customer): Promise<void>;
  /** Links an external organization to an account (first sight of a Slack Connect org). */
  addExternalOrg(tenantId: string, customerId: string, platform: Platform, orgId: string): Promise<void>;
  updatePreferences(
    tenantId: string,
    customerId: string,
    prefs: CustomerPreferences,
  ): Promise<Customer | null>;
}

/** A thread lease's key and fencing token (thread-order.ts): a write carrying an older token is refused. */
export interface WriteFence {
  key: string;
  token: number;
}

export interface TicketStore {
  /** With a fence, the ticket remembers the token, so writes of runs with older ones are refused. */
  insert(ticket: Ticket, fence?: WriteFence): Promise<void>;
  get(tenantId: string, ticketId: string): Promise<Ticket | null>;
  /**
   * The ticket as this process last stored it (inserted, or changed by `update`), without a round
   * trip; `inserted` when this process created it. Undefined when this process has not written it
   * lately. Another process may have changed it since: callers compare `version`s.
   */
  recent?(tenantId: string, ticketId: string): { ticket: Ticket; inserted: boolean } | undefined;
  findByThread(
    tenantId: string,
    platform: Platform,
    channelId: string,
    threadId: string,
  ): Promise<Ticket | null>;
  /** Tickets of a requester (platform user) or customer account that are not resolved, newest first. */
  listOpenForRequester(tenantId: string, platform: Platform, userId: string): Promise<Ticket[]>;
  listOpenForCustomer(tenantId: string, customerId: string): Promise<Ticket[]>;
  /** Both lists at once (a new message's requester and its customer account), in one read each way. */
  listOpenFor(
    tenantId: string,
    requester: { platform: Platform; userId: string },
    customerId?: string,
  ): Promise<{ requester: Ticket[]; customer: Ticket[] }>;
  list(
    tenantId: string,
    filter?: { status?: TicketStatus[]; assigneeId?: string; limit?: number },
  ): Promise<Ticket[]>;
  countByStatus(tenantId: string): Promise<Record<TicketStatus, number>>;
  /**
   * Atomic conditional update: applies only if the status is one of `from` (any when omitted)
   * and, when given, `expectedVersion` matches, and no run of the fence's key with a newer token
   * has written the ticket. Bumps `version`. Null when the condition lost.
   */
  update(
    tenantId: string,
    ticketId: string,
    patch: Partial<Omit<Ticket, 'tenantId' | 'ticketId' | 'version'>>,
    condition?: {
      from?: TicketStatus[];
      expectedVersion?: number;
      unset?: Array<'assignee' | 'draft' | 'escalation' | 'pendingConfirmation'>;
      fence?: WriteFence;
      /**
       * A transcript message this write keeps on the ticket's recent transcript, so its own write
       * to the message store (with `ticketCarries`) writes no ticket. Kept with the update only.
       */
      keep?: Message;
      /** `keep` is the bot's answer, not queued for delivery yet (see `TranscriptEntry.carried`). */
      keepsAnswer?: boolean;
      /**
       * A reopening inside a turn: the open-ticket keys are not written now but by the turn's next
       * change of status (often its resolving write, which then has nothing to take off) or, when
       * the turn leaves the ticket open, by `listOpen` before the turn ends. A run killed in
       * between is escalated by the recovery, whose write lists the ticket.
       */
      listLater?: boolean;
      /**
       * An approval request of the ticket, added to its list (`Ticket.approvals`) by this write:
       * the move to `pending_approval` carries its request's id (issue 13).
       */
      addApproval?: string;
    },
  ): Promise<Ticket | null>;
  /**
   * Adds an approval request to the ticket's list whatever its state (idempotent; bumps `version`):
   * for a request whose ticket did not move to `pending_approval` (staff have it, or another
   * request already waits), or one a run killed before its ticket write left off. Null when the
   * ticket is not stored.
   */
  addApproval(tenantId: string, ticketId: string, approvalId: string): Promise<Ticket | null>;
  /**
   * The end of a turn: a ticket this process reopened with `listLater` and left open is put on
   * its requester's and customer's open lists now (nothing to do otherwise, no round trip).
   * `rerun`: the turn ran a killed run's message again, which may have reopened it unlisted: an
   * open ticket this turn wrote is listed whatever this process knows.
   */
  listOpen?(tenantId: string, ticketId: string, options?: { rerun?: boolean }): Promise<void>;
}

/** Satisfaction prompts and ratings, one per ticket (`csat` collection, `_id` = ticketId). */
export interface CsatStore {
  /** Records that the ticket's prompt goes out; false when it was prompted before (never twice). */
  open(record: CsatRecord): Promise<boolean>;
  get(tenantId: string, ticketId: string): Promise<CsatRecord | null>;
  /** Stores the rating; null when the ticket was rated already (or never prompted). */
  rate(
    tenantId: string,
    ticketId: string,
    rating: Pick<CsatRecord, 'rating' | 'ratedAt' | 'comment' | 'ratedBy'>,
  ): Promise<CsatRecord | null>;
}

/**
 * How a transcript write reaches the ticket's recent transcript (`Ticket.transcript`), which the
 * message store keeps in step with `messages` by itself. `ticketCarries`: the caller's own ticket
 * write carries the change instead (a new ticket's insert made after it, with the message in its
 * transcript), so the store writes no ticket.
 */
export interface TranscriptWriteOptions {
  ticketCarries?: boolean;
  /**
   * The turn's decision (and its interaction history entry), stored in the same insert as this
   * message, the bot's answer of that turn (issue 13: no insert of its own); read back by
   * `DecisionStore.listByTicket` and `InteractionStore.listForCustomer`.
   */
  decision?: { record: DecisionRecord; interaction?: TurnInteraction };
  /**
   * The turn's customer message, stored first in the same insert as this one (issue 13): kept on
   * its ticket already by the ticket's own write. Found stored (a rerun), it is not stored again.
   */
  customer?: Message;
  /** Found stored already (a rerun of a killed turn), it is left as it is: no error. */
  once?: boolean;
  /**
   * Issue 13: the outbox entry of this message's post, recorded in this message's document (its
   * `_id` derived from the turn's customer message, so a recovery finds it by key) instead of an
   * insert into the outbox of its own (see `OutboxStore.ride`).
   */
  delivery?: RidingEntry;
  /** Re-filing a message filed under a ticket that was never stored: nothing to take it from. */
  fromUnstored?: boolean;
  /**
   * Issue 13: the interaction history entry of the ticket this message (an approval's outcome,
   * told to the customer) resolved, stored in the same insert, before it; read back by
   * `InteractionStore.listForCustomer` and by no reader of messages. Its id is derived by the
   * caller, so a rerun finds it stored.
   */
  interaction?: Interaction;
}

export interface MessageStore {
  /** Stores a transcript message and keeps it on its ticket (see `TranscriptWriteOptions`). */
  insert(message: Message, options?: TranscriptWriteOptions): Promise<void>;
  /**
   * The last `limit` messages of a ticket, oldest first: from the transcript the ticket keeps
   * (read by primary key, or `known` when the caller holds the ticket as its own write or read
   * returned it a moment ago, transcript included), from `messages` for tickets stored before it.
   */
  listByTicket(tenantId: string, ticketId: string, limit?: number, known?: Ticket): Promise<Message[]>;
  findByPlatformId(tenantId: string, platform: Platform, platformMessageId: string): Promise<Message | null>;
  /**
   * The outbox entry a turn's answer carried (`TranscriptWriteOptions.delivery`), by the turn's
   * customer message id: one read by primary key. Null when that turn's answer carried none.
   */
  riddenPost?(tenantId: string, turnMessageId: string): Promise<OutboxEntry | null>;
  /**
   * Puts a stored message on its ticket's recent transcript if it is not there (a process that
   * died between the two writes of `insert`): for paths that pick up a run after a crash.
   */
  ensureKept(message: Message): Promise<void>;
  /**
   * Drops a bot answer its ticket's resolving write kept ahead of its delivery when it was never
   * delivered (the run died before queueing it, or it was held back): the customer never saw it.
   */
  dropCarried?(tenantId: string, ticketId: string, messageId: string): Promise<void>;
  markEdited(tenantId: string, messageId: string, text: string): Promise<void>;
  markDeleted(tenantId: string, messageId: string): Promise<void>;
  /** Messages across tickets since a moment (the sandbox overview's per-hour chart). */
  countSince(tenantId: string, since: Date): Promise<Array<{ hour: string; count: number }>>;
  /**
   * Re-files a message stored before the agent decided where it belongs (null: no ticket, a
   * pleasantry) and records what the agent understood of it.
   */
  annotate(
    tenantId: string,
    messageId: string,
    patch: { ticketId?: string | null; language?: string; englishText?: string },
    options?: TranscriptWriteOptions,
  ): Promise<void>;
  /**
   * Customer messages filed under a ticket and created in (from, to], oldest first, across
   * tenants: the recovery sweep looks for those no run finished.
   */
  listCustomerBetween(from: Date, to: Date, limit: number): Promise<Message[]>;
}

export interface ProcessedEventStore {
  /** Returns false when the event id was already recorded (unique index), true when new. */
  markProcessed(tenantId: string, platform: Platform, eventId: string, at: Date): Promise<boolean>;
  /**
   * Forgets a claimed event whose processing failed before anything was stored, so the
   * platform's redelivery is processed instead of dropped as a duplicate.
   */
  release(tenantId: string, platform: Platform, eventId: string): Promise<void>;
}

export interface InteractionStore {
  add(entry: Interaction): Promise<void>;
  listForCustomer(tenantId: string, customerId: string, limit?: number): Promise<Interaction[]>;
}

export interface DecisionStore {
  /**
   * Stores an agent turn's decision; with `interaction`, the turn's interaction history entry in
   * the same document (one write for both, read back by `InteractionStore.listForCustomer`).
   */
  add(record: DecisionRecord, interaction?: TurnInteraction): Promise<void>;
  /** The ticket's decisions, oldest first (as recorded: without the entries they carry). */
  listByTicket(tenantId: string, ticketId: string): Promise<DecisionRecord[]>;
  /**
   * Takes back the interaction entry a decision carried, when its turn did not end as expected:
   * a person took the ticket over, the answer was held back, or the run died before answering
   * (the recovery, by the unanswered message).
   */
  dropInteraction(
    tenantId: string,
    of: { decisionId: string } | { ticketId: string; messageId: string },
  ): Promise<void>;
}

/**
 * The durable outbox: every customer post and staff-card change is recorded here before the
 * platform is called. Whoever holds an entry's lease is the only one who may post it.
 */
export interface OutboxStore {
  /**
   * Records a new entry, held by the caller until `entry.leaseUntil`. When the key exists already
   * the stored entry comes back instead; `claimed` is true only when the caller may post now (a
   * pending entry that is due and held by nobody, or a staff card post given up earlier, which is
   * tried afresh), which it then holds. The returned entry carries the caller's `leaseToken`.
   */
  open(entry: OutboxEntry): Promise<{ entry: OutboxEntry; claimed: boolean }>;
  /**
   * Marks a held entry delivered (and where it landed). With `leaseToken`, only while that lease
   * is still the entry's: false when someone else holds it now (the caller outlived its lease).
   */
  markSent(
    tenantId: string,
    entryId: string,
    result: OutboxEntry['result'],
    at: Date,
    leaseToken?: string,
  ): Promise<boolean>;
  /**
   * `markSent` for the entries one step posted together, in one write. The entryIds whose lease
   * was no longer theirs (not marked: another poster holds them now).
   */
  markSentAll?(
    sent: Array<{ tenantId: string; entryId: string; result: OutboxEntry['result']; leaseToken?: string }>,
    at: Date,
  ): Promise<string[]>;
  /**
   * Records a failed attempt of a held entry and releases it: retried at `nextAttemptAt`, or given
   * up. With `leaseToken`, only while that lease is still the entry's (false otherwise).
   */
  markAttempt(
    tenantId: string,
    entryId: string,
    patch: {
      attempts: number;
      nextAttemptAt: Date;
      lastError: string;
      status: 'pending' | 'failed';
      at: Date;
      leaseToken?: string;
    },
  ): Promise<boolean>;
  /**
   * Gives a held entry up on purpose (`superseded`: e.g. a bot reply whose thread a person took
   * over before it could be delivered). Only while `leaseToken` is still the entry's lease.
   */
  markSuperseded(
    tenantId: string,
    entryId: string,
    patch: { reason: string; at: Date; leaseToken?: string },
  ): Promise<boolean>;
  /**
   * Holds up to `limit` pending entries that are due and held by nobody, oldest first, across
   * tenants; each comes back with its new `leaseToken`.
   */
  claimDue(now: Date, leaseUntil: Date, limit: number): Promise<OutboxEntry[]>;
  list(
    tenantId: string,
    filter?: { ticketId?: string; status?: OutboxStatus[]; limit?: number },
  ): Promise<OutboxEntry[]>;
  /**
   * Issue 13: an entry that rode in its turn's messages insert (see `ride`), put here when the turn
   * could not see it through: its post failed (`attempt`), was not made (pending, its poster's
   * lease kept, for the sweep), or was made but the turn's finish did not record it (`sent`); or
   * found by the recovery of a run that died. Written once: an entry stored under its id already
   * is left as it is.
   */
  adopt?(entry: OutboxEntry, outcome?: AdoptedOutcome): Promise<void>;
  /**
   * Issue 13: inside a thread's turn, the entry of the turn's answer (one per turn, keyed by the
   * turn's customer message `turnMessageId`) may be recorded in the answer's own insert into
   * `messages` instead of an insert here: the entry as it must be stored there (held by its
   * poster, naming its turn), or undefined when it must be opened here as usual. `rode` says the
   * insert carried it: from then on its marks wait for the turn's finish like any of the turn's.
   */
  ride?(entry: OutboxEntry, turnMessageId: string): RidingEntry | undefined;
  rode?(riding: RidingEntry): void;
}

/** An outbox entry stored in its turn's answer (see `OutboxStore.ride`). */
export interface RidingEntry {
  entry: OutboxEntry;
  /** The turn's customer message id: the answer's `_id` is derived from it (`riddenPostId`). */
  turnMessageId: string;
}

/** What became of an adopted entry (see `OutboxStore.adopt`); pending and held as it was without. */
export type AdoptedOutcome =
  | { sent: { result: OutboxEntry['result']; at: Date } }
  | {
      attempt: {
        attempts: number;
        nextAttemptAt: Date;
        lastError: string;
        status: 'pending' | 'failed';
        at: Date;
      };
    };

/** What staff see of the knowledge base: article count per language and the last import. */
export interface KnowledgeStatusStore {
  status(tenantId: string): Promise<KbStatus>;
}
