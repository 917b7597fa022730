// What every command-line tool shares: the configuration, checked once, and the database
// `npm start` uses (MONGODB_URI, else the embedded one in DATA_DIR) with its indexes.
import { loadConfig, type Config } from '../config.js';
import { systemClock } from '../domain/index.js';
import type { Logger } from '../logger.js';
import { connectDatabase } from '../memory/connect.js';
import { ensureIndexes } from '../memory/indexes.js';
import { startLocalMongo } from '../memory/local-mongo.js';
import { createMongoStores, type MongoStores } from '../memory/mongo-stores.js';

/** The environment's configuration; a wrong value is printed as its one line and gives null (exit 2). */
export function cliConfig(): Config | null {
  try {
    return loadConfig(process.env);
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    return null;
  }
}

/** Runs `work` on the configured database's stores, then closes the connection and any embedded server. */
export async function withStores<T>(
  config: Config,
  logger: Logger,
  work: (stores: MongoStores) => Promise<T>,
): Promise<T> {
  const mongo = await startLocalMongo({
    uri: config.mongo.uri,
    dataDir: config.dataDir,
    logger,
    nice: config.mongo.compatNice,
  });
  try {
    const conn = await connectDatabase({ uri: mongo.uri, dbName: config.mongo.dbName, logger });
    try {
      await ensureIndexes(conn.db, logger);
      return await work(createMongoStores(conn.db, { logger, clock: systemClock }));
    } finally {
      await conn.close();
    }
  } finally {
    await mongo.stop();
  }
}
