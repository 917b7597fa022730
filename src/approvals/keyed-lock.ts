/**
 * Runs tasks one at a time per key inside this process. The stores' conditional updates are what
 * make a decision exactly-once across processes (on MongoDB); this lock also makes it so on
 * servers whose findOneAndUpdate is not atomic under concurrency (the FerretDB/SQLite dev server),
 * and saves the wasted work of twenty clicks racing for one request.
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
