/**
 * Write-behind: the report's writes wait for the next flush, where every write waiting goes in
 * one command, instead of each going at once.
 */
export interface FlushGate {
  /** Resolves at the next flush (at once while a `promptly` runs, or with `flushMs` 0). */
  next(): Promise<void>;
  /** Runs `work` with every write going at once, those waiting for the next flush first. */
  promptly(work: () => Promise<void>): Promise<void>;
}

/** `flushMs`: how long a write waits at most for the next flush. */
export function createFlushGate(flushMs: number): FlushGate {
  /** Flushes and idles running: writes go at once meanwhile. */
  let urgent = 0;
  /** The next flush: the writes waiting for it, released together (one tick, one command). */
  let gate: { opened: Promise<void>; open(): void } | undefined;

  return {
    next() {
      if (urgent > 0 || flushMs <= 0) return Promise.resolve();
      if (!gate) {
        let release!: () => void;
        const opened = new Promise<void>((resolve) => (release = resolve));
        const g = {
          opened,
          open() {
            clearTimeout(timer);
            if (gate === g) gate = undefined;
            release();
          },
        };
        const timer = setTimeout(() => g.open(), flushMs);
        // A write must not keep a stopping process alive; shutdown flushes through idle().
        timer.unref();
        gate = g;
      }
      return gate.opened;
    },
    async promptly(work) {
      urgent += 1;
      try {
        gate?.open();
        await work();
      } finally {
        urgent -= 1;
      }
    },
  };
}
