/**
 * Runs tasks one at a time per key, in call order; tasks with no key in common run concurrently.
 * A task with several keys claims them all at the moment it is queued, so arrival order decides
 * and two multi-key tasks can never wait on each other. Keys are forgotten once idle.
 */
export interface KeyedQueue {
  run<T>(keys: string | string[], task: () => Promise<T>): Promise<T>;
  /** Keys with a task running or waiting (for tests and diagnostics). */
  readonly size: number;
}

export function createKeyedQueue(): KeyedQueue {
  const tails = new Map<string, Promise<unknown>>();
  return {
    run<T>(keys: string | string[], task: () => Promise<T>): Promise<T> {
      const list = [...new Set(Array.isArray(keys) ? keys : [keys])];
      const previous = Promise.all(list.map((k) => tails.get(k) ?? Promise.resolve()));
      // The next task waits for this one whether it succeeds or fails.
      const result = previous.then(task, task);
      const tail = result.then(
        () => undefined,
        () => undefined,
      );
      for (const key of list) tails.set(key, tail);
      void tail.then(() => {
        for (const key of list) if (tails.get(key) === tail) tails.delete(key);
      });
      return result;
    },
    get size() {
      return tails.size;
    },
  };
}
