import type { Document } from 'mongodb';
import type { RefundLedgerStore } from '../approvals/ports.js';
import { RefundHoldSchema, type RefundHold } from '../approvals/refund-ledger.schema.js';
import { COLLECTIONS, collection, isDuplicateKeyError, type RepositoryDeps } from './collections.js';

/**
 * A customer's ledger is one document, `_id` = `${tenantId}:${customerId}`, read and written by
 * primary key. Holds are stored as a map by (encoded) key so one can be removed with `$unset`
 * without reading the document; `_rev` makes every other write conditional on the revision read.
 */
export function createRefundLedgerRepository({ db, logger, clock }: RepositoryDeps): RefundLedgerStore {
  // Majority + journal, as approvals: the guard must not roll back in a failover.
  const col = collection(db, COLLECTIONS.refundLedgers, { durable: true });
  const id = (tenantId: string, customerId: string) => `${tenantId}:${customerId}` as never;
  return {
    async get(tenantId, customerId) {
      const doc = await col.findOne({ _id: id(tenantId, customerId) });
      return doc ? { tenantId, customerId, holds: holdsOf(doc), rev: revOf(doc) } : null;
    },
    async put(tenantId, customerId, rev, holds) {
      const map: Document = {};
      for (const h of holds) map[encodeKey(h.key)] = RefundHoldSchema.parse(h);
      if (rev === null) {
        try {
          await col.insertOne({
            _id: id(tenantId, customerId),
            tenantId,
            customerId,
            holds: map,
            _rev: 1,
            updatedAt: clock.now(),
          });
          return true;
        } catch (err) {
          // Another process created it first: the caller reads it and decides again.
          if (isDuplicateKeyError(err)) return false;
          throw err;
        }
      }
      // The revision read is in the filter: of two writers from the same read, one matches.
      const res = await col.updateOne(
        { _id: id(tenantId, customerId), _rev: rev },
        { $set: { holds: map, updatedAt: clock.now() }, $inc: { _rev: 1 } },
      );
      return res.matchedCount === 1;
    },
    async release(tenantId, customerId, key) {
      const doc = await col.findOneAndUpdate(
        { _id: id(tenantId, customerId) },
        { $unset: { [`holds.${encodeKey(key)}`]: '' }, $inc: { _rev: 1 }, $set: { updatedAt: clock.now() } },
        { returnDocument: 'after' },
      );
      return doc ? holdsOf(doc) : null;
    },
    async take(tenantId, customerId, hold) {
      // Only an existing ledger: one that was never written may have requests opened before
      // ledgers existed, which only the caller's read-then-put path collects.
      const doc = await col.findOneAndUpdate(
        { _id: id(tenantId, customerId) },
        {
          $set: { [`holds.${encodeKey(hold.key)}`]: RefundHoldSchema.parse(hold), updatedAt: clock.now() },
          $inc: { _rev: 1 },
        },
        { returnDocument: 'after' },
      );
      return doc ? { tenantId, customerId, holds: holdsOf(doc), rev: revOf(doc) } : null;
    },
  };

  function holdsOf(doc: Document): RefundHold[] {
    const holds: RefundHold[] = [];
    for (const raw of Object.values((doc.holds ?? {}) as Record<string, unknown>)) {
      const parsed = RefundHoldSchema.safeParse(raw);
      if (parsed.success) holds.push(parsed.data);
      else
        logger.warn(
          { collection: COLLECTIONS.refundLedgers },
          'skipping a refund hold that fails its schema',
        );
    }
    return holds.sort((a, b) => a.at.getTime() - b.at.getTime());
  }
}

const revOf = (doc: Document): number => (typeof doc._rev === 'number' ? doc._rev : 0);

/** A field name may not contain `.` or start with `$`: keys (order ids from any system) are escaped. */
export function encodeKey(key: string): string {
  return key.replace(/%/g, '%25').replace(/\./g, '%2E').replace(/\$/g, '%24');
}
