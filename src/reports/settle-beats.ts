import type { Recount } from './recount-queue.js';

export interface SettleOptions {
  /** How long a key must be quiet before its recount starts (0: at once). */
  settleMs: number;
  /** However busy a key stays, its recount waits at most this long (plus the next beat). */
  maxWaitMs: number;
  /** Starts a settled key's recount (the recount queue). */
  start(key: string, work: Recount, full: boolean): void;
}

/**
 * Holds a key's recount until its events settle. Recounts start on a shared beat (half the
 * settle time): the tickets that settle within one beat are recounted together, so their fact
 * inserts leave as one `insertMany` (insert-batching.ts) and their day counters as one `$inc` per
 * day (report-repository.ts) instead of two round trips per ticket.
 */
export interface Settler {
  /** Starts `work` for `key` once the key has been quiet settleMs (the latest `work` counts). */
  later(key: string, work: Recount, full: boolean): void;
  /** Starts every recount still settling (a report read, shutdown). */
  startAll(): void;
}

export function createSettler({ settleMs, maxWaitMs, start }: SettleOptions): Settler {
  const beatMs = Math.max(1, Math.floor(settleMs / 2));
  /** Events not yet queued, by key: their recount starts on the first beat once the key has been quiet settleMs. */
  const settling = new Map<string, { due: number; firstAt: number; full: boolean; work: Recount }>();
  /** The keys due on each beat, and its timer. */
  const beats = new Map<number, { keys: Set<string>; timer: NodeJS.Timeout }>();

  /** Takes `key` off the beat `due` (and the beat off the clock when nothing is left on it). */
  function leaveBeat(key: string, due: number): void {
    const beat = beats.get(due);
    if (!beat) return;
    beat.keys.delete(key);
    if (beat.keys.size > 0) return;
    clearTimeout(beat.timer);
    beats.delete(due);
  }

  function startNow(key: string): void {
    const entry = settling.get(key);
    if (!entry) return;
    settling.delete(key);
    leaveBeat(key, entry.due);
    start(key, entry.work, entry.full);
  }

  function onBeat(due: number): void {
    const beat = beats.get(due);
    if (!beat) return;
    // Every due key starts in this one callback: their first writes meet in one batch.
    for (const key of [...beat.keys]) startNow(key);
  }

  return {
    later(key, work, full) {
      if (settleMs <= 0) {
        start(key, work, full);
        return;
      }
      const now = Date.now();
      const entry = settling.get(key);
      const firstAt = entry?.firstAt ?? now;
      const at = Math.max(now, Math.min(now + settleMs, firstAt + maxWaitMs));
      const due = Math.ceil(at / beatMs) * beatMs;
      if (entry && entry.due !== due) leaveBeat(key, entry.due);
      let beat = beats.get(due);
      if (!beat) {
        const timer = setTimeout(() => onBeat(due), Math.max(0, due - now));
        // A recount must not keep a stopping process alive; shutdown flushes through idle().
        timer.unref();
        beat = { keys: new Set(), timer };
        beats.set(due, beat);
      }
      beat.keys.add(key);
      settling.set(key, { due, firstAt, full: (entry?.full ?? false) || full, work });
    },
    startAll() {
      for (const key of [...settling.keys()]) startNow(key);
    },
  };
}
