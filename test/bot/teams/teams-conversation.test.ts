import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { activityText } from '../../support/fake-bot-connector.js';
import { TEAMS, teamsChannelMessage, users } from '../../support/teams-builders.js';
import pino from 'pino';
import { startTeamsEnv, type TeamsTestEnv } from './teams-setup.js';
import { createOfflineAgent } from '../../../src/agent/offline/offline-agent.js';
import type { Agent } from '../../../src/agent/types.js';
import { systemClock } from '../../../src/domain/index.js';

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
    const question = teamsChannelMessage({
      serviceUrl: connector.url,
      from: users.maya,
      text: 'Hi, where is my order 1042?',
    });
    const first = await post(question);
    expect(first.status).toBe(200);
    await connector.waitFor(() =>
      connector.sent().some((c) => c.conversationId === replyChain(question.id as string)),
    );

    const again = await post(question);
    expect(again.status).toBe(200);
    await teams.idle();

    const replies = connector.sent().filter((c) => c.conversationId === replyChain(question.id as string));
    expect(replies).toHaveLength(1);
    // The reply answers from the order system: UPS tracking for order 1042.
    expect(activityText(replies[0]!)).toMatch(/1Z999AA10123456784|UPS|shipped/i);
    // Answered as a reply to the customer's post, not as a new post in the channel.
    expect(replies[0]!.activityId).toBe(question.id);
    const ticket = await env.app.stores.tickets.findByThread(
      env.app.tenantId,
      'teams',
      TEAMS.customerChannelId,
      question.id as string,
    );
    expect(ticket?.customerId).toBe('cus_bluebird');
  });

  it('retries a reply Teams throttles with 429 and delivers it once', async () => {
    const { connector, post, teams } = env;
    connector.failNext(1, 429);
    const question = teamsChannelMessage({
      serviceUrl: connector.url,
      from: users.maya,
      text: 'Where is order 1042 right now?',
    });
    await post(question);
    await connector.waitFor(() =>
      connector.sent().some((c) => c.conversationId === replyChain(question.id as string)),
    );
    await teams.idle();
    const throttled = connector.calls.filter((c) => c.status === 429);
    expect(throttled.length).toBeGreaterThanOrEqual(1);
    expect(
      connector.sent().filter((c) => c.conversationId === replyChain(question.id as string)),
    ).toHaveLength(1);
  });

  it('does not repeat a reply Teams answered 503 (it may have been posted): the outbox owns it', async () => {
    const { connector, post, teams } = env;
    connector.failNext(1, 503, 'POST');
    const question = teamsChannelMessage({
      serviceUrl: connector.url,
      from: users.maya,
      text: 'Where is order 1042 right now?',
    });
    await post(question);
    await teams.idle();
    const toChain = connector.calls.filter(
      (c) => c.method === 'POST' && c.conversationId === replyChain(question.id as string),
    );
    // One attempt, the 503; the bot did not post again on its own (typing indicators aside).
    expect(toChain.filter((c) => c.body?.type === 'message').map((c) => c.status)).toEqual([503]);
    // The answer waits in the outbox for its sweep, which knows whether it was delivered.
    env.app.clock.advance(31 * 60_000);
    const pending = await env.app.app.outbox.sweep();
    expect(pending.sent).toBe(1);
    expect(
      connector
        .sent()
        .filter((c) => c.conversationId === replyChain(question.id as string) && c.body?.type === 'message'),
    ).toHaveLength(1);
  });

  it('lets a supervisor set a channel’s mode with an @mention, and refuses a customer', async () => {
    const { connector, post, app } = env;
    const bySam = teamsChannelMessage({
      serviceUrl: connector.url,
      from: users.sam,
      text: 'mode draft',
      mentionBot: true,
    });
    expect((await post(bySam)).status).toBe(200);
    const channel = await app.stores.channels.get(app.tenantId, 'teams', TEAMS.customerChannelId);
    expect(channel?.mode).toBe('draft');

    const byMaya = teamsChannelMessage({
      serviceUrl: connector.url,
      from: users.maya,
      text: 'mode off',
      mentionBot: true,
    });
    await post(byMaya);
    expect((await app.stores.channels.get(app.tenantId, 'teams', TEAMS.customerChannelId))?.mode).toBe(
      'draft',
    );
    const answers = connector
      .sent()
      .filter((c) => c.conversationId === `${TEAMS.customerChannelId};messageid=${byMaya.id as string}`);
    expect(answers).toHaveLength(1);
  });
});

describe('a slow agent', () => {
  it('does not hold the HTTP request: Teams gets 200 while the model still works, the answer arrives later, once', async () => {
    const offline = createOfflineAgent({ clock: systemClock, logger: pino({ level: 'silent' }) });
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const gated: Agent = {
      ...offline,
      kind: offline.kind,
      phrase: offline.phrase.bind(offline),
      run: async (input, hooks) => {
        started();
        await gate;
        return offline.run(input, hooks);
      },
    };
    const env = await startTeamsEnv({ agent: gated });
    try {
      const question = teamsChannelMessage({
        serviceUrl: env.connector.url,
        from: users.maya,
        text: 'Can you tell me the status of order 1042?',
      });
      // The HTTP answer comes while the agent is held: the request never waited for the model.
      expect((await env.post(question)).status).toBe(200);
      await running;
      const chain = `${TEAMS.customerChannelId};messageid=${question.id as string}`;
      const answers = () =>
        env.connector.sent().filter((c) => c.conversationId === chain && c.body?.type === 'message');
      expect(answers()).toHaveLength(0);
      open();
      await env.teams.idle();
      expect(answers()).toHaveLength(1);
      expect(activityText(answers()[0]!)).toMatch(/1Z999AA10123456784|UPS|shipped/i);
    } finally {
      open();
      await env.close();
    }
  });
});
