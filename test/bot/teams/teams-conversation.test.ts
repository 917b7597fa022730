import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { activityText } from '../../support/fake-bot-connector.js';
import { TEAMS, teamsChannelMessage, users } from '../../support/teams-builders.js';
import { startTeamsEnv, type TeamsTestEnv } from './teams-setup.js';

describe('Teams customer conversations', () => {
  let env: TeamsTestEnv;
  beforeEach(async () => {
    env = await startTeamsEnv();
  });
  afterEach(async () => {
    await env.close();
  });

  const replyChain = (rootId: string) => `${TEAMS.customerChannelId};messageid=${rootId}`;

  it('answers a customer question once, in the post’s reply chain, even when Teams redelivers it', async () => {
    const { connector, post, teams } = env;
    const question = teamsChannelMessage({ serviceUrl: connector.url, from: users.maya, text: 'Hi, where is my order 1042?' });
    const first = await post(question);
    expect(first.status).toBe(200);
    await connector.waitFor(() => connector.sent().some((c) => c.conversationId === replyChain(question.id as string)));

    const again = await post(question);
    expect(again.status).toBe(200);
    await teams.idle();

    const replies = connector.sent().filter((c) => c.conversationId === replyChain(question.id as string));
    expect(replies).toHaveLength(1);
    // The reply answers from the order system: UPS tracking for order 1042.
    expect(activityText(replies[0]!)).toMatch(/1Z999AA10123456784|UPS|shipped/i);
    // Answered as a reply to the customer's post, not as a new post in the channel.
    expect(replies[0]!.activityId).toBe(question.id);
    const ticket = await env.app.stores.tickets.findByThread(env.app.tenantId, 'teams', TEAMS.customerChannelId, question.id as string);
    expect(ticket?.customerId).toBe('cus_bluebird');
  });

  it('answers the HTTP request before slow engine work finishes, and delivers the answer afterwards', async () => {
    const { connector, post } = env;
    const question = teamsChannelMessage({ serviceUrl: connector.url, from: users.maya, text: 'Can you tell me the status of order 1042?' });
    const started = Date.now();
    const res = await post(question);
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2_000);
    await connector.waitFor(() => connector.sent().some((c) => c.conversationId === replyChain(question.id as string)));
  });

  it('retries a reply Teams throttles with 429 and delivers it once', async () => {
    const { connector, post, teams } = env;
    connector.failNext(1, 429);
    const question = teamsChannelMessage({ serviceUrl: connector.url, from: users.maya, text: 'Where is order 1042 right now?' });
    await post(question);
    await connector.waitFor(() => connector.sent().some((c) => c.conversationId === replyChain(question.id as string)));
    await teams.idle();
    const throttled = connector.calls.filter((c) => c.status === 429);
    expect(throttled.length).toBeGreaterThanOrEqual(1);
    expect(connector.sent().filter((c) => c.conversationId === replyChain(question.id as string))).toHaveLength(1);
  });

  it('lets a supervisor set a channel’s mode with an @mention, and refuses a customer', async () => {
    const { connector, post, app } = env;
    const bySam = teamsChannelMessage({ serviceUrl: connector.url, from: users.sam, text: 'mode draft', mentionBot: true });
    expect((await post(bySam)).status).toBe(200);
    const channel = await app.stores.channels.get(app.tenantId, 'teams', TEAMS.customerChannelId);
    expect(channel?.mode).toBe('draft');

    const byMaya = teamsChannelMessage({ serviceUrl: connector.url, from: users.maya, text: 'mode off', mentionBot: true });
    await post(byMaya);
    expect((await app.stores.channels.get(app.tenantId, 'teams', TEAMS.customerChannelId))?.mode).toBe('draft');
    const answers = connector.sent().filter((c) => c.conversationId === `${TEAMS.customerChannelId};messageid=${byMaya.id as string}`);
    expect(answers).toHaveLength(1);
  });
});
