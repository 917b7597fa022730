import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeBotFrameworkAuth,
  staticTokenCredentialsFactory,
  type FakeBotFrameworkAuth,
} from '../../support/bot-framework-auth.js';
import { TEAMS, teamsChannelMessage, users } from '../../support/teams-builders.js';
import { loadConfig } from '../../../src/config.js';
import { authOptions } from '../../../src/bot/teams/auth.js';
import { capturingLogger, startTeamsEnv, type TeamsTestEnv } from './teams-setup.js';

const APP_ID = '3f1e5c2a-0000-4a4a-9b9b-5w1tchb0a4d0';

/** Teams settings as an operator writes them: the Azure Bot variables plus botbuilder's endpoint names. */
function teamsConfigFromEnv(env: Record<string, string>) {
  const teams = loadConfig({
    NODE_ENV: 'test',
    MicrosoftAppId: APP_ID,
    MicrosoftAppPassword: 'not-used-in-tests',
    MicrosoftAppTenantId: TEAMS.homeTenantId,
    TEAMS_STAFF_CONVERSATION_ID: TEAMS.staffChannelId,
    TEAMS_APPROVER_IDS: users.dana.aadObjectId,
    TEAMS_SUPERVISOR_IDS: users.sam.aadObjectId,
    ...env,
  }).teams;
  if (!teams) throw new Error('Teams not configured');
  return teams;
}

describe('Bot Framework authentication on /api/messages', () => {
  let auth: FakeBotFrameworkAuth;
  let env: TeamsTestEnv;
  beforeAll(async () => {
    auth = await startFakeBotFrameworkAuth();
    env = await startTeamsEnv({
      // The OpenID metadata URL comes from configuration, exactly as in a sovereign cloud.
      config: teamsConfigFromEnv(auth.env),
      credentialsFactory: staticTokenCredentialsFactory(APP_ID),
      install: false,
    });
  });
  afterAll(async () => {
    await env?.close();
    await auth?.close();
  });

  const message = () =>
    teamsChannelMessage({ serviceUrl: env.connector.url, from: users.maya, text: 'Where is my order 1042?' });
  /** A processed post opened a ticket on its thread. */
  const processed = async (id: string) =>
    (await env.app.stores.tickets.findByThread(env.app.tenantId, 'teams', TEAMS.customerChannelId, id)) !==
    null;

  async function expectRejected(activity: Record<string, unknown>, headers: Record<string, string>) {
    const res = await env.post(activity, headers);
    expect(res.status).toBe(401);
    // Why it was refused is for the log, not for whoever sent it.
    expect(res.body).toEqual({ error: 'unauthorized' });
    await env.teams.idle();
    expect(await processed(activity.id as string)).toBe(false);
    expect(
      env.connector.sent().filter((c) => c.conversationId.endsWith(`;messageid=${activity.id as string}`)),
    ).toHaveLength(0);
  }

  it('refuses a request without an Authorization header', async () => {
    await expectRejected(message(), {});
  });

  it('refuses a token for another bot (wrong audience)', async () => {
    const activity = message();
    const token = await auth.channelToken({ audience: 'some-other-bot', serviceUrl: env.connector.url });
    await expectRejected(activity, { authorization: `Bearer ${token}` });
  });

  it('refuses an expired token', async () => {
    const activity = message();
    const token = await auth.channelToken({
      audience: APP_ID,
      serviceUrl: env.connector.url,
      expiresInSeconds: -3600,
    });
    await expectRejected(activity, { authorization: `Bearer ${token}` });
  });

  it('refuses a token whose serviceurl claim differs from the activity’s serviceUrl', async () => {
    const activity = message();
    const token = await auth.channelToken({
      audience: APP_ID,
      serviceUrl: 'https://smba.trafficmanager.net/emea/',
    });
    await expectRejected(activity, { authorization: `Bearer ${token}` });
  });

  it('refuses a token signed by someone else’s key', async () => {
    const other = await startFakeBotFrameworkAuth();
    try {
      const token = await other.channelToken({ audience: APP_ID, serviceUrl: env.connector.url });
      await expectRejected(message(), { authorization: `Bearer ${token}` });
    } finally {
      await other.close();
    }
  });

  it('processes a request with a valid token and answers with the bot’s own credentials', async () => {
    const activity = message();
    const token = await auth.channelToken({ audience: APP_ID, serviceUrl: env.connector.url });
    const res = await env.post(activity, { authorization: `Bearer ${token}` });
    expect(res.status).toBe(200);
    const chain = `${TEAMS.customerChannelId};messageid=${activity.id as string}`;
    await env.connector.waitFor(() => env.connector.sent().some((c) => c.conversationId === chain));
    await env.teams.idle();
    expect(await processed(activity.id as string)).toBe(true);
    const reply = env.connector.sent().find((c) => c.conversationId === chain)!;
    expect(reply.authorization).toBe('Bearer outbound-test-token');
    expect(auth.fetches.keys).toBeGreaterThan(0);
  });
});

