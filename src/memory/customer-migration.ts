import type { Collection, Db, Document, ObjectId, WithId } from 'mongodb';
import type { Logger } from '../logger.js';
import { COLLECTIONS, isDuplicateKeyError } from './collections.js';
import { CUSTOMER_KEYS_COLLECTION, keyCustomerEmails, type KeyDoc } from './customer-repository.js';
import { keyedDocuments } from './keyed-documents.js';

export interface CustomerMigrationOptions {
  db: Db;
  logger: Logger;
  /** Customers read and moved at a time (at most 50: the email keys of a batch go in bulkWrites of 50). */
  batchSize?: number;
}

export interface CustomerMigrationReport {
  /** Customers this run moved to their keyed `_id`. */
  migrated: number;
  /** Old documents whose keyed copy was already there (an interrupted run, another process): removed. */
  alreadyKeyed: number;
  /** Old documents without a tenant or customer id: left where they are (no reader can find them by key). */
  skipped: number;
  /** Old documents that kept changing while being moved: left for the next start. */
  left: number;
  /** Customers a killed run had deleted but not yet rewritten: rewritten from its stash. */
  resumed: number;
}

const keyed = keyedDocuments('customerId');
const MAX_BATCH = 50;
/** Attempts to move a customer that a writer keeps changing under the migration. */
const MOVE_ATTEMPTS = 3;

type Outcome = 'migrated' | 'alreadyKeyed' | 'left';

const isMigratable = (doc: Document): boolean =>
  typeof doc.tenantId === 'string' &&
  doc.tenantId.length > 0 &&
  typeof doc.customerId === 'string' &&
  doc.customerId.length > 0;

const emailsOf = (doc: Document): string[] => {
  const emails = Array.isArray(doc.contactEmails) ? doc.contactEmails : [];
  const contacts = Array.isArray(doc.contacts) ? (doc.contacts as Array<{ email?: unknown }>) : [];
  return [...emails, ...contacts.map((c) => c?.email)].filter((e): e is string => typeof e === 'string');
};

/** Customers between their old document's deletion and their keyed copy's insert, by keyed `_id`. */
export const CUSTOMER_MOVES_COLLECTION = 'customer_moves';
type MoveDoc = { _id: string; customer: Document };

/**
 * Moves customers stored before keyed ids (ObjectId `_id`, found by scanning their fields) to the
 * keyed form the repository reads by `_id` (customer-repository.ts), with their email keys, so the
 * legacy check finds none and lookups stop scanning. Run at start-up; idempotent and resumable.
 *
 * The unique `{tenantId, customerId}` index (enforced by MongoDB and the embedded server; it keeps
 * two old documents for one customer from ever existing) refuses a keyed copy beside the old
 * document, and there are no transactions on a standalone server or FerretDB, so each customer
 * moves in steps that are safe to stop at any instant: its email keys (keys may say more than is
 * true, never less); the document as read, stashed in `customer_moves` under the keyed `_id`; the
 * old document deleted only if it is still exactly what was read (else read again); the keyed copy
 * inserted (every field as stored, `_id` `${tenantId}:${customerId}`, the organization kept in the
 * key for sharding); the stash dropped. A run first finishes the moves a killed one left (a stash
 * whose old document is gone and whose keyed copy is missing). Two processes may move one customer
 * at once: only one delete succeeds, and a keyed copy already there (refused by its `_id`) counts
 * as done. Between the delete and the insert (two commands; until the next start if the process
 * dies there) that one customer is not found.
 */
