import { startTestApp, type TestApp } from '../../support/app-harness.js';
import { startFakeSlackApi, type FakeSlackApi } from '../../support/fake-slack-api.js';
import { SLACK } from '../../support/slack-builders.js';
import { deliverToSlackEndpoint, type SlackDelivery } from '../../support/slack-delivery.js';
import { createSlackAdapter, type SlackAdapter } from '../../../src/bot/slack/index.js';
import type { Config } from '../../../src/config.js';

export interface SlackTestEnv {
  app: TestApp;
  slack: FakeSlackApi;
  adapter: SlackAdapter;
  /** Signs with the app's (fixed) clock, as Slack would at that moment. */
  deliver(
    delivery: SlackDelivery,
    options?: { retryNum?: number; ageSeconds?: number; badSignature?: boolean },
  ): Promise<Response>;
  close(): Promise<void>;
}

export const slackConfig = (
  apiUrl: string,
  overrides: Partial<NonNullable<Config['slack']>> = {},
): NonNullable<Config['slack']> => ({
  botToken: 'xoxb-1111111111-2222222222-testtokenvalue00000000',
  signingSecret: SLACK.signingSecret,
  apiUrl,
  staffChannelId: SLACK.staffChannel,
  approverIds: [SLACK.approver],
  supervisorIds: [SLACK.supervisor],
  ...overrides,
});

/** The real app on a seeded database, the Slack adapter mounted over HTTP, a fake Slack Web API. */
export async function startSlackEnv(): Promise<SlackTestEnv> {
  const slack = await startFakeSlackApi({
    team: { id: SLACK.homeTeam, name: 'Northwind Supply Co.', domain: 'northwind' },
    botUserId: SLACK.bot,
    botId: SLACK.botId,
    users: [
      {
        id: SLACK.customer,
        teamId: SLACK.customerTeam,
        name: 'Maya Ortiz',
        email: 'maya@bluebirdcafe.example',
      },
      { id: SLACK.guest, teamId: SLACK.guestTeam, name: 'Jordan Lee', email: 'jordan@acme-robotics.example' },
      { id: SLACK.approver, teamId: SLACK.homeTeam, name: 'Dana Whitfield', email: 'dana@northwind.example' },
      { id: SLACK.supervisor, teamId: SLACK.homeTeam, name: 'Sam Okafor', email: 'sam@northwind.example' },
      { id: SLACK.staff, teamId: SLACK.homeTeam, name: 'Riley Chen', email: 'riley@northwind.example' },
    ],
    teams: [
      { id: SLACK.customerTeam, name: 'Bluebird Cafe', domain: 'bluebirdcafe' },
      { id: SLACK.guestTeam, name: 'Acme Robotics', domain: 'acme-robotics' },
    ],
    channels: [
      { id: SLACK.sharedChannel, name: 'ext-bluebird-cafe', isExtShared: true },
      { id: SLACK.staffChannel, name: 'support-approvals' },
    ],
  });
  let adapter: SlackAdapter | undefined;
  let app: TestApp;
  try {
    app = await startTestApp({
      adapters: ({ clock, logger }) => {
        adapter = createSlackAdapter({
          config: slackConfig(slack.url),
          logger,
          clock,
          retryConfig: { retries: 2, factor: 1, minTimeout: 10, maxTimeout: 20 },
        });
        return [adapter];
      },
    });
  } catch (err) {
    await slack.close();
    throw err;
  }
  return {
    app,
    slack,
    adapter: adapter!,
    deliver(delivery, options = {}) {
      const now = Math.floor(app.clock.now().getTime() / 1000);
      return deliverToSlackEndpoint(app.baseUrl, delivery, {
        timestamp: now - (options.ageSeconds ?? 0),
        retryNum: options.retryNum,
        badSignature: options.badSignature,
      });
    },
    async close() {
      await app.close();
      await slack.close();
    },
  };
}