describe('Bot Framework endpoints from configuration', () => {
  it('an unreachable OpenID metadata host gives 401 {"error":"unauthorized"} and nothing more; the reason is logged', async () => {
    const auth = await startFakeBotFrameworkAuth();
    // A loopback port nobody listens on: the library's metadata fetch fails as a DNS error would.
    const closed = await startFakeBotFrameworkAuth();
    const deadUrl = closed.env.ToBotFromChannelOpenIdMetadataUrl!;
    await closed.close();
    const { logger, records } = capturingLogger();
    const env = await startTeamsEnv({
      config: teamsConfigFromEnv({
        ToBotFromChannelOpenIdMetadataUrl: deadUrl,
        ToBotFromEmulatorOpenIdMetadataUrl: deadUrl,
      }),
      credentialsFactory: staticTokenCredentialsFactory(APP_ID),
      install: false,
      logger,
    });
    try {
      const activity = teamsChannelMessage({
        serviceUrl: env.connector.url,
        from: users.maya,
        text: 'Where is my order 1042?',
      });
      const token = await auth.channelToken({ audience: APP_ID, serviceUrl: env.connector.url });
      const res = await env.post(activity, { authorization: `Bearer ${token}` });
      expect(res).toEqual({ status: 401, body: { error: 'unauthorized' } });
      const refused = records.find((r) => r.msg === 'teams: request refused (authentication failed)');
      expect(JSON.stringify(refused?.err)).toMatch(/127\.0\.0\.1|ECONNREFUSED|fetch failed|openid/i);
      expect(JSON.stringify(records)).not.toContain(token);
      await env.teams.idle();
      expect(env.connector.sent()).toHaveLength(0);
    } finally {
      await env.close();
      await auth.close();
    }
  });

  it('US Government: ChannelService alone selects the whole set; one endpoint overrides only itself', async () => {
    const gov = authOptions(teamsConfigFromEnv({ ChannelService: 'https://botframework.azure.us' }));
    // No endpoint set: the library itself picks the US Government constants from ChannelService.
    expect(gov).toMatchObject({ ChannelService: 'https://botframework.azure.us' });
    expect(gov.ToBotFromChannelOpenIdMetadataUrl).toBeUndefined();
    const staged = authOptions(
      teamsConfigFromEnv({
        ChannelService: 'https://botframework.azure.us',
        ToBotFromChannelOpenIdMetadataUrl: 'https://login.staging.example/v1/.well-known/openidconfiguration',
      }),
    );
    expect(staged).toMatchObject({
      ToBotFromChannelOpenIdMetadataUrl: 'https://login.staging.example/v1/.well-known/openidconfiguration',
      ToBotFromChannelTokenIssuer: 'https://api.botframework.us',
      OAuthUrl: 'https://api.botframework.azure.us',
      ToChannelFromBotOAuthScope: 'https://api.botframework.us',
      CallerId: 'urn:botframework:azureusgov',
    });
    expect(() => teamsConfigFromEnv({ ChannelService: 'https://botframework.example' })).toThrow(
      /ChannelService must be https:\/\/botframework\.azure\.us/,
    );
  });
});

describe('local mode (no MicrosoftAppId)', () => {
  it('accepts unauthenticated requests only because no app id is configured', async () => {
    const env = await startTeamsEnv({ install: false });
    try {
      const activity = teamsChannelMessage({
        serviceUrl: env.connector.url,
        from: users.maya,
        text: 'Where is my order 1042?',
      });
      expect((await env.post(activity)).status).toBe(200);
      await env.connector.waitFor(() => env.connector.sent().length > 0);
    } finally {
      await env.close();
    }
  });
});
