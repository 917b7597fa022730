import type { Collection, Db, Document, Filter, UpdateFilter, WithId } from 'mongodb';
import type { Clock } from '../domain/index.js';
import { isDuplicateKeyError } from './collections.js';

/** Where revision claims live: one tiny document per in-flight state change. */
export const CLAIMS_COLLECTION = 'write_claims';
/** A claim older than this belongs to a writer that died between claiming and writing. */
const STALE_CLAIM_MS = 15_000;
/**
 * A spent claim (its revision is past) is left for the retention purge (a TTL index on MongoDB)
 * instead of costing a delete on every write; nobody can use it again, since the document will
 * never be at that revision again.
 */
const CLAIM_RETENTION_MS = 3_600_000;
const MAX_ATTEMPTS = 8;

export interface GuardedUpdateOptions {
  db: Db;
  col: Collection;
  clock: Clock;
  /** Identifies the document within its tenant: `{ tenantId, ticketId }`. */
  key: Filter<Document>;
  /**
   * Reads the current document (default: `findOne(key)`); a repository with keyed `_id`s passes
   * its primary-key read. The conditional update then addresses the document read by its `_id`.
   */
  read?: () => Promise<WithId<Document> | null>;
  /** Stable string form of the key, for the claim id. */
  claimKey: string;
  /** The revision counter field (`version` on tickets, a hidden `_rev` elsewhere). */
  revField: string;
  /** The expected state, in the filter too: the update applies only where this matches. */
  condition: Filter<Document>;
  /** The same condition checked on a read document (null = not applicable, stop). */
  holds(doc: WithId<Document>): boolean;
  update(doc: WithId<Document>): UpdateFilter<Document>;
}

/**
 * How a guarded update ended. `contended` is not an answer about the document: other writers kept
 * winning the revision claim, so the caller cannot tell whether its condition still holds and must
 * treat the attempt as retryable (never as "the condition failed").
 */
export type GuardedOutcome =
  { kind: 'updated'; doc: WithId<Document> } | { kind: 'condition_failed' } | { kind: 'contended' };

/**
 * A conditional update that is atomic on every MongoDB-wire server we run on. On MongoDB the
 * findOneAndUpdate with the expected state in its filter is atomic by itself. FerretDB v1 on
 * SQLite evaluates the filter and applies the update in two steps (FerretDB issue #3040), so two
 * concurrent writers can both "win". The claim closes that gap without transactions: a writer
 * first inserts `{_id: <collection>:<key>:<revision>}` (the _id index is unique on every server),
 * and only the one whose insert succeeds may move the document past that revision.
 */
export async function guardedUpdateOutcome(options: GuardedUpdateOptions): Promise<GuardedOutcome> {
  const { db, col, clock, key, revField } = options;
  const claims = db.collection<{ _id: string; at: Date; expiresAt: Date }>(CLAIMS_COLLECTION);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const current = options.read ? await options.read() : await col.findOne(key);
    if (!current || !options.holds(current)) return { kind: 'condition_failed' };
    const rev = typeof current[revField] === 'number' ? (current[revField] as number) : 0;
    const claimId = `${col.collectionName}:${options.claimKey}:${rev}`;
    try {
      const at = clock.now();
      await claims.insertOne({ _id: claimId, at, expiresAt: new Date(at.getTime() + CLAIM_RETENTION_MS) });
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
      await releaseIfStale(claims, claimId, clock);
      // Someone else holds this revision: re-read and re-check the condition.
      await new Promise((r) => setTimeout(r, 5 * (attempt + 1)));
      continue;
    }
    let updated: WithId<Document> | null = null;
    try {
      const revFilter = rev === 0 ? { $in: [0, null] } : rev;
      // By `_id` as well: the server finds it through the primary key (FerretDB scans otherwise).
      updated = await col.findOneAndUpdate(
        { _id: current._id, ...key, ...options.condition, [revField]: revFilter },
        mergeInc(options.update(current), revField),
        { returnDocument: 'after' },
      );
    } finally {
      // Not applied: the revision may still be claimed by the next writer, so give it back now.
      if (!updated) await claims.deleteOne({ _id: claimId }).catch(() => undefined);
    }
    if (updated) return { kind: 'updated', doc: updated };
  }
  return { kind: 'contended' };
}

/**
 * `guardedUpdateOutcome` for callers where losing every attempt means the same as losing the
 * condition (a status transition re-reads and reports the winner either way).
 * Returns the updated document, or null when it did not apply.
 */
export async function guardedUpdate(options: GuardedUpdateOptions): Promise<WithId<Document> | null> {
  const outcome = await guardedUpdateOutcome(options);
  return outcome.kind === 'updated' ? outcome.doc : null;
}

function mergeInc(update: UpdateFilter<Document>, revField: string): UpdateFilter<Document> {
  return { ...update, $inc: { ...(update.$inc ?? {}), [revField]: 1 } } as UpdateFilter<Document>;
}

async function releaseIfStale(
  claims: Collection<{ _id: string; at: Date; expiresAt: Date }>,
  claimId: string,
  clock: Clock,
): Promise<void> {
  const claim = await claims.findOne({ _id: claimId });
  if (claim && clock.now().getTime() - claim.at.getTime() > STALE_CLAIM_MS) {
    await claims.deleteOne({ _id: claimId, at: claim.at });
  }
}
