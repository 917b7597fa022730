import pino from 'pino';
import type { Db } from 'mongodb';
import { createDemoOrderSystem } from '../../src/commerce/demo-order-system.js';
import type { OrderSystem } from '../../src/commerce/order-system.js';
import { createIdGenerator, type IdGenerator } from '../../src/domain/index.js';
import type { Logger } from '../../src/logger.js';
import { ensureIndexes } from '../../src/memory/indexes.js';
import { createMongoStores, type MongoStores } from '../../src/memory/mongo-stores.js';
import { seedDemo } from '../../src/memory/seed.js';
import { DEMO } from '../../src/memory/demo-data.js';
import { fixedClock } from './clock.js';
import { createTestDb } from './mongo.js';

export interface SeededEnvOptions {
  /** Demo tenant id; 'T0DEMO0001' by default. */
  tenantId?: string;
  /** The fixed clock's start (the seed's "now"); 2026-11-20T10:00:00Z by default. */
  now?: Date;
  logger?: Logger;
  ids?: IdGenerator;
  /** Knowledge-base folder; the repository's kb/ by default. */
  kbDir?: string;
  /** False: an empty database with indexes only, as a real company's first start finds it. */
  seed?: boolean;
}

export interface SeededEnv {
  db: Db;
  stores: MongoStores;
  orderSystem: OrderSystem;
  clock: ReturnType<typeof fixedClock>;
  tenantId: string;
  ids: IdGenerator;
  logger: Logger;
  close(): Promise<void>;
}

/**
 * A fresh database on the run's real MongoDB-wire server with indexes and the demo tenant seeded
 * at a fixed clock: the demo facts in src/memory/demo-data.ts (DEMO) hold relative to `clock.now()`.
 */
export async function createSeededEnv(options: SeededEnvOptions = {}): Promise<SeededEnv> {
  const testDb = await createTestDb('seeded');
  const logger = options.logger ?? pino({ level: 'silent' });
  const clock = fixedClock(options.now);
  const tenantId = options.tenantId ?? DEMO.tenantId;
  const ids = options.ids ?? createIdGenerator();
  await ensureIndexes(testDb.db, logger);
  const stores = createMongoStores(testDb.db, { logger, clock });
  if (options.seed !== false) await seedDemo({ stores, tenantId, clock, kbDir: options.kbDir });
  const orderSystem = createDemoOrderSystem({ orders: stores.orders, clock, ids });
  return { db: testDb.db, stores, orderSystem, clock, tenantId, ids, logger, close: () => testDb.close() };
}
