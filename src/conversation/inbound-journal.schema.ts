import { z } from 'zod';
import {
  DateSchema,
  PlatformSchema,
  PostedRefSchema,
  TenantIdSchema,
  type PostedRef,
} from '../domain/index.js';
import { InboundMessageSchema } from './ports.js';
import type { TakenTurn, ThreadTicket } from './thread-lease.schema.js';

/**
 * Where one inbound event is: `received` (stored, acknowledged, not taken yet), `processing`
 * (a run holds it until `leaseUntil`, renewed while it runs), `done` (its run finished), `failed`
 * (given up after repeated failures before anything of it was stored; logged as an error).
 */
export const InboundStateSchema = z.enum(['received', 'processing', 'done', 'failed']);
export type InboundState = z.infer<typeof InboundStateSchema>;

/**
 * One platform event as it was accepted: written before the platform got its acknowledgement,
 * so whatever happens to this process afterwards, the event is processed from here (by this run,
 * a redelivery, or the recovery sweep), exactly once.
 */
export const InboundRecordSchema = z.object({
  /** `${tenantId}:${platform}:${eventId}`: the document's `_id`, so every lookup is by key. */
  id: z.string().min(1),
  tenantId: TenantIdSchema,
  platform: PlatformSchema,
  eventId: z.string().min(1),
  message: InboundMessageSchema,
  state: InboundStateSchema,
  /** The process holding it while `processing`. */
  owner: z.string().optional(),
  leaseUntil: DateSchema.optional(),
  /** Runs started on it (a run that failed before storing anything puts it back to `received`). */
  attempts: z.number().int().nonnegative(),
  receivedAt: DateSchema,
  updatedAt: DateSchema,
  /** What the run did (the engine's outcome status), once done. */
  outcome: z.string().optional(),
  /** Finished records are purged after the platforms' redelivery window. */
  expiresAt: DateSchema.optional(),
  /**
   * The "Looking into this…" placeholder a run of this event showed in the customer's thread
   * (written only when one was shown): whoever finishes the event after that run died replaces it
   * instead of posting anew, so it never stays above the reply.
   */
  placeholder: PostedRefSchema.optional(),
  /**
   * The thread key (see preTicketKeys) whose turn document holds the record: a customer message's
   * record lives with its thread's turn, so accepting it and taking the turn are one write, and so
   * are finishing it and giving the turn back. Absent: the journal's own collection (other events,
   * and records stored before turn documents held them).
   */
  home: z.string().min(1).optional(),
});
export type InboundRecord = z.infer<typeof InboundRecordSchema>;

/**
 * A record as `InboundJournalStore.accept` checks it: everything but its message, which the
 * journal parsed a moment before (InboundMessageSchema, at accept: the boundary). One parse of
 * the customer's message instead of two on every accept (issue 13); records read back are parsed
 * whole (InboundRecordSchema).
 */
export const AcceptedRecordSchema = InboundRecordSchema.extend({
  message: z.custom<z.output<typeof InboundMessageSchema>>(
    (m) => typeof m === 'object' && m !== null,
    'Invalid input: expected the parsed inbound message',
  ),
});

/** Where a record is: its id, and the turn document holding it when there is one. */
export type InboundRef = Pick<InboundRecord, 'id' | 'home'>;

/**
 * Accepting a customer message also takes its place in its thread keys' queues (the record's
 * `home` is the last key), in the same write: where a key's queue is empty and its lease free, the
 * lease is taken for `owner` (the thread order's process id) at once.
 */
export interface TurnRequest {
  keys: string[];
  owner: string;
  now: Date;
  until: Date;
}

/**
 * The run of a customer message is over: its entry leaves every key's queue and `owner`'s leases
 * are freed, in the write that finishes its record.
 */
export interface TurnRelease {
  keys: string[];
  owner: string;
  /**
   * The run's lease token on its home key (the last key), when known: the home's release applies
   * only with it, so a later turn this same process took there keeps its lease.
   */
  token?: number;
  /** The ticket the run worked on, remembered on `key`'s document for the thread's next run. */
  ticket?: { key: string } & ThreadTicket;
  /** Finished records the home document no longer needs to keep (see TakenTurn.stale). */
  prune?: string[];
  /**
   * Outbox entries the run posted (opened with this record as their `turn`): their sent marks are
   * kept in the finished record, instead of a write of the outbox each (see OutboxEntry.turn).
   */
  posted?: TurnPosted[];
}

/** One post of a run, as its record keeps it: the outbox entry and where it landed. */
export interface TurnPosted {
  entryId: string;
  ref?: PostedRef;
}

/** The inbound journal. Implemented in src/memory over MongoDB, keyed by `_id`. */
export interface InboundJournalStore {
  /**
   * Writes the record unless one with its id exists; `created` is false for a redelivery, which
   * gets the stored record back. Throws when the database did not take the write. With `turn`
   * (a record with a `home`), the same write joins the keys' queues and takes the free turns:
   * `turns` says, per key, what was taken (only when created). `record.message` is the journal's
   * parse of the platform's message (InboundMessageSchema): the store checks the rest of the record
   * (AcceptedRecordSchema), not the message again.
   */
  accept(
    record: InboundRecord,
    turn?: TurnRequest,
  ): Promise<{ record: InboundRecord; created: boolean; turns?: Map<string, TakenTurn> }>;
  get(ref: InboundRef): Promise<InboundRecord | null>;
  /**
   * Takes a record for a run: `received`, or `processing` whose lease ran out (its run died).
   * Atomic on every server we run on; null when another run holds it or it is finished.
   */
  claim(ref: InboundRef, owner: string, now: Date, leaseUntil: Date): Promise<InboundRecord | null>;
  /** Extends the leases this owner holds (a long model call must not look like a dead run). */
  renew(refs: InboundRef[], owner: string, leaseUntil: Date): Promise<void>;
  /**
   * The run finished (`done`) or gave up (`failed`); only while `owner` holds it. With `release`,
   * the same write gives the thread's turn back (see TurnRelease).
   */
  finish(
    ref: InboundRef,
    owner: string,
    patch: { state: 'done' | 'failed'; outcome: string; at: Date },
    release?: TurnRelease,
  ): Promise<void>;
  /**
   * Remembers the placeholder the holding run showed; only while `owner` holds the record (a run
   * that lost it leaves the record to its new holder, and removes its placeholder itself).
   */
  notePlaceholder(ref: InboundRef, owner: string, placeholder: PostedRef): Promise<void>;
  /** The run failed before storing anything: back to `received` for a redelivery or the sweep. */
  release(ref: InboundRef, owner: string, at: Date): Promise<void>;
  /**
   * Records not finished and not held (never taken, or their lease ran out), last touched at or
   * before `settledBefore`, oldest first, across tenants: what the recovery sweep takes.
   */
  listUnfinished(settledBefore: Date, now: Date, limit: number): Promise<InboundRecord[]>;
}

/** The journal's key of one event. */
export function inboundRecordId(tenantId: string, platform: string, eventId: string): string {
  return `${tenantId}:${platform}:${eventId}`;
}
