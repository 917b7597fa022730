import { createHash } from 'node:crypto';
import { MongoBulkWriteError, type AnyBulkWriteOperation, type Document } from 'mongodb';
import { KbArticleSchema, kbContentHash, type KbArticle } from '../domain/index.js';
import { COLLECTIONS, bulkWriteErrors, collection, createCodec, type RepositoryDeps } from './collections.js';

/** The knowledge base's articles, per tenant. The search index rebuilds when `revision` changes. */
export interface KbArticleRepository {
  listArticles(tenantId: string): Promise<KbArticle[]>;
  get(tenantId: string, articleId: string): Promise<KbArticle | null>;
  /**
   * A short string that changes whenever any article of the tenant is added, changed or removed,
   * so a cached search index knows when to rebuild: the organization's write counter, one `_id`
   * read whatever the number of articles (a database no write of this version touched yet falls
   * back to a hash of every article's content hash).
   */
  revision(tenantId: string): Promise<string>;
  /** Writes the article if its content differs from the stored one; true when something changed. */
  upsert(article: KbArticle): Promise<boolean>;
  remove(tenantId: string, articleId: string): Promise<boolean>;
  /** Every article's content hash and import source, by article id (what an import compares). */
  hashes(tenantId: string): Promise<Map<string, { hash: string; source?: string }>>;
  /**
   * Writes many articles in one round trip per batch: each one replaced whole (atomically, on its
   * own), so a search never sees half an article. Returns the ids that failed, with the reason.
   */
  writeMany(articles: KbArticle[]): Promise<Array<{ articleId: string; reason: string }>>;
  removeMany(tenantId: string, articleIds: string[]): Promise<number>;
  /** Article count per language (no language: `en`). */
  countByLocale(tenantId: string): Promise<Record<string, number>>;
}

/** The _id of an article written by an import: one per organization and article id. */
const articleKey = (a: { tenantId: string; articleId: string }): string => `${a.tenantId}/${a.articleId}`;

/** Replacements per bulkWrite: large enough to amortize round trips, small enough for 16 MB. */
const WRITE_BATCH = 500;

