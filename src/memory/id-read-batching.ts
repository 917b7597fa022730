import type { Collection, Document, Filter, WithId } from 'mongodb';
import { commandDeadlineMs, sendSettled } from './group-send.js';

/** At most this many callers in one grouped read. */
export const MAX_GROUPED_READS = 50;

interface Pending<T extends Document> {
  ids: string[];
  /** Asked as one id: read alone with `findOne`, as before. */
  one: boolean;
  resolve: (docs: Map<string, WithId<T>>) => void;
  reject: (err: unknown) => void;
}

export interface IdReadGroup<T extends Document> {
  /** The document with this `_id`, or null. */
  one(id: string): Promise<WithId<T> | null>;
  /** The documents with these `_id`s that exist, by `_id`. */
  many(ids: string[]): Promise<Map<string, WithId<T>>>;
}

/**
 * Group reads by `_id` (issue 13): while one read of a collection is on its way, the reads other
 * runs ask for meanwhile wait and leave together as one `find({ _id: { $in } })` (an `_id` index
 * read on MongoDB and on the bundled server). A read with nothing ahead of it goes at once, as the
 * `findOne` or `find` it asked for (one at a time nothing changes). A read leaves after it was
 * asked, so it sees what was stored before, as its own read would. Callers asking the same id in
 * one group share its document: read it, do not change it. When the command fails, every caller
 * of it gets the error.
 */
export function createIdReadGroup<T extends Document & { _id: string }>(col: Collection<T>): IdReadGroup<T> {
  let busy = false;
  const queue: Pending<T>[] = [];
  const deadlineMs = commandDeadlineMs(col);

  async function send(batch: Pending<T>[]): Promise<void> {
    try {
      const alone = batch.length === 1 && batch[0]!.one;
      const docs = alone
        ? [await col.findOne({ _id: batch[0]!.ids[0] } as Filter<T>)].filter((d) => d !== null)
        : await col.find({ _id: { $in: [...new Set(batch.flatMap((p) => p.ids))] } } as Filter<T>).toArray();
      const byId = new Map(docs.map((d) => [d._id as string, d]));
      for (const p of batch) p.resolve(byId);
    } catch (err) {
      for (const p of batch) p.reject(err);
    }
  }

  async function drain(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.splice(0, MAX_GROUPED_READS);
      await sendSettled(
        () => send(batch),
        (err) => batch.forEach((p) => p.reject(err)),
        deadlineMs,
      );
    }
    busy = false;
  }

  const ask = (ids: string[], one: boolean) =>
    new Promise<Map<string, WithId<T>>>((resolve, reject) => {
      queue.push({ ids, one, resolve, reject });
      if (busy) return;
      busy = true;
      // Reads asked in the same turn of the event loop leave together: the replies the loop read in
      // one poll (other runs going on) ask theirs before the check phase sends the group.
      setImmediate(() => void drain());
    });

  return {
    one: async (id) => (await ask([id], true)).get(id) ?? null,
    many: async (ids) => {
      if (ids.length === 0) return new Map();
      const found = await ask(ids, false);
      return new Map(ids.flatMap((id) => (found.has(id) ? [[id, found.get(id)!] as const] : [])));
    },
  };
}
