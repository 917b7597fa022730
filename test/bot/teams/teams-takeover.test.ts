import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { activityCard } from '../../support/fake-bot-connector.js';
import { TEAMS, teamsChannelMessage, teamsInvoke, users } from '../../support/teams-builders.js';
import { startTeamsEnv, type TeamsTestEnv } from './teams-setup.js';

type Card = { body: unknown[]; actions?: Array<{ verb: string; data: Record<string, unknown> }> };

describe('Teams escalation and takeover', () => {
  let env: TeamsTestEnv;
  beforeEach(async () => {
    env = await startTeamsEnv();
  });
  afterEach(async () => {
    await env.close();
  });

  it('a supervisor takes over from the escalation card and the bot stays silent in that chain', async () => {
    const { connector, post, teams } = env;
    const ask = teamsChannelMessage({
      serviceUrl: connector.url,
      from: users.maya,
      text: 'I want to talk to a human, now. This is unacceptable.',
    });
    await post(ask);
    await connector.waitFor(() =>
      connector
        .sent()
        .some(
          (c) =>
            c.conversationId === TEAMS.staffChannelId &&
            activityCard(c) &&
            /takeover/.test(JSON.stringify(activityCard(c))),
        ),
    );
    const cardPost = connector
      .sent()
      .find(
        (c) => c.conversationId === TEAMS.staffChannelId && /takeover/.test(JSON.stringify(activityCard(c))),
      )!;
    const card = activityCard(cardPost) as unknown as Card;
    const takeover = card.actions!.find((a) => a.verb === 'takeover')!;

    const res = await post(
      teamsInvoke({
        serviceUrl: connector.url,
        from: users.sam,
        verb: 'takeover',
        data: takeover.data,
        cardActivityId: cardPost.resultId!,
      }),
    );
    expect(res.status).toBe(200);
    expect(JSON.stringify((res.body as { value: Card }).value)).toMatch(/Sam Okafor/);
    await teams.idle();

    const chain = `${TEAMS.customerChannelId};messageid=${ask.id as string}`;
    const before = connector.sent().filter((c) => c.conversationId === chain).length;
    // Sam answers in the thread; Maya replies; the bot must not speak.
    await post(
      teamsChannelMessage({
        serviceUrl: connector.url,
        from: users.sam,
        rootId: ask.id as string,
        text: 'Hi Maya, Sam here. Looking at it now.',
      }),
    );
    await post(
      teamsChannelMessage({
        serviceUrl: connector.url,
        from: users.maya,
        rootId: ask.id as string,
        text: 'Where is order 1042?',
      }),
    );
    await teams.idle();
    expect(connector.sent().filter((c) => c.conversationId === chain)).toHaveLength(before);
    const ticket = await env.app.stores.tickets.findByThread(
      env.app.tenantId,
      'teams',
      TEAMS.customerChannelId,
      ask.id as string,
    );
    expect(ticket?.status).toBe('human');
  });
});
