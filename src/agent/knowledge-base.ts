import { systemClock, type Clock, type KbArticle, type KbCategory } from '../domain/index.js';
import type { Logger } from '../logger.js';
import { cosine, createSafeEmbedder, type EmbeddingsClient } from './kb-embeddings.js';
import { buildLexicalIndex, queryTerms, type LexicalIndex } from './kb-index.js';
import type { KbHit, KnowledgeBase } from './types.js';

/** Where articles come from (the MongoDB repository implements it). Declared here, by its user. */
export interface KbArticleSource {
  listArticles(tenantId: string): Promise<KbArticle[]>;
  /** Changes whenever any article changes; the cached index rebuilds when it does. */
  revision(tenantId: string): Promise<string>;
}

export { createOpenAiEmbeddings, type EmbeddingsClient } from './kb-embeddings.js';

export interface KnowledgeBaseOptions {
  source: KbArticleSource;
  embeddings?: EmbeddingsClient;
  /**
   * How long a tenant's revision is trusted before the source is asked again (5 s by default;
   * 0 asks on every search). Articles change rarely and every search used to cost a database read;
   * an edit made by another process (`npm run seed`) shows within this window, one made through
   * this process's store (see `invalidatingArticleStore`) at once.
   */
  revisionTtlMs?: number;
  /** Time source for the revision window; the system clock by default. */
  clock?: Clock;
  /** Where an embeddings outage is reported (once per outage; search goes on by keywords). */
  logger?: Logger;
}

/** The knowledge base plus the hook writers use so their own edits are searchable immediately. */
export interface CachingKnowledgeBase extends KnowledgeBase {
  /** Forget what is known about the tenant's revision: the next search asks the source. */
  invalidate(tenantId: string): void;
}

/** The write side of the article store, as far as invalidation cares. */
export interface KbArticleWriter {
  upsert(article: KbArticle): Promise<boolean>;
  remove(tenantId: string, articleId: string): Promise<boolean>;
  /** Bulk writes of an import (src/knowledge); announced like single ones. */
  writeMany?(articles: KbArticle[]): Promise<Array<{ articleId: string; reason: string }>>;
  removeMany?(tenantId: string, articleIds: string[]): Promise<number>;
}

export const DEFAULT_REVISION_TTL_MS = 5_000;
// Relevance = coverage of the question's words, a title hit, and the BM25 score against the best
// article's. Calibrated on the golden set's dev split once fuzzy noise stopped inflating coverage.
const COVERAGE_SHARE = 0.6;
const TITLE_BONUS = 0.15;
const SCORE_SHARE = 0.25;

/** Hostile-input bounds: a question is in its first 2,000 characters (terms are capped in kb-index-build). */
const MAX_QUERY_CHARS = 2000;

/** The primary language subtag (`pt-br` → `pt`); articles stored without a locale are English. */
export function languageOf(locale: string | undefined): string {
  return (locale ?? 'en').toLowerCase().split(/[-_]/)[0]!;
}

interface TenantIndex {
  revision: string;
  /** When the revision was last confirmed with the source (clock ms). */
  checkedAt: number;
  index: LexicalIndex;
  articles: Map<string, KbArticle>;
  /** Article vectors; absent while the embeddings endpoint could not provide them. */
  vectors?: Map<string, number[]>;
  embedding?: Promise<void>;
}

/**
 * BM25 (title and tags boosted, longer forms and spelling corrections matched; see kb-index.ts) over a tenant's
 * articles, cached per tenant and rebuilt when the source's revision changes. With an
 * embeddings client, relevance blends lexical coverage and vector similarity.
 */
