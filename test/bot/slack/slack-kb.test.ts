import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importKnowledge } from '../../../src/knowledge/import-articles.js';
import { SLACK, slackMessageEvent, slashCommand } from '../../support/slack-builders.js';
import { startSlackEnv, type SlackTestEnv } from './slack-setup.js';

const MARKDOWN = path.resolve(import.meta.dirname, '../../fixtures/kb/markdown');

describe('Slack: the imported knowledge base', () => {
  let env: SlackTestEnv;
  beforeAll(async () => {
    env = await startSlackEnv();
  });
  afterAll(async () => {
    await env?.close();
  });

  const command = async (text: string, user: string = SLACK.approver) => {
    const res = await env.deliver({ kind: 'command', fields: slashCommand({ text, user }) });
    expect(res.status).toBe(200);
    return (await res.json()) as { response_type: string; text: string };
  };

  it('/switchboard kb shows the article count and the last sync (the demo seed is one)', async () => {
    const demo = await env.app.app.stores.kbArticles.listArticles(env.app.tenantId);
    const body = await command('kb');
    expect(body.response_type).toBe('ephemeral');
    expect(body.text).toContain(`:books: *Knowledge base*: ${demo.length} articles (en ${demo.length}).`);
    expect(body.text).toMatch(
      /Last sync <!date\^\d+\^\{date_short_pretty\} \{time\}\|[\d-]+ [\d:]+ UTC> from `demo:kb`/,
    );
    expect((await command('kb', SLACK.guest)).text).toMatch(/Only members of this workspace/);
  });

  it('a customer’s return-window question is answered from the imported article, linked in the reply', async () => {
    const stores = env.app.app.stores;
    const demoIds = (await stores.kbArticles.listArticles(env.app.tenantId)).map((a) => a.articleId);
    await stores.kbArticles.removeMany(env.app.tenantId, demoIds);
    env.app.clock.advance(60_000); // the import runs after the seed, as it would
    const report = await importKnowledge(
      { articles: stores.kbArticles, syncs: stores.kbSyncs, clock: env.app.clock, ids: env.app.ids },
      { tenantId: env.app.tenantId, target: MARKDOWN },
    );
    expect(report.counts.imported).toBe(3);

    const ts = '1730000500.000100';
    await env.deliver({
      kind: 'event',
      payload: slackMessageEvent({ text: 'How long do I have to return an item I bought?', ts }),
    });
    await env.slack.waitFor(() => env.slack.threadMessages(SLACK.sharedChannel, ts).length >= 1);
    await env.adapter.idle();
    const [reply] = env.slack.threadMessages(SLACK.sharedChannel, ts);
    expect(reply?.text).toContain('45 days of delivery');
    expect(JSON.stringify(reply?.blocks)).toContain(
      '<https://help.acme.example/hc/en-us/articles/returns|How long do I have to return an item?>',
    );

    const status = await command('kb');
    expect(status.text).toContain(':books: *Knowledge base*: 3 articles (en 2, es 1).');
    expect(status.text).toContain(
      `from \`files:${MARKDOWN}\`: 3 imported, 0 updated, 0 unchanged, 0 removed, 0 failed.`,
    );
  });
});
