import type { Document, Filter } from 'mongodb';
import type { OutboxStore } from '../conversation/stores.js';
import { OutboxEntrySchema, type OutboxEntry } from '../conversation/outbox.schema.js';
import { collection, createCodec, isDuplicateKeyError, type RepositoryDeps } from './collections.js';
import { guardedUpdate } from './guarded-update.js';

export const OUTBOX_COLLECTION = 'outbox';
/** Delivered and given-up entries are kept a week for diagnosis, then purged. */
const FINISHED_RETENTION_MS = 7 * 86_400_000;

/** Due, pending and held by nobody: what the sweep (or a second caller of the same key) may take. */
function claimable(now: Date): Filter<Document> {
  return {
    status: 'pending',
    nextAttemptAt: { $lte: now },
    $or: [{ leaseUntil: { $exists: false } }, { leaseUntil: null }, { leaseUntil: { $lte: now } }],
  };
}

function isClaimable(doc: Document, now: Date): boolean {
  const lease = doc.leaseUntil instanceof Date ? doc.leaseUntil.getTime() : 0;
  return (
    doc.status === 'pending' &&
    doc.nextAttemptAt instanceof Date &&
    doc.nextAttemptAt.getTime() <= now.getTime() &&
    lease <= now.getTime()
  );
}

export function createOutboxRepository({ db, logger, clock }: RepositoryDeps): OutboxStore {
  const col = collection(db, OUTBOX_COLLECTION);
  const codec = createCodec(OutboxEntrySchema, OUTBOX_COLLECTION, logger);

  /** Takes the lease of one entry; FerretDB-safe through the revision claim (see guardedUpdate). */
  async function hold(tenantId: string, entryId: string, now: Date, leaseUntil: Date) {
    const doc = await guardedUpdate({
      db,
      col,
      clock,
      key: { tenantId, entryId },
      claimKey: `${tenantId}:${entryId}`,
      revField: '_rev',
      condition: claimable(now),
      holds: (d) => isClaimable(d, now),
      update: () => ({ $set: { leaseUntil, updatedAt: now } }),
    });
    return codec.out(doc);
  }

  return {
    async open(entry) {
      const doc = codec.in(entry);
      try {
        await col.insertOne({ ...doc });
        return { entry: doc, claimed: true };
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
      }
      const existing = codec.out(await col.findOne({ tenantId: doc.tenantId, key: doc.key }));
      if (!existing) throw new Error(`outbox entry ${doc.key} exists but cannot be read`);
      const now = clock.now();
      if (!isClaimable(existing, now)) return { entry: existing, claimed: false };
      const held = await hold(existing.tenantId, existing.entryId, now, doc.leaseUntil ?? now);
      return held ? { entry: held, claimed: true } : { entry: existing, claimed: false };
    },
    async markSent(tenantId, entryId, result, at) {
      const set = codec.patch({
        status: 'sent',
        sentAt: at,
        updatedAt: at,
        expiresAt: new Date(at.getTime() + FINISHED_RETENTION_MS),
        ...(result ? { result } : {}),
      });
      await col.updateOne({ tenantId, entryId }, { $set: set, $unset: { leaseUntil: '' } });
    },
    async markAttempt(tenantId, entryId, patch) {
      const set = codec.patch({
        attempts: patch.attempts,
        nextAttemptAt: patch.nextAttemptAt,
        lastError: patch.lastError,
        status: patch.status,
        updatedAt: patch.at,
        ...(patch.status === 'failed'
          ? { expiresAt: new Date(patch.at.getTime() + FINISHED_RETENTION_MS) }
          : {}),
      });
      await col.updateOne({ tenantId, entryId }, { $set: set, $unset: { leaseUntil: '' } });
    },
    async claimDue(now, leaseUntil, limit) {
      const due = codec.outMany(await col.find(claimable(now)).sort({ createdAt: 1 }).limit(limit).toArray());
      const held: OutboxEntry[] = [];
      for (const entry of due) {
        const mine = await hold(entry.tenantId, entry.entryId, now, leaseUntil);
        if (mine) held.push(mine);
      }
      return held;
    },
    async list(tenantId, filter = {}) {
      const q: Filter<Document> = { tenantId };
      if (filter.ticketId) q.ticketId = filter.ticketId;
      if (filter.status?.length) q.status = { $in: filter.status };
      const docs = await col
        .find(q)
        .sort({ createdAt: 1 })
        .limit(filter.limit ?? 100)
        .toArray();
      return codec.outMany(docs);
    },
  };
}
