import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityCard, activityText, type ConnectorCall } from '../../support/fake-bot-connector.js';
import { TEAMS, teamsChannelMessage, teamsInvoke, users } from '../../support/teams-builders.js';
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

/**
 * The staff card's "Draft KB article" button (Action.Execute, verb `draft_article`) through the
 * CloudAdapter: a person's first reply redraws the escalation card in the staff channel with the
 * button (an activity update on the Bot Connector), and the click is answered with the card the
 * clicker sees next: the same card, its buttons kept, with the sentence saying the draft was saved.
 * Drafting changes nothing every viewer sees (the ticket is as it was), so no one else's card is
 * redrawn: the invoke response is the only place the answer can appear.
 */
describe('Teams: "Draft KB article" on the staff card', () => {
  let env: TeamsTestEnv;
  beforeAll(async () => {
    env = await startTeamsEnv();
  });
  afterAll(async () => {
    await env?.close();
  });

  type Card = { body: unknown[]; actions?: Array<{ title: string; verb: string; data: object }> };
  const hasDraftButton = (c: ConnectorCall) =>
    ((activityCard(c) as Card | undefined)?.actions ?? []).some((a) => a.verb === 'draft_article');

  it('offers the button once a person replied and answers the click on the card', async () => {
    const { connector, post, teams } = env;
    const ask = teamsChannelMessage({
      serviceUrl: connector.url,
      from: users.maya,
      text: 'Can your team engrave a wedding poem on the inside of the espresso cups?',
    });
    await post(ask);
    await connector.waitFor(() =>
      connector.sent().some((c) => c.conversationId === TEAMS.staffChannelId && activityCard(c)),
    );
    await teams.idle();
    const cardPost = connector
      .sent()
      .find((c) => c.conversationId === TEAMS.staffChannelId && activityCard(c))!;
    expect(hasDraftButton(cardPost)).toBe(false);

    await post(
      teamsChannelMessage({
        serviceUrl: connector.url,
        from: users.dana,
        rootId: ask.id as string,
        text: 'Hi Maya, Dana here: we engrave up to 40 characters on the outside; the inside cannot be engraved.',
      }),
    );
    await connector.waitFor(() =>
      connector.updates().some((u) => u.activityId === cardPost.resultId && hasDraftButton(u)),
    );
    await teams.idle();
    const redrawn = connector
      .updates()
      .filter((u) => u.activityId === cardPost.resultId)
      .at(-1)!;
    const button = (activityCard(redrawn) as Card).actions!.find((a) => a.verb === 'draft_article')!;
    expect(button.title).toBe('Draft KB article');

    const updatesBefore = connector.updates().length;
    const res = await post(
      teamsInvoke({
        serviceUrl: connector.url,
        from: users.dana,
        verb: button.verb,
        data: button.data as Record<string, unknown>,
        cardActivityId: cardPost.resultId!,
      }),
    );
    expect(res.status).toBe(200);
    const shown = (res.body as { value: Card }).value;
    // The sentence on top, as good news rather than a refusal.
    expect(shown.body[0]).toMatchObject({
      type: 'TextBlock',
      color: 'Good',
      text: expect.stringMatching(/^Draft article KBD-\w{6} saved: a supervisor reviews and publishes it/),
    });
    // The clicker keeps the ticket's card (Resolve and the rest), not a bare notice.
    expect(shown.actions?.map((a) => a.title)).toEqual(
      expect.arrayContaining(['Resolve', 'Draft KB article']),
    );
    const { ticketId } = button.data as { ticketId: string };
    expect(await env.app.app.stores.kbDrafts.get(env.app.tenantId, `KBD-${ticketId.slice(4)}`)).toMatchObject(
      { status: 'draft', createdBy: { userId: users.dana.aadObjectId.toLowerCase() } },
    );
    await teams.idle();
    expect(connector.updates()).toHaveLength(updatesBefore);

    // A second click says the draft already waits, on the same card.
    const again = await post(
      teamsInvoke({
        serviceUrl: connector.url,
        from: users.dana,
        verb: button.verb,
        data: button.data as Record<string, unknown>,
        cardActivityId: cardPost.resultId!,
      }),
    );
    expect(JSON.stringify((again.body as { value: Card }).value.body)).toMatch(/already waits for review/);
  });
});
