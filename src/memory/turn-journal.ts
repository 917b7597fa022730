import { randomUUID } from 'node:crypto';
import type { AnyBulkWriteOperation, Collection, Document } from 'mongodb';
import type {
  InboundRecord,
  InboundRef,
  TurnRelease,
  TurnRequest,
} from '../conversation/inbound-journal.schema.js';
import type { TakenTurn } from '../conversation/thread-lease.schema.js';
import type { PostedRef } from '../domain/index.js';
import { createBulkWriteGroup } from './bulk-write-batching.js';
import { isDuplicateKeyError, retryOnDuplicate } from './collections.js';
import { IDLE_RETENTION_MS, recordField, staleRecords, ticketOf, type TurnDoc } from './turn-documents.js';
import { endFallbackStatements, endTurnStatements, recordFinishStatement } from './turn-end.js';
import { createTurnTakeGroup } from './turn-take-group.js';

/** Statements per bulk write: the bundled server hangs on update commands of ~300 statements. */
const BATCH = 50;

export interface TurnJournalDeps {
  /** `thread_leases`, default write concern. */
  col: Collection<TurnDoc>;
  /** The same collection, majority + journaled: what the platform's acknowledgement waits for. */
  durable: Collection<TurnDoc>;
  /** Validates a record into its stored form, and a stored one back (null when it fails). */
  encode(record: InboundRecord): Document;
  decode(doc: Document | undefined): InboundRecord | null;
}

/**
 * The inbound journal's customer messages, each kept in its own thread's turn document
 * (`events.<id>`, see turn-documents.ts): one write accepts the message and queues it (taking the
 * free turns), one write finishes it and gives the turn back. Every statement is by `_id`.
 */
