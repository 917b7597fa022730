import type { AnyBulkWriteOperation, Collection, Document } from 'mongodb';
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
 */
export function createBulkWriteGroup<T extends Document>(
  col: Collection<T>,
): (ops: AnyBulkWriteOperation<T>[]) => Promise<void> {
  return createWriteGroup<AnyBulkWriteOperation<T>>(MAX_GROUPED_STATEMENTS, async (batch) => {
    try {
      await col.bulkWrite(
        batch.flatMap((p) => p.items),
        { ordered: true },
      );
      for (const p of batch) p.resolve();
    } catch (err) {
      for (const p of batch) p.reject(err);
    }
  });
}
