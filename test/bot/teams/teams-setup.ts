import pino from 'pino';
import { createApp, type App } from '../../../src/app.js';
import { loadConfig } from '../../../src/config.js';
import { startTestApp, type TestApp, type TestAppOptions } from '../../support/app-harness.js';
import { startFakeBotConnector, type FakeBotConnector } from '../../support/fake-bot-connector.js';
import { TEAMS, teamsBotAdded, users } from '../../support/teams-builders.js';
import {
  createTeamsAdapter,
  type TeamsAdapterOptions,
  type TeamsChannelAdapter,
} from '../../../src/bot/teams/index.js';
import type { Config } from '../../../src/config.js';
import type { Agent } from '../../../src/agent/types.js';
import type { Logger } from '../../../src/logger.js';

export interface TeamsTestEnv {
  app: TestApp;
  connector: FakeBotConnector;
  teams: TeamsChannelAdapter;
  /** POSTs an activity to /api/messages as Teams would; returns status and parsed body. */
  post(
    activity: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: unknown }>;
  close(): Promise<void>;
}

const TEST_RETRY = { attempts: 3, baseDelayMs: 20, maxDelayMs: 100 };

export const teamsConfig = (
  overrides: Partial<NonNullable<Config['teams']>> = {},
): NonNullable<Config['teams']> => ({
  appType: 'MultiTenant',
  appTenantId: TEAMS.homeTenantId,
  staffConversationId: TEAMS.staffChannelId,
  approverIds: [users.dana.aadObjectId],
  supervisorIds: [users.sam.aadObjectId],
  maxRetryAfterMs: 60_000,
  botFramework: { validateAuthority: true },
  ...overrides,
});

/**
 * The real app on a seeded database with the Teams adapter mounted, a fake Bot Connector for
 * every activity's serviceUrl, and the bot already added to the customer and staff channels.
 */
export async function startTeamsEnv(
  options: Partial<Omit<TeamsAdapterOptions, 'logger' | 'clock'>> & {
    install?: boolean;
    agent?: Agent;
    /** Receives the app's log (a capturing pino logger in tests that check what is logged). */
    logger?: Logger;
    /** Runs the LLM engine against this OpenAI-compatible endpoint (fake-openai on loopback). */
    openaiBaseURL?: string;
    /** The app's own connection to the database (e.g. through a proxy a test takes down). */
    connect?: TestAppOptions['connect'];
  } = {},
): Promise<TeamsTestEnv> {
  const connector = await startFakeBotConnector();
  for (const u of Object.values(users)) {
    connector.addMember({
      id: u.id,
      name: u.name,
      aadObjectId: u.aadObjectId,
      email: u.email,
      userPrincipalName: u.email,
      tenantId: u.tenantId,
      userRole: 'user',
    });
  }
  let teams: TeamsChannelAdapter | undefined;
  const app = await startTestApp({
    ...(options.agent ? { agent: options.agent } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.openaiBaseURL ? { openaiBaseURL: options.openaiBaseURL } : {}),
    ...(options.connect ? { connect: options.connect } : {}),
    adapters: ({ clock, logger }) => {
      teams = createTeamsAdapter({
        config: options.config ?? teamsConfig(),
        logger,
        clock,
        retry: { ...TEST_RETRY, ...options.retry },
        ...(options.credentialsFactory ? { credentialsFactory: options.credentialsFactory } : {}),
      });
      return [teams];
    },
  });
  const post = poster(app.baseUrl);
  const env: TeamsTestEnv = {
    app,
    connector,
    teams: teams!,
    post,
    async close() {
      await app.close();
      await connector.close();
    },
  };
  if (options.install !== false) {
    for (const channelId of [TEAMS.customerChannelId, TEAMS.staffChannelId]) {
      const res = await post(
        teamsBotAdded({
          serviceUrl: connector.url,
          channelId,
          channelName: channelId === TEAMS.staffChannelId ? 'Approvals' : 'Bluebird Cafe',
        }),
      );
      if (res.status !== 200) throw new Error(`bot-added returned ${res.status}`);
    }
  }
  return env;
}

/** A pino logger whose records land in `records`, for tests that check what was logged. */
export function capturingLogger(): { logger: Logger; records: Array<Record<string, unknown>> } {
  const records: Array<Record<string, unknown>> = [];
  const logger = pino(
    { level: 'debug' },
    { write: (line: string) => void records.push(JSON.parse(line) as Record<string, unknown>) },
  );
  return { logger, records };
}

/** POSTs an activity to /api/messages as Teams would; returns status and parsed body. */
function poster(baseUrl: string): TeamsTestEnv['post'] {
  return async (activity, headers = {}) => {
    const res = await fetch(`${baseUrl}/api/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(activity),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // plain-text bodies (401 messages) stay strings
    }
    return { status: res.status, body };
  };
}

export interface RestartedTeams {
  app: App;
  teams: TeamsChannelAdapter;
  post: TeamsTestEnv['post'];
  close(): Promise<void>;
}

/**
 * A restart: the first process stops, and a new app with a new Teams adapter (nothing learned
 * in memory) starts over the same database, as `npm start` would after a deploy. Its start-up
 * runs the approval sweep, like production. Close it before `env.close()`.
 */
export async function restartTeams(env: TeamsTestEnv): Promise<RestartedTeams> {
  await env.teams.idle();
  await env.app.app.stop();
  const logger = pino({ level: process.env.TEAMS_TEST_LOG ?? 'silent' });
  const teams = createTeamsAdapter({
    config: teamsConfig(),
    logger,
    clock: env.app.clock,
    retry: TEST_RETRY,
  });
  const app = await createApp({
    config: loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'never', LOG_LEVEL: 'silent' }),
    logger,
    db: env.app.db,
    adapters: [teams],
    clock: env.app.clock,
    ids: env.app.ids,
    sweepIntervalMs: 3_600_000,
  });
  const server = await app.listen(0, '127.0.0.1');
  return {
    app,
    teams,
    post: poster(`http://127.0.0.1:${server.port}`),
    async close() {
      await teams.idle();
      await app.stop();
    },
  };
}