export function createTurnJournal({ col, durable, encode, decode }: TurnJournalDeps) {
  const path = (id: string) => `events.${recordField(id)}`;
  // Runs ending at the same time give their turns back in one command (bulk-write-batching.ts).
  const finishing = createBulkWriteGroup(col);
  // Messages accepted at the same time take their turns in one command (turn-take-group.ts).
  const taking = createTurnTakeGroup(durable);
  const read = async (ref: InboundRef): Promise<InboundRecord | null> => {
    const doc = await col.findOne({ _id: ref.home! });
    return decode(doc?.events?.[recordField(ref.id)]);
  };
  const redelivered = (stored: Document | undefined, id: string): InboundRecord => {
    const existing = decode(stored);
    if (!existing) throw new Error(`inbound record ${id} exists but cannot be read`);
    return existing;
  };
  const ownedBy = (ref: InboundRef, owner: string) =>
    ({
      _id: ref.home!,
      [`${path(ref.id)}.owner`]: owner,
      [`${path(ref.id)}.state`]: 'processing',
    }) as Document;

  async function accept(
    record: InboundRecord,
    turn: TurnRequest,
  ): Promise<{ record: InboundRecord; created: boolean; turns?: Map<string, TakenTurn> }> {
    const home = record.home!;
    const entry = record.id;
    const field = recordField(entry);
    const { keys, owner, now, until } = turn;
    const others = keys.filter((k) => k !== home);
    // A mark of this accept on the stored record: a redelivery's record is someone else's.
    const mark = randomUUID();
    const stored = { ...encode(record), acceptedAs: mark };
    const free = (key: string) =>
      ({
        _id: key,
        'queue.0': { $exists: false },
        $or: [{ owner: { $exists: false } }, { until: { $lte: now } }],
      }) as Document;
    const take = { $set: { queue: [entry], owner, until }, $inc: { token: 1 }, $unset: { expiresAt: '' } };
    // The home statement writes the record only where it is not yet (a redelivery's collides).
    const homeTake = {
      filter: { ...free(home), [`events.${field}`]: { $exists: false } } as Document,
      update: {
        ...take,
        $set: { ...take.$set, [`events.${field}`]: stored },
        $inc: { token: 1, unfinished: 1 },
      } as Document,
    };
    const otherTake = (k: string) => ({
      filter: free(k),
      update: { ...take, $set: { ...take.$set, [`homes.${field}`]: home } } as Document,
    });
    const turns = new Map<string, TakenTurn>();
    let homeTaken = false;
    let busy: string[] = [];
    if (others.length === 0) {
      try {
        const doc = await durable.findOneAndUpdate(homeTake.filter, homeTake.update, {
          upsert: true,
          returnDocument: 'after',
        });
        const ticket = ticketOf(doc);
        const stale = staleRecords(doc, now);
        turns.set(home, {
          token: doc?.token ?? undefined,
          ...(ticket ? { ticket } : {}),
          ...(stale.length > 0 ? { stale } : {}),
        });
        homeTaken = true;
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
      }
    } else {
      // Ordered, home first: when the home statement collides (busy, or a redelivery), the others
      // do not run, so a finished message's redelivery never joins its author's queue again. Takes
      // of messages accepted meanwhile share the command (turn-take-group.ts).
      const ops: AnyBulkWriteOperation<TurnDoc>[] = [home, ...others].map((k) => ({
        updateOne: { ...(k === home ? homeTake : otherTake(k)), upsert: true },
      }));
      const took = await taking({ keys: [home, ...others], entry, field, mark, ops });
      if (took.kind === 'refused') {
        // Not taken: the home is busy, or the record is there already (a redelivery's).
        const there = took.home?.events?.[field] as Document | undefined;
        if (there) return { record: redelivered(there, entry), created: false };
      } else if (took.kind === 'taken') {
        for (const k of keys) turns.set(k, { token: took.created.has(k) ? 1 : undefined });
        homeTaken = true;
      } else {
        turns.set(home, { token: undefined });
        busy = [...others];
        homeTaken = true;
      }
    }
    if (!homeTaken) {
      // The home is busy, or the record is there already: written only if it is not.
      const res = await durable.updateOne(
        { _id: home, [`events.${field}`]: { $exists: false } } as Document,
        {
          $addToSet: { queue: entry },
          $set: { [`events.${field}`]: stored },
          $inc: { unfinished: 1 },
          $unset: { expiresAt: '' },
        } as Document,
      );
      if (res.matchedCount === 0) {
        const doc = await col.findOne({ _id: home });
        return { record: redelivered(doc?.events?.[field], entry), created: false };
      }
      turns.set(home, { token: null });
      busy = [...others];
    }
    if (busy.length > 0) {
      const ops: AnyBulkWriteOperation<TurnDoc>[] = busy.map((k) => ({
        updateOne: {
          filter: { _id: k },
          update: {
            $addToSet: { queue: entry },
            $set: { [`homes.${field}`]: home },
            $setOnInsert: { token: 0 },
            $unset: { expiresAt: '' },
          } as Document,
          upsert: true,
        },
      }));
      // Two processes creating the same key's document at once: the loser's retry is an update.
      await retryOnDuplicate(() => durable.bulkWrite(ops, { ordered: false }));
      for (const k of busy) turns.set(k, { token: null });
    }
    return { record, created: true, turns };
  }

  return {
    accept,
    get: read,
    async claim(ref: InboundRef, owner: string, now: Date, leaseUntil: Date) {
      const p = path(ref.id);
      const doc = await col.findOneAndUpdate(
        {
          _id: ref.home!,
          $or: [
            { [`${p}.state`]: 'received' },
            { [`${p}.state`]: 'processing', [`${p}.leaseUntil`]: { $lte: now } },
          ],
        } as Document,
        {
          $set: {
            [`${p}.state`]: 'processing',
            [`${p}.owner`]: owner,
            [`${p}.leaseUntil`]: leaseUntil,
            [`${p}.updatedAt`]: now,
          },
          $inc: { [`${p}.attempts`]: 1 },
        } as Document,
        { returnDocument: 'after' },
      );
      return decode(doc?.events?.[recordField(ref.id)]);
    },
    async renew(refs: InboundRef[], owner: string, leaseUntil: Date) {
      for (let i = 0; i < refs.length; i += BATCH) {
        const ops: AnyBulkWriteOperation<TurnDoc>[] = refs.slice(i, i + BATCH).map((ref) => ({
          updateOne: {
            filter: ownedBy(ref, owner),
            update: { $set: { [`${path(ref.id)}.leaseUntil`]: leaseUntil } },
          },
        }));
        await col.bulkWrite(ops, { ordered: false });
      }
    },
    async notePlaceholder(ref: InboundRef, owner: string, placeholder: PostedRef) {
      await col.updateOne(ownedBy(ref, owner), { $set: { [`${path(ref.id)}.placeholder`]: placeholder } });
    },
    async release(ref: InboundRef, owner: string, at: Date) {
      const p = path(ref.id);
      await col.updateOne(ownedBy(ref, owner), {
        $set: { [`${p}.state`]: 'received', [`${p}.updatedAt`]: at },
        $unset: { [`${p}.owner`]: '', [`${p}.leaseUntil`]: '' },
      });
    },
    /**
     * Finishes the record and, with `release`, gives the thread's turn back: one update command
     * with one statement per key, each by `_id` (see turn-end.ts), shared with the finishes of
     * other runs ending meanwhile. When a statement of that command matched nothing, a second
     * command does what may be left of this run's (rare: a lease or a record lost).
     */
    async finish(
      ref: InboundRef,
      owner: string,
      patch: { state: 'done' | 'failed'; outcome: string; at: Date },
      release?: TurnRelease,
    ) {
      const home = ref.home!;
      const record = { id: ref.id, owner, patch, posted: release?.posted ?? [] };
      if (!release) {
        await finishing([recordFinishStatement(home, record)]);
        return;
      }
      const hold = {
        keys: release.keys,
        owner: release.owner,
        token: release.token,
        ticket: release.ticket,
        prune: release.prune ?? [],
        expiresAt: new Date(patch.at.getTime() + IDLE_RETENTION_MS),
      };
      if (await finishing(endTurnStatements(home, record, hold))) return;
      await col.bulkWrite(endFallbackStatements(home, record, hold), { ordered: true });
    },
    /** Unfinished records of every turn document that holds one (the `unfinished` index). */
    async listUnfinished(): Promise<InboundRecord[]> {
      const docs = await col.find({ unfinished: { $gt: 0 } }).toArray();
      const out: InboundRecord[] = [];
      for (const doc of docs)
        for (const rec of Object.values(doc.events ?? {})) {
          if (rec?.state !== 'received' && rec?.state !== 'processing') continue;
          const r = decode(rec);
          if (r) out.push(r);
        }
      return out;
    },
  };
}

export type TurnJournal = ReturnType<typeof createTurnJournal>;
