import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffAction } from '../../../src/conversation/ports.js';
import { SLACK, blockAction, slackMessageEvent, slashCommand } from '../../support/slack-builders.js';
import { startSlackEnv, type SlackTestEnv } from './slack-setup.js';

function buttonData(blocks: unknown): StaffAction[] {
  const out: StaffAction[] = [];
  for (const b of (blocks ?? []) as Array<{ type: string; elements?: Array<{ value?: string }> }>) {
    if (b.type === 'actions')
      for (const e of b.elements ?? []) if (e.value) out.push(JSON.parse(e.value) as StaffAction);
  }
  return out;
}

/**
 * Slack over Bolt's HTTP receiver: a person answers an escalated question in the thread, the staff
 * card gains "Draft KB article", the click saves a draft, and a supervisor publishes it with
 * `/switchboard kb publish`, after which the knowledge base holds the article.
 */
describe('Slack: a KB article drafted from a person’s reply', () => {
  let env: SlackTestEnv;
  beforeAll(async () => {
    env = await startSlackEnv();
  });
  afterAll(async () => {
    await env?.close();
  });

  const command = async (text: string, user: string) => {
    const res = await env.deliver({ kind: 'command', fields: slashCommand({ text, user }) });
    expect(res.status).toBe(200);
    return (await res.json()) as { text: string };
  };
  const draftButton = () =>
    env.slack.calls
      .filter((c) => c.args.channel === SLACK.staffChannel && /chat\.(postMessage|update)/.test(c.method))
      .flatMap((c) =>
        buttonData(c.args.blocks).map((data) => ({ data, ts: String(c.args.ts ?? c.result?.ts) })),
      )
      .find((b) => b.data.action === 'kb.draft_from_reply');

  it('offers the button after a person replies, drafts on click, and a supervisor publishes', async () => {
    const root = '1730000090.000100';
    await env.deliver({
      kind: 'event',
      payload: slackMessageEvent({
        text: 'Can your team engrave a wedding poem on the inside of the espresso cups?',
        ts: root,
      }),
    });
    await env.slack.waitFor((calls) =>
      calls.some((c) => c.method === 'chat.postMessage' && c.args.channel === SLACK.staffChannel),
    );
    await env.adapter.idle();
    expect(draftButton()).toBeUndefined();

    await env.deliver({
      kind: 'event',
      payload: slackMessageEvent({
        text: 'Hi Maya, Riley here: we engrave up to 40 characters on the outside; the inside cannot be engraved.',
        user: SLACK.staff,
        userTeam: SLACK.homeTeam,
        ts: '1730000091.000100',
        threadTs: root,
      }),
    });
    await env.adapter.idle();
    await env.slack.waitFor(() => draftButton() !== undefined);
    const button = draftButton()!;

    const res = await env.deliver({
      kind: 'interaction',
      payload: blockAction({ user: SLACK.staff, value: button.data, messageTs: button.ts }),
    });
    expect(res.status).toBe(200);
    await env.adapter.idle();
    const { ticketId } = button.data as { ticketId: string };
    const draftId = `KBD-${ticketId.slice(4)}`;
    const stored = await env.app.app.stores.kbDrafts.get(env.app.tenantId, draftId);
    expect(stored).toMatchObject({ status: 'draft', createdBy: { userId: SLACK.staff } });
    expect(stored!.answer).toMatch(/40 characters on the outside/);

    // Staff see what waits; only a supervisor publishes.
    expect((await command('kb drafts', SLACK.staff)).text).toMatch(
      new RegExp(`^1 article draft waits for review by a supervisor[\\s\\S]*\`${draftId}\``),
    );
    expect((await command(`kb publish ${draftId}`, SLACK.staff)).text).toMatch(/^Only a supervisor/);
    const listed = await command('kb drafts', SLACK.supervisor);
    expect(listed.text).toContain(`\`${draftId}\``);
    const published = await command(`kb publish ${draftId.toLowerCase()}`, SLACK.supervisor);
    expect(published.text).toMatch(new RegExp(`^${draftId} is published as`));
    const article = await env.app.app.stores.kbArticles.get(
      env.app.tenantId,
      `reply-${ticketId.toLowerCase()}`,
    );
    expect(article?.body).toMatch(/40 characters on the outside/);
  });

  it('posts the weekly knowledge-gaps digest to the Slack staff channel once, at its hour', async () => {
    await env.app.app.reports.recorder.idle();
    const digestPosts = () =>
      env.slack.calls.filter(
        (c) =>
          c.method === 'chat.postMessage' &&
          c.args.channel === SLACK.staffChannel &&
          /Knowledge gaps, week 2026-W48/.test(JSON.stringify(c.args)),
      );
    env.app.clock.set(new Date('2026-11-23T09:05:00Z')); // Monday 09:05 UTC, the default schedule
    await Promise.all([env.app.app.gapDigest.run(), env.app.app.gapDigest.run()]);
    await env.slack.waitFor(() => digestPosts().length >= 1);
    await env.app.app.gapDigest.run();
    expect(digestPosts()).toHaveLength(1);
    expect(JSON.stringify(digestPosts()[0]!.args.blocks)).toMatch(/engrave/);
  });
});
