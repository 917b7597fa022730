import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeBotFrameworkAuth,
  staticTokenCredentialsFactory,
  type FakeBotFrameworkAuth,
} from '../../support/bot-framework-auth.js';
import { TEAMS, teamsChannelMessage, users } from '../../support/teams-builders.js';
import { startTeamsEnv, teamsConfig, type TeamsTestEnv } from './teams-setup.js';

const APP_ID = '3f1e5c2a-0000-4a4a-9b9b-5w1tchb0a4d0';

describe('Bot Framework authentication on /api/messages', () => {
  let auth: FakeBotFrameworkAuth;
  let env: TeamsTestEnv;
  beforeAll(async () => {
    auth = await startFakeBotFrameworkAuth();
    env = await startTeamsEnv({
      config: teamsConfig({ appId: APP_ID, appPassword: 'not-used-in-tests' }),
      authEndpoints: auth.endpoints,
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
