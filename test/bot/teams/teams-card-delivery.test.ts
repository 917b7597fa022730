import { afterEach, describe, expect, it } from 'vitest';
import { activityCard, activityText, type ConnectorCall } from '../../support/fake-bot-connector.js';
import {
  TEAMS,
  teamsChannelMessage,
  teamsInvoke,
  users,
  type TeamsTestUser,
} from '../../support/teams-builders.js';
import { startTeamsEnv, teamsConfig, type TeamsTestEnv } from './teams-setup.js';

type Card = {
  body: unknown[];
  actions?: Array<{ verb: string; data: Record<string, unknown> }>;
  refresh?: { action: { verb: string; data: Record<string, unknown> }; userIds?: string[] };
};
type InvokeBody = { statusCode: number; value: Card };

/**
 * An approver the roster shows by her Teams id only (a look-up by her AAD object id fails), so
 * until she is seen the card can name her by AAD id alone. She is on the roster: a person the
 * roster does not know at all is never staff (see teams-identity.test.ts).
 */
const pat: TeamsTestUser = {
  id: '29:1pQ7-pat-quinn',
  name: 'Pat Quinn',
  aadObjectId: '3f2a9c1e-5b7d-4e8f-9a6b-0c1d2e3f4a5b',
  tenantId: TEAMS.homeTenantId,
  email: 'pat@northwind.example',
};

let env: TeamsTestEnv;
afterEach(async () => {
  await env.close();
});

async function requestRefund(): Promise<{ cardPost: ConnectorCall; card: Card; rootId: string }> {
  const { connector, post } = env;
  const ask = teamsChannelMessage({
    serviceUrl: connector.url,
    from: users.maya,
    text: 'Please refund order 1043, it arrived broken',
  });
  await post(ask);
  await connector.waitFor(() =>
    connector.sent().some((c) => c.conversationId === TEAMS.staffChannelId && activityCard(c)),
  );
  await env.teams.idle();
  const cardPost = connector
    .sent()
    .find((c) => c.conversationId === TEAMS.staffChannelId && activityCard(c))!;
  return { cardPost, card: activityCard(cardPost) as unknown as Card, rootId: ask.id as string };
}

const click = (who: TeamsTestUser, cardPost: ConnectorCall, verb: string, data: Record<string, unknown>) =>
  env.post(
    teamsInvoke({ serviceUrl: env.connector.url, from: who, verb, data, cardActivityId: cardPost.resultId! }),
  );

describe('refresh.userIds names approvers as Teams knows them', () => {
  it('uses the MRI of an approver configured by AAD id once she is seen, and her AAD id until then', async () => {
    env = await startTeamsEnv({
      config: teamsConfig({ approverIds: [users.dana.aadObjectId, pat.aadObjectId] }),
    });
    env.connector.addMember({ id: pat.id, name: pat.name, tenantId: pat.tenantId, userRole: 'user' });
    const { cardPost, card } = await requestRefund();
    // Dana is found in the roster by her AAD id; Pat is not, so her AAD id stands in.
    expect(card.refresh?.userIds).toEqual(expect.arrayContaining([users.dana.id, pat.aadObjectId]));
    expect(card.refresh?.userIds).not.toContain(pat.id);

    // Teams refreshes the card for Pat when she opens it: the invoke names her MRI and AAD id.
    const res = await click(pat, cardPost, 'refresh', card.refresh!.action.data);
    expect(res.status).toBe(200);
    const refreshed = (res.body as InvokeBody).value;
    expect(refreshed.actions?.map((a) => a.verb)).toEqual(expect.arrayContaining(['approve', 'reject']));
    expect(refreshed.refresh?.userIds).toEqual(expect.arrayContaining([users.dana.id, pat.id]));
    expect(refreshed.refresh?.userIds).not.toContain(pat.aadObjectId);
  });
});

/** PUTs of the posted card, oldest first. */
const cardPuts = (cardPost: ConnectorCall) =>
  env.connector.calls.filter((c) => c.method === 'PUT' && c.activityId === cardPost.resultId);
const cardText = (c: ConnectorCall) => JSON.stringify(activityCard(c)?.body ?? []);

