import { afterEach, describe, expect, it } from 'vitest';
import { activityText } from '../../support/fake-bot-connector.js';
import { startMongoProxy, type MongoProxy } from '../../support/mongo-proxy.js';
import { TEAMS, teamsChannelMessage, users } from '../../support/teams-builders.js';
import { startTeamsEnv, type TeamsTestEnv } from './teams-setup.js';

let env: TeamsTestEnv | undefined;
let proxy: MongoProxy | undefined;
afterEach(async () => {
  await proxy?.up();
  await env?.close();
  await proxy?.close();
  env = undefined;
  proxy = undefined;
});

describe('issue 12 case 1: a Teams activity is acknowledged only once it is stored', () => {
  it('answers 503 while the database is down; the Bot Connector’s retry is answered exactly once', async () => {
    proxy = await startMongoProxy();
    const p = proxy;
    env = await startTeamsEnv({ connect: async (name) => (await p.connect(name)).db });
    const { connector, post, teams } = env;
    const chain = (id: string) => `${TEAMS.customerChannelId};messageid=${id}`;
    // A first conversation, so what the bot knows of the channel and the people is warm.
    const warm = teamsChannelMessage({
      serviceUrl: connector.url,
      from: users.maya,
      text: 'Where is order 1042?',
    });
    expect((await post(warm)).status).toBe(200);
    await connector.waitFor(() =>
      connector.sent().some((c) => c.conversationId === chain(warm.id as string)),
    );
    await teams.idle();

    const question = teamsChannelMessage({
      serviceUrl: connector.url,
      from: users.maya,
      text: 'Hi, where is my order 1043 now?',
    });
    p.down();
    const during = await post(question);
    expect(during.status).toBe(503);
    await teams.idle();
    expect(connector.sent().filter((c) => c.conversationId === chain(question.id as string))).toHaveLength(0);

    await p.up();
    // The Bot Connector retries a 5xx answer; the driver may need a heartbeat to see the database
    // again, so the first retry can still be a 503 (nothing stored): retry as the connector does.
    let status = 503;
    for (let i = 0; i < 40 && status === 503; i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, 500));
      status = (await post(question)).status;
    }
    expect(status).toBe(200);
    await connector.waitFor(() =>
      connector.sent().some((c) => c.conversationId === chain(question.id as string)),
    );
    expect((await post(question)).status).toBe(200);
    await teams.idle();
    const replies = connector.sent().filter((c) => c.conversationId === chain(question.id as string));
    expect(replies).toHaveLength(1);
    expect(activityText(replies[0]!)).toContain('1043');
  }, 120_000);
});
