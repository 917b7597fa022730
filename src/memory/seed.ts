import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Clock } from '../domain/index.js';
import type { Logger } from '../logger.js';
import { demoChannels, demoCustomers, demoOrders, demoTenant } from './demo-data.js';
import { importKnowledge } from '../knowledge/import-articles.js';
import type { MongoStores } from './mongo-stores.js';

/** The import source the demo articles belong to (`--prune` of other sources leaves them alone). */
export const DEMO_KB_SOURCE = 'demo:kb';

/** The repository's own kb/ folder. */
export const DEFAULT_KB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../kb');

export interface SeedOptions {
  stores: Pick<MongoStores, 'tenants' | 'channels' | 'customers' | 'orders' | 'kbArticles' | 'kbSyncs'>;
  tenantId: string;
  clock: Clock;
  /** Markdown articles to load; the repository's kb/ by default. */
  kbDir?: string;
  logger?: Logger;
}

export interface SeedReport {
  tenantCreated: boolean;
  customersInserted: number;
  ordersInserted: number;
  articlesWritten: number;
}

/**
 * Loads the demo tenant, customers, orders and knowledge base. Idempotent: records are inserted
 * only when missing (so staff edits and refunds made in the sandbox survive a re-seed) and an
 * article is rewritten only when its Markdown changed. Running it twice changes nothing.
 */
export async function seedDemo(options: SeedOptions): Promise<SeedReport> {
  const { stores, tenantId, clock, logger } = options;
  const now = clock.now();
  const existed = (await stores.tenants.get(tenantId)) !== null;
  await stores.tenants.ensure(demoTenant(tenantId, now));
  for (const channel of demoChannels(tenantId, now)) await stores.channels.ensure(channel);
  let customersInserted = 0;
  for (const c of demoCustomers(tenantId, now))
    if (await stores.customers.insertIfMissing(c)) customersInserted++;
  let ordersInserted = 0;
  for (const o of demoOrders(tenantId, now)) if (await stores.orders.insertIfMissing(o)) ordersInserted++;
  // The same import a company runs on its own help center (`npm run kb -- import`).
  const kb = await importKnowledge(
    { articles: stores.kbArticles, syncs: stores.kbSyncs, clock },
    {
      tenantId,
      target: options.kbDir ?? DEFAULT_KB_DIR,
      source: DEMO_KB_SOURCE,
      prune: true,
      record: 'changes',
    },
  );
  for (const f of kb.failures)
    logger?.warn({ item: f.item, reason: f.reason }, 'knowledge-base article skipped');
  const articlesWritten = kb.counts.imported + kb.counts.updated;
  const report = { tenantCreated: !existed, customersInserted, ordersInserted, articlesWritten };
  logger?.info({ tenantId, ...report, articles: articlesWritten + kb.counts.unchanged }, 'demo data seeded');
  return report;
}
