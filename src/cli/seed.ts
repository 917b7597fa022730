// `npm run seed`: loads the demo tenant, customers, orders and kb/ into the configured MongoDB
// (or the zero-config local one, the same data directory `npm start` uses). Idempotent.
import { loadConfig } from '../config.js';
import { systemClock } from '../domain/index.js';
import { isAppError } from '../errors.js';
import { createLogger } from '../logger.js';
import { connectDatabase } from '../memory/connect.js';
import { ensureIndexes } from '../memory/indexes.js';
import { startLocalMongo } from '../memory/local-mongo.js';
import { createMongoStores } from '../memory/mongo-stores.js';
import { seedDemo } from '../memory/seed.js';

async function main(): Promise<number> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    return 2;
  }
  const logger = createLogger({ level: config.logLevel, pretty: process.stdout.isTTY });
  const mongo = await startLocalMongo({ uri: config.mongo.uri, dataDir: config.dataDir, logger });
  try {
    const conn = await connectDatabase({ uri: mongo.uri, dbName: config.mongo.dbName, logger });
    try {
      await ensureIndexes(conn.db, logger);
      const stores = createMongoStores(conn.db, { logger, clock: systemClock });
      const report = await seedDemo({ stores, tenantId: config.org.id, clock: systemClock, logger });
      console.log(
        `Seeded tenant ${config.org.id}: ${report.customersInserted} customers, ${report.ordersInserted} orders, ` +
          `${report.articlesWritten} articles written${report.tenantCreated ? ' (new tenant)' : ''}.`,
      );
    } finally {
      await conn.close();
    }
    return 0;
  } finally {
    await mongo.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(
      isAppError(err) ? err.message : `Seeding failed: ${err instanceof Error ? err.message : String(err)}`,
    );
    process.exit(1);
  },
);
