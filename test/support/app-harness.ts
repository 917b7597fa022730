import pino from 'pino';
import type { Db } from 'mongodb';
import type { Agent } from '../../src/agent/types.js';
import { createApp, type App } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { ChannelAdapter, Engine } from '../../src/conversation/engine-api.js';
import { createEventBus, type EventBus } from '../../src/conversation/event-bus.js';
import type { Clock, IdGenerator } from '../../src/domain/index.js';
import type { Logger } from '../../src/logger.js';
import type { MongoStores } from '../../src/memory/mongo-stores.js';
import { createSeededEnv } from './seeded.js';
import type { fixedClock } from './clock.js';

/** What an adapter factory may need; pass a function as `adapters` to receive it. */
export interface AdapterBuildContext {
  db: Db;
  stores: MongoStores;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  events: EventBus;
  tenantId: string;
}

export interface TestAppOptions {
  adapters?: ChannelAdapter[] | ((ctx: AdapterBuildContext) => ChannelAdapter[] | Promise<ChannelAdapter[]>);
  /** Environment variables as `npm start` would read them (validated by loadConfig). */
  env?: Record<string, string>;
  /** Applied over the loaded config. */
  config?: Partial<Config>;
  /** The seed's and the app's "now" (a fixed clock you can move); 2026-11-20T10:00:00Z by default. */
  now?: Date;
  /** A clock for the app instead of the seeded fixed clock (the seed still uses the fixed one). */
  clock?: Clock;
  /** Runs the LLM engine against this OpenAI-compatible endpoint (a fake on loopback). */
  openaiBaseURL?: string;
  agent?: Agent;
  logger?: Logger;
  /** False: no demo data at all (a real company's install); the demo organization by default. */
  demo?: boolean;
  /**
   * The app's own connection to the seeded database (by name), e.g. through a proxy a test can
   * take down; the seed's connection by default.
   */
  connect?: (dbName: string) => Promise<Db>;
}

export interface TestApp {
  baseUrl: string;
  app: App;
  engine: Engine;
  stores: MongoStores;
  db: Db;
  tenantId: string;
  clock: ReturnType<typeof fixedClock>;
  ids: IdGenerator;
  close(): Promise<void>;
}

/**
 * Starts the whole app as main.ts would, on a fresh seeded database of the run's real
 * MongoDB-wire server, listening on 127.0.0.1 with a free port. Always `close()` it.
 */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const logger = options.logger ?? pino({ level: 'silent' });
  const seeded = await createSeededEnv({ now: options.now, logger, seed: options.demo });
  const clock = options.clock ?? seeded.clock;
  let config = loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'never', LOG_LEVEL: 'silent', ...options.env });
  if (options.openaiBaseURL) {
    config = {
      ...config,
      openai: { apiKey: 'test-key', baseURL: options.openaiBaseURL, model: 'test-model', timeoutMs: 5000 },
    };
  }
  config = { ...config, ...options.config };
  const events = createEventBus();
  const db = options.connect ? await options.connect(seeded.db.databaseName) : seeded.db;
  const ctx: AdapterBuildContext = {
    db,
    stores: seeded.stores,
    clock,
    ids: seeded.ids,
    logger,
    events,
    tenantId: seeded.tenantId,
  };
  const adapters =
    typeof options.adapters === 'function' ? await options.adapters(ctx) : (options.adapters ?? []);
  let app: App | undefined;
  try {
    app = await createApp({
      config,
      logger,
      db,
      agent: options.agent,
      adapters,
      clock,
      ids: seeded.ids,
      events,
      sweepIntervalMs: 3_600_000,
    });
    const server = await app.listen(0, '127.0.0.1');
    const started = app;
    return {
      baseUrl: `http://127.0.0.1:${server.port}`,
      app: started,
      engine: started.engine,
      stores: started.stores,
      db: seeded.db,
      tenantId: seeded.tenantId,
      clock: seeded.clock,
      ids: seeded.ids,
      async close() {
        await started.stop();
        await seeded.close();
      },
    };
  } catch (err) {
    await app?.stop().catch(() => undefined);
    await seeded.close();
    throw err;
  }
}
