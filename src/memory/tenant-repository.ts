import type { Document, UpdateFilter } from 'mongodb';
import {
  effectiveSettings,
  TenantDocumentSchema,
  type Tenant,
  type TenantDocument,
  type TenantSettings,
  type TenantSettingsOverrides,
} from '../domain/index.js';
import type { TenantStore } from '../conversation/stores.js';
import {
  COLLECTIONS,
  collection,
  createCodec,
  retryOnDuplicate,
  type RepositoryDeps,
} from './collections.js';

export interface TenantRepositoryOptions {
  /**
   * The environment's policy values for a tenant (AUTO_REFUND_MAX…, ORG_NAME for the deployment's
   * organization): what applies wherever the organization set nothing itself. Schema defaults only
   * when omitted (seed scripts, tests).
   */
  settingsDefaults?: (tenantId: string) => Partial<TenantSettings>;
}

/**
 * Tenants (organizations). The stored document holds `settingsOverrides` only; `settings` is
 * computed on every read as schema defaults ⊕ environment ⊕ overrides, so a changed environment
 * value reaches every organization that did not change that value itself.
 */
export function createTenantRepository(
  { db, logger, clock }: RepositoryDeps,
  options: TenantRepositoryOptions = {},
): TenantStore {
  const col = collection(db, COLLECTIONS.tenants);
  const codec = createCodec(TenantDocumentSchema, COLLECTIONS.tenants, logger);
  const defaultsFor = options.settingsDefaults ?? (() => ({}));
  const toTenant = (doc: TenantDocument | null): Tenant | null =>
    doc && {
      ...doc,
      settings: effectiveSettings(defaultsFor(doc.tenantId), doc.settingsOverrides, doc.name),
    };
  return {
    async get(tenantId) {
      return toTenant(codec.out(await col.findOne({ tenantId })));
    },
    async ensure(tenant) {
      const now = clock.now();
      // `settings` is computed, never stored; a caller's overrides are what it means to store.
      const { settings: _computed, ...rest } = tenant;
      const doc = codec.in({ createdAt: now, updatedAt: now, ...rest });
      // $setOnInsert: an existing tenant keeps its settings; concurrent first sights create one.
      const stored = await retryOnDuplicate(() =>
        col.findOneAndUpdate(
          { tenantId: doc.tenantId },
          { $setOnInsert: doc },
          { upsert: true, returnDocument: 'after' },
        ),
      );
      return toTenant(codec.out(stored) ?? doc)!;
    },
    async update(tenantId, patch) {
      const set = codec.patch({ ...patch, updatedAt: clock.now() });
      delete set.tenantId;
      return toTenant(
        codec.out(await col.findOneAndUpdate({ tenantId }, { $set: set }, { returnDocument: 'after' })),
      );
    },
    async updateSettings(tenantId, change) {
      const set: Record<string, unknown> = { updatedAt: clock.now() };
      for (const [key, value] of Object.entries(change.set ?? {}) as Array<
        [keyof TenantSettingsOverrides, unknown]
      >) {
        if (value !== undefined) set[`settingsOverrides.${key}`] = value;
      }
      const unset = Object.fromEntries((change.unset ?? []).map((key) => [`settingsOverrides.${key}`, '']));
      const update = Object.keys(unset).length > 0 ? { $set: set, $unset: unset } : { $set: set };
      return toTenant(
        codec.out(await col.findOneAndUpdate({ tenantId }, update, { returnDocument: 'after' })),
      );
    },
    async updateStaff(tenantId, list, op, userId) {
      const $set = { updatedAt: clock.now() };
      const field: Document = { [list]: userId };
      const update: UpdateFilter<Document> =
        op === 'add' ? { $addToSet: field, $set } : { $pull: field, $set };
      return toTenant(
        codec.out(await col.findOneAndUpdate({ tenantId }, update, { returnDocument: 'after' })),
      );
    },
  };
}
