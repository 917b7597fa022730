import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { activityCard, activityText } from '../../support/fake-bot-connector.js';
import { TEAMS, teamsBotAdded, teamsChannelMessage, users } from '../../support/teams-builders.js';
import { ConversationReferences } from '../../../src/bot/teams/conversation-references.js';
import { UpstreamError } from '../../../src/errors.js';
import { restartTeams, startTeamsEnv, type RestartedTeams, type TeamsTestEnv } from './teams-setup.js';

/** A group chat the bot is in: Teams gives it a `19:…@thread.v2` id and conversationType groupChat. */
const GROUP_CHAT_ID = '19:3b2d7c1e0f5a4e8b9c6d2a1f0e9b8c7d@thread.v2';

function groupChatMessage(serviceUrl: string, text: string): Record<string, unknown> {
  const base = teamsChannelMessage({ serviceUrl, from: users.maya, text });
  return {
    ...base,
    conversation: {
      isGroup: true,
      conversationType: 'groupChat',
      tenantId: TEAMS.homeTenantId,
      id: GROUP_CHAT_ID,
    },
    // A chat belongs to no team or channel: Teams sends only the tenant.
    channelData: { tenant: { id: users.maya.tenantId } },
  };
}

describe('Teams conversation references', () => {
  let env: TeamsTestEnv | undefined;
  let restarted: RestartedTeams | undefined;
  afterEach(async () => {
    await restarted?.close();
    restarted = undefined;
    await env?.close();
    env = undefined;
  });

  it('installing the app in a team stores every channel’s reference, the staff channel included, so a card reaches it after a restart', async () => {
    env = await startTeamsEnv({ install: false });
    const { connector, post } = env;
    connector.addTeamChannel(TEAMS.teamId, { id: TEAMS.teamId });
    connector.addTeamChannel(TEAMS.teamId, { id: TEAMS.customerChannelId, name: 'Bluebird Cafe' });
    connector.addTeamChannel(TEAMS.teamId, { id: TEAMS.staffChannelId, name: 'Approvals' });
    // Teams announces the installation in the team's General channel only.
    expect((await post(teamsBotAdded({ serviceUrl: connector.url, channelId: TEAMS.teamId }))).status).toBe(
      200,
    );
    await env.teams.idle();
    const staff = await env.app.engine.getChannel(env.app.tenantId, 'teams', TEAMS.staffChannelId);
    expect(staff?.conversationReference).toMatchObject({
      serviceUrl: connector.url,
      conversation: { id: TEAMS.staffChannelId, conversationType: 'channel' },
    });
    expect(staff?.name).toBe('Approvals');

    // A new process that has heard nothing yet: the customer's request puts a card in the staff channel.
    restarted = await restartTeams(env);
    const ask = teamsChannelMessage({
      serviceUrl: connector.url,
      from: users.maya,
      text: 'Please refund order 1043, it arrived broken',
    });
    await restarted.post(ask);
    await connector.waitFor(() =>
      connector.sent().some((c) => c.conversationId === TEAMS.staffChannelId && activityCard(c)),
    );
  });

  it('a group chat (…@thread.v2, conversationType groupChat) is answered in the chat, not as a channel reply chain, before and after a restart', async () => {
    env = await startTeamsEnv();
    const { connector, post } = env;
    const first = groupChatMessage(connector.url, 'Hi, where is my order 1042?');
    expect((await post(first)).status).toBe(200);
    await env.teams.idle();
    const answers = connector.sent().filter((c) => c.conversationId.startsWith(GROUP_CHAT_ID));
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.every((c) => c.conversationId === GROUP_CHAT_ID)).toBe(true);
    expect(activityText(answers.at(-1)!)).toMatch(/1042|UPS|shipped/i);

    // After a restart the stored reference says what the conversation is.
    restarted = await restartTeams(env);
    const chat = await env.app.engine.getChannel(env.app.tenantId, 'teams', GROUP_CHAT_ID);
    expect(chat?.conversationReference).toMatchObject({ conversation: { conversationType: 'groupChat' } });
  });
});

describe('ConversationReferences without a stored reference', () => {
  const logger = pino({ level: 'silent' });
  const engine = {
    getChannel: async () => null,
    registerChannel: async () => undefined,
  };

  it('never guesses the public-cloud endpoint: with nothing known, the call fails for the outbox to retry', async () => {
    const refs = new ConversationReferences(logger);
    refs.engine = engine;
    await expect(refs.find(TEAMS.homeTenantId, TEAMS.staffChannelId)).rejects.toBeInstanceOf(UpstreamError);
  });

  it('uses the service URL this tenant’s own activities came from, and does not call a …@thread.v2 chat a channel', async () => {
    const refs = new ConversationReferences(logger);
    refs.engine = engine;
    const gcc = 'https://smba.infra.gov.teams.microsoft.us/';
    refs.remember(TEAMS.homeTenantId, TEAMS.customerChannelId, {
      serviceUrl: gcc,
      conversation: { id: TEAMS.customerChannelId, conversationType: 'channel', isGroup: true, name: '' },
    });
    const chat = await refs.find(TEAMS.homeTenantId, GROUP_CHAT_ID);
    expect(chat.serviceUrl).toBe(gcc);
    expect(chat.conversation?.conversationType).not.toBe('channel');
    // Another tenant's URL is not this tenant's: nothing is borrowed across tenants.
    await expect(refs.find(TEAMS.acmeTenantId, GROUP_CHAT_ID)).rejects.toBeInstanceOf(UpstreamError);
  });
});
