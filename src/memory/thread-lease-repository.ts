import type { AnyBulkWriteOperation, Document } from 'mongodb';
import type { ThreadLeaseStore, ThreadTurn } from '../conversation/thread-lease.schema.js';
import { retryOnDuplicate, type RepositoryDeps } from './collections.js';
import {
  homesOf,
  IDLE_RETENTION_MS,
  recordField,
  recordStates,
  releaseStatements,
  staleRecords,
  THREAD_LEASES_COLLECTION,
  ticketOf,
  type TurnDoc,
} from './turn-documents.js';

export { THREAD_LEASES_COLLECTION };

/**
 * Thread turns over MongoDB: one document per thread key, `_id` = the key, so every operation is
 * a primary-key write. The acquisition is one conditional findOneAndUpdate (atomic on MongoDB and
 * on the bundled server), so of two processes asking for the same turn exactly one gets it.
 */
export function createThreadLeaseRepository({ db, clock }: RepositoryDeps): ThreadLeaseStore {
  const col = db.collection<TurnDoc>(THREAD_LEASES_COLLECTION);
  async function enqueue(keys: string[], entry: string, home?: string): Promise<void> {
    if (keys.length === 0) return;
    const ops: AnyBulkWriteOperation<TurnDoc>[] = keys.map((k) => ({
      updateOne: {
        filter: { _id: k },
        update: {
          $addToSet: { queue: entry },
          $setOnInsert: { token: 0 },
          $unset: { expiresAt: '' },
          // Where the entry's record is, for a process that finds it at the head of this queue.
          ...(home !== undefined && home !== k ? { $set: { [`homes.${recordField(entry)}`]: home } } : {}),
        },
        upsert: true,
      },
    }));
    // Two processes creating the same key's document at once: the loser's retry is an update.
    await retryOnDuplicate(() => col.bulkWrite(ops, { ordered: false }));
  }
  return {
    enqueue,
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
      if (!doc) return null;
      const ticket = ticketOf(doc);
      const stale = staleRecords(doc, now);
      return { token: doc.token ?? 0, ...(ticket ? { ticket } : {}), ...(stale.length > 0 ? { stale } : {}) };
    },
    async get(key) {
      const doc = await col.findOne({ _id: key });
      if (!doc) return null;
      const turn: ThreadTurn = { queue: doc.queue ?? [], token: doc.token ?? 0 };
      if (doc.owner) turn.owner = doc.owner;
      if (doc.until) turn.until = doc.until;
      const ticket = ticketOf(doc);
      if (ticket) turn.ticket = ticket;
      if (doc.events) turn.records = recordStates(doc);
      if (doc.homes) turn.homes = homesOf(doc);
      return turn;
    },
    async skip(key, entry) {
      await col.updateOne({ _id: key }, {
        $pull: { queue: entry },
        $unset: { [`homes.${recordField(entry)}`]: '' },
      } as Document);
    },
    async renew(key, owner, token, until) {
      const res = await col.updateOne({ _id: key, owner, token }, { $set: { until } });
      return res.matchedCount === 1;
    },
    async release(keys, entry, owner, ticket) {
      if (keys.length === 0) return;
      const expiresAt = new Date(clock.now().getTime() + IDLE_RETENTION_MS);
      await col.bulkWrite(releaseStatements(keys, entry, owner, expiresAt, ticket), { ordered: true });
    },
  };
}
