import { createHash } from 'node:crypto';
import type { AnyBulkWriteOperation, Document } from 'mongodb';
import { KbArticleSchema, kbContentHash, type KbArticle } from '../domain/index.js';
import { COLLECTIONS, collection, createCodec, type RepositoryDeps } from './collections.js';

/** The knowledge base's articles, per tenant. The search index rebuilds when `revision` changes. */
export interface KbArticleRepository {
  listArticles(tenantId: string): Promise<KbArticle[]>;
  get(tenantId: string, articleId: string): Promise<KbArticle | null>;
  /**
   * A short string that changes whenever any article of the tenant is added, changed or removed
   * (a hash of every article's content hash), so a cached search index knows when to rebuild.
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

/** Replacements per bulkWrite: large enough to amortize round trips, small enough for 16 MB. */
const WRITE_BATCH = 500;

export function createKbArticleRepository({ db, logger }: RepositoryDeps): KbArticleRepository {
  const col = collection(db, COLLECTIONS.kbArticles);
  const codec = createCodec(KbArticleSchema, COLLECTIONS.kbArticles, logger);
  return {
    async listArticles(tenantId) {
      return codec.outMany(await col.find({ tenantId }).sort({ articleId: 1 }).toArray());
    },
    async get(tenantId, articleId) {
      return codec.out(await col.findOne({ tenantId, articleId }));
    },
    async revision(tenantId) {
      const rows = await col
        .find({ tenantId }, { projection: { _id: 0, articleId: 1, contentHash: 1, updatedAt: 1 } })
        .sort({ articleId: 1 })
        .toArray();
      const h = createHash('sha256');
      // updatedAt joins the hash so a hand edit in the database (no contentHash refresh) still counts.
      for (const r of rows)
        h.update(`${String(r.articleId)}:${String(r.contentHash)}:${String(r.updatedAt?.valueOf())}\n`);
      return `${rows.length}-${h.digest('hex').slice(0, 16)}`;
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
      return res !== null && (res.modifiedCount > 0 || res.upsertedCount > 0);
    },
    async remove(tenantId, articleId) {
      return (await col.deleteOne({ tenantId, articleId })).deletedCount === 1;
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
      for (let i = 0; i < articles.length; i += WRITE_BATCH) {
        const batch = articles.slice(i, i + WRITE_BATCH).map((a) => codec.in(a));
        const ops: Array<AnyBulkWriteOperation<Document>> = batch.map((doc) => ({
          replaceOne: {
            filter: { tenantId: doc.tenantId, articleId: doc.articleId },
            replacement: { ...doc, contentHash: kbContentHash(doc) },
            upsert: true,
          },
        }));
        try {
          // Unordered: one rejected article does not stop the others in its batch.
          await col.bulkWrite(ops, { ordered: false });
        } catch (err) {
          const errors = (err as { writeErrors?: Array<{ index: number; errmsg?: string }> }).writeErrors;
          if (!Array.isArray(errors)) throw err;
          for (const e of errors)
            failed.push({ articleId: batch[e.index]?.articleId ?? '?', reason: e.errmsg ?? 'write refused' });
        }
      }
      return failed;
    },
    async removeMany(tenantId, articleIds) {
      if (!articleIds.length) return 0;
      return (await col.deleteMany({ tenantId, articleId: { $in: articleIds } })).deletedCount;
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
