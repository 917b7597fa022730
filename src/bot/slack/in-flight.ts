/**
 * Listener work this process has taken in and not finished. Slack is answered before the work
 * runs (the 3-second ack), so shutdown and tests need their own way to know it is done.
 */
export interface InFlight {
  /** Adds work; its failure is the caller's to log (it is swallowed here). */
  track<T>(work: Promise<T>): Promise<T>;
  /** Resolves once nothing is running, including work started while waiting. */
  idle(): Promise<void>;
  /** `idle()`, bounded: true when everything finished within `timeoutMs`. */
  drain(timeoutMs: number): Promise<boolean>;
  readonly size: number;
}

export function createInFlight(): InFlight {
  const running = new Set<Promise<unknown>>();
  const idle = async () => {
    while (running.size > 0) await Promise.allSettled([...running]);
  };
  return {
    track(work) {
      const settled = work.then(
        () => undefined,
        () => undefined,
      );
      running.add(settled);
      void settled.finally(() => running.delete(settled));
      return work;
    },
    idle,
    async drain(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
        timer.unref();
      });
      try {
        return await Promise.race([idle().then(() => true as const), late]);
      } finally {
        clearTimeout(timer);
      }
    },
    get size() {
      return running.size;
    },
  };
}
