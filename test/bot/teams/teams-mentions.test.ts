import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityText } from '../../support/fake-bot-connector.js';
import { TEAMS, teamsChannelMessage, users } from '../../support/teams-builders.js';
import { startTeamsEnv, type TeamsTestEnv } from './teams-setup.js';

/**
 * With resource-specific consent every channel post reaches the bot; without it only posts that
 * @mention it do. Both must open a ticket and be answered, and the engine must never see the
 * `<at>Switchboard</at>` markup Teams puts in a mention.
 */
describe('Teams channel posts with and without RSC', () => {
  let env: TeamsTestEnv;
  beforeAll(async () => {
    env = await startTeamsEnv();
  });
  afterAll(async () => {
    await env.close();
  });

  async function ask(text: string, mentionBot: boolean) {
    const post = teamsChannelMessage({ serviceUrl: env.connector.url, from: users.maya, text, mentionBot });
    expect((await env.post(post)).status).toBe(200);
    await env.teams.idle();
    const id = post.id as string;
    const stored = await env.app.stores.messages.findByPlatformId(env.app.tenantId, 'teams', id);
    const answers = env.connector
      .sent()
      .filter((c) => c.conversationId === `${TEAMS.customerChannelId};messageid=${id}`);
    return { stored, answers };
  }

  it('without RSC: a post that @mentions the bot is answered, the mention removed before the engine sees it', async () => {
    const { stored, answers } = await ask('Where is my order 1042?', true);
    expect(stored?.text).toBe('Where is my order 1042?');
    expect(answers).toHaveLength(1);
    expect(activityText(answers[0]!)).toMatch(/1042|UPS|shipped/i);
  });

  it('with RSC: a post with no mention is answered the same way', async () => {
    const { stored, answers } = await ask('Where is my order 1042?', false);
    expect(stored?.text).toBe('Where is my order 1042?');
    expect(answers).toHaveLength(1);
  });
});
