import type { Collection, Document, Filter, UpdateFilter, WithId } from 'mongodb';

/**
 * Documents that are read by a key within their organization (a ticket by its ticket id, an
 * approval by its approval id) are stored under a deterministic `_id`, `${tenantId}:${key}`, so
 * reading one is a primary-key lookup on every server: the embedded FerretDB scans the whole
 * collection for any filter that does not pin `_id`, and on MongoDB the `_id` index serves it as
 * well as the compound one would. The filter keeps the tenant and the key as well, so a document
 * is only ever found under its own organization.
 *
 * Documents stored before carry an ObjectId `_id`: a lookup that misses falls back to the field
 * filter, so they are still found (at the old cost). Only where such documents exist: whether a
 * collection holds any is asked once (and again every 10 minutes, for an older process still
 * writing during a rolling deploy), so a miss on a key that does not exist yet (a ticket about to
 * be stored) costs one primary-key lookup, not a scan.
 */
export interface KeyedDocuments {
  /** The `_id` a new document gets. */
  id(tenantId: string, key: string): string;
  /** The document, by `_id` first, then by the fields (documents stored before keyed ids). */
  findOne(col: Collection, tenantId: string, key: string): Promise<WithId<Document> | null>;
  /** updateOne by `_id` first, then by the fields when nothing matched; whether one matched. */
  updateOne(
    col: Collection,
    tenantId: string,
    key: string,
    update: UpdateFilter<Document>,
    condition?: Filter<Document>,
  ): Promise<boolean>;
}

const LEGACY_RECHECK_MS = 10 * 60_000;
/** Per collection handle: whether it holds documents stored before keyed ids, and since when known. */
const legacyByCollection = new WeakMap<Collection, { at: number; has: Promise<boolean> }>();

export function hasLegacyDocuments(col: Collection): Promise<boolean> {
  const known = legacyByCollection.get(col);
  if (known && Date.now() - known.at < LEGACY_RECHECK_MS) return known.has;
  const has = col
    .findOne({ _id: { $type: 'objectId' } }, { projection: { _id: 1 } })
    .then((doc) => doc !== null)
    // Unknown: look, as before.
    .catch(() => true);
  legacyByCollection.set(col, { at: Date.now(), has });
  return has;
}

export function keyedDocuments(field: string): KeyedDocuments {
  const id = (tenantId: string, key: string) => `${tenantId}:${key}`;
  // The driver types `_id` as ObjectId on an untyped collection; ours are strings.
  const byId = (tenantId: string, key: string): Filter<Document> => ({ _id: id(tenantId, key) as never });
  return {
    id,
    async findOne(col, tenantId, key) {
      const byFields = { tenantId, [field]: key };
      const found = await col.findOne({ ...byId(tenantId, key), ...byFields });
      if (found || !(await hasLegacyDocuments(col))) return found;
      return col.findOne(byFields);
    },
    async updateOne(col, tenantId, key, update, condition = {}) {
      const byFields = { tenantId, [field]: key, ...condition };
      const res = await col.updateOne({ ...byId(tenantId, key), ...byFields }, update);
      if (res.matchedCount > 0) return true;
      if (!(await hasLegacyDocuments(col))) return false;
      return (await col.updateOne(byFields, update)).matchedCount > 0;
    },
  };
}
