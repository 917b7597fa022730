import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeBotFrameworkAuth,
  staticTokenCredentialsFactory,
  type FakeBotFrameworkAuth,
} from '../../support/bot-framework-auth.js';
import { TEAMS, teamsChannelMessage, users } from '../../support/teams-builders.js';
import { loadConfig } from '../../../src/config.js';
import { capturingLogger, startTeamsEnv, type TeamsTestEnv } from './teams-setup.js';

const APP_ID = '3f1e5c2a-0000-4a4a-9b9b-5w1tchb0a4d1';
const CARD = '4111 1111 1111 1111';
const EMAIL = 'leak.me@private.example';

/**
 * Issue 12, case 6: `{}`, an empty body or `{"type":5}` on /api/messages answered 500 (botbuilder
 * threw validating the activity, before it authenticated), and Express's default handler printed a
 * malformed body to stderr with an HTML stack trace. Now: unauthenticated → 401, authenticated but
 * not an activity → 400, malformed JSON → 400, all as JSON, and nothing of the body in the logs.
 */
describe('Teams /api/messages: bad requests are clean 4xx', () => {
  let auth: FakeBotFrameworkAuth;
  let env: TeamsTestEnv;
  const { logger, records } = capturingLogger();
  beforeAll(async () => {
    auth = await startFakeBotFrameworkAuth();
    const teams = loadConfig({
      NODE_ENV: 'test',
      MicrosoftAppId: APP_ID,
      MicrosoftAppPassword: 'not-used-in-tests',
      MicrosoftAppTenantId: TEAMS.homeTenantId,
      TEAMS_STAFF_CONVERSATION_ID: TEAMS.staffChannelId,
      ...auth.env,
    }).teams!;
    env = await startTeamsEnv({
      config: teams,
      credentialsFactory: staticTokenCredentialsFactory(APP_ID),
      install: false,
      logger,
    });
  });
  afterAll(async () => {
    await env?.close();
    await auth?.close();
  });

  const bearer = async () => ({
    authorization: `Bearer ${await auth.channelToken({ audience: APP_ID, serviceUrl: env.connector.url })}`,
  });
  const raw = async (body: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${env.app.baseUrl}/api/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
    return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
  };

  it.each([
    ['{}', '{}'],
    ['an empty body', ''],
    ['{"type":5}', '{"type":5}'],
    ['malformed JSON with a card number', `{"type":"message","text":"${CARD}`],
  ])('%s without a token → 401 {"error":"unauthorized"}', async (_name, body) => {
    const res = await raw(body);
    // Malformed JSON never reaches authentication: the parser refuses it first, still a 4xx.
    expect([400, 401]).toContain(res.status);
    expect(res.type).toMatch(/application\/json/);
    if (body.startsWith('{') && body.endsWith('}'))
      expect(JSON.parse(res.text)).toEqual({ error: 'unauthorized' });
  });

  it('{} with a valid token → 401: the token names a service URL the body does not carry', async () => {
    const res = await raw('{}', await bearer());
    expect(res.status).toBe(401);
    expect(JSON.parse(res.text)).toEqual({ error: 'unauthorized' });
  });

  const claimed = () => ({ channelId: 'msteams', serviceUrl: env.connector.url });
  it.each([
    ['no type', () => claimed()],
    ['{"type":5}', () => ({ ...claimed(), type: 5 })],
    ['a message without conversation', () => ({ ...claimed(), type: 'message', from: { id: '1' } })],
    [
      'a message whose from is a string',
      () => ({ ...claimed(), type: 'message', from: 'x', conversation: { id: 'c' } }),
    ],
  ])('authenticated, %s → 400 JSON', async (_name, body) => {
    const res = await raw(JSON.stringify(body()), await bearer());
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text)).toEqual({ error: 'The request body is not a Bot Framework activity.' });
  });

  it('malformed JSON → 400 JSON without a stack, and neither card nor email in any log line', async () => {
    const res = await raw(`{"type":"message","text":"${CARD} ${EMAIL}`, await bearer());
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text)).toEqual({ error: 'The request body is not valid JSON.' });
    expect(res.text).not.toMatch(/at |\.ts|\.js|node_modules/);
    const logged = JSON.stringify(records);
    expect(logged).not.toContain('4111');
    expect(logged).not.toContain(EMAIL);
  });

  it('a body over 1 MB → 413 JSON', async () => {
    const res = await raw(JSON.stringify({ type: 'message', text: 'x'.repeat(1_100_000) }), await bearer());
    expect(res.status).toBe(413);
    expect(JSON.parse(res.text)).toEqual({ error: 'The request body is too large.' });
  });

  it('after all of that a real message is still answered', async () => {
    const activity = teamsChannelMessage({
      serviceUrl: env.connector.url,
      from: users.maya,
      text: 'Where is my order 1042?',
    });
    const res = await env.post(activity, await bearer());
    expect(res.status).toBe(200);
    await env.teams.idle();
    expect(env.connector.sent().length).toBeGreaterThan(0);
  });

  it('an unknown path is a JSON 404', async () => {
    const res = await fetch(`${env.app.baseUrl}/nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Not found.' });
  });
});
