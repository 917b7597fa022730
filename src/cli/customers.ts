// `npm run customers -- import customers.csv [--org ORG_ID]`: adds what the order system does not
// hold (account name, contact emails, plan, email domain, Slack or Teams organization ids) to the
// configured MongoDB. Bad rows are reported with their line numbers; the rest is imported. Idempotent.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { createOrderSystem } from '../commerce/registry.js';
import { loadConfig } from '../config.js';
import { createIdGenerator, systemClock } from '../domain/index.js';
import { isAppError } from '../errors.js';
import { createLogger } from '../logger.js';
import { connectDatabase } from '../memory/connect.js';
import { ensureIndexes } from '../memory/indexes.js';
import { startLocalMongo } from '../memory/local-mongo.js';
import { createMongoStores } from '../memory/mongo-stores.js';
import { importCustomers } from './customer-import.js';

const USAGE = 'usage: npm run customers -- import <customers.csv> [--org ORG_ID]';

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { org: { type: 'string' } },
  });
  const [command, file] = positionals;
  if (command !== 'import' || !file) {
    console.error(USAGE);
    return 2;
  }
  let config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    return 2;
  }
  let csv: string;
  try {
    csv = await readFile(file, 'utf8');
  } catch (err) {
    console.error(`Cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
    return 2;
  }
  const tenantId = values.org ?? config.org.id;
  const logger = createLogger({
    level: config.logLevel === 'info' ? 'warn' : config.logLevel,
    pretty: false,
  });
  const mongo = await startLocalMongo({ uri: config.mongo.uri, dataDir: config.dataDir, logger });
  try {
    const conn = await connectDatabase({ uri: mongo.uri, dbName: config.mongo.dbName, logger });
    try {
      await ensureIndexes(conn.db, logger);
      const stores = createMongoStores(conn.db, { logger, clock: systemClock });
      // A configured order system gives rows without a customer_id the id identification will use.
      const kind = config.orderSystem.kind;
      const lookup =
        kind === 'demo' || kind === 'none'
          ? undefined
          : createOrderSystem(config.orderSystem, {
              demoOrders: stores.orders,
              clock: systemClock,
              ids: createIdGenerator(),
              logger,
            });
      await lookup?.verify();
      const report = await importCustomers({
        csv,
        tenantId,
        customers: stores.customers,
        lookup,
        now: systemClock.now(),
      });
      for (const e of report.errors) console.error(`${file}:${e.line}: ${e.message}`);
      console.log(
        `Customers for ${tenantId}: ${report.imported} imported, ${report.unchanged} unchanged, ${report.errors.length} rejected.`,
      );
      return report.errors.length > 0 ? 1 : 0;
    } finally {
      await conn.close();
    }
  } finally {
    await mongo.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(
      isAppError(err) ? err.message : `Import failed: ${err instanceof Error ? err.message : String(err)}`,
    );
    process.exit(1);
  },
);
