/**
 * `npm run eval [-- --split test|dev|dev2|dev3|dev4|dev5|dev6|dev7|dev8|dev9|dev10|dev11|dev12|dev13|dev14|dev15|dev16|dev17|dev18|dev19|dev20|dev21|dev22|dev23|dev24|dev25|dev26|dev27|dev28|dev29|dev30|dev31|dev32|dev33|dev34|dev35|dev36|dev37|dev38|dev39|dev40|dev41|dev42|dev43|dev44|dev45|train2|train] [--input FILE.jsonl] [--engine offline|llm]
 * [--base-url URL] [--model NAME] [--output eval-report.json]`: runs a labelled set through the
 * agent against the demo store in a throwaway database and prints intent, urgency (critical
 * recall apart), route, escalation precision/recall, facts present, unsafe actions, staff text
 * in customer replies and per-language figures. The test split is the default: it is reported,
 * never tuned on. Zero config: it starts its own MongoDB-wire server when none is given.
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
import { GOLDEN_SPLITS, loadGoldenSet } from './golden.js';
import { printReport } from './print-report.js';
import { runEval } from './run-eval.js';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      split: { type: 'string', default: 'test' },
      input: { type: 'string' },
      engine: { type: 'string' },
      'base-url': { type: 'string' },
      model: { type: 'string' },
      output: { type: 'string', default: 'eval-report.json' },
    },
  });
  if (!(GOLDEN_SPLITS as readonly string[]).includes(values.split!)) {
    throw new Error(`--split must be one of ${GOLDEN_SPLITS.join(', ')}`);
  }
  const config = loadConfig();
  const logger = createLogger({ level: process.env.LOG_LEVEL ?? 'warn' });
  const input = path.resolve(values.input ?? `test/golden/${values.split}.jsonl`);
  const engine = values.engine ?? (config.openai || values['base-url'] ? 'llm' : 'offline');
  if (engine !== 'llm' && engine !== 'offline') throw new Error('--engine must be llm or offline');
  // --engine llm points at any OpenAI-compatible endpoint; a local server needs no real key.
  const openai =
    engine === 'llm'
      ? {
          apiKey: config.openai?.apiKey ?? 'eval',
          baseURL: values['base-url'] ?? config.openai?.baseURL,
          model: values.model ?? config.openai?.model ?? 'gpt-4o-mini',
          timeoutMs: config.openai?.timeoutMs ?? 20_000,
        }
      : undefined;
  const messages = await loadGoldenSet(input);

  const dataDir = mkdtempSync(path.join(tmpdir(), 'switchboard-eval-'));
  const mongo = await startLocalMongo({
    uri: config.mongo.uri,
    dataDir,
    logger,
    buildIfMissing: true,
    nice: config.mongo.compatNice,
  });
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
    const kb = createKnowledgeBase({ source: stores.kbArticles });
    const agent = createAgent({ openai, kb, logger, clock });
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
    printReport(report, path.relative(process.cwd(), input));
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
