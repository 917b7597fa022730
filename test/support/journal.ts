import type { Db, Document } from 'mongodb';
import { INBOUND_JOURNAL_COLLECTION } from '../../src/memory/inbound-journal-repository.js';
import { THREAD_LEASES_COLLECTION } from '../../src/memory/turn-documents.js';

/**
 * Every inbound journal record as stored: a customer message's in its thread's turn document
 * (`events`), other events' (and those stored before) in the journal's own collection.
 */
export async function journalRecords(db: Db, eventId?: string): Promise<Document[]> {
  const own = await db.collection(INBOUND_JOURNAL_COLLECTION).find({}).toArray();
  const turns = await db.collection(THREAD_LEASES_COLLECTION).find({}).toArray();
  const inTurns = turns.flatMap((t) => Object.values((t.events ?? {}) as Record<string, Document>));
  return [...own, ...inTurns].filter((r) => eventId === undefined || r.eventId === eventId);
}
