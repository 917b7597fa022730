import { CsatRecordSchema } from '../domain/index.js';
import type { CsatStore } from '../conversation/stores.js';
import { collection, createCodec, isDuplicateKeyError, type RepositoryDeps } from './collections.js';
import { guardedUpdateOutcome } from './guarded-update.js';

export const CSAT_COLLECTION = 'csat';

/**
 * Satisfaction ratings, `_id` = ticketId: the insert of the prompt is the "never twice per ticket"
 * guard (the _id index is unique on every server), and the rating is a guarded update that only
 * one of two concurrent clicks wins.
 */
export function createCsatRepository({ db, logger }: RepositoryDeps): CsatStore {
  const col = collection(db, CSAT_COLLECTION);
  const codec = createCodec(CsatRecordSchema, CSAT_COLLECTION, logger);
  return {
    async open(record) {
      try {
        await col.insertOne({ _id: record.ticketId as never, ...codec.in(record), _rev: 0 });
        return true;
      } catch (err) {
        if (isDuplicateKeyError(err)) return false;
        throw err;
      }
    },
    async get(tenantId, ticketId) {
      return codec.out(await col.findOne({ _id: ticketId as never, tenantId }));
    },
    async rate(tenantId, ticketId, rating) {
      const set = codec.patch(rating);
      const outcome = await guardedUpdateOutcome({
        col,
        key: { _id: ticketId as never, tenantId },
        revField: '_rev',
        condition: { rating: { $exists: false } },
        update: { $set: set },
      });
      return outcome.kind === 'updated' ? codec.out(outcome.doc) : null;
    },
  };
}
