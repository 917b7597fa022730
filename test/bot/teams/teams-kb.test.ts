import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importKnowledge } from '../../../src/knowledge/import-articles.js';
import { activityText } from '../../support/fake-bot-connector.js';
import { TEAMS, teamsChannelMessage, users } from '../../support/teams-builders.js';
import { startTeamsEnv, type TeamsTestEnv } from './teams-setup.js';

const ZENDESK = path.resolve(import.meta.dirname, '../../fixtures/kb/zendesk');

describe('Teams: the imported knowledge base', () => {
  let env: TeamsTestEnv;
  beforeAll(async () => {
    env = await startTeamsEnv();
  });
  afterAll(async () => {
    await env?.close();
  });

  const replyChain = (rootId: string) => `${TEAMS.customerChannelId};messageid=${rootId}`;

  async function ask(from: (typeof users)[keyof typeof users], text: string, mentionBot = false) {
    const { connector, post, teams } = env;
    const activity = teamsChannelMessage({ serviceUrl: connector.url, from, text, mentionBot });
    expect((await post(activity)).status).toBe(200);
    await connector.waitFor(() =>
      connector.sent().some((c) => c.conversationId === replyChain(activity.id as string)),
    );
    await teams.idle();
    return connector.sent().filter((c) => c.conversationId === replyChain(activity.id as string));
  }

  it('answers a return-window question from a Zendesk export, the article linked', async () => {
    const stores = env.app.app.stores;
    const demoIds = (await stores.kbArticles.listArticles(env.app.tenantId)).map((a) => a.articleId);
    await stores.kbArticles.removeMany(env.app.tenantId, demoIds);
    env.app.clock.advance(60_000);
    const report = await importKnowledge(
      { articles: stores.kbArticles, syncs: stores.kbSyncs, clock: env.app.clock, ids: env.app.ids },
      { tenantId: env.app.tenantId, target: ZENDESK },
    );
    expect(report.counts).toMatchObject({ imported: 3, failed: 1 });

    const replies = await ask(users.maya, 'How long do I have to return an item I bought?');
    expect(replies).toHaveLength(1);
    const text = activityText(replies[0]!);
    expect(text).toContain('60 days');
    expect(text).toContain(
      '[Return window](https://acme.zendesk.com/hc/en-us/articles/360001234501-Return-window)',
    );
  });

  it('@Switchboard kb shows staff the count per language and the last sync; a guest is refused', async () => {
    const [answer] = await ask(users.dana, 'kb', true);
    const text = activityText(answer!);
    expect(text).toContain('**Knowledge base**: 3 articles (en-us 2, es 1).');
    expect(text).toContain(
      `from \`files:${ZENDESK}\`: 3 imported, 0 updated, 0 unchanged, 0 removed, 1 failed.`,
    );
    expect(text).toMatch(/- articles-page-2\.json articles\[1\] \(id 360001234505\): title: /);

    const [refused] = await ask(users.maya, 'kb', true);
    expect(activityText(refused!)).toBe('Only members of this organization can see the knowledge base.');
  });
});
