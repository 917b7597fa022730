/**
 * Runs tasks one at a time per key, in arrival order; different keys run concurrently.
 * Keys are forgotten as soon as their last task settles, so the map never grows unbounded.
 */
export interface KeyedQueue {
  run<T>(key: string, task: () => Promise<T>): Promise<T>;
  /** Keys with a task running or waiting (for tests and diagnostics). */
  readonly size: number;
}

export function createKeyedQueue(): KeyedQueue {
  const tails = new Map<string, Promise<unknown>>();
  return {
    run<T>(key: string, task: () => Promise<T>): Promise<T> {
      const previous = tails.get(key) ?? Promise.resolve();
      // The next task waits for this one whether it succeeds or fails.
      const result = previous.then(task, task);
      const tail = result.then(
        () => undefined,
        () => undefined,
      );
      tails.set(key, tail);
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return result;
    },
    get size() {
      return tails.size;
    },
  };
}
