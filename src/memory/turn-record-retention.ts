import type { Db } from 'mongodb';
import { COLLECTIONS } from './collections.js';
import { DECISION_KIND, INTERACTION_KIND } from './turn-decisions.js';
import { startPeriodicPurge, type RetentionPurgeOptions } from './retention.js';

/**
 * Takes the interaction history entries that agent turns' decision records carry
 * (history-repositories.ts) out of them once expired (90 days): the decision stays, as the audit
 * it is; the customer's summary goes, as an entry of `interactions` does. A TTL index cannot reach
 * a field inside a document that is kept, so this runs on every server. The history hides
 * expired entries before this gets to them. Entries stored alone in `messages` (an approval's
 * notice carried them) are deleted. Returns how many it took out.
 */
export async function purgeExpiredTurnInteractions(db: Db, now: Date): Promise<number> {
  const expired = { 'interaction.expiresAt': { $lte: now } };
  const unset = { $unset: { interaction: '' } };
  // Decisions alone, and those that rode in their bot message's insert (turn-decisions.ts).
  const alone = await db.collection(COLLECTIONS.decisions).updateMany(expired, unset);
  const rode = await db
    .collection(COLLECTIONS.messages)
    .updateMany({ kind: DECISION_KIND, ...expired }, unset);
  // Entries an approval's notice carried are nothing but the entry: they go.
  const entries = await db
    .collection(COLLECTIONS.messages)
    .deleteMany({ kind: INTERACTION_KIND, 'history.expiresAt': { $lte: now } });
  return alone.modifiedCount + rode.modifiedCount + entries.deletedCount;
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
