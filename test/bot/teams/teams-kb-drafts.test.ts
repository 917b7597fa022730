import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityCard, activityText } from '../../support/fake-bot-connector.js';
import { TEAMS, teamsChannelMessage, users } from '../../support/teams-builders.js';
import { startTeamsEnv, type TeamsTestEnv } from './teams-setup.js';

/**
 * Teams over the CloudAdapter's HTTP endpoint: `@Switchboard kb draft TKT-…` saves a draft from a
 * person's reply, a supervisor publishes it with
 * `@Switchboard kb publish`, and the weekly knowledge-gaps digest reaches the Teams staff channel once.
 */
describe('Teams: KB drafts from replies and the knowledge-gaps digest', () => {
  let env: TeamsTestEnv;
  beforeAll(async () => {
    env = await startTeamsEnv();
  });
  afterAll(async () => {
    await env?.close();
  });

  const staffCards = () =>
    env.connector.sent().filter((c) => c.conversationId === TEAMS.staffChannelId && activityCard(c));

  async function command(from: (typeof users)[keyof typeof users], text: string): Promise<string> {
    const { connector, post, teams } = env;
    const before = connector.sent().length;
    const activity = teamsChannelMessage({ serviceUrl: connector.url, from, text, mentionBot: true });
    expect((await post(activity)).status).toBe(200);
    await connector.waitFor(() => connector.sent().length > before);
    await teams.idle();
    return activityText(connector.sent().at(-1)!);
  }

  it('drafts with @Switchboard kb draft after a person replied; a supervisor publishes with @Switchboard kb publish', async () => {
    const { connector, post, teams } = env;
    const ask = teamsChannelMessage({
      serviceUrl: connector.url,
      from: users.maya,
      text: 'Can your team engrave a wedding poem on the inside of the espresso cups?',
    });
    await post(ask);
    await connector.waitFor(() => staffCards().length > 0);
    await teams.idle();
    await post(
      teamsChannelMessage({
        serviceUrl: connector.url,
        from: users.dana,
        rootId: ask.id as string,
        text: 'Hi Maya, Dana here: we engrave up to 40 characters on the outside; the inside cannot be engraved.',
      }),
    );
    await teams.idle();
    // After the resolution as well as before it: the command drafts from the ticket's replies.
    const ticket = await env.app.app.stores.tickets.findByThread(
      env.app.tenantId,
      'teams',
      TEAMS.customerChannelId,
      ask.id as string,
    );
    const ticketId = ticket!.ticketId;
    const draftId = `KBD-${ticketId.slice(4)}`;
    expect(await command(users.dana, `kb draft ${ticketId}`)).toMatch(
      new RegExp(`^Draft article ${draftId} saved`),
    );
    expect(await env.app.app.stores.kbDrafts.get(env.app.tenantId, draftId)).toMatchObject({
      status: 'draft',
      answer: expect.stringMatching(/40 characters on the outside/),
    });
    // Staff see what waits; only a supervisor publishes.
    expect(await command(users.dana, 'kb drafts')).toMatch(
      /^1 article draft waits for review by a supervisor/,
    );
    expect(await command(users.dana, `kb publish ${draftId}`)).toMatch(/^Only a supervisor/);
    expect(await command(users.sam, 'kb drafts')).toContain(draftId);
    expect(await command(users.sam, `kb publish ${draftId}`)).toMatch(
      new RegExp(`${draftId} is published as`),
    );
    expect(
      await env.app.app.stores.kbArticles.get(env.app.tenantId, `reply-${ticketId.toLowerCase()}`),
    ).toMatchObject({ source: 'drafts:replies' });
  });

  it('posts the weekly knowledge-gaps digest to the Teams staff channel once', async () => {
    await env.app.app.reports.recorder.idle();
    env.app.clock.set(new Date('2026-11-23T09:05:00Z')); // Monday 09:05 UTC, the default schedule
    await Promise.all([env.app.app.gapDigest.run(), env.app.app.gapDigest.run()]);
    const digests = () =>
      env.connector
        .sent()
        .filter(
          (c) =>
            c.conversationId === TEAMS.staffChannelId &&
            /Knowledge gaps, week 2026-W48/.test(JSON.stringify(activityCard(c) ?? {})),
        );
    await env.connector.waitFor(() => digests().length >= 1);
    await env.app.app.gapDigest.run();
    expect(digests()).toHaveLength(1);
  });
});
