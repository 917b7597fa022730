/**
 * `npm run eval [-- --input FILE.jsonl] [--output eval-report.json]`: runs a labelled set through
 * the agent against the demo store in a throwaway database and prints intent accuracy, route
 * accuracy, escalation precision/recall and model calls per message. Offline engine unless
 * OPENAI_API_KEY is set. Zero config: it starts its own MongoDB-wire server when none is given.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { createDemoOrderSystem } from '../../commerce/demo-order-system.js';
import { loadConfig } from '../../config.js';
import { createIdGenerator, systemClock } from '../../domain/index.js';
import { createLogger } from '../../logger.js';
import { ensureIndexes } from '../../memory/indexes.js';
import { startLocalMongo } from '../../memory/local-mongo.js';
import { createMongoStores } from '../../memory/mongo-stores.js';
import { seedDemo } from '../../memory/seed.js';
import { createAgent } from '../create-agent.js';
import { createKnowledgeBase } from '../knowledge-base.js';
import { loadGoldenSet } from './golden.js';
import { runEval } from './run-eval.js';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { input: { type: 'string' }, output: { type: 'string', default: 'eval-report.json' } },
  });
  const config = loadConfig();
  const logger = createLogger({ level: process.env.LOG_LEVEL ?? 'warn' });
  const input = path.resolve(values.input ?? 'test/golden/messages.jsonl');
  const messages = await loadGoldenSet(input);

  const dataDir = mkdtempSync(path.join(tmpdir(), 'switchboard-eval-'));
  const mongo = await startLocalMongo({ uri: config.mongo.uri, dataDir, logger, buildIfMissing: true });
  const client = new MongoClient(mongo.uri, { serverSelectionTimeoutMS: 10_000 });
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
    const kb = createKnowledgeBase({ source: stores.kbArticles });
    const agent = createAgent({ openai: config.openai, kb, logger, clock });
    const { report } = await runEval(messages, {
      agent,
      kb,
      tenantId,
      settings: tenant.settings,
      customers: stores.customers,
      interactions: stores.interactions,
      orders: createDemoOrderSystem({ orders: stores.orders, clock, ids: createIdGenerator() }),
      clock,
    });
    const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
    console.log(
      `Eval of ${report.messages} messages from ${path.relative(process.cwd(), input)} (${report.engine} engine)`,
    );
    console.log(`  intent accuracy        ${pct(report.intentAccuracy)}`);
    console.log(`  route accuracy         ${pct(report.routeAccuracy)} (${report.routeLabelled} labelled)`);
    console.log(`  escalation precision   ${pct(report.escalation.precision)}`);
    console.log(`  escalation recall      ${pct(report.escalation.recall)}`);
    console.log(
      `  model calls / message  median ${report.modelCallsPerMessage.median}, p90 ${report.modelCallsPerMessage.p90}`,
    );
    writeFileSync(values.output!, JSON.stringify(report, null, 2));
    console.log(`  wrote ${values.output}`);
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

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
