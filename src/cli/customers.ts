// `npm run customers -- import customers.csv [--org ORG_ID]`: adds what the order system does not
// hold (account name, contact emails, plan, email domain, Slack or Teams organization ids) to the
// configured MongoDB. Bad rows are reported with their line numbers; the rest is imported. Idempotent.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { createOrderSystem } from '../commerce/registry.js';
import { createIdGenerator, systemClock } from '../domain/index.js';
import { isAppError } from '../errors.js';
import { createLogger } from '../logger.js';
import { importCustomers } from './customer-import.js';
import { cliConfig, withStores } from './cli-database.js';

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
  const config = cliConfig();
  if (!config) return 2;
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
  return withStores(config, logger, async (stores) => {
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
  });
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
