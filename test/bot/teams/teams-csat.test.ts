import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityCard, type ConnectorCall } from '../../support/fake-bot-connector.js';
import { TEAMS, teamsChannelMessage, teamsInvoke, users } from '../../support/teams-builders.js';
import { startTeamsEnv, type TeamsTestEnv } from './teams-setup.js';

type Card = {
  body: Array<Record<string, unknown>>;
  actions?: Array<{ type: string; verb: string; title: string; data: Record<string, unknown> }>;
};
type InvokeBody = { statusCode: number; type: string; value: Card };

/** The satisfaction prompt over Teams' real /api/messages: an Adaptive Card, Action.Execute, one rating. */
describe('CSAT in Teams', () => {
  let env: TeamsTestEnv;

  beforeAll(async () => {
    env = await startTeamsEnv();
    const changed = await env.app.engine.changeSettings(
      {
        platform: 'teams',
        tenantId: env.app.tenantId,
        userId: users.sam.aadObjectId ?? users.sam.id,
        isExternal: false,
      },
      { op: 'set', key: 'csat', value: 'on' },
    );
    expect(changed).toMatchObject({ ok: true });
  });
  afterAll(() => env?.close());

  const isPrompt = (c: ConnectorCall) =>
    ((activityCard(c) as unknown as Card | undefined)?.actions ?? []).some((a) => a.verb === 'csat.rate');

  it('asks with Great / OK / Not good and a comment box; a Great is stored once and the card says thanks', async () => {
    const { connector, post } = env;
    const ask = teamsChannelMessage({
      serviceUrl: connector.url,
      from: users.maya,
      text: 'Where is my order 1042?',
    });
    expect((await post(ask)).status).toBe(200);
    await connector.waitFor(() => connector.sent().some(isPrompt));
    const prompts = connector.sent().filter(isPrompt);
    expect(prompts).toHaveLength(1);
    expect(prompts[0]!.conversationId).toBe(`${TEAMS.customerChannelId};messageid=${String(ask.id)}`);
    const card = activityCard(prompts[0]!) as unknown as Card;
    expect(card.body.some((e) => e.type === 'Input.Text' && e.id === 'comment')).toBe(true);
    expect(card.actions!.map((a) => a.title)).toEqual(['Great', 'OK', 'Not good']);
    const great = card.actions!.find((a) => a.title === 'Great')!;
    const ticketId = great.data.ticketId as string;

    const click = (id: string) =>
      post(
        teamsInvoke({
          serviceUrl: connector.url,
          from: users.maya,
          verb: 'csat.rate',
          data: { ...great.data, comment: 'Quick and clear' },
          cardActivityId: prompts[0]!.resultId!,
          channelId: TEAMS.customerChannelId,
          id,
        }),
      );
    const res = await click('f:rate-1');
    expect(res.status).toBe(200);
    const body = res.body as InvokeBody;
    expect(JSON.stringify(body.value.body)).toContain('Thank you for your feedback!');
    expect(body.value.actions ?? []).toHaveLength(0);
    const stored = await env.app.db.collection('csat').findOne({ _id: ticketId as never });
    expect(stored).toMatchObject({ rating: 'great', comment: 'Quick and clear', resolvedBy: 'bot' });
    // A second click (a new invoke) cannot change the rating.
    await post(
      teamsInvoke({
        serviceUrl: connector.url,
        from: users.maya,
        verb: 'csat.rate',
        data: { ...card.actions!.find((a) => a.title === 'Not good')!.data },
        cardActivityId: prompts[0]!.resultId!,
        channelId: TEAMS.customerChannelId,
      }),
    );
    expect((await env.app.db.collection('csat').findOne({ _id: ticketId as never }))?.rating).toBe('great');
    expect((await env.app.stores.tickets.get(env.app.tenantId, ticketId))?.status).toBe('resolved');
  });
});
