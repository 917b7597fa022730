import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEAMS, teamsChannelMessage, users, type TeamsTestUser } from '../../support/teams-builders.js';
import { startTeamsEnv, type TeamsTestEnv } from './teams-setup.js';

/**
 * Issue 12 case 7, Teams: staff is the roster's word. In a shared channel Teams puts the host's
 * tenant in `channelData.tenant` for everyone, so an outsider the roster cannot show the bot looks
 * like a colleague there. Before this change such a person took over a customer's ticket.
 */
const outsider: TeamsTestUser = {
  id: '29:1xT-external-shared-channel-member',
  name: 'Casey External',
  aadObjectId: '7c1d2e3f-0000-4a5b-8c9d-0e1f2a3b4c5d',
  // What the activity carries: the host tenant (channelData.tenant in a shared channel).
  tenantId: TEAMS.homeTenantId,
};

describe('Teams: who is staff comes from the team roster', () => {
  let env: TeamsTestEnv;
  beforeEach(async () => {
    // The outsider is not on the roster the fake Bot Connector serves.
    env = await startTeamsEnv();
  });
  afterEach(async () => {
    await env.close();
  });

  const replyChain = (rootId: string) => `${TEAMS.customerChannelId};messageid=${rootId}`;

  it('an external shared-channel member missing from the roster does not take a customer’s ticket', async () => {
    const { connector, post, teams } = env;
    const question = teamsChannelMessage({
      serviceUrl: connector.url,
      from: users.maya,
      text: 'How do returns work?',
    });
    await post(question);
    const rootId = question.id as string;
    await connector.waitFor(() => connector.sent().some((c) => c.conversationId === replyChain(rootId)));
    await teams.idle();

    const res = await post(
      teamsChannelMessage({
        serviceUrl: connector.url,
        from: outsider,
        text: 'Support here, I will handle this one.',
        rootId,
      }),
    );
    expect(res.status).toBe(200);
    await teams.idle();

    const ticket = await env.app.stores.tickets.findByThread(
      env.app.tenantId,
      'teams',
      TEAMS.customerChannelId,
      rootId,
    );
    expect(ticket).not.toBeNull();
    expect(ticket?.status).not.toBe('human');
    expect(ticket?.assignee?.userId).toBeUndefined();

    // The bot still answers Maya there.
    const before = connector.sent().filter((c) => c.conversationId === replyChain(rootId)).length;
    await post(
      teamsChannelMessage({
        serviceUrl: connector.url,
        from: users.maya,
        text: 'And how long does a refund take?',
        rootId,
      }),
    );
    await connector.waitFor(
      () => connector.sent().filter((c) => c.conversationId === replyChain(rootId)).length > before,
    );
  });

  it('a roster that does not answer (5xx) fails closed: the sender is not staff', async () => {
    const { connector, post, teams } = env;
    const question = teamsChannelMessage({
      serviceUrl: connector.url,
      from: users.maya,
      text: 'Where is my order 1042?',
    });
    await post(question);
    const rootId = question.id as string;
    await connector.waitFor(() => connector.sent().some((c) => c.conversationId === replyChain(rootId)));
    await teams.idle();
    // Sam is a supervisor on the roster, but the roster is down when he writes (first look-up).
    connector.failNext(4, 503, 'GET');
    await post(
      teamsChannelMessage({
        serviceUrl: connector.url,
        from: users.sam,
        text: 'Taking this one.',
        rootId,
      }),
    );
    await teams.idle();
    const ticket = await env.app.stores.tickets.findByThread(
      env.app.tenantId,
      'teams',
      TEAMS.customerChannelId,
      rootId,
    );
    expect(ticket?.status).not.toBe('human');
  });
});
