import type { Logger } from '../logger.js';

/** A recount: `full` when any event it stands for needs the whole recount (see RecountQueue.run). */
export type Recount = (full: boolean) => Promise<void>;

/** One chain of recounts per key (a ticket or an approval): never two of the same key at once. */
export interface RecountQueue {
  /**
   * Runs `work` after the key's recounts already queued. A burst for one key is one recount: a
   * run asked for while one is queued and not started joins it (`full` raised by any of them).
   * `strict`: the returned promise rejects when the recount failed (the report sweep advances
   * past a ticket only once it is counted), and it is not merged into a recount already waiting.
   * Otherwise a failure is logged and the promise resolves.
   */
  run(key: string, work: Recount, full?: boolean, strict?: boolean): Promise<void>;
  /**
   * Waits for every running chain, again for those queued meanwhile, `rounds` times at most
   * (until none is left when not given).
   */
  drain(rounds?: number): Promise<void>;
}

export function createRecountQueue(logger: Logger): RecountQueue {
  const chains = new Map<string, Promise<void>>();
  /** Recounts queued but not started: a burst of events for one key is one recount. */
  const waiting = new Map<string, { done: Promise<void>; full: boolean }>();

  return {
    run(key, work, full = true, strict = false) {
      const already = strict ? undefined : waiting.get(key);
      if (already) {
        already.full ||= full;
        return already.done;
      }
      const entry = { done: Promise.resolve(), full };
      const prev = chains.get(key) ?? Promise.resolve();
      const run = prev.then(() => {
        if (waiting.get(key) === entry) waiting.delete(key);
        return work(entry.full);
      });
      const next = run.catch((err: unknown) => logger.warn({ err, key }, 'report rollup update failed'));
      entry.done = next;
      chains.set(key, next);
      if (!strict) waiting.set(key, entry);
      void next.then(() => {
        if (chains.get(key) === next) chains.delete(key);
      });
      return strict ? run : next;
    },
    async drain(rounds = Infinity) {
      for (let round = 0; round < rounds && chains.size > 0; round++) await Promise.all([...chains.values()]);
    },
  };
}
