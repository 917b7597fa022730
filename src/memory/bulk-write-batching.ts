import type { AnyBulkWriteOperation, Collection, Document } from 'mongodb';
import { commandDeadlineMs } from './group-send.js';
import { createWriteGroup } from './write-group.js';

/** At most this many statements in one command (the bundled server hangs on ~300). */
export const MAX_GROUPED_STATEMENTS = 50;

/**
 * Group commit for ordered bulk writes whose callers need no result but success (issue 13): while
 * one caller's write is on its way, the writes other runs make meanwhile wait and leave together
 * as one ordered `bulkWrite`, each caller's statements kept together and in its order. A write
 * with nothing ahead of it goes at once, alone (one at a time nothing changes). When the command
 * fails, every caller of it gets the error, whatever failed: an ordered command stops at a refused
 * statement, but which statement that was the bundled server does not say (it reports index 0
 * and no counts), so no caller can be told it succeeded or be sent again safely (the callers
 * before the refusal were applied). Use it only for writes whose failure their callers survive
 * as "maybe applied" (a finish that re-checks, a lease that expires); nothing is applied twice.
 *
 * A write resolves with whether every statement of its command (`updateOne`s) matched a document: true
 * says this caller's did too; false says one of the command's did not, perhaps another caller's
 * (the reply counts the command's matches, not each statement's), so a caller whose statements
 * are conditional follows up with statements safe either way. No statements: true.
 */
export function createBulkWriteGroup<T extends Document>(
  col: Collection<T>,
): (ops: AnyBulkWriteOperation<T>[]) => Promise<boolean> {
  const group = createWriteGroup<AnyBulkWriteOperation<T>, boolean>(
    MAX_GROUPED_STATEMENTS,
    async (batch) => {
      try {
        const ops = batch.flatMap((p) => p.items);
        const res = await col.bulkWrite(ops, { ordered: true });
        // Told only of commands of single-document updates (another kind counts otherwise).
        const matched =
          ops.every((op) => 'updateOne' in op) && res.matchedCount + res.upsertedCount === ops.length;
        for (const p of batch) p.resolve(matched);
      } catch (err) {
        for (const p of batch) p.reject(err);
      }
    },
    commandDeadlineMs(col),
  );
  return async (ops) => (await group(ops)) !== false;
}