export function createKbArticleRepository({ db, logger }: RepositoryDeps): KbArticleRepository {
  const col = collection(db, COLLECTIONS.kbArticles);
  const revisions = db.collection<{ _id: string; rev: number; updatedAt: Date }>(COLLECTIONS.kbRevisions);
  const codec = createCodec(KbArticleSchema, COLLECTIONS.kbArticles, logger);
  // After every write that changed something: readers compare one counter instead of hashing
  // every article (at 5,000 articles that scan was what searches waited on every 5 s).
  const bump = async (tenantId: string) => {
    await revisions.updateOne(
      { _id: tenantId },
      { $inc: { rev: 1 }, $set: { updatedAt: new Date() } },
      { upsert: true },
    );
  };
  async function scannedRevision(tenantId: string): Promise<string> {
    const rows = await col
      .find({ tenantId }, { projection: { _id: 0, articleId: 1, contentHash: 1, updatedAt: 1 } })
      .sort({ articleId: 1 })
      .toArray();
    const h = createHash('sha256');
    for (const r of rows)
      h.update(`${String(r.articleId)}:${String(r.contentHash)}:${String(r.updatedAt?.valueOf())}\n`);
    return `${rows.length}-${h.digest('hex').slice(0, 16)}`;
  }
  return {
    async listArticles(tenantId) {
      return codec.outMany(await col.find({ tenantId }).sort({ articleId: 1 }).toArray());
    },
    async get(tenantId, articleId) {
      return codec.out(await col.findOne({ tenantId, articleId }));
    },
    async revision(tenantId) {
      const counter = await revisions.findOne({ _id: tenantId });
      return counter ? `r${counter.rev}` : scannedRevision(tenantId);
    },
    async upsert(article) {
      const doc = codec.in(article);
      const hash = kbContentHash(doc);
      // Only an article whose content changed is rewritten, in one conditional upsert.
      const res = await col
        .updateOne(
          { tenantId: doc.tenantId, articleId: doc.articleId, contentHash: { $ne: hash } },
          { $set: { ...doc, contentHash: hash } },
          { upsert: true },
        )
        .catch((err: unknown) => {
          // Unchanged article: the filter missed, the upsert tried to insert a second copy.
          if ((err as { code?: unknown }).code === 11000) return null;
          throw err;
        });
      const changed = res !== null && (res.modifiedCount > 0 || res.upsertedCount > 0);
      if (changed) await bump(doc.tenantId);
      return changed;
    },
    async remove(tenantId, articleId) {
      const removed = (await col.deleteOne({ tenantId, articleId })).deletedCount === 1;
      if (removed) await bump(tenantId);
      return removed;
    },
    async hashes(tenantId) {
      const rows = await col
        .find({ tenantId }, { projection: { _id: 0, articleId: 1, contentHash: 1, source: 1 } })
        .toArray();
      return new Map(
        rows.map((r) => [
          String(r.articleId),
          { hash: String(r.contentHash ?? ''), source: typeof r.source === 'string' ? r.source : undefined },
        ]),
      );
    },
    async writeMany(articles) {
      const failed: Array<{ articleId: string; reason: string }> = [];
      // Addressed by _id only, the one key every MongoDB-wire server indexes: FerretDB scans for
      // anything else (500 upserts by tenantId+articleId took 90 s), and even its upsert by _id
      // costs ~7 ms, so new articles are inserted in bulk and only changed ones replaced.
      const idOf = new Map<string, Map<string, unknown>>();
      for (const tenantId of new Set(articles.map((a) => a.tenantId))) {
        const rows = await col.find({ tenantId }, { projection: { _id: 1, articleId: 1 } }).toArray();
        idOf.set(tenantId, new Map(rows.map((r) => [String(r.articleId), r._id])));
      }
      const docs = articles.map((a) => {
        const doc = codec.in(a);
        return { ...doc, contentHash: kbContentHash(doc) };
      });
      const fresh = docs.filter((d) => !idOf.get(d.tenantId)?.has(d.articleId));
      const stored = docs.filter((d) => idOf.get(d.tenantId)?.has(d.articleId));
      const refused = (batch: typeof docs, err: unknown) => {
        if (!(err instanceof MongoBulkWriteError)) throw err;
        return bulkWriteErrors(err).map((e) => ({
          doc: batch[e.index]!,
          code: e.code,
          reason: e.errmsg ?? 'write refused',
        }));
      };
      for (let i = 0; i < fresh.length; i += WRITE_BATCH) {
        const batch = fresh.slice(i, i + WRITE_BATCH);
        try {
          // Unordered: one rejected article does not stop the others of its batch. The _id is
          // deterministic, so an import racing this one cannot leave two copies.
          await col.insertMany(
            batch.map((d) => ({ ...d, _id: articleKey(d) as never })),
            { ordered: false },
          );
        } catch (err) {
          for (const r of refused(batch, err)) {
            // Inserted meanwhile by another import: replaced below instead.
            if (r.code === 11000) stored.push(r.doc);
            else failed.push({ articleId: r.doc.articleId, reason: r.reason });
          }
        }
      }
      for (let i = 0; i < stored.length; i += WRITE_BATCH) {
        const batch = stored.slice(i, i + WRITE_BATCH);
        const ops: Array<AnyBulkWriteOperation<Document>> = batch.map((doc) => ({
          replaceOne: {
            filter: { _id: idOf.get(doc.tenantId)?.get(doc.articleId) ?? articleKey(doc) },
            replacement: doc,
            upsert: true,
          },
        }));
        try {
          await col.bulkWrite(ops, { ordered: false });
        } catch (err) {
          for (const r of refused(batch, err)) failed.push({ articleId: r.doc.articleId, reason: r.reason });
        }
      }
      // Bumped even when some failed: whatever did land must reach search.
      for (const tenantId of new Set(articles.map((a) => a.tenantId))) await bump(tenantId);
      return failed;
    },
    async removeMany(tenantId, articleIds) {
      if (!articleIds.length) return 0;
      const removed = (await col.deleteMany({ tenantId, articleId: { $in: articleIds } })).deletedCount;
      if (removed > 0) await bump(tenantId);
      return removed;
    },
    async countByLocale(tenantId) {
      const rows = await col.find({ tenantId }, { projection: { _id: 0, locale: 1 } }).toArray();
      const out: Record<string, number> = {};
      for (const r of rows) {
        const locale = typeof r.locale === 'string' ? r.locale : 'en';
        out[locale] = (out[locale] ?? 0) + 1;
      }
      return out;
    },
  };
}
