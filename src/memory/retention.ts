import type { Db } from 'mongodb';
import type { Clock } from '../domain/index.js';
import type { Logger } from '../logger.js';
import { EXPIRING_COLLECTIONS } from './indexes.js';

export interface RetentionPurgeOptions {
  db: Db;
  clock: Clock;
  /** How often to purge; an hour by default (retention is measured in days). */
  intervalMs?: number;
  logger?: Logger;
}

/** Deletes every document whose expiresAt has passed; returns how many per collection. */
export async function purgeExpired(db: Db, now: Date): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of EXPIRING_COLLECTIONS) {
    const res = await db.collection(name).deleteMany({ expiresAt: { $lte: now } });
    counts[name] = res.deletedCount;
  }
  return counts;
}

/**
 * The TTL index's stand-in for servers without one (FerretDB): purges now, then on a timer that
 * never keeps the process alive. Returns a stop function that waits for a purge in flight.
 */
export function startRetentionPurge(options: RetentionPurgeOptions): () => Promise<void> {
  return startPeriodicPurge(options, purgeExpired, {
    done: 'purged expired history',
    failed: 'retention purge failed; will retry',
  });
}

/**
 * Runs `purge` now, then every `intervalMs` (an hour by default) on a timer that never keeps the
 * process alive, one run at a time; logs what it removed (counts by collection) and its failures.
 * Returns a stop function that waits for a purge in flight.
 */
export function startPeriodicPurge(
  options: RetentionPurgeOptions,
  purge: (db: Db, now: Date) => Promise<Record<string, number>>,
  messages: { done: string; failed: string },
): () => Promise<void> {
  const { db, clock, logger } = options;
  let running: Promise<void> | undefined;
  let stopped = false;
  const tick = () => {
    if (stopped || running) return;
    running = purge(db, clock.now())
      .then((counts) => {
        const total = Object.values(counts).reduce((a, b) => a + b, 0);
        if (total > 0) logger?.info({ purged: counts }, messages.done);
      })
      .catch((err: unknown) => logger?.warn({ err }, messages.failed))
      .finally(() => {
        running = undefined;
      });
  };
  tick();
  const timer = setInterval(tick, options.intervalMs ?? 3_600_000);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
