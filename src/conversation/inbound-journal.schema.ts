import { z } from 'zod';
import {
  DateSchema,
  PlatformSchema,
  PostedRefSchema,
  TenantIdSchema,
  type PostedRef,
} from '../domain/index.js';
import { InboundMessageSchema } from './ports.js';

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
});
export type InboundRecord = z.infer<typeof InboundRecordSchema>;

/** The inbound journal. Implemented in src/memory over MongoDB, keyed by `_id`. */
export interface InboundJournalStore {
  /**
   * Writes the record unless one with its id exists; `created` is false for a redelivery, which
   * gets the stored record back. Throws when the database did not take the write.
   */
  accept(record: InboundRecord): Promise<{ record: InboundRecord; created: boolean }>;
  get(id: string): Promise<InboundRecord | null>;
  /**
   * Takes a record for a run: `received`, or `processing` whose lease ran out (its run died).
   * Atomic on every server we run on; null when another run holds it or it is finished.
   */
  claim(id: string, owner: string, now: Date, leaseUntil: Date): Promise<InboundRecord | null>;
  /** Extends the leases this owner holds (a long model call must not look like a dead run). */
  renew(ids: string[], owner: string, leaseUntil: Date): Promise<void>;
  /** The run finished (`done`) or gave up (`failed`); only while `owner` holds it. */
  finish(
    id: string,
    owner: string,
    patch: { state: 'done' | 'failed'; outcome: string; at: Date },
  ): Promise<void>;
  /**
   * Remembers the placeholder the holding run showed; only while `owner` holds the record (a run
   * that lost it leaves the record to its new holder, and removes its placeholder itself).
   */
  notePlaceholder(id: string, owner: string, ref: PostedRef): Promise<void>;
  /** The run failed before storing anything: back to `received` for a redelivery or the sweep. */
  release(id: string, owner: string, at: Date): Promise<void>;
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
