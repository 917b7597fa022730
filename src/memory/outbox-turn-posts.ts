import type { Db } from 'mongodb';
import type { OutboxEntry } from '../conversation/outbox.schema.js';
import {
  recordField,
  THREAD_LEASES_COLLECTION,
  turnPostState,
  type TurnDoc,
  type TurnPostState,
} from './turn-documents.js';

/**
 * What the turn documents say of outbox entries opened during a thread's turn (OutboxEntry.turn),
 * by entry id: posted (the finish of the turn recorded it), its run still going, or unknown. One
 * `_id` read per turn document, fetching only the records asked about.
 */
export function createTurnPostReader(db: Db) {
  const turns = db.collection<TurnDoc>(THREAD_LEASES_COLLECTION);
  return async function turnPosts(
    entries: readonly OutboxEntry[],
    now: Date,
  ): Promise<Map<string, TurnPostState>> {
    const byHome = new Map<string, OutboxEntry[]>();
    for (const e of entries) {
      if (!e.turn || e.status !== 'pending') continue;
      byHome.set(e.turn.home, [...(byHome.get(e.turn.home) ?? []), e]);
    }
    const out = new Map<string, TurnPostState>();
    for (const [home, list] of byHome) {
      const projection = Object.fromEntries(list.map((e) => [`events.${recordField(e.turn!.record)}`, 1]));
      const doc = await turns.findOne({ _id: home }, { projection });
      for (const e of list) out.set(e.entryId, turnPostState(doc, e.turn!.record, e.entryId, now));
    }
    return out;
  };
}
