import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../src/app.js';
import { createSlackAdapter } from '../../src/bot/slack/index.js';
import { loadConfig } from '../../src/config.js';
import { createIdGenerator } from '../../src/domain/ids.js';
import { seedDemo } from '../../src/memory/seed.js';
import { fixedClock } from '../support/clock.js';
import { startFakeSlackApi, type FakeSlackApi } from '../support/fake-slack-api.js';
import { createTestDb, type TestDb } from '../support/mongo.js';
import { SLACK } from '../support/slack-builders.js';
import { slackConfig } from '../bot/slack/slack-setup.js';

const logger = pino({ level: 'silent' });

/**
 * As main.ts starts one process: the app (indexes, migration, the Slack workspace's organization
 * with its staff channel from the environment), then the demo seed.
 */
async function startProcess(testDb: TestDb, slackUrl: string): Promise<App> {
  const config = loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'always', LOG_LEVEL: 'silent' });
  const clock = fixedClock(new Date('2026-11-20T10:00:00Z'));
  const db = testDb.client.db(testDb.dbName);
  const slack = createSlackAdapter({
    config: slackConfig(slackUrl, { staffChannelId: SLACK.staffChannel, approverIds: [SLACK.approver] }),
    logger,
    clock,
  });
  const app = await createApp({
    config,
    logger,
    db,
    adapters: [slack],
    clock,
    ids: createIdGenerator(),
    sweepIntervalMs: 3_600_000,
  });
  try {
    await seedDemo({ stores: app.stores, tenantId: config.org.id, clock, logger });
    return app;
  } catch (err) {
    await app.stop();
    throw err;
  }
}

describe('start-up with several processes on one database', () => {
  const dbs: TestDb[] = [];
  const apps: App[] = [];
  let slack: FakeSlackApi;
  beforeAll(async () => {
    slack = await startFakeSlackApi();
  });
  afterAll(async () => {
    await slack.close();
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.stop().catch(() => undefined);
    for (const db of dbs.splice(0)) await db.close();
  });

  it('two processes started together on a new database both come up, with one of each seeded document', async () => {
    for (let round = 0; round < 4; round++) {
      const testDb = await createTestDb('race');
      dbs.push(testDb);
      const started = await Promise.allSettled([
        startProcess(testDb, slack.url),
        startProcess(testDb, slack.url),
      ]);
      for (const s of started) if (s.status === 'fulfilled') apps.push(s.value);
      const failures = started
        .filter((s): s is PromiseRejectedResult => s.status === 'rejected')
        .map((s) => String(s.reason));
      expect(failures).toEqual([]);
      const channels = await testDb.db.collection('channels').find({}).toArray();
      const keys = channels.map((c) => `${String(c.tenantId)}|${String(c.channelId)}`);
      expect(keys.length).toBeGreaterThan(0);
      expect(new Set(keys).size).toBe(keys.length);
      expect(await testDb.db.collection('tenants').countDocuments({})).toBe(1);
    }
  });
});
