import type { Installation, InstallationQuery, InstallationStore } from '@slack/oauth';
import { z } from 'zod';

/**
 * One "Add to Slack" install as Switchboard keeps it: Bolt's Installation (with its tokens) plus
 * the organization it serves and whether it is still usable. Keyed by `slackInstallationKey`:
 * a workspace by `${enterpriseId ?? ''}:${teamId}`, an org-wide Enterprise Grid install by
 * `${enterpriseId}:` (every workspace of the org is served by it).
 */
export interface SlackInstallationRecord {
  key: string;
  teamId?: string;
  enterpriseId?: string;
  isEnterpriseInstall: boolean;
  /** The organization (tenantId) this install's traffic belongs to (engine.resolveOrg at install time). */
  orgId: string;
  /** Bolt's Installation object as @slack/oauth produced it (tokens included); absent once disabled. */
  installation?: Record<string, unknown>;
  /** `app_uninstalled` / `tokens_revoked` disable an install: no token is kept and nothing is called. */
  disabled?: { reason: 'app_uninstalled' | 'tokens_revoked'; at: Date };
  installedAt: Date;
  updatedAt: Date;
}

/**
 * Where Slack installs are kept; declared here by its user (the Slack adapter), implemented over
 * MongoDB in src/memory/slack-installation-repository.ts.
 */
export interface SlackInstallationStore {
  /** Creates or replaces an install (a re-install enables a disabled one again). */
  save(record: SlackInstallationRecord): Promise<void>;
  get(key: string): Promise<SlackInstallationRecord | null>;
  /** Drops the tokens and marks the install disabled. True when an active install was disabled. */
  disable(
    key: string,
    reason: NonNullable<SlackInstallationRecord['disabled']>['reason'],
    at: Date,
  ): Promise<boolean>;
  /** Active installs of one organization (few per organization), for posting where no channel says which. */
  activeForOrg(orgId: string): Promise<SlackInstallationRecord[]>;
  /** Which install a channel was seen through, so replies and cards there use that install's token. */
  rememberChannel(channelId: string, key: string): Promise<void>;
  channelInstall(channelId: string): Promise<string | null>;
}

/** The store key of an install, or of the install that serves an event's workspace. */
export function slackInstallationKey(q: {
  teamId?: string | null;
  enterpriseId?: string | null;
  isEnterpriseInstall?: boolean;
}): string {
  if (q.isEnterpriseInstall && q.enterpriseId) return `${q.enterpriseId}:`;
  return `${q.enterpriseId ?? ''}:${q.teamId ?? ''}`;
}

/** What Bolt's Installation must carry for us to use it; the rest is kept as Slack gave it. */
const StoredInstallationSchema = z.looseObject({
  team: z.looseObject({ id: z.string().min(1), name: z.string().optional() }).nullish(),
  enterprise: z.looseObject({ id: z.string().min(1), name: z.string().optional() }).nullish(),
  isEnterpriseInstall: z.boolean().optional(),
  bot: z
    .looseObject({
      token: z.string().min(1),
      userId: z.string().min(1),
      id: z.string().optional(),
      refreshToken: z.string().optional(),
      expiresAt: z.number().optional(),
    })
    .optional(),
});

/** An install lookup that cannot be served (unknown, disabled): Bolt's authorize then refuses the event. */
export class SlackInstallationMissing extends Error {
  constructor(
    readonly key: string,
    readonly reason: 'unknown' | 'disabled',
  ) {
    super(`Slack installation ${key} is ${reason === 'unknown' ? 'not installed' : 'disabled'}`);
    this.name = 'SlackInstallationMissing';
  }
}

/**
 * @slack/oauth's InstallationStore over ours. `storeInstallation` is called after the OAuth
 * exchange and after every token refresh; `orgOf` maps the new install to its organization.
 */
export function boltInstallationStore(deps: {
  store: SlackInstallationStore;
  orgOf: (q: { teamId?: string; enterpriseId?: string }) => Promise<string>;
  now: () => Date;
  onInstalled?: (record: SlackInstallationRecord) => Promise<void>;
}): InstallationStore {
  return {
    async storeInstallation(installation: Installation) {
      const parsed = StoredInstallationSchema.parse(installation);
      const teamId = parsed.team?.id;
      const enterpriseId = parsed.enterprise?.id;
      const isEnterpriseInstall = parsed.isEnterpriseInstall === true;
      const key = slackInstallationKey({ teamId, enterpriseId, isEnterpriseInstall });
      const existing = await deps.store.get(key);
      const now = deps.now();
      const record: SlackInstallationRecord = {
        key,
        teamId: isEnterpriseInstall ? undefined : teamId,
        enterpriseId,
        isEnterpriseInstall,
        orgId: existing?.orgId ?? (await deps.orgOf({ teamId, enterpriseId })),
        installation: JSON.parse(JSON.stringify(installation)) as Record<string, unknown>,
        installedAt: existing && !existing.disabled ? existing.installedAt : now,
        updatedAt: now,
      };
      await deps.store.save(record);
      // A token refresh stores the same install again: only a new (or re-enabled) one is announced.
      if (!existing || existing.disabled) await deps.onInstalled?.(record);
    },
    async fetchInstallation(query: InstallationQuery<boolean>) {
      const record = await findInstall(deps.store, query);
      return record.installation as unknown as Installation;
    },
    async deleteInstallation(query: InstallationQuery<boolean>) {
      const key = slackInstallationKey(query);
      await deps.store.disable(key, 'app_uninstalled', deps.now());
    },
  };
}

/**
 * The active install that serves a query: the workspace's own, else its Enterprise Grid org's.
 * Throws SlackInstallationMissing when there is none or it was disabled.
 */
export async function findInstall(
  store: SlackInstallationStore,
  query: { teamId?: string; enterpriseId?: string; isEnterpriseInstall?: boolean },
): Promise<SlackInstallationRecord & { installation: Record<string, unknown> }> {
  const keys = [slackInstallationKey(query)];
  if (query.enterpriseId && !query.isEnterpriseInstall) keys.push(`${query.enterpriseId}:`);
  if (!query.enterpriseId && query.teamId) keys.push(`:${query.teamId}`);
  let disabled: string | undefined;
  for (const key of [...new Set(keys)]) {
    const record = await store.get(key);
    if (!record) continue;
    if (record.disabled || !record.installation) {
      disabled ??= key;
      continue;
    }
    return { ...record, installation: record.installation };
  }
  throw new SlackInstallationMissing(disabled ?? keys[0]!, disabled ? 'disabled' : 'unknown');
}
