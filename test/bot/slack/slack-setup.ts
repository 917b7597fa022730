import { MongoClient, type Db } from 'mongodb';
import pino from 'pino';
import { inject, onTestFinished } from 'vitest';
import { createApp } from '../../../src/app.js';
import { startTestApp, type TestApp, type TestAppOptions } from '../../support/app-harness.js';
import {
  startFakeSlackApi,
  type FakeSlackApi,
  type FakeSlackApiOptions,
  type SlackCall,
} from '../../support/fake-slack-api.js';
import type { StaffAction } from '../../../src/conversation/ports.js';
import { SLACK, buttons } from '../../support/slack-builders.js';

export { buttons };
import { deliverToSlackEndpoint, type SlackDelivery } from '../../support/slack-delivery.js';
import { createSlackAdapter, type SlackAdapter } from '../../../src/bot/slack/index.js';
import { loadConfig, type Config } from '../../../src/config.js';
import { createSlackInstallationRepository } from '../../../src/memory/slack-installation-repository.js';
import { sweepPastLeases } from '../../support/restart.js';

const STATE_SECRET = 'test-state-secret-0123456789abcdef0123';

export interface SlackTestEnv {
  app: TestApp;
  slack: FakeSlackApi;
  adapter: SlackAdapter;
  /** Every log line the app wrote (pino JSON, debug and up), for asserting what was logged. */
  logs: Array<Record<string, unknown>>;
  /** Signs with the app's (fixed) clock, as Slack would at that moment. */
  deliver(
    delivery: SlackDelivery,
    options?: { retryNum?: number; ageSeconds?: number; badSignature?: boolean },
  ): Promise<Response>;
  close(): Promise<void>;
}

export const slackConfig = (
  apiUrl: string,
  overrides: Partial<NonNullable<Config['slack']>> = {},
): NonNullable<Config['slack']> => ({
  botToken: 'xoxb-1111111111-2222222222-testtokenvalue00000000',
  signingSecret: SLACK.signingSecret,
  apiUrl,
  staffChannelId: SLACK.staffChannel,
  approverIds: [SLACK.approver],
  supervisorIds: [SLACK.supervisor],
  ...overrides,
});

/** The real app on a seeded database, the Slack adapter mounted over HTTP, a fake Slack Web API. */
export async function startSlackEnv(
  extra: Pick<FakeSlackApiOptions, 'users' | 'teams'> &
    Pick<TestAppOptions, 'connect' | 'agent'> & {
      drainTimeoutMs?: number;
      /** Distribution mode ("Add to Slack"): no bot token, installs kept in MongoDB. */
      distribution?: boolean;
      /** Runs the LLM engine against this OpenAI-compatible endpoint (fake-openai on loopback). */
      openaiBaseURL?: string;
    } = {},
): Promise<SlackTestEnv> {
  const logs: Array<Record<string, unknown>> = [];
  const logger = pino(
    { level: 'debug' },
    { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) },
  );
  const slack = await startFakeSlackApi({
    team: { id: SLACK.homeTeam, name: 'Northwind Supply Co.', domain: 'northwind' },
    botUserId: SLACK.bot,
    botId: SLACK.botId,
    users: [
      {
        id: SLACK.customer,
        teamId: SLACK.customerTeam,
        name: 'Maya Ortiz',
        email: 'maya@bluebirdcafe.example',
      },
      { id: SLACK.guest, teamId: SLACK.guestTeam, name: 'Jordan Lee', email: 'jordan@acme-robotics.example' },
      { id: SLACK.approver, teamId: SLACK.homeTeam, name: 'Dana Whitfield', email: 'dana@northwind.example' },
      { id: SLACK.supervisor, teamId: SLACK.homeTeam, name: 'Sam Okafor', email: 'sam@northwind.example' },
      { id: SLACK.staff, teamId: SLACK.homeTeam, name: 'Riley Chen', email: 'riley@northwind.example' },
      ...(extra.users ?? []),
    ],
    teams: [
      { id: SLACK.customerTeam, name: 'Bluebird Cafe', domain: 'bluebirdcafe' },
      { id: SLACK.guestTeam, name: 'Acme Robotics', domain: 'acme-robotics' },
      ...(extra.teams ?? []),
    ],
    channels: [
      { id: SLACK.sharedChannel, name: 'ext-bluebird-cafe', isExtShared: true },
      { id: SLACK.staffChannel, name: 'support-approvals' },
    ],
  });
  let adapter: SlackAdapter | undefined;
  let app: TestApp;
  try {
    app = await startTestApp({
      logger,
      ...(extra.openaiBaseURL ? { openaiBaseURL: extra.openaiBaseURL } : {}),
      connect: extra.connect,
      agent: extra.agent,
      adapters: ({ clock, db }) => {
        adapter = createSlackAdapter({
          config: extra.distribution
            ? slackConfig(slack.url, {
                botToken: undefined,
                oauth: {
                  clientId: slack.clientId,
                  clientSecret: slack.clientSecret,
                  stateSecret: STATE_SECRET,
                },
              })
            : slackConfig(slack.url),
          installations: extra.distribution
            ? createSlackInstallationRepository({ db, logger, clock })
            : undefined,
          logger,
          clock,
          retryConfig: { retries: 2, factor: 1, minTimeout: 10, maxTimeout: 20 },
          drainTimeoutMs: extra.drainTimeoutMs,
        });
        return [adapter];
      },
    });
  } catch (err) {
    await slack.close();
    throw err;
  }
  return {
    app,
    slack,
    adapter: adapter!,
    logs,
    deliver(delivery, options = {}) {
      const now = Math.floor(app.clock.now().getTime() / 1000);
      return deliverToSlackEndpoint(app.baseUrl, delivery, {
        timestamp: now - (options.ageSeconds ?? 0),
        retryNum: options.retryNum,
        badSignature: options.badSignature,
      });
    },
    async close() {
      await app.close();
      await slack.close();
    },
  };
}

