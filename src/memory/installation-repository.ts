import { InstallationSchema, installationKey, type Installation, type Platform } from '../domain/index.js';
import type { InstallationStore } from '../conversation/org-resolver.js';
import { COLLECTIONS, createCodec, type RepositoryDeps } from './collections.js';

export interface InstallationRepository extends InstallationStore {
  /** Writes a record unless one exists for that workspace (an existing record always wins). True when written. */
  insertIfMissing(record: Installation): Promise<boolean>;
  /** Creates or replaces a workspace's record (an operator's explicit mapping). */
  put(record: Installation): Promise<void>;
  remove(platform: Platform, workspaceId: string): Promise<boolean>;
  list(): Promise<Installation[]>;
}

/** Installation records keyed by `_id` = `${platform}:${workspaceId}`: the hot path is an `_id` lookup. */
export function createInstallationRepository({ db, logger }: RepositoryDeps): InstallationRepository {
  const col = db.collection<{ _id: string } & Record<string, unknown>>(COLLECTIONS.installations);
  const codec = createCodec(InstallationSchema, COLLECTIONS.installations, logger);
  return {
    async get(platform, workspaceId) {
      return codec.out(await col.findOne({ _id: installationKey(platform, workspaceId) }));
    },
    async insertIfMissing(record) {
      const doc = codec.in(record);
      const res = await col
        .updateOne(
          { _id: installationKey(doc.platform, doc.workspaceId) },
          { $setOnInsert: doc },
          { upsert: true },
        )
        .catch((err: unknown) => {
          if ((err as { code?: unknown }).code === 11000) return { upsertedCount: 0 };
          throw err;
        });
      return res.upsertedCount === 1;
    },
    async put(record) {
      const doc = codec.in(record);
      await col.replaceOne({ _id: installationKey(doc.platform, doc.workspaceId) }, doc, { upsert: true });
    },
    async remove(platform, workspaceId) {
      const res = await col.deleteOne({ _id: installationKey(platform, workspaceId) });
      return res.deletedCount === 1;
    },
    async list() {
      const docs = await col.find({}).sort({ _id: 1 }).toArray();
      return docs.map((d) => codec.out(d)).filter((r): r is Installation => r !== null);
    },
  };
}
