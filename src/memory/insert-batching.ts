import {
  MongoBulkWriteError,
  type Collection,
  type Document,
  type InsertOneOptions,
  type InsertOneResult,
  type OptionalUnlessRequiredId,
} from 'mongodb';
import { bulkWriteErrors } from './collections.js';
import { commandDeadlineMs, sendSettled } from './group-send.js';

/** At most this many documents in one batched insert (FerretDB v1 stalls on very large commands). */
export const MAX_INSERT_BATCH = 50;

interface Pending {
  doc: Document;
  resolve: (result: InsertOneResult) => void;
  reject: (err: unknown) => void;
}

/** A duplicate key (or other per-document refusal) of one document in a batch, as insertOne throws it. */
export class BatchedWriteError extends Error {
  constructor(
    readonly code: number | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'MongoServerError';
  }
}

/**
 * Group commit for single-document inserts: while one insert of a collection is on its way, the
 * inserts other runs make meanwhile wait and go together as one `insertMany` (unordered), so eight
 * messages in flight write their transcript lines, outbox entries and journal records in a few
 * round trips instead of one each. An insert with nothing ahead of it goes at once (no added
 * latency one message at a time). Each caller gets its own outcome: its
 * document's refusal (a duplicate key) is its own error, the others' inserts stand; a failure of
 * the whole command (the database gone) fails every caller of the batch, as it would have failed
 * each of their inserts. Inserts with options (a session, a write concern) are not batched.
 */
export function withBatchedInserts<T extends Document>(col: Collection<T>): Collection<T> {
  let busy = false;
  const queue: Pending[] = [];
  const deadlineMs = commandDeadlineMs(col);

  async function send(batch: Pending[]): Promise<void> {
    if (batch.length === 1) {
      const [one] = batch as [Pending];
      try {
        one.resolve(await col.insertOne(one.doc as OptionalUnlessRequiredId<T>));
      } catch (err) {
        one.reject(err);
      }
      return;
    }
    const docs = batch.map((p) => p.doc as OptionalUnlessRequiredId<T>);
    try {
      await col.insertMany(docs, { ordered: false });
      for (const p of batch) p.resolve({ acknowledged: true, insertedId: p.doc._id });
    } catch (err) {
      if (!(err instanceof MongoBulkWriteError)) {
        for (const p of batch) p.reject(err);
        return;
      }
      const refused = new Map<number, { code?: number; errmsg?: string }>();
      const errors = bulkWriteErrors(err);
      for (const e of errors) refused.set(e.index, { code: e.code, errmsg: e.errmsg });
      // The command ran and refused only those documents (a write-concern failure fails them all).
      const completed = refused.size > 0 && !err.result.getWriteConcernError();
      batch.forEach((p, i) => {
        const r = refused.get(i);
        if (r) p.reject(new BatchedWriteError(r.code, r.errmsg ?? 'insert refused'));
        else if (completed) p.resolve({ acknowledged: true, insertedId: p.doc._id });
        else p.reject(err);
      });
    }
  }

  async function drain(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.splice(0, MAX_INSERT_BATCH);
      await sendSettled(
        () => send(batch),
        (err) => batch.forEach((p) => p.reject(err)),
        deadlineMs,
      );
    }
    busy = false;
  }

  function insertOne(doc: Document, options?: InsertOneOptions): Promise<InsertOneResult> {
    if (options && Object.keys(options).length > 0)
      return col.insertOne(doc as OptionalUnlessRequiredId<T>, options);
    return new Promise<InsertOneResult>((resolve, reject) => {
      queue.push({ doc, resolve, reject });
      if (busy) return;
      busy = true;
      // Inserts made in the same turn of the event loop (a Promise.all, or other runs woken by the
      // replies read in the same poll) leave together.
      setImmediate(() => void drain());
    });
  }

  // Bound once per method, not on every call (every command of a repository goes through here).
  const bound = new Map<string | symbol, unknown>();
  return new Proxy(col, {
    get(target, prop, receiver) {
      if (prop === 'insertOne') return insertOne;
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      let method = bound.get(prop);
      if (method === undefined) {
        method = (value as (...a: unknown[]) => unknown).bind(target);
        bound.set(prop, method);
      }
      return method;
    },
  });
}
