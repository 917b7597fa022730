import type { Db } from 'mongodb';
import type { Clock } from '../domain/index.js';
import type { Logger } from '../logger.js';
import { COLLECTIONS } from './collections.js';

/**
 * Takes the interaction history entries that agent turns' decision records carry
 * (history-repositories.ts) out of them once expired (90 days): the decision stays, as the audit
 * it is; the customer's summary goes, as an entry of `interactions` does. A TTL index cannot reach
 * a field inside a document that is kept, so this runs on every server. The history hides
 * expired entries before this gets to them. Returns how many it took out.
 */
export async function purgeExpiredTurnInteractions(db: Db, now: Date): Promise<number> {
  const res = await db
    .collection(COLLECTIONS.decisions)
    .updateMany({ 'interaction.expiresAt': { $lte: now } }, { $unset: { interaction: '' } });
  return res.modifiedCount;
}

export interface TurnInteractionPurgeOptions {
  db: Db;
  clock: Clock;
  /** How often to purge; an hour by default (retention is measured in days). */
  intervalMs?: number;
  logger?: Logger;
}

/** Purges now, then on a timer that never keeps the process alive; the stop waits for a purge in flight. */
export function startTurnInteractionPurge(options: TurnInteractionPurgeOptions): () => Promise<void> {
  const { db, clock, logger } = options;
  let running: Promise<void> | undefined;
  let stopped = false;
  const tick = () => {
    if (stopped || running) return;
    running = purgeExpiredTurnInteractions(db, clock.now())
      .then((n) => {
        if (n > 0) logger?.info({ purged: { decisions: n } }, 'purged expired interaction history');
      })
      .catch((err: unknown) => logger?.warn({ err }, 'interaction history purge failed; will retry'))
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
