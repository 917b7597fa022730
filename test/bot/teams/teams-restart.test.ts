import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { activityCard, activityText, type ConnectorCall } from '../../support/fake-bot-connector.js';
import { TEAMS, teamsChannelMessage, teamsInvoke, users } from '../../support/teams-builders.js';
import { restartTeams, startTeamsEnv, type RestartedTeams, type TeamsTestEnv } from './teams-setup.js';

type Card = { body: unknown[]; actions?: Array<{ verb: string; data: Record<string, unknown> }> };

/**
 * After a restart the adapter has learned nothing in memory. Whatever the engine sends then must
 * use the ConversationReference stored when the bot was added (service URL, conversation), not a
 * guess: a guessed reference points at Teams' public endpoint, which this fake never sees.
 */
describe('Teams after a restart', () => {
  let env: TeamsTestEnv;
  let restarted: RestartedTeams | undefined;
  beforeEach(async () => {
    env = await startTeamsEnv();
  });
  afterEach(async () => {
    await restarted?.close();
    restarted = undefined;
    await env.close();
  });

  const chain = (rootId: string, channelId: string = TEAMS.customerChannelId) =>
    `${channelId};messageid=${rootId}`;

  async function requestRefund(
    channelId: string = TEAMS.customerChannelId,
  ): Promise<{ cardPost: ConnectorCall; card: Card; rootId: string }> {
    const { connector, post } = env;
    const ask = teamsChannelMessage({
      serviceUrl: connector.url,
      channelId,
      from: users.maya,
      text: 'Please refund order 1043, it arrived broken',
    });
    await post(ask);
    await connector.waitFor(() =>
      connector.sent().some((c) => c.conversationId === TEAMS.staffChannelId && activityCard(c)),
    );
    const cardPost = connector
      .sent()
      .find((c) => c.conversationId === TEAMS.staffChannelId && activityCard(c))!;
    await env.teams.idle();
    return { cardPost, card: activityCard(cardPost) as unknown as Card, rootId: ask.id as string };
  }

  it('stored each channel’s reference when the bot was added', async () => {
    for (const channelId of [TEAMS.customerChannelId, TEAMS.staffChannelId]) {
      const channel = await env.app.engine.getChannel(env.app.tenantId, 'teams', channelId);
      expect(channel?.conversationReference).toMatchObject({
        serviceUrl: env.connector.url,
        conversation: { id: channelId, conversationType: 'channel' },
      });
    }
  });

  it('with no Teams traffic since start-up, expiring a request updates the staff card and tells the customer in her chain', async () => {
    const { connector } = env;
    const { cardPost, card, rootId } = await requestRefund();
    const approvalId = String(card.actions![0]!.data.approvalId);
    const callsBefore = connector.calls.length;
    env.app.clock.advance(25 * 3_600_000);

    // The new process's start-up sweep expires the request before any activity arrives.
    restarted = await restartTeams(env);
    await connector.waitFor((calls) => {
      const since = calls.slice(callsBefore);
      return (
        since.some((c) => c.method === 'PUT' && c.activityId === cardPost.resultId && c.status === 200) &&
        since.some((c) => c.method === 'POST' && c.conversationId === chain(rootId) && c.status === 201)
      );
    });
    await restarted.teams.idle();

    const after = connector.calls.slice(callsBefore);
    const update = after.find((c) => c.method === 'PUT')!;
    expect(update.conversationId).toBe(TEAMS.staffChannelId);
    expect(JSON.stringify(activityCard(update))).toMatch(/expired/i);
    expect((activityCard(update) as unknown as Card).actions ?? []).toHaveLength(0);
    const told = after.filter((c) => c.method === 'POST' && c.conversationId === chain(rootId));
    expect(told).toHaveLength(1);
    // Posted into the reply chain of her post, not as a new post in the channel.
    expect(told[0]!.activityId).toBe(rootId);
    expect(activityText(told[0]!)).toMatch(/1043/);
    const approval = await env.app.stores.approvals.get(env.app.tenantId, approvalId);
    expect(approval?.status).toBe('expired');
    // The card is still the one posted before the restart.
    expect(approval?.card?.messageId).toBe(cardPost.resultId);
  });

  it('an approval clicked after the restart refunds once and the customer hears it in her chain', async () => {
    const { connector } = env;
    const { cardPost, card, rootId } = await requestRefund();
    restarted = await restartTeams(env);
    const approve = card.actions!.find((a) => a.verb === 'approve')!;
    const res = await restarted.post(
      teamsInvoke({
        serviceUrl: connector.url,
        from: users.dana,
        verb: 'approve',
        data: approve.data,
        cardActivityId: cardPost.resultId!,
      }),
    );
    expect(res.status).toBe(200);
    expect(((res.body as { value: Card }).value.actions ?? []).length).toBe(0);
    await connector.waitFor(() =>
      connector.sent().some((c) => c.conversationId === chain(rootId) && /250/.test(activityText(c))),
    );
    await restarted.teams.idle();
    expect((await env.app.stores.orders.get(env.app.tenantId, '1043'))?.refunds).toHaveLength(1);
  });

  it('reaches a channel the bot learned of from a message (no conversationUpdate) after a restart', async () => {
    const { connector } = env;
    // Installed before references were stored, or added while Switchboard was down.
    const channelId = '19:customers-bluebird-escalations@thread.tacv2';
    const { rootId } = await requestRefund(channelId);
    const stored = await env.app.engine.getChannel(env.app.tenantId, 'teams', channelId);
    expect(stored?.conversationReference).toMatchObject({
      serviceUrl: connector.url,
      conversation: { id: channelId },
    });
    const callsBefore = connector.calls.length;
    env.app.clock.advance(25 * 3_600_000);

    restarted = await restartTeams(env);
    await connector.waitFor((calls) =>
      calls
        .slice(callsBefore)
        .some((c) => c.method === 'POST' && c.conversationId === chain(rootId, channelId)),
    );
    const told = connector.calls
      .slice(callsBefore)
      .filter((c) => c.conversationId === chain(rootId, channelId));
    expect(told.map((c) => c.status)).toEqual([201]);
    expect(told[0]!.activityId).toBe(rootId);
  });
});
