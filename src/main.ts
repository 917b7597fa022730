import type { ChannelAdapter } from './conversation/engine-api.js';
import { loadConfig, type Config } from './config.js';
import { createIdGenerator, systemClock } from './domain/index.js';
import { ConfigError, isAppError } from './errors.js';
import { createLogger, redactText } from './logger.js';
import { connectDatabase, watchConnection } from './memory/connect.js';
import { safeHost, startLocalMongo } from './memory/local-mongo.js';

// The app and the seed are imported only after the configuration and the database checked out: a
// wrong setting or an unreachable MongoDB is reported in seconds. Bolt and botbuilder (about 40 and
// 50 MB of memory with their dependencies) are imported only when Slack or Teams is configured.
async function loadRuntime(config: Config) {
  const [app, bus, seed, sandbox, slack, teams] = await Promise.all([
    import('./app.js'),
    import('./conversation/event-bus.js'),
    import('./memory/seed.js'),
    config.sandbox.enabled ? import('./bot/sandbox/index.js') : undefined,
    config.slack ? import('./bot/slack/index.js') : undefined,
    config.teams ? import('./bot/teams/index.js') : undefined,
  ]);
  return {
    createApp: app.createApp,
    createEventBus: bus.createEventBus,
    seedDemo: seed.seedDemo,
    createSandboxAdapter: sandbox?.createSandboxAdapter,
    createSlackAdapter: slack?.createSlackAdapter,
    createTeamsAdapter: teams?.createTeamsAdapter,
  };
}

/** One line on stderr, never a stack: what a person starting the service needs to fix. */
function fail(message: string, code: number): never {
  process.stderr.write(`switchboard: ${redactText(message.split('\n')[0] ?? message)}\n`);
  process.exit(code);
}

/** Undone in reverse if start-up fails halfway, so no spawned MongoDB outlives us. */
const cleanups: Array<() => Promise<unknown>> = [];

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    fail(err instanceof Error ? err.message : String(err), 2);
  }
  const logger = createLogger({ level: config.logLevel, pretty: process.stdout.isTTY === true });
  const clock = systemClock;
  const ids = createIdGenerator();

  let mongo;
  try {
    mongo = await startLocalMongo({
      uri: config.mongo.uri,
      dataDir: config.dataDir,
      logger,
      nice: config.mongo.compatNice,
    });
  } catch (err) {
    fail(`Cannot start a local MongoDB: ${err instanceof Error ? err.message : String(err)}`, 1);
  }
  const startedMongo = mongo;
  cleanups.push(() => startedMongo.stop());
  let connection;
  try {
    // 8 s leaves room inside the promised 15 s for process start-up.
    connection = await connectDatabase({
      uri: mongo.uri,
      dbName: config.mongo.dbName,
      logger,
      serverSelectionTimeoutMS: 8000,
    });
  } catch (err) {
    await mongo.stop().catch(() => undefined);
    fail(err instanceof Error ? err.message : String(err), 1);
  }
  const { db } = connection;
  const connected = connection;
  cleanups.push(() => connected.close());
  // A client the driver leaves cut off after an outage is reconnected (see watchConnection).
  const watch = watchConnection(connected.client, { uri: mongo.uri, dbName: config.mongo.dbName, logger });
  cleanups.push(() => Promise.resolve(watch.stop()));
  const {
    createApp,
    createEventBus,
    seedDemo,
    createSandboxAdapter,
    createSlackAdapter,
    createTeamsAdapter,
  } = await loadRuntime(config);

  const events = createEventBus((err) => logger.warn({ err }, 'a live-event listener failed'));
  const adapters: ChannelAdapter[] = [];
  if (createSandboxAdapter) {
    adapters.push(
      createSandboxAdapter({
        db,
        logger,
        clock,
        ids,
        token: config.sandbox.token,
        events,
      }),
    );
  }
  if (config.slack && createSlackAdapter) {
    // Distribution mode keeps "Add to Slack" installs (and their tokens) in MongoDB.
    const installations = config.slack.oauth
      ? (await import('./memory/slack-installation-repository.js')).createSlackInstallationRepository({
          db,
          logger,
          clock,
        })
      : undefined;
    adapters.push(createSlackAdapter({ config: config.slack, logger, clock, installations }));
  }
  if (config.teams && createTeamsAdapter) {
    adapters.push(createTeamsAdapter({ config: config.teams, logger, clock }));
  }

  const app = await createApp({ config, logger, db, adapters, clock, ids, events });
  cleanups.push(() => app.stop());
  // Seeded after createApp so the indexes exist first, and before listening so the first page works.
  // `auto` never puts demo data into a real install: only a new organization on embedded defaults.
  if (config.demo.seed !== 'never') {
    const stores = app.stores;
    const exists = (await stores.tenants.get(config.org.id)) !== null;
    const embeddedDefaults = !config.slack && !config.teams;
    if (config.demo.seed === 'always' || (!exists && embeddedDefaults))
      await seedDemo({ stores, tenantId: config.org.id, clock, logger });
  }

  const server = await app.listen(config.port, config.host);
  // From process start (performance's time origin) to accepting requests, embedded database included.
  const startupMs = Math.round(performance.now());
  const embedded = mongo.startMs === undefined ? '' : `, started in ${mongo.startMs} ms`;
  logger.info(
    {
      url: `http://${config.host}:${server.port}`,
      mongo: mongo.kind,
      mongoHost: safeHost(mongo.uri),
      mongoStartMs: mongo.startMs,
      db: config.mongo.dbName,
      agent: app.agent.kind,
      channels: adapters.map((a) => a.platform),
      startupMs,
    },
    `Switchboard listening on http://${config.host}:${server.port} after ${startupMs} ms (MongoDB: ${mongo.kind} at ${safeHost(mongo.uri)}${embedded})`,
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, budgetMs: config.shutdownTimeoutMs }, 'shutting down');
    // Longer than a model call with its retries: answers being written are finished, not cut.
    const force = setTimeout(() => {
      logger.error({ budgetMs: config.shutdownTimeoutMs }, 'shutdown took too long; exiting anyway');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    // app.stop(): HTTP stops accepting → adapters finish work in flight → timers; then MongoDB.
    await app.stop().catch((err: unknown) => logger.error({ err }, 'stopping the app failed'));
    watch.stop();
    await connection.close().catch(() => undefined);
    await mongo.stop().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch(async (err: unknown) => {
  for (const undo of cleanups.reverse()) await undo().catch(() => undefined);
  // A wrong token or setting found while starting (an adapter's auth.test) is a configuration error.
  fail(
    isAppError(err) ? err.message : `Start-up failed: ${err instanceof Error ? err.message : String(err)}`,
    err instanceof ConfigError ? 2 : 1,
  );
});
