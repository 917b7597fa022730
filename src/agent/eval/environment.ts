import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { createDemoOrderSystem } from '../../commerce/demo-order-system.js';
import type { Config } from '../../config.js';
import { createIdGenerator, systemClock } from '../../domain/index.js';
import type { Logger } from '../../logger.js';
import { ensureIndexes } from '../../memory/indexes.js';
import { startLocalMongo } from '../../memory/local-mongo.js';
import { createMongoStores } from '../../memory/mongo-stores.js';
import { seedDemo } from '../../memory/seed.js';
import { createKnowledgeBase } from '../knowledge-base.js';
import type { EvalDeps } from './run-eval.js';

/**
 * The demo organization in a throwaway database (its own MongoDB-wire server when none is
 * configured): what `npm run eval` and the route model's training run labelled messages against.
 */
export async function withDemoEnvironment<T>(
  config: Pick<Config, 'mongo' | 'org'>,
  logger: Logger,
  fn: (deps: Omit<EvalDeps, 'agent'>) => Promise<T>,
): Promise<T> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'switchboard-eval-'));
  const mongo = await startLocalMongo({ uri: config.mongo.uri, dataDir, logger, buildIfMissing: true });
  const client = new MongoClient(mongo.uri, { serverSelectionTimeoutMS: 10_000, ignoreUndefined: true });
  const dbName = `switchboard_eval_${randomBytes(4).toString('hex')}`;
  try {
    await client.connect();
    const db = client.db(dbName);
    const clock = systemClock;
    await ensureIndexes(db, logger);
    const stores = createMongoStores(db, { logger, clock });
    const tenantId = config.org.id;
    await seedDemo({ stores, tenantId, clock, logger });
    const tenant = await stores.tenants.get(tenantId);
    if (!tenant) throw new Error('demo tenant missing after seeding');
    return await fn({
      kb: createKnowledgeBase({ source: stores.kbArticles }),
      tenantId,
      settings: tenant.settings,
      customers: stores.customers,
      interactions: stores.interactions,
      orders: createDemoOrderSystem({ orders: stores.orders, clock, ids: createIdGenerator() }),
      clock,
    });
  } finally {
    await client
      .db(dbName)
      .dropDatabase()
      .catch(() => undefined);
    await client.close();
    await mongo.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