export const settle = (ms = 300) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` until it holds; throws after `timeoutMs`. */
export async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await settle(25);
  }
}

/** Waits for the first staff-channel card with a button for `action`; its ts and that button's data. */
export async function staffCardWith<A extends StaffAction['action']>(
  env: SlackTestEnv,
  action: A,
): Promise<{ ts: string; data: Extract<StaffAction, { action: A }> }> {
  const match = (c: SlackCall) =>
    c.method === 'chat.postMessage' &&
    c.args.channel === SLACK.staffChannel &&
    buttons(c.args.blocks).some((b) => b.data?.action === action);
  await env.slack.waitFor((calls) => calls.some(match));
  const post = env.slack.calls.find(match)!;
  const data = buttons(post.args.blocks).find((b) => b.data?.action === action)!.data!;
  return { ts: String(post.result?.ts), data: data as Extract<StaffAction, { action: A }> };
}

/**
 * Another process on the same database and the same fake Slack (a takeover after a kill), its
 * timers idle: the caller advances the clock past the dead one's leases and runs the sweeps.
 */
export async function secondSlackProcess(env: SlackTestEnv) {
  const logger = pino({ level: 'silent' });
  const clock = env.app.clock;
  const app2 = await createApp({
    config: loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'never', LOG_LEVEL: 'silent' }),
    logger,
    db: env.app.db,
    clock,
    ids: env.app.ids,
    adapters: [
      createSlackAdapter({
        config: slackConfig(env.slack.url),
        logger,
        clock,
        retryConfig: { retries: 2, factor: 1, minTimeout: 10, maxTimeout: 20 },
      }),
    ],
    sweepIntervalMs: 3_600_000,
  });
  await app2.sweepsIdle();
  return app2;
}

/**
 * The Slack env whose app reaches the database on a connection of its own, through the handle
 * `freeze` makes of it (freezing-db.ts): the process a kill test kills at the frozen call. The
 * connection closes when the test ends.
 */
export async function startFreezingSlackEnv<F extends { db: Db }>(
  freeze: (db: Db) => F,
): Promise<{ env: SlackTestEnv; frozen: F }> {
  const client = new MongoClient(inject('mongoUri'), { ignoreUndefined: true });
  onTestFinished(() => client.close());
  let frozen: F | undefined;
  const env = await startSlackEnv({
    drainTimeoutMs: 200,
    connect: async (name) => {
      await client.connect();
      frozen = freeze(client.db(name));
      return frozen.db;
    },
  });
  return { env, frozen: frozen! };
}

/**
 * Another process on the same database and the same fake Slack, once the killed one's leases ran
 * out (its journal's and its poster's): every sweep, `approvals` too when asked, twice.
 */
export async function slackTakeOver(env: SlackTestEnv, options: { approvals?: boolean } = {}) {
  const app2 = await secondSlackProcess(env);
  await sweepPastLeases(app2, env.app.clock, options);
  return app2;
}
