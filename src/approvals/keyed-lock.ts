/**
 * Runs tasks one at a time per key inside this process: an optimisation only. What makes a
 * decision exactly-once and keeps the daily refund limit is in MongoDB, across processes (the
 * request's conditional status update, the customer's refund ledger, refund-limits.ts); this lock
 * saves the wasted work and retries of twenty clicks racing for one request in one process.
 */
export interface KeyedLock {
  run<T>(key: string, task: () => Promise<T>): Promise<T>;
}

export function createKeyedLock(): KeyedLock {
  const tails = new Map<string, Promise<unknown>>();
  return {
    run(key, task) {
      const previous = tails.get(key) ?? Promise.resolve();
      const result = previous.then(task, task);
      const tail = result.catch(() => undefined);
      tails.set(key, tail);
      // Forget the key once nothing is queued behind this task, so the map does not grow forever.
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return result;
    },
  };
}
