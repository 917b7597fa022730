import type { GapDigestStore } from '../reports/gap-digest.js';
import { COLLECTIONS, collection, isDuplicateKeyError, type RepositoryDeps } from './collections.js';

export const GAP_DIGESTS_COLLECTION = 'gap_digests';
/** Organizations looked at per pass (a deployment has a handful; a bound all the same). */
const MAX_ORGANIZATIONS = 5000;

/** Week claims of the knowledge-gaps digest: `_id` `${org}:${isoWeek}`, inserted once. */
export function createGapDigestRepository({ db }: RepositoryDeps): GapDigestStore {
  const claims = collection(db, GAP_DIGESTS_COLLECTION);
  return {
    async organizations() {
      const docs = await db
        .collection(COLLECTIONS.tenants)
        .find({}, { projection: { _id: 0, tenantId: 1 } })
        .limit(MAX_ORGANIZATIONS)
        .toArray();
      return docs.map((d) => d.tenantId as unknown).filter((id): id is string => typeof id === 'string');
    },
    async claim(tenantId, week, at) {
      try {
        await claims.insertOne({ _id: `${tenantId}:${week}` as never, tenantId, week, at });
        return true;
      } catch (err) {
        if (isDuplicateKeyError(err)) return false;
        throw err;
      }
    },
  };
}
