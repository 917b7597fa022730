import type { Installation, Platform } from '../domain/index.js';
import type { Logger } from '../logger.js';
import { createTtlMap } from './settings-cache.js';

/** Installation records, as the resolver reads them; src/memory implements it over MongoDB. */
export interface InstallationStore {
  /** The record of one workspace (an `_id` lookup), or null. */
  get(platform: Platform, workspaceId: string): Promise<Installation | null>;
}

/**
 * Which organization (tenantId) a workspace's traffic belongs to. Every adapter asks this before
 * it hands the engine anything, so Slack, Teams and the sandbox of one organization share one
 * knowledge base, one customer base, one policy and one staff list.
 */
export interface OrgResolver {
  /**
   * The organization of the workspace the bot is installed in: the first of `workspaceIds` with an
   * installation record wins (a Slack team id, then its Enterprise Grid id), else the deployment's
   * organization. Never pass a customer's team or tenant: those are accounts, not organizations.
   */
  resolve(platform: Platform, workspaceIds: string | ReadonlyArray<string | undefined>): Promise<string>;
}

export interface OrgResolverOptions {
  installations: InstallationStore;
  /** The deployment's organization (ORG_ID). */
  orgId: string;
  logger: Logger;
  /** How long a looked-up record (or its absence) is trusted; 30 s by default. */
  ttlMs?: number;
}

/**
 * Every inbound event resolves its organization, so lookups are cached per workspace (a missing
 * record too); a record added by an operator is picked up within `ttlMs`.
 */
export function createOrgResolver(options: OrgResolverOptions): OrgResolver {
  const cache = createTtlMap<string | null>({ ttlMs: options.ttlMs ?? 30_000 });
  const lookup = (platform: Platform, workspaceId: string) =>
    cache.get(`${platform}:${workspaceId}`, async () => {
      const record = await options.installations.get(platform, workspaceId);
      return record?.orgId ?? null;
    });
  return {
    async resolve(platform, workspaceIds) {
      const ids = (typeof workspaceIds === 'string' ? [workspaceIds] : workspaceIds).filter(
        (id): id is string => Boolean(id),
      );
      for (const id of ids) {
        const orgId = await lookup(platform, id);
        if (orgId) return orgId;
      }
      return options.orgId;
    },
  };
}
