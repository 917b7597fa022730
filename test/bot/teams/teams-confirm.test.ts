import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { activityCard, activityText, type ConnectorCall } from '../../support/fake-bot-connector.js';
import {
  TEAMS,
  teamsCardSubmit,
  teamsChannelMessage,
  users,
  type TeamsTestUser,
} from '../../support/teams-builders.js';
import { startTeamsEnv, type TeamsTestEnv } from './teams-setup.js';

type Card = {
  body: Array<Record<string, unknown>>;
  actions?: Array<{ type: string; title: string; data: Record<string, unknown>; style?: string }>;
};

/** Priya Nair of Cobalt Labs, an external member of the shared customer channel. */
const priya: TeamsTestUser = {
  id: '29:priya-nair',
  name: 'Priya Nair',
  aadObjectId: '7e3a1c5b-4d2f-4b8e-9a6c-0f2d4b6a8c13',
  tenantId: '3c0b0a17-0000-4c0b-8a17-c0ba17ab0001',
  email: 'priya@cobaltlabs.example',
};

/**
 * "Refund $89.99 on order 1045?" as an Adaptive Card with Action.Submit Yes / No, over Teams'
 * real /api/messages (CloudAdapter): a click arrives as a message activity carrying `value`.
 */
describe('Teams: the customer confirms an automatic refund with a button', () => {
  let env: TeamsTestEnv;

  beforeEach(async () => {
    env = await startTeamsEnv();
    env.connector.addMember({
      id: priya.id,
      name: priya.name,
      aadObjectId: priya.aadObjectId,
      email: priya.email,
      userPrincipalName: priya.email,
      tenantId: priya.tenantId,
      userRole: 'user',
    });
  });
  afterEach(() => env?.close());

  const refunds = async () => (await env.app.stores.orders.get(env.app.tenantId, '1045'))?.refunds ?? [];
  const isQuestion = (c: ConnectorCall) =>
    ((activityCard(c) as unknown as Card | undefined)?.actions ?? []).some(
      (a) => a.data?.action === 'refund.confirm',
    );

  async function ask() {
    const root = teamsChannelMessage({
      serviceUrl: env.connector.url,
      from: priya,
      text: 'The monitor arm from order 1045 is faulty, please refund it.',
    });
    expect((await env.post(root)).status).toBe(200);
    await env.connector.waitFor(() => env.connector.sent().some(isQuestion));
    const post = env.connector.sent().find(isQuestion)!;
    const card = activityCard(post) as unknown as Card;
    const rootId = String(root.id);
    const button = (title: string) => card.actions!.find((a) => a.title === title)!;
    const ticketId = button('Yes, refund').data.ticketId as string;
    return { post, card, rootId, button, ticketId };
  }

  const click = (q: Awaited<ReturnType<typeof ask>>, title: string, from = priya) =>
    env.post(
      teamsCardSubmit({
        serviceUrl: env.connector.url,
        from,
        data: q.button(title).data,
        cardActivityId: q.post.resultId!,
        rootId: q.rootId,
      }),
    );
  const saidInThread = (q: { rootId: string }) =>
    env.connector
      .sent()
      .filter((c) => c.conversationId === `${TEAMS.customerChannelId};messageid=${q.rootId}`)
      .map(activityText);

  it('asks with an Adaptive Card whose Yes / No are Action.Submit, in the reply chain', async () => {
    const q = await ask();
    expect(q.post.conversationId).toBe(`${TEAMS.customerChannelId};messageid=${q.rootId}`);
    expect(JSON.stringify(q.card.body)).toContain('Refund $89.99 on order 1045?');
    expect(q.card.actions!.map((a) => [a.type, a.title])).toEqual([
      ['Action.Submit', 'Yes, refund'],
      ['Action.Submit', 'No'],
    ]);
    expect(await refunds()).toHaveLength(0);
  });

  it('refunds once for two clicks and a typed yes; the card loses its buttons', async () => {
    const q = await ask();
    const [a, b] = await Promise.all([click(q, 'Yes, refund'), click(q, 'Yes, refund')]);
    expect([a.status, b.status]).toEqual([200, 200]);
    await env.post(
      teamsChannelMessage({ serviceUrl: env.connector.url, from: priya, text: 'yes', rootId: q.rootId }),
    );
    await env.connector.waitFor(() => saidInThread(q).includes('This question has already been answered.'));
    await new Promise((r) => setTimeout(r, 300));

    const made = await refunds();
    expect(made).toHaveLength(1);
    expect(saidInThread(q).filter((t) => t.includes(made[0]!.refundId))).toHaveLength(1);
    expect(saidInThread(q)).toEqual(
      expect.arrayContaining(['You answered yes.', 'This question has already been answered.']),
    );
    const update = env.connector.updates().find((c) => c.activityId === q.post.resultId);
    const updated = activityCard(update!) as unknown as Card;
    expect(JSON.stringify(updated.body)).toContain('You answered yes.');
    expect(updated.actions ?? []).toHaveLength(0);
  });

  it('another person’s click is refused with a sentence and changes nothing', async () => {
    const q = await ask();
    expect((await click(q, 'Yes, refund', users.maya)).status).toBe(200);
    await env.connector.waitFor(() =>
      saidInThread(q).includes('Only the person who asked for this refund can answer this question.'),
    );
    expect(await refunds()).toHaveLength(0);
    expect(env.connector.updates().some((c) => c.activityId === q.post.resultId)).toBe(false);
    const ticket = await env.app.stores.tickets.get(env.app.tenantId, q.ticketId);
    expect(ticket?.pendingConfirmation?.orderId).toBe('1045');
  });

  it('No cancels the proposal and the bot says so', async () => {
    const q = await ask();
    await click(q, 'No');
    await env.connector.waitFor(() => saidInThread(q).some((t) => /won’t refund order 1045/.test(t)));
    expect(await refunds()).toHaveLength(0);
    expect(
      (await env.app.stores.tickets.get(env.app.tenantId, q.ticketId))?.pendingConfirmation,
    ).toBeUndefined();
  });

  it('says the question expired when Yes is pressed a day later, and refunds nothing', async () => {
    const q = await ask();
    env.app.clock.advance(25 * 3_600_000);
    await click(q, 'Yes, refund');
    await env.connector.waitFor(() => saidInThread(q).some((t) => /expired/.test(t)));
    expect(saidInThread(q)).toContain(
      'This question expired: it was open for 24 hours. Write to us again if you still want the refund.',
    );
    expect(await refunds()).toHaveLength(0);
  });
});
