import { MongoBulkWriteError, type Collection, type Document } from 'mongodb';
import { bulkWriteErrors } from './collections.js';
import { BatchedWriteError, MAX_INSERT_BATCH } from './insert-batching.js';
import { commandDeadlineMs } from './group-send.js';
import { createWriteGroup } from './write-group.js';

/**
 * Group commit for ordered multi-document inserts (issue 13): while one caller's insert is on its
 * way, the inserts other runs make meanwhile wait and leave together as one ordered `insertMany`,
 * each caller's documents together and in its order. An insert with nothing ahead of it goes at
 * once, alone, as the same command (one at a time nothing changes).
 *
 * Each caller gets what its own ordered insert would have given it. An ordered insert stops at
 * its first refused document and says which one it was (its index; MongoDB and the bundled
 * server both do, unlike an ordered update's refusal on the bundled server): the callers wholly
 * before it are stored and succeed; the caller it belongs to has its documents before it stored
 * and none after, exactly as alone, and gets the refusal as its own error (a duplicate key keeps
 * code 11000); the callers after it had nothing written and are sent again. A command that fails
 * as a whole (the database gone, a write-concern error) fails every caller, as it would have
 * failed each one's own insert: what it stored before failing is a rerun's duplicate to find.
 */
export function createOrderedInsertGroup(col: Collection): (docs: Document[]) => Promise<void> {
  const deadlineMs = commandDeadlineMs(col);
  return createWriteGroup<Document>(
    MAX_INSERT_BATCH,
    async (batch, requeue) => {
      try {
        await col.insertMany(
          batch.flatMap((p) => p.items),
          { ordered: true },
        );
        for (const p of batch) p.resolve();
      } catch (err) {
        const refused = err instanceof MongoBulkWriteError ? bulkWriteErrors(err)[0] : undefined;
        if (!refused || batch.length === 1 || (err as MongoBulkWriteError).result.getWriteConcernError()) {
          for (const p of batch) p.reject(err);
          return;
        }
        let start = 0;
        for (const [i, p] of batch.entries()) {
          const end = start + p.items.length;
          if (refused.index >= end) p.resolve();
          else if (refused.index >= start)
            p.reject(new BatchedWriteError(refused.code, refused.errmsg ?? 'insert refused'));
          else {
            // Not written: the callers after the refusal go again, ahead of newer ones.
            requeue(batch.slice(i));
            return;
          }
          start = end;
        }
      }
    },
    deadlineMs,
  );
}