export function createKnowledgeBase(options: KnowledgeBaseOptions): CachingKnowledgeBase {
  const ttl = Math.max(0, options.revisionTtlMs ?? DEFAULT_REVISION_TTL_MS);
  const clock = options.clock ?? systemClock;
  const cache = new Map<string, TenantIndex>();
  const building = new Map<string, Promise<TenantIndex>>();
  // One revision read at a time per tenant: concurrent searches after the window share it.
  const checking = new Map<string, Promise<TenantIndex>>();
  // Bumped by invalidate(): a revision read that started before a write must not be trusted after it.
  const generation = new Map<string, number>();
  const embed = options.embeddings
    ? createSafeEmbedder(options.embeddings, { clock, logger: options.logger })
    : null;

  /** Article vectors, once per index (shared by concurrent searches); retried after an outage. */
  async function vectorsOf(entry: TenantIndex): Promise<Map<string, number[]> | undefined> {
    if (entry.vectors || !embed || !entry.articles.size) return entry.vectors;
    entry.embedding ??= (async () => {
      const list = [...entry.articles.values()];
      const vectors = await embed(list.map((a) => `${a.title}\n${a.body}`));
      if (vectors) entry.vectors = new Map(list.map((a, i) => [a.articleId, vectors[i]!]));
    })().finally(() => {
      entry.embedding = undefined;
    });
    await entry.embedding;
    return entry.vectors;
  }

  async function build(tenantId: string, revision: string): Promise<TenantIndex> {
    const list = await options.source.listArticles(tenantId);
    const index = buildLexicalIndex(
      list.map((a) => ({ id: a.articleId, title: a.title, tags: a.tags.join(' '), body: a.body })),
    );
    const entry: TenantIndex = {
      revision,
      checkedAt: -Infinity,
      index,
      articles: new Map(list.map((a) => [a.articleId, a])),
    };
    await vectorsOf(entry);
    return entry;
  }

  async function refresh(tenantId: string): Promise<TenantIndex> {
    const gen = generation.get(tenantId) ?? 0;
    const startedAt = clock.now().getTime();
    const revision = await options.source.revision(tenantId);
    const cached = cache.get(tenantId);
    let current: TenantIndex;
    if (cached && cached.revision === revision) {
      current = cached;
    } else {
      const key = `${tenantId}\u0000${revision}`;
      let pending = building.get(key);
      if (!pending) {
        pending = build(tenantId, revision).finally(() => building.delete(key));
        building.set(key, pending);
      }
      current = await pending;
      cache.set(tenantId, current);
    }
    // Trusted for the window only if no write was announced while the revision was being read.
    if ((generation.get(tenantId) ?? 0) === gen) current.checkedAt = startedAt;
    return current;
  }

  async function indexFor(tenantId: string): Promise<TenantIndex> {
    const cached = cache.get(tenantId);
    if (cached && ttl > 0 && clock.now().getTime() - cached.checkedAt < ttl) return cached;
    let pending = checking.get(tenantId);
    if (!pending) {
      const started: Promise<TenantIndex> = refresh(tenantId).finally(() => {
        // Only its own entry: invalidate() may have replaced it with a newer read meanwhile.
        if (checking.get(tenantId) === started) checking.delete(tenantId);
      });
      pending = started;
      checking.set(tenantId, started);
    }
    return pending;
  }

  return {
    async search(tenantId, fullQuery, opts: { category?: KbCategory; limit?: number; locale?: string } = {}) {
      const query = fullQuery.slice(0, MAX_QUERY_CHARS);
      const idx = await indexFor(tenantId);
      // Only stop words (or a script the index cannot read): nothing to search with.
      if (!queryTerms(query).length) return [];
      const wanted = opts.locale ? languageOf(opts.locale) : undefined;
      const fits = (a: KbArticle | undefined) =>
        !!a &&
        (!opts.category || a.category === opts.category) &&
        (!wanted || languageOf(a.locale) === wanted);
      const results = idx.index.search(query, {
        filter: opts.category || wanted ? (id) => fits(idx.articles.get(id)) : undefined,
        limit: 10,
      });
      const top = results[0]?.score ?? 1;
      let hits: KbHit[] = results.map((r) => {
        const article = idx.articles.get(r.id)!;
        const lexical = Math.min(
          1,
          COVERAGE_SHARE * r.coverage + (r.titleHit ? TITLE_BONUS : 0) + SCORE_SHARE * (r.score / top),
        );
        return {
          article,
          score: r.score,
          relevance: Math.round(lexical * 100) / 100,
          coverage: r.coverage,
          titleHit: r.titleHit,
        };
      });
      const vectors = await vectorsOf(idx);
      if (vectors && embed) {
        // A failed query embedding leaves the keyword ranking as it is.
        const qv = (await embed([query]))?.[0];
        if (qv) {
          const byId = new Map(hits.map((h) => [h.article.articleId, h]));
          for (const [id, vec] of vectors) {
            const article = idx.articles.get(id)!;
            if (!fits(article)) continue;
            const sim = Math.max(0, cosine(qv, vec));
            const existing = byId.get(id);
            const relevance =
              Math.round(Math.min(1, existing ? 0.5 * existing.relevance + 0.5 * sim : 0.8 * sim) * 100) /
              100;
            byId.set(id, { ...existing, article, score: existing?.score ?? 0, relevance });
          }
          hits = [...byId.values()];
        }
      }
      return hits.sort((a, b) => b.relevance - a.relevance || b.score - a.score).slice(0, opts.limit ?? 3);
    },
    async get(tenantId, articleId) {
      const idx = await indexFor(tenantId);
      return idx.articles.get(articleId) ?? null;
    },
    invalidate(tenantId) {
      generation.set(tenantId, (generation.get(tenantId) ?? 0) + 1);
      const cached = cache.get(tenantId);
      if (cached) cached.checkedAt = -Infinity;
      // A revision read in flight may predate the write: the next search starts a fresh one.
      checking.delete(tenantId);
    },
  };
}

/**
 * The article store with its writes announced to the knowledge base, so an article upserted or
 * removed in this process is found (or gone) on the very next search instead of after the
 * revision window. The store is a plain object of functions (the MongoDB repository is).
 */
export function invalidatingArticleStore<S extends KbArticleWriter>(
  store: S,
  kb: Pick<CachingKnowledgeBase, 'invalidate'>,
): S {
  return {
    ...store,
    async upsert(article: KbArticle) {
      try {
        return await store.upsert(article);
      } finally {
        // Also on failure: the write may have landed before the error.
        kb.invalidate(article.tenantId);
      }
    },
    async remove(tenantId: string, articleId: string) {
      try {
        return await store.remove(tenantId, articleId);
      } finally {
        kb.invalidate(tenantId);
      }
    },
    ...(store.writeMany && {
      async writeMany(articles: KbArticle[]) {
        try {
          return await store.writeMany!(articles);
        } finally {
          for (const tenantId of new Set(articles.map((a) => a.tenantId))) kb.invalidate(tenantId);
        }
      },
    }),
    ...(store.removeMany && {
      async removeMany(tenantId: string, articleIds: string[]) {
        try {
          return await store.removeMany!(tenantId, articleIds);
        } finally {
          kb.invalidate(tenantId);
        }
      },
    }),
  };
}
