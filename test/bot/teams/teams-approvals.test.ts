import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { activityCard, activityText, type ConnectorCall } from '../../support/fake-bot-connector.js';
import {
  TEAMS,
  teamsChannelMessage,
  teamsInvoke,
  users,
  type TeamsTestUser,
} from '../../support/teams-builders.js';
import { startTeamsEnv, type TeamsTestEnv } from './teams-setup.js';

type Card = {
  body: Array<Record<string, unknown>>;
  actions?: Array<{ verb: string; data: Record<string, unknown> }>;
  refresh?: { userIds?: string[] };
};
type InvokeBody = { statusCode: number; type: string; value: Card };

const cardText = (card: Card) => JSON.stringify(card.body);

describe('Teams approvals with Universal Actions', () => {
  let env: TeamsTestEnv;
  beforeEach(async () => {
    env = await startTeamsEnv();
  });
  afterEach(async () => {
    await env.close();
  });

  /** Maya asks for a $250 refund; returns the staff card post and the customer's thread root. */
  async function requestRefund(): Promise<{ cardPost: ConnectorCall; card: Card; rootId: string }> {
    const { connector, post } = env;
    const ask = teamsChannelMessage({
      serviceUrl: connector.url,
      from: users.maya,
      text: 'Please refund order 1043, it arrived broken',
    });
    expect((await post(ask)).status).toBe(200);
    await connector.waitFor(() =>
      connector.sent().some((c) => c.conversationId === TEAMS.staffChannelId && activityCard(c)),
    );
    const cardPost = connector
      .sent()
      .find((c) => c.conversationId === TEAMS.staffChannelId && activityCard(c))!;
    return { cardPost, card: activityCard(cardPost) as unknown as Card, rootId: ask.id as string };
  }

  const click = (
    who: TeamsTestUser,
    cardPost: ConnectorCall,
    verb: string,
    data: Record<string, unknown>,
    id?: string,
  ) =>
    env.post(
      teamsInvoke({
        serviceUrl: env.connector.url,
        from: who,
        verb,
        data,
        cardActivityId: cardPost.resultId!,
        ...(id ? { id } : {}),
      }),
    );

  const refundsOf1043 = async () =>
    (await env.app.stores.orders.get(env.app.tenantId, '1043'))?.refunds.length ?? 0;

  it('posts a $250 refund request to the staff channel as an Adaptive Card with Action.Execute buttons', async () => {
    const { card } = await requestRefund();
    expect(cardText(card)).toContain('$250.00');
    expect(card.actions?.map((a) => a.verb)).toEqual(expect.arrayContaining(['approve', 'reject']));
    // Teams matches refresh.userIds against MRIs: the approver (by AAD id in the settings) and the
    // supervisor appear as their 29: ids, and other platforms' approvers of the tenant not at all.
    expect(card.refresh?.userIds?.sort()).toEqual([users.dana.id, users.sam.id].sort());
    expect(await refundsOf1043()).toBe(0);
  });

  it('an approver’s Approve answers 200 with the final card, refunds once and tells the customer; a repeat does nothing', async () => {
    const { connector, teams } = env;
    const { cardPost, card, rootId } = await requestRefund();
    const approve = card.actions!.find((a) => a.verb === 'approve')!;

    const res = await click(users.dana, cardPost, 'approve', approve.data, 'f:approve-1');
    expect(res.status).toBe(200);
    const body = res.body as InvokeBody;
    expect(body.statusCode).toBe(200);
    expect(body.type).toBe('application/vnd.microsoft.card.adaptive');
    expect(body.value.actions ?? []).toHaveLength(0);
    expect(cardText(body.value)).toMatch(/Dana Whitfield/);
    expect(cardText(body.value)).toMatch(/approved/i);
    expect(await refundsOf1043()).toBe(1);

    await teams.idle();
    const chain = `${TEAMS.customerChannelId};messageid=${rootId}`;
    await connector.waitFor(() =>
      connector
        .sent()
        .some(
          (c) => c.conversationId === chain && /refund/i.test(activityText(c)) && /250/.test(activityText(c)),
        ),
    );

    const toldBefore = connector.sent().filter((c) => c.conversationId === chain).length;
    // Teams retries the invoke (same id) and Dana double-clicks (new id): nothing more happens.
    const repeat = await click(users.dana, cardPost, 'approve', approve.data, 'f:approve-1');
    const doubleClick = await click(users.dana, cardPost, 'approve', approve.data);
    expect(repeat.status).toBe(200);
    expect(doubleClick.status).toBe(200);
    expect(((doubleClick.body as InvokeBody).value.actions ?? []).length).toBe(0);
    await teams.idle();
    expect(await refundsOf1043()).toBe(1);
    expect(connector.sent().filter((c) => c.conversationId === chain)).toHaveLength(toldBefore);
  });

  it('refuses an external user’s Approve with the card and a message; nothing changes', async () => {
    const { cardPost, card } = await requestRefund();
    const approve = card.actions!.find((a) => a.verb === 'approve')!;
    const res = await click(users.jordan, cardPost, 'approve', approve.data);
    expect(res.status).toBe(200);
    const value = (res.body as InvokeBody).value;
    expect(cardText(value)).toMatch(/can.?t|cannot|not allowed|only/i);
    // The card comes back as it was (buttons still there for those who may decide).
    expect(value.actions?.map((a) => a.verb)).toEqual(expect.arrayContaining(['approve']));
    expect(await refundsOf1043()).toBe(0);
    const approval = await env.app.stores.approvals.get(env.app.tenantId, String(approve.data.approvalId));
    expect(approval?.status).toBe('pending');
  });

  it('rejects with the reason typed on the card', async () => {
    const { cardPost, card } = await requestRefund();
    const reject = card.actions!.find((a) => a.verb === 'reject')!;
    const res = await click(users.dana, cardPost, 'reject', {
      ...reject.data,
      reason: 'Photos show no damage',
    });
    const value = (res.body as InvokeBody).value;
    expect(value.actions ?? []).toHaveLength(0);
    expect(cardText(value)).toMatch(/reject/i);
    expect(await refundsOf1043()).toBe(0);
  });

  it('ignores card data that does not parse, and says so', async () => {
    const { cardPost } = await requestRefund();
    const res = await click(users.dana, cardPost, 'approve', {
      v: 9,
      action: 'approval.approve',
      approvalId: 'x',
    });
    expect(cardText((res.body as InvokeBody).value)).toMatch(/out of date/i);
    expect(await refundsOf1043()).toBe(0);
  });
});
