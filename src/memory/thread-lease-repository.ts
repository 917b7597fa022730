import { MongoBulkWriteError, type AnyBulkWriteOperation, type Document } from 'mongodb';
import type { TakenTurn, ThreadLeaseStore, ThreadTurn } from '../conversation/thread-lease.schema.js';
import {
  bulkWriteErrors,
  isDuplicateKeyError,
  retryOnDuplicate,
  type RepositoryDeps,
} from './collections.js';
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
    async enqueueOrTake(keys, entry, owner, now, until) {
      const taken = new Map<string, TakenTurn>();
      if (keys.length === 0) return taken;
      // A free turn: nobody queued, nobody holding (or the holder's lease ran out). The upsert
      // creates a missing document; on a busy one it collides with the `_id` (E11000) and the key
      // is only enqueued below, so a free turn costs no second round trip and a busy one one more.
      const free = (key: string) =>
        ({
          _id: key,
          'queue.0': { $exists: false },
          $or: [{ owner: { $exists: false } }, { until: { $lte: now } }],
        }) as Document;
      const take = {
        $set: { queue: [entry], owner, until },
        $inc: { token: 1 },
        $unset: { expiresAt: '' as const },
      };
      const busy: string[] = [];
      if (keys.length === 1) {
        const key = keys[0]!;
        try {
          const doc = await col.findOneAndUpdate(free(key), take, { upsert: true, returnDocument: 'after' });
          const ticket = ticketOf(doc);
          taken.set(key, { token: doc?.token ?? undefined, ...(ticket ? { ticket } : {}) });
        } catch (err) {
          if (!isDuplicateKeyError(err)) throw err;
          busy.push(key);
        }
      } else {
        const ops: AnyBulkWriteOperation<TurnDoc>[] = keys.map((k) => ({
          updateOne: { filter: free(k), update: take, upsert: true },
        }));
        try {
          const created = new Set(
            Object.values((await col.bulkWrite(ops, { ordered: false })).upsertedIds).map(String),
          );
          // A document this call created holds token 1; an existing one's token is not known here.
          // (By the created `_id`s, not by index: the bundled server numbers them differently.)
          for (const k of keys) taken.set(k, { token: created.has(k) ? 1 : undefined });
        } catch (err) {
          if (!(err instanceof MongoBulkWriteError)) throw err;
          const errors = bulkWriteErrors(err);
          if (errors.some((e) => e.code !== 11000)) throw err;
          // Some key was busy: every key is enqueued (a no-op where this call took the turn), and
          // the run takes each turn as usual (its own ones at once: it is their owner).
          busy.push(...keys);
        }
      }
      if (busy.length > 0) {
        await enqueue(busy, entry);
        for (const k of busy) taken.set(k, { token: null });
      }
      return taken;
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
      await col.bulkWrite(releaseStatements(keys, entry, owner, expiresAt, { ticket }), { ordered: true });
    },
  };
}
