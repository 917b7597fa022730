import { createHash } from 'node:crypto';
import { KbArticleSchema, type KbArticle } from '../domain/index.js';
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
}

/** What the reader sees; updatedAt is excluded so re-seeding identical text changes nothing. */
function contentHash(a: KbArticle): string {
  return createHash('sha256')
    .update(JSON.stringify([a.title, a.category, a.tags, a.body]))
    .digest('hex')
    .slice(0, 16);
}

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
      const hash = contentHash(doc);
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
  };
}
