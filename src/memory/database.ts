import type { Db } from 'mongodb';
import type { Clock } from '../domain/index.js';
import type { Logger } from '../logger.js';
import { migrateCustomers } from './customer-migration.js';
import { ensureIndexes } from './indexes.js';
import { migrateOrganizations } from './org-migration.js';
import { startRetentionPurge } from './retention.js';
import { startTurnInteractionPurge } from './turn-record-retention.js';

export interface PrepareDatabaseOptions {
  db: Db;
  logger: Logger;
  clock: Clock;
  /** Purge cadence when the server has no TTL indexes. */
  purgeIntervalMs?: number;
  /** The deployment's organization: earlier versions' tenants are migrated against it. */
  orgId?: string;
}

/**
 * Start-up in one call for the composition root: indexes, the organization migration (when
 * `orgId` is given), customers of earlier versions moved to keyed ids, then the timer purge of the
 * history entries decisions carry, and of the rest only where the server lacks TTL indexes.
 * `stop` ends the purges.
 */
export async function prepareDatabase(
  options: PrepareDatabaseOptions,
): Promise<{ ttl: boolean; stop: () => Promise<void> }> {
  const { ttl } = await ensureIndexes(options.db, options.logger);
  if (options.orgId !== undefined)
    await migrateOrganizations({
      db: options.db,
      orgId: options.orgId,
      logger: options.logger,
      clock: options.clock,
    });
  await migrateCustomers({ db: options.db, logger: options.logger });
  const purge = {
    db: options.db,
    clock: options.clock,
    intervalMs: options.purgeIntervalMs,
    logger: options.logger,
  };
  // The history entries decisions carry expire inside documents that stay: purged on every server.
  const stopTurns = startTurnInteractionPurge(purge);
  if (ttl) return { ttl, stop: stopTurns };
  const stopRest = startRetentionPurge(purge);
  return { ttl, stop: async () => void (await Promise.all([stopTurns(), stopRest()])) };
}
