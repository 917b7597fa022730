import type { AnyBulkWriteOperation, Document } from 'mongodb';
import type { ThreadLeaseStore, ThreadTurn } from '../conversation/thread-lease.schema.js';
import { retryOnDuplicate, type RepositoryDeps } from './collections.js';

export const THREAD_LEASES_COLLECTION = 'thread_leases';

type TurnDoc = {
  _id: string;
  queue?: string[];
  owner?: string;
  until?: Date;
  token?: number;
  expiresAt?: Date;
};
/** A thread quiet this long forgets its turn document (the retention purge or a TTL index). */
const IDLE_RETENTION_MS = 7 * 86_400_000;

/**
 * Thread turns over MongoDB: one document per thread key, `_id` = the key, so every operation is
 * a primary-key write. The acquisition is one conditional findOneAndUpdate (atomic on MongoDB and
 * on the bundled server), so of two processes asking for the same turn exactly one gets it.
 */
export function createThreadLeaseRepository({ db, clock }: RepositoryDeps): ThreadLeaseStore {
  const col = db.collection<TurnDoc>(THREAD_LEASES_COLLECTION);
  return {
    async enqueue(keys, entry) {
      if (keys.length === 0) return;
      const ops: AnyBulkWriteOperation<TurnDoc>[] = keys.map((k) => ({
        updateOne: {
          filter: { _id: k },
          update: { $addToSet: { queue: entry }, $setOnInsert: { token: 0 }, $unset: { expiresAt: '' } },
          upsert: true,
        },
      }));
      // Two processes creating the same key's document at once: the loser's retry is an update.
      await retryOnDuplicate(() => col.bulkWrite(ops, { ordered: false }));
    },
    async acquire(key, entry, heads, owner, now, until) {
      const doc = await retryOnDuplicate(() =>
        col.findOneAndUpdate(
          {
            _id: key,
            'queue.0': { $in: [entry, ...heads] },
            $or: [{ owner: { $exists: false } }, { owner }, { until: { $lte: now } }],
          } as Document,
          { $set: { owner, until }, $inc: { token: 1 } },
          { returnDocument: 'after' },
        ),
      );
      return doc ? (doc.token ?? 0) : null;
    },
    async get(key) {
      const doc = await col.findOne({ _id: key });
      if (!doc) return null;
      const turn: ThreadTurn = { queue: doc.queue ?? [], token: doc.token ?? 0 };
      if (doc.owner) turn.owner = doc.owner;
      if (doc.until) turn.until = doc.until;
      return turn;
    },
    async skip(key, entry) {
      await col.updateOne({ _id: key }, { $pull: { queue: entry } });
    },
    async renew(key, owner, token, until) {
      const res = await col.updateOne({ _id: key, owner, token }, { $set: { until } });
      return res.matchedCount === 1;
    },
    async release(keys, entry, owner) {
      if (keys.length === 0) return;
      const expiresAt = new Date(clock.now().getTime() + IDLE_RETENTION_MS);
      const ops: AnyBulkWriteOperation<TurnDoc>[] = keys.flatMap((k) => [
        {
          updateOne: {
            filter: { _id: k, owner },
            update: { $unset: { owner: '', until: '' }, $pull: { queue: entry } },
          },
        },
        { updateOne: { filter: { _id: k }, update: { $pull: { queue: entry }, $set: { expiresAt } } } },
      ]);
      await col.bulkWrite(ops, { ordered: true });
    },
  };
}