/** Waits until the bot has made no Bot Connector call for 300 ms (retries included). */
async function settle(): Promise<void> {
  await env.teams.idle();
  let seen = -1;
  while (seen !== env.connector.calls.length) {
    seen = env.connector.calls.length;
    await new Promise((r) => setTimeout(r, 300));
  }
}

describe('Teams throttling on the staff card update', () => {
  const approvalOf = (card: Card) => String(card.actions![0]!.data.approvalId);

  it('retries a 429 on the card update and shows the final card in the channel', async () => {
    env = await startTeamsEnv();
    const { connector } = env;
    const { cardPost, card } = await requestRefund();
    connector.failNext(1, 429, 'PUT');
    const approve = card.actions!.find((a) => a.verb === 'approve')!;
    const res = await click(users.dana, cardPost, 'approve', approve.data);
    expect((res.body as InvokeBody).value.actions ?? []).toHaveLength(0);
    await env.teams.idle();

    // The channel's card ends up final: approved, refund executed, no buttons.
    await connector.waitFor(() =>
      cardPuts(cardPost).some((c) => c.status === 200 && /executed/.test(cardText(c))),
    );
    await settle();
    const puts = cardPuts(cardPost);
    const throttled = puts.find((c) => c.status === 429)!;
    // The throttled update was sent again, unchanged, and went through.
    expect(
      puts.filter(
        (c) =>
          c.status === 200 && JSON.stringify(activityCard(c)) === JSON.stringify(activityCard(throttled)),
      ),
    ).toHaveLength(1);
    const last = puts.at(-1)!;
    expect(last.status).toBe(200);
    expect(cardText(last)).toMatch(/executed/);
    expect((activityCard(last) as unknown as Card).actions ?? []).toHaveLength(0);
    expect((await env.app.stores.orders.get(env.app.tenantId, '1043'))?.refunds).toHaveLength(1);
  });

  it('when every attempt is throttled, the refund still happens once and the stored card is unchanged', async () => {
    env = await startTeamsEnv();
    const { connector } = env;
    const { cardPost, card, rootId } = await requestRefund();
    const chain = `${TEAMS.customerChannelId};messageid=${rootId}`;
    const inChain = () => connector.sent().filter((c) => c.conversationId === chain);
    const toldBefore = inChain().length;
    connector.failNext(50, 429, 'PUT');
    const approve = card.actions!.find((a) => a.verb === 'approve')!;
    const res = await click(users.dana, cardPost, 'approve', approve.data);
    expect(res.status).toBe(200);
    // Dana still sees the outcome: the invoke answer replaces the card for her.
    expect(JSON.stringify((res.body as InvokeBody).value.body)).toMatch(/approved/i);
    await env.teams.idle();

    await settle();
    const puts = cardPuts(cardPost);
    expect(puts.length).toBeGreaterThan(0);
    expect(puts.every((c) => c.status === 429)).toBe(true);
    // Each update was tried three times (the configured attempts), then given up.
    const attempts = new Map<string, number>();
    for (const c of puts) {
      const card = JSON.stringify(activityCard(c));
      attempts.set(card, (attempts.get(card) ?? 0) + 1);
    }
    expect([...attempts.values()].every((n) => n === 3)).toBe(true);
    const approval = await env.app.stores.approvals.get(env.app.tenantId, approvalOf(card));
    expect(approval?.status).toBe('executed');
    expect(approval?.card).toEqual({
      platform: 'teams',
      channelId: TEAMS.staffChannelId,
      messageId: cardPost.resultId,
    });
    expect((await env.app.stores.orders.get(env.app.tenantId, '1043'))?.refunds).toHaveLength(1);
    // The customer is told once that the refund went through.
    const told = inChain().slice(toldBefore);
    expect(told).toHaveLength(1);
    expect(activityText(told[0]!)).toMatch(/refund/i);

    // A second click (the card still shows buttons to others) decides nothing twice.
    connector.failNext(0);
    await click(users.sam, cardPost, 'approve', approve.data);
    await settle();
    expect((await env.app.stores.orders.get(env.app.tenantId, '1043'))?.refunds).toHaveLength(1);
    expect(inChain().slice(toldBefore)).toHaveLength(1);
  });
});
