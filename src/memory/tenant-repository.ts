import { TenantSchema } from '../domain/index.js';
import type { TenantStore } from '../conversation/stores.js';
import {
  COLLECTIONS,
  collection,
  createCodec,
  retryOnDuplicate,
  type RepositoryDeps,
} from './collections.js';

export function createTenantRepository({ db, logger, clock }: RepositoryDeps): TenantStore {
  const col = collection(db, COLLECTIONS.tenants);
  const codec = createCodec(TenantSchema, COLLECTIONS.tenants, logger);
  return {
    async get(tenantId) {
      return codec.out(await col.findOne({ tenantId }));
    },
    async ensure(tenant) {
      const now = clock.now();
      const doc = codec.in({ createdAt: now, updatedAt: now, ...tenant });
      // $setOnInsert: an existing tenant keeps its settings; concurrent first sights create one.
      const stored = await retryOnDuplicate(() =>
        col.findOneAndUpdate(
          { tenantId: doc.tenantId },
          { $setOnInsert: doc },
          { upsert: true, returnDocument: 'after' },
        ),
      );
      return codec.out(stored) ?? doc;
    },
    async update(tenantId, patch) {
      const set = codec.patch({ ...patch, updatedAt: clock.now() });
      delete set.tenantId;
      return codec.out(await col.findOneAndUpdate({ tenantId }, { $set: set }, { returnDocument: 'after' }));
    },
  };
}
