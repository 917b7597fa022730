// `npm run seed`: loads the demo tenant, customers, orders and kb/ into the configured MongoDB
// (or the zero-config local one, the same data directory `npm start` uses). Idempotent.
import { systemClock } from '../domain/index.js';
import { isAppError } from '../errors.js';
import { createLogger } from '../logger.js';
import { seedDemo } from '../memory/seed.js';
import { cliConfig, withStores } from './cli-database.js';

async function main(): Promise<number> {
  const config = cliConfig();
  if (!config) return 2;
  const logger = createLogger({ level: config.logLevel, pretty: process.stdout.isTTY });
  await withStores(config, logger, async (stores) => {
    const report = await seedDemo({ stores, tenantId: config.org.id, clock: systemClock, logger });
    console.log(
      `Seeded tenant ${config.org.id}: ${report.customersInserted} customers, ${report.ordersInserted} orders, ` +
        `${report.articlesWritten} articles written${report.tenantCreated ? ' (new tenant)' : ''}.`,
    );
  });
  return 0;
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
