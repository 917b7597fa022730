import type { Db } from 'mongodb';
import { PlatformSchema, type Clock } from '../domain/index.js';
import type { Logger } from '../logger.js';
import { COLLECTIONS } from './collections.js';
import { createInstallationRepository } from './installation-repository.js';

export interface OrgMigrationOptions {
  db: Db;
  /** The deployment's organization (ORG_ID). */
  orgId: string;
  logger: Logger;
  clock: Clock;
}

export interface OrgMigrationReport {
  /** Tenants of earlier versions kept as organizations of their own, by a record pointing at themselves. */
  installationsAdded: number;
  /** Tenants whose stored `settings` moved to `legacySettings`. */
  settingsMoved: number;
}

/**
 * Brings databases of earlier versions to one organization per deployment. Idempotent (each step
 * matches only what it has not done yet) and loses nothing:
 *
 * 1. Earlier versions made a tenant of every Slack workspace (its team id) and Teams tenant the bot
 *    saw. Such a tenant that is not the deployment's organization gets an installation record
 *    pointing at itself, so its tickets, customers and approvals keep working where they are;
 *    an existing record (an operator's) is never overwritten.
 * 2. Earlier versions stored every policy setting in full, copied from the environment when the
 *    tenant was created (there was no way to change them). Kept as `legacySettings`, and the
 *    tenant starts with no overrides: the environment's current values apply again.
 */
export async function migrateOrganizations(options: OrgMigrationOptions): Promise<OrgMigrationReport> {
  const { db, orgId, logger, clock } = options;
  const tenants = db.collection(COLLECTIONS.tenants);
  const installations = createInstallationRepository({ db, logger, clock });
  const report: OrgMigrationReport = { installationsAdded: 0, settingsMoved: 0 };
  const now = clock.now();

  const platformTenants = await tenants
    .find({ platform: { $in: ['slack', 'teams'] } }, { projection: { tenantId: 1, platform: 1, name: 1 } })
    .toArray();
  for (const t of platformTenants) {
    const platform = PlatformSchema.safeParse(t.platform);
    if (!platform.success || typeof t.tenantId !== 'string' || t.tenantId === orgId) continue;
    const added = await installations.insertIfMissing({
      platform: platform.data,
      workspaceId: t.tenantId,
      orgId: t.tenantId,
      source: 'migration',
      createdAt: now,
      updatedAt: now,
    });
    if (added) {
      report.installationsAdded += 1;
      logger.warn(
        { tenantId: t.tenantId, platform: platform.data, orgId },
        `migration: ${platform.data} workspace ${t.tenantId} keeps its data as an organization of its own; set ORG_ID=${t.tenantId} to make it this deployment's organization, or give it an installation record`,
      );
    }
  }

  const legacy = await tenants
    .find({ settings: { $exists: true } }, { projection: { settings: 1 } })
    .toArray();
  for (const t of legacy) {
    const res = await tenants.updateOne(
      { _id: t._id, settings: { $exists: true } },
      { $set: { legacySettings: t.settings, settingsOverrides: {} }, $unset: { settings: '' } },
    );
    if (res.modifiedCount === 1) report.settingsMoved += 1;
  }
  if (report.settingsMoved > 0)
    logger.info(
      { tenants: report.settingsMoved },
      'migration: stored tenant settings kept as legacySettings; environment defaults apply again',
    );
  return report;
}
