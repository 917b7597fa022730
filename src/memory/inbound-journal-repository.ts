import type { Document, Filter } from 'mongodb';
import {
  AcceptedRecordSchema,
  InboundRecordSchema,
  type InboundJournalStore,
  type InboundRecord,
} from '../conversation/inbound-journal.schema.js';
import { collection, createCodec, DURABLE, isDuplicateKeyError, type RepositoryDeps } from './collections.js';
import { guardedUpdate } from './guarded-update.js';
import { createThreadLeaseRepository } from './thread-lease-repository.js';
import { THREAD_LEASES_COLLECTION, type TurnDoc } from './turn-documents.js';
import { createTurnJournal } from './turn-journal.js';

type JournalDoc = Document & { _id: string };

export const INBOUND_JOURNAL_COLLECTION = 'inbound_journal';
/** Platforms redeliver for minutes (Slack) to hours (Bot Connector); a week covers every redelivery. */
const FINISHED_RETENTION_MS = 7 * 86_400_000;

function claimable(now: Date): Filter<Document> {
  return {
    $or: [{ state: 'received' }, { state: 'processing', leaseUntil: { $lte: now } }],
  };
}

function isClaimable(record: InboundRecord, now: Date): boolean {
  if (record.state === 'received') return true;
  const lease = record.leaseUntil?.getTime() ?? 0;
  return record.state === 'processing' && lease <= now.getTime();
}

/**
 * The inbound journal over MongoDB, every lookup by key. A customer message's record lives in its
 * thread's turn document (`thread_leases`, see turn-journal.ts), so accepting it and taking the
 * thread's turn are one write and finishing it and giving the turn back another. Other events, and
 * records stored before that, are one document each in `inbound_journal` (`_id` = the record's id).
 * The accept write is majority + journaled: the platform is told "received" only after it, and a
 * failover must not lose it.
 */
export function createInboundJournalRepository(deps: RepositoryDeps): InboundJournalStore {
  const { db, logger } = deps;
  const col = collection(db, INBOUND_JOURNAL_COLLECTION);
  // String `_id`s: the typed handle keeps the driver's ObjectId default out of the filters.
  const byId = db.collection<JournalDoc>(INBOUND_JOURNAL_COLLECTION);
  const durable = db.collection<JournalDoc>(INBOUND_JOURNAL_COLLECTION, { writeConcern: DURABLE });
  const codec = createCodec(InboundRecordSchema, INBOUND_JOURNAL_COLLECTION, logger);
  // What accept writes: its message is the journal's parse already (see InboundJournalStore.accept).
  const accepted = createCodec(AcceptedRecordSchema, INBOUND_JOURNAL_COLLECTION, logger);
  const out = (doc: Document | null) => {
    const r = codec.out(doc);
    return r ? { ...r, id: String((doc as Document)._id) } : null;
  };
  const toDoc = (r: InboundRecord) => {
    const { id, ...rest } = accepted.in(r);
    return { _id: id, ...rest, id } as JournalDoc;
  };
  const turns = createTurnJournal({
    col: db.collection<TurnDoc>(THREAD_LEASES_COLLECTION),
    durable: db.collection<TurnDoc>(THREAD_LEASES_COLLECTION, { writeConcern: DURABLE }),
    encode: (r) => accepted.in(r),
    decode: (d) => (d ? codec.out(d) : null),
  });
  const leases = createThreadLeaseRepository(deps);

  return {
    async accept(record, turn) {
      if (record.home && turn) return turns.accept(record, turn);
      const plain: InboundRecord = { ...record, home: undefined };
      try {
        await durable.insertOne(toDoc(plain));
        return { record: plain, created: true };
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
      }
      const existing = out(await byId.findOne({ _id: record.id }));
      if (!existing) throw new Error(`inbound record ${record.id} exists but cannot be read`);
      return { record: existing, created: false };
    },
    async get(ref) {
      // A queued entry accepted before records moved into turn documents is in the collection.
      if (ref.home) return (await turns.get(ref)) ?? out(await byId.findOne({ _id: ref.id }));
      return out(await byId.findOne({ _id: ref.id }));
    },
    async claim(ref, owner, now, leaseUntil) {
      if (ref.home) return turns.claim(ref, owner, now, leaseUntil);
      const doc = await guardedUpdate({
        col,
        key: { _id: ref.id } as unknown as Filter<Document>,
        revField: '_rev',
        condition: claimable(now),
        update: {
          $set: { state: 'processing', owner, leaseUntil, updatedAt: now },
          $inc: { attempts: 1 },
        },
      });
      return out(doc);
    },
    async renew(refs, owner, leaseUntil) {
      const inTurns = refs.filter((r) => r.home);
      const ids = refs.filter((r) => !r.home).map((r) => r.id);
      if (inTurns.length > 0) await turns.renew(inTurns, owner, leaseUntil);
      if (ids.length === 0) return;
      await byId.updateMany({ _id: { $in: ids }, owner, state: 'processing' }, { $set: { leaseUntil } });
    },
    async notePlaceholder(ref, owner, placeholder) {
      if (ref.home) return turns.notePlaceholder(ref, owner, placeholder);
      // A keyed write on a record this run holds: nothing else changes, so no revision moves.
      await byId.updateOne({ _id: ref.id, owner, state: 'processing' }, { $set: { placeholder } });
    },
    async finish(ref, owner, patch, release) {
      if (ref.home) return turns.finish(ref, owner, patch, release);
      await byId.updateOne(
        { _id: ref.id, owner },
        {
          $set: {
            state: patch.state,
            outcome: patch.outcome.slice(0, 200),
            updatedAt: patch.at,
            expiresAt: new Date(patch.at.getTime() + FINISHED_RETENTION_MS),
          },
          $unset: { leaseUntil: '', owner: '' },
          $inc: { _rev: 1 },
        },
      );
      if (release) await leases.release(release.keys, ref.id, release.owner, release.ticket);
    },
    async release(ref, owner, at) {
      if (ref.home) return turns.release(ref, owner, at);
      await byId.updateOne(
        { _id: ref.id, owner, state: 'processing' },
        {
          $set: { state: 'received', updatedAt: at },
          $unset: { leaseUntil: '', owner: '' },
          $inc: { _rev: 1 },
        },
      );
    },
    async listUnfinished(settledBefore, now, limit) {
      // The collection's records: one query per state, each a plain string equality (the embedded
      // server compares those in SQL and decodes only the matching records, where
      // `state: {$in: [...]}` made it decode every record it keeps); MongoDB serves both from
      // { state, updatedAt }. The turn documents' records: those with an unfinished one, which
      // MongoDB finds by the { unfinished } index and the embedded server by a scan of the turns
      // (the sweep's, once a minute, never a message's).
      const unfinished = (state: 'received' | 'processing') =>
        col
          .find({ state, updatedAt: { $lte: settledBefore } })
          .sort({ updatedAt: 1 })
          .limit(limit * 4)
          .toArray();
      const [received, processing, inTurns] = await Promise.all([
        unfinished('received'),
        unfinished('processing'),
        turns.listUnfinished(),
      ]);
      const fromCollection = [...received, ...processing]
        .map((d) => out(d))
        .filter((r): r is InboundRecord => r !== null);
      return [...fromCollection, ...inTurns]
        .filter((r) => r.updatedAt.getTime() <= settledBefore.getTime() && isClaimable(r, now))
        .sort((a, b) => a.updatedAt.getTime() - b.updatedAt.getTime())
        .slice(0, limit);
    },
  };
}
