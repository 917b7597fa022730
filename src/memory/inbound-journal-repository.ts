import type { Document, Filter } from 'mongodb';
import {
  InboundRecordSchema,
  type InboundJournalStore,
  type InboundRecord,
} from '../conversation/inbound-journal.schema.js';
import { collection, createCodec, DURABLE, isDuplicateKeyError, type RepositoryDeps } from './collections.js';
import { guardedUpdate } from './guarded-update.js';

type JournalDoc = Document & { _id: string };

export const INBOUND_JOURNAL_COLLECTION = 'inbound_journal';
/** Platforms redeliver for minutes (Slack) to hours (Bot Connector); a week covers every redelivery. */
const FINISHED_RETENTION_MS = 7 * 86_400_000;

function claimable(now: Date): Filter<Document> {
  return {
    $or: [{ state: 'received' }, { state: 'processing', leaseUntil: { $lte: now } }],
  };
}

function isClaimable(doc: Document, now: Date): boolean {
  if (doc.state === 'received') return true;
  const lease = doc.leaseUntil instanceof Date ? doc.leaseUntil.getTime() : 0;
  return doc.state === 'processing' && lease <= now.getTime();
}

/**
 * The inbound journal over MongoDB: one document per platform event, `_id` = the record's id, so
 * accepting, claiming and finishing are all `_id` lookups. The accept write is majority + journaled:
 * the platform is told "received" only after it, and a failover must not lose it.
 */
export function createInboundJournalRepository({ db, logger }: RepositoryDeps): InboundJournalStore {
  const col = collection(db, INBOUND_JOURNAL_COLLECTION);
  // String `_id`s: the typed handle keeps the driver's ObjectId default out of the filters.
  const byId = db.collection<JournalDoc>(INBOUND_JOURNAL_COLLECTION);
  const durable = db.collection<JournalDoc>(INBOUND_JOURNAL_COLLECTION, { writeConcern: DURABLE });
  const codec = createCodec(InboundRecordSchema, INBOUND_JOURNAL_COLLECTION, logger);
  const out = (doc: Document | null) => {
    const r = codec.out(doc);
    return r ? { ...r, id: String((doc as Document)._id) } : null;
  };
  const toDoc = (r: InboundRecord) => {
    const { id, ...rest } = codec.in(r);
    return { _id: id, ...rest, id } as JournalDoc;
  };

  return {
    async accept(record) {
      try {
        await durable.insertOne(toDoc(record));
        return { record, created: true };
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
      }
      const existing = out(await byId.findOne({ _id: record.id }));
      if (!existing) throw new Error(`inbound record ${record.id} exists but cannot be read`);
      return { record: existing, created: false };
    },
    async get(id) {
      return out(await byId.findOne({ _id: id }));
    },
    async claim(id, owner, now, leaseUntil) {
      const doc = await guardedUpdate({
        col,
        key: { _id: id } as unknown as Filter<Document>,
        revField: '_rev',
        condition: claimable(now),
        update: {
          $set: { state: 'processing', owner, leaseUntil, updatedAt: now },
          $inc: { attempts: 1 },
        },
      });
      return out(doc);
    },
    async renew(ids, owner, leaseUntil) {
      if (ids.length === 0) return;
      await byId.updateMany(
        { _id: { $in: ids }, owner, state: 'processing' },
        {
          $set: { leaseUntil },
        },
      );
    },
    async notePlaceholder(id, owner, ref) {
      // A keyed write on a record this run holds: nothing else changes, so no revision moves.
      await byId.updateOne({ _id: id, owner, state: 'processing' }, { $set: { placeholder: ref } });
    },
    async finish(id, owner, patch) {
      await byId.updateOne(
        { _id: id, owner },
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
    },
    async release(id, owner, at) {
      await byId.updateOne(
        { _id: id, owner, state: 'processing' },
        {
          $set: { state: 'received', updatedAt: at },
          $unset: { leaseUntil: '', owner: '' },
          $inc: { _rev: 1 },
        },
      );
    },
    async listUnfinished(settledBefore, now, limit) {
      // One query per state, each a plain string equality: the embedded server compares those in
      // SQL and decodes only the matching records, where `state: {$in: [...]}` made it decode every
      // record of the week the journal keeps, on every sweep. MongoDB serves both from
      // { state, updatedAt }.
      const unfinished = (state: 'received' | 'processing') =>
        col
          .find({ state, updatedAt: { $lte: settledBefore } })
          .sort({ updatedAt: 1 })
          .limit(limit * 4)
          .toArray();
      const [received, processing] = await Promise.all([unfinished('received'), unfinished('processing')]);
      const time = (d: Document) => (d.updatedAt instanceof Date ? d.updatedAt.getTime() : 0);
      return [...received, ...processing]
        .filter((d) => isClaimable(d, now))
        .sort((a, b) => time(a) - time(b))
        .slice(0, limit)
        .map((d) => out(d))
        .filter((r): r is InboundRecord => r !== null);
    },
  };
}
