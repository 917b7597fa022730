import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSlackAdapter, type SlackAdapter } from '../../src/bot/slack/index.js';
import { createTeamsAdapter, type TeamsChannelAdapter } from '../../src/bot/teams/index.js';
import { startTestApp, type TestApp } from '../support/app-harness.js';
import {
  activityCard,
  activityText,
  startFakeBotConnector,
  type FakeBotConnector,
} from '../support/fake-bot-connector.js';
import { startFakeSlackApi, type FakeSlackApi } from '../support/fake-slack-api.js';
import { SLACK, slackMessageEvent, slashCommand } from '../support/slack-builders.js';
import { deliverToSlackEndpoint } from '../support/slack-delivery.js';
import {
  TEAMS,
  teamsBotAdded,
  teamsChannelMessage,
  users,
  type TeamsTestUser,
} from '../support/teams-builders.js';
import { slackConfig } from './slack/slack-setup.js';
import { teamsConfig } from './teams/teams-setup.js';

/**
 * A Slack workspace (home team T0HOME) and a Teams tenant (tid-home) of one organization: the
 * deployment's ORG_ID (the demo organization, seeded). Both platforms land in it over their real
 * HTTP endpoints: one customer base and order system, one staff list, one policy.
 */
const SLACK_HOME = 'T0HOME';
const TEAMS_HOME = 'tid-home';
const teamsDana: TeamsTestUser = { ...users.dana, tenantId: TEAMS_HOME };
const teamsSam: TeamsTestUser = { ...users.sam, tenantId: TEAMS_HOME };

