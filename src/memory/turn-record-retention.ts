import type { Db } from 'mongodb';
import { COLLECTIONS } from './collections.js';
import { startPeriodicPurge, type RetentionPurgeOptions } from './retention.js';

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

/** Purges now, then on a timer that never keeps the process alive; the stop waits for a purge in flight. */
export function startTurnInteractionPurge(options: RetentionPurgeOptions): () => Promise<void> {
  return startPeriodicPurge(
    options,
    async (db, now) => ({ decisions: await purgeExpiredTurnInteractions(db, now) }),
    {
      done: 'purged expired interaction history',
      failed: 'interaction history purge failed; will retry',
    },
  );
}