export async function migrateCustomers(options: CustomerMigrationOptions): Promise<CustomerMigrationReport> {
  const { db, logger } = options;
  const batchSize = Math.max(1, Math.min(options.batchSize ?? MAX_BATCH, MAX_BATCH));
  const col = db.collection(COLLECTIONS.customers);
  const moves = db.collection<MoveDoc>(CUSTOMER_MOVES_COLLECTION);
  const keys = db.collection<KeyDoc>(CUSTOMER_KEYS_COLLECTION);
  const report: CustomerMigrationReport = { migrated: 0, alreadyKeyed: 0, skipped: 0, left: 0, resumed: 0 };

  report.resumed = await finishInterruptedMoves(col, moves, batchSize);

  // Walk the old documents in `_id` order, so ones left behind are not read again in this run.
  let after: ObjectId | undefined;
  for (;;) {
    const filter = after ? { _id: { $type: 'objectId', $gt: after } } : { _id: { $type: 'objectId' } };
    const batch = await col
      .find(filter as Document)
      .sort({ _id: 1 })
      .limit(batchSize)
      .toArray();
    if (batch.length === 0) break;
    after = batch[batch.length - 1]!._id as ObjectId;
    const movable = batch.filter(isMigratable);
    report.skipped += batch.length - movable.length;
    await keyCustomerEmails(
      keys,
      movable.map((d) => ({ tenantId: d.tenantId, customerId: d.customerId, contactEmails: emailsOf(d) })),
    );
    for (const doc of movable) report[await moveToKey(col, moves, doc)] += 1;
  }

  if (Object.values(report).some((n) => n > 0))
    logger.info({ ...report }, 'migration: customers stored by key');
  if (report.skipped + report.left > 0)
    logger.warn(
      { skipped: report.skipped, left: report.left },
      'migration: some customers stored before keyed ids remain and are still found by their fields',
    );
  return report;
}

const withoutId = (doc: Document): Document =>
  Object.fromEntries(Object.entries(doc).filter(([k]) => k !== '_id'));

/** Inserts the keyed copy of `customer` (an old document as read); false when one was there. */
async function insertKeyed(col: Collection, keyedId: string, customer: Document): Promise<boolean> {
  try {
    // The driver types `_id` as ObjectId on an untyped collection; ours are strings.
    await col.insertOne({ ...withoutId(customer), _id: keyedId as never });
    return true;
  } catch (err) {
    if (isDuplicateKeyError(err)) return false;
    throw err;
  }
}

async function moveToKey(
  col: Collection,
  moves: Collection<MoveDoc>,
  legacy: WithId<Document>,
): Promise<Outcome> {
  const keyedId = keyed.id(legacy.tenantId as string, legacy.customerId as string);
  let snapshot = legacy;
  for (let attempt = 0; attempt < MOVE_ATTEMPTS; attempt += 1) {
    await stash(moves, keyedId, snapshot);
    // Deleted only as read: a writer that changed it since (in place, as before keyed ids) is kept.
    if ((await col.deleteOne(snapshot)).deletedCount === 1) {
      const inserted = await insertKeyed(col, keyedId, snapshot);
      await moves.deleteOne({ _id: keyedId });
      return inserted ? 'migrated' : 'alreadyKeyed';
    }
    const latest = await col.findOne({ _id: legacy._id });
    if (!latest) {
      // Another process deleted it and writes the keyed copy from what it read (or its next start
      // does, from the stash). Once the copy is there, a stash this run wrote after that process
      // dropped its own is stale.
      if (await col.findOne({ _id: keyedId as never }, { projection: { _id: 1 } }))
        await moves.deleteOne({ _id: keyedId });
      return 'alreadyKeyed';
    }
    snapshot = latest;
  }
  return 'left';
}

/**
 * Keeps the newest read of a customer in the stash (by `updatedAt`, which every write sets): when
 * two processes move one customer, the one whose delete succeeds read what is newest.
 */
async function stash(moves: Collection<MoveDoc>, keyedId: string, customer: Document): Promise<void> {
  const updatedAt: unknown = customer.updatedAt;
  const older = updatedAt instanceof Date ? { 'customer.updatedAt': { $lte: updatedAt } } : {};
  try {
    await moves.replaceOne({ _id: keyedId, ...older }, { customer }, { upsert: true });
  } catch (err) {
    // A newer read is stashed already.
    if (!isDuplicateKeyError(err)) throw err;
  }
}

/** Finishes moves a killed process left: the old document deleted, the keyed copy not yet written. */
async function finishInterruptedMoves(
  col: Collection,
  moves: Collection<MoveDoc>,
  batchSize: number,
): Promise<number> {
  let resumed = 0;
  let after = '';
  for (;;) {
    const batch = await moves
      .find({ _id: { $gt: after } })
      .sort({ _id: 1 })
      .limit(batchSize)
      .toArray();
    if (batch.length === 0) return resumed;
    after = batch[batch.length - 1]!._id;
    for (const { _id: keyedId, customer } of batch) {
      // Still there: found by its fields, and moved again below.
      if (await col.findOne({ _id: customer._id as never }, { projection: { _id: 1 } })) continue;
      if (await insertKeyed(col, keyedId, customer)) resumed += 1;
      await moves.deleteOne({ _id: keyedId });
    }
  }
}