describe('one organization across Slack and Teams', () => {
  let app: TestApp;
  let slack: FakeSlackApi;
  let connector: FakeBotConnector;
  let slackAdapter: SlackAdapter;
  let teams: TeamsChannelAdapter;
  const postTeams = async (activity: Record<string, unknown>) => {
    const res = await fetch(`${app.baseUrl}/api/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(activity),
    });
    expect(res.status).toBe(200);
  };
  const deliverSlack = async (delivery: Parameters<typeof deliverToSlackEndpoint>[1]) => {
    const res = await deliverToSlackEndpoint(app.baseUrl, delivery, {
      timestamp: Math.floor(app.clock.now().getTime() / 1000),
    });
    expect(res.status).toBe(200);
    return res;
  };

  beforeAll(async () => {
    slack = await startFakeSlackApi({
      team: { id: SLACK_HOME, name: 'Northwind (Slack)', domain: 'northwind' },
      botUserId: SLACK.bot,
      botId: SLACK.botId,
      users: [
        {
          id: SLACK.customer,
          teamId: SLACK.customerTeam,
          name: 'Maya Ortiz',
          email: 'maya@bluebirdcafe.example',
        },
        { id: SLACK.approver, teamId: SLACK_HOME, name: 'Dana Whitfield', email: 'dana@northwind.example' },
        { id: SLACK.supervisor, teamId: SLACK_HOME, name: 'Sam Okafor', email: 'sam@northwind.example' },
      ],
      teams: [{ id: SLACK.customerTeam, name: 'Bluebird Cafe', domain: 'bluebirdcafe' }],
      channels: [
        { id: SLACK.sharedChannel, name: 'ext-bluebird-cafe', isExtShared: true },
        { id: SLACK.staffChannel, name: 'support-approvals' },
      ],
    });
    connector = await startFakeBotConnector();
    for (const u of [users.maya, teamsDana, teamsSam])
      connector.addMember({
        id: u.id,
        name: u.name,
        aadObjectId: u.aadObjectId,
        email: u.email,
        userPrincipalName: u.email,
        tenantId: u.tenantId,
        userRole: 'user',
      });
    const logger = pino({ level: 'silent' });
    app = await startTestApp({
      logger,
      adapters: ({ clock }) => {
        slackAdapter = createSlackAdapter({
          config: slackConfig(slack.url),
          logger,
          clock,
          retryConfig: { retries: 0 },
        });
        teams = createTeamsAdapter({
          config: teamsConfig({ appTenantId: TEAMS_HOME }),
          logger,
          clock,
          retry: { attempts: 2, baseDelayMs: 10, maxDelayMs: 20 },
        });
        return [slackAdapter, teams];
      },
    });
    for (const channelId of [TEAMS.customerChannelId, TEAMS.staffChannelId])
      await postTeams(teamsBotAdded({ serviceUrl: connector.url, channelId }));
  });
  afterAll(async () => {
    await app?.close();
    await slack?.close();
    await connector?.close();
  });

  it('maps the Slack home team and the Teams home tenant to the organization, never to tenants of their own', async () => {
    const org = await app.stores.tenants.get(app.tenantId);
    // Both platforms' staff from the environment are in the one organization's lists.
    expect(org?.approverIds).toEqual(expect.arrayContaining([SLACK.approver, users.dana.aadObjectId]));
    expect(org?.supervisorIds).toEqual(expect.arrayContaining([SLACK.supervisor, users.sam.aadObjectId]));
    expect(org?.staffChannels.map((c) => c.platform).sort()).toEqual(['sandbox', 'slack', 'teams']);
    expect(await app.stores.tenants.get(SLACK_HOME)).toBeNull();
    expect(await app.stores.tenants.get(TEAMS_HOME)).toBeNull();
  });

  it('answers the same customer from the same order system on both platforms', async () => {
    await deliverSlack({
      kind: 'event',
      payload: slackMessageEvent({
        text: 'Where is my order 1042?',
        homeTeam: SLACK_HOME,
        ts: '1730000100.000100',
      }),
    });
    await slack.waitFor((calls) =>
      calls.some((c) => c.method === 'chat.postMessage' && c.args.thread_ts === '1730000100.000100'),
    );
    const slackReply = slack.calls.find(
      (c) => c.method === 'chat.postMessage' && c.args.thread_ts === '1730000100.000100',
    );
    expect(String(slackReply?.args.text)).toMatch(/1042/);
    expect(String(slackReply?.args.text)).toMatch(/1Z999AA10123456784|UPS|shipped/i);

    const question = teamsChannelMessage({
      serviceUrl: connector.url,
      from: users.maya,
      text: 'Where is my order 1042?',
    });
    await postTeams(question);
    const chain = `${TEAMS.customerChannelId};messageid=${String(question.id)}`;
    await connector.waitFor(() => connector.sent().some((c) => c.conversationId === chain));
    await teams.idle();
    const teamsReply = connector.sent().find((c) => c.conversationId === chain)!;
    expect(activityText(teamsReply)).toMatch(/1Z999AA10123456784|UPS|shipped/i);

    // One customer account, two tickets (one per platform), all in the organization.
    const tickets = await app.stores.tickets.list(app.tenantId);
    expect(tickets.map((t) => t.thread.platform).sort()).toEqual(['slack', 'teams']);
    expect(new Set(tickets.map((t) => t.customerId))).toEqual(new Set(['cus_bluebird']));
    expect(await app.stores.tickets.list(SLACK_HOME)).toEqual([]);
    expect(await app.stores.tickets.list(TEAMS_HOME)).toEqual([]);
  });

  it('shares one policy: a Slack supervisor’s change is what the Teams supervisor sees', async () => {
    const res = await deliverSlack({
      kind: 'command',
      fields: slashCommand({ text: 'settings set auto-refund-max 40', user: SLACK.supervisor }),
    });
    const answer = (await res.json()) as { text: string };
    expect(answer.text).toBe('Automatic refunds below is now $40.00.');

    const ask = teamsChannelMessage({
      serviceUrl: connector.url,
      from: teamsSam,
      channelId: TEAMS.staffChannelId,
      text: 'settings',
      mentionBot: true,
    });
    await postTeams(ask);
    const card = connector
      .sent()
      .map((c) => activityCard(c))
      .find((c) => JSON.stringify(c ?? {}).includes('Automatic refunds below'));
    expect(card).toBeDefined();
    const facts = JSON.stringify(card);
    expect(facts).toContain('$40.00 (set here)');
    // The Slack supervisor is listed beside the Teams one: one staff list.
    expect(facts).toContain(SLACK.supervisor);
    expect(facts).toContain(users.sam.aadObjectId);
  });
});
