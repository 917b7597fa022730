import type { AnyBulkWriteOperation, Collection, Document } from 'mongodb';

/** At most this many statements in one command (the bundled server hangs on ~300). */
export const MAX_GROUPED_STATEMENTS = 50;

interface Pending<T extends Document> {
  ops: AnyBulkWriteOperation<T>[];
  resolve: () => void;
  reject: (err: unknown) => void;
}

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
  let busy = false;
  const queue: Pending<T>[] = [];

  async function send(batch: Pending<T>[]): Promise<void> {
    try {
      await col.bulkWrite(
        batch.flatMap((p) => p.ops),
        { ordered: true },
      );
      for (const p of batch) p.resolve();
    } catch (err) {
      for (const p of batch) p.reject(err);
    }
  }

  /** The next callers whose statements fit one command together (a larger one goes alone). */
  function take(): Pending<T>[] {
    const batch: Pending<T>[] = [queue.shift()!];
    let n = batch[0]!.ops.length;
    while (queue.length > 0 && n + queue[0]!.ops.length <= MAX_GROUPED_STATEMENTS) {
      n += queue[0]!.ops.length;
      batch.push(queue.shift()!);
    }
    return batch;
  }

  async function drain(): Promise<void> {
    while (queue.length > 0) await send(take());
    busy = false;
  }

  return (ops) => {
    if (ops.length === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      queue.push({ ops, resolve, reject });
      if (busy) return;
      busy = true;
      // Writes made in the same tick leave together.
      queueMicrotask(() => void drain());
    });
  };
}
