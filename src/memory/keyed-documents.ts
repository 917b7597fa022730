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
 * filter, so they are still found (at the old cost, and only for them and for keys that do not
 * exist, which the hot paths do not ask for).
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

export function keyedDocuments(field: string): KeyedDocuments {
  const id = (tenantId: string, key: string) => `${tenantId}:${key}`;
  // The driver types `_id` as ObjectId on an untyped collection; ours are strings.
  const byId = (tenantId: string, key: string): Filter<Document> => ({ _id: id(tenantId, key) as never });
  return {
    id,
    async findOne(col, tenantId, key) {
      const byFields = { tenantId, [field]: key };
      return (await col.findOne({ ...byId(tenantId, key), ...byFields })) ?? (await col.findOne(byFields));
    },
    async updateOne(col, tenantId, key, update, condition = {}) {
      const byFields = { tenantId, [field]: key, ...condition };
      const res = await col.updateOne({ ...byId(tenantId, key), ...byFields }, update);
      if (res.matchedCount > 0) return true;
      return (await col.updateOne(byFields, update)).matchedCount > 0;
    },
  };
}
