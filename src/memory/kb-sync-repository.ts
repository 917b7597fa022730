import { KbSyncRunSchema, type KbStatus, type KbSyncRun } from '../domain/index.js';
import { COLLECTIONS, collection, createCodec, type RepositoryDeps } from './collections.js';
import type { KbArticleRepository } from './kb-article-repository.js';

/** Knowledge-base import runs (`npm run kb -- import`) and what staff see of the knowledge base. */
export interface KbSyncRepository {
  record(run: KbSyncRun): Promise<void>;
  latest(tenantId: string): Promise<KbSyncRun | null>;
  /** Article count, per language, and the last import run. */
  status(tenantId: string): Promise<KbStatus>;
}

export function createKbSyncRepository(
  deps: RepositoryDeps,
  articles: Pick<KbArticleRepository, 'countByLocale'>,
): KbSyncRepository {
  const col = collection(deps.db, COLLECTIONS.kbSyncs);
  const codec = createCodec(KbSyncRunSchema, COLLECTIONS.kbSyncs, deps.logger);
  const latest = async (tenantId: string) =>
    codec.out(await col.find({ tenantId }).sort({ finishedAt: -1 }).limit(1).next());
  return {
    async record(run) {
      const doc = codec.in(run);
      // Keyed by run id: recording the same run twice (a retried write) keeps one document.
      await col.replaceOne({ _id: `${doc.tenantId}:${doc.runId}` as never }, doc, { upsert: true });
    },
    latest,
    async status(tenantId) {
      const [byLocale, lastSync] = await Promise.all([articles.countByLocale(tenantId), latest(tenantId)]);
      const count = Object.values(byLocale).reduce((a, b) => a + b, 0);
      return { articles: count, byLocale, lastSync };
    },
  };
}
