import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLACK, slackMessageEvent } from '../../support/slack-builders.js';
import { eventually, startSlackEnv, type SlackTestEnv } from './slack-setup.js';

/** A Slack Connect organization the seed knows nothing about. */
const HARBOR = { team: 'T0HARBOR1', channel: 'C0HARBOR1', lee: 'U0HARB001', ana: 'U0HARB002' };
/** A second Bluebird Cafe member whose email Slack does not show. */
const BLUEBIRD_NO_EMAIL = 'U0BLUE002';

describe('Slack Connect: external organizations become customer accounts', () => {
  let env: SlackTestEnv;
  /** The ticket a message was filed under (a new one, or an open one of the same account it joined). */
  const ticketOf = async (ts: string) => {
    let ticketId: string | undefined;
    await eventually(async () => {
      const m = await env.app.stores.messages.findByPlatformId(env.app.tenantId, 'slack', ts);
      ticketId = m?.ticketId;
      return ticketId !== undefined;
    });
    // The message is stored before its ticket's final write: read the ticket once handling is done.
    await env.adapter.idle();
    return (await env.app.stores.tickets.get(env.app.tenantId, ticketId!))!;
  };
  const accountsOf = async (orgId: string) =>
    (await env.app.stores.customers.list(env.app.tenantId)).filter((c) =>
      c.externalOrgs.some((o) => o.platform === 'slack' && o.orgId === orgId),
    );

  beforeAll(async () => {
    env = await startSlackEnv({
      users: [
        { id: HARBOR.lee, teamId: HARBOR.team, name: 'Lee Park', email: 'lee@harborfreight.example' },
        { id: HARBOR.ana, teamId: HARBOR.team, name: 'Ana Ruiz' },
        { id: BLUEBIRD_NO_EMAIL, teamId: SLACK.customerTeam, name: 'Sol Baker' },
      ],
      teams: [
        {
          id: HARBOR.team,
          name: 'Harbor Freight Co',
          domain: 'harborfreight',
          emailDomain: 'harborfreight.example,harbor.example',
        },
      ],
    });
  });
  afterAll(async () => {
    await env?.close();
  });

  it('a first message from an unknown organization opens an account from team.info (name, email domain)', async () => {
    expect(await accountsOf(HARBOR.team)).toHaveLength(0);
    const ts = '1730000080.000100';
    await env.deliver({
      kind: 'event',
      payload: slackMessageEvent({
        text: 'Hello, what are your shipping times to Canada?',
        user: HARBOR.lee,
        userTeam: HARBOR.team,
        channel: HARBOR.channel,
        ts,
      }),
    });
    const ticket = await ticketOf(ts);
    const accounts = await accountsOf(HARBOR.team);
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({
      name: 'Harbor Freight Co',
      domain: 'harborfreight.example',
      plan: 'free',
    });
    expect(ticket.customerId).toBe(accounts[0]!.customerId);
    expect(env.slack.callsTo('team.info').map((c) => c.args.team)).toContain(HARBOR.team);
  });

  /** The event as some Slack payloads come: no user_team, source_team or team on the message. */
  const withoutTeams = (payload: Record<string, unknown>) => {
    const event = { ...(payload.event as Record<string, unknown>) };
    delete event.user_team;
    delete event.source_team;
    delete event.team;
    return { ...payload, event };
  };

  it('a message that names no team takes the author’s team from users.info: an outsider stays a customer', async () => {
    const ts = '1730000090.000100';
    await env.deliver({
      kind: 'event',
      payload: withoutTeams(
        slackMessageEvent({ text: 'Any update on my quote?', user: HARBOR.lee, channel: HARBOR.channel, ts }),
      ),
    });
    const ticket = await ticketOf(ts);
    expect((await accountsOf(HARBOR.team)).map((c) => c.customerId)).toEqual([ticket.customerId]);
    const stored = await env.app.stores.messages.findByPlatformId(env.app.tenantId, 'slack', ts);
    expect(stored?.role).toBe('customer');
    expect(ticket.requester.orgId).toBe(HARBOR.team);
  });

  it('a sender whose team nobody can tell is external, never staff (no silent takeover)', async () => {
    const ts = '1730000091.000100';
    await env.deliver({
      kind: 'event',
      payload: withoutTeams(
        slackMessageEvent({
          text: 'Hello, is anyone there?',
          user: 'U0NOBODY01',
          channel: HARBOR.channel,
          ts,
        }),
      ),
    });
    await env.adapter.idle();
    const stored = await env.app.stores.messages.findByPlatformId(env.app.tenantId, 'slack', ts);
    // Staff would have been recorded as staff (or ignored at the top level); an outsider is a customer.
    expect(stored?.role).toBe('customer');
    expect(stored?.author.kind).toBe('customer');
  });

  it('the next message from another member of that organization resolves to the same account', async () => {
    const ts = '1730000081.000100';
    await env.deliver({
      kind: 'event',
      payload: slackMessageEvent({
        text: 'Do you ship to Mexico as well?',
        user: HARBOR.ana,
        userTeam: HARBOR.team,
        channel: HARBOR.channel,
        ts,
      }),
    });
    const ticket = await ticketOf(ts);
    const accounts = await accountsOf(HARBOR.team);
    expect(accounts).toHaveLength(1);
    expect(ticket.customerId).toBe(accounts[0]!.customerId);
  });

  it('a known customer’s organization is linked on first sight, so members without a visible email are recognized', async () => {
    await env.deliver({
      kind: 'event',
      payload: slackMessageEvent({ text: 'Where is my order 1042?', ts: '1730000082.000100' }),
    });
    expect((await ticketOf('1730000082.000100')).customerId).toBe('cus_bluebird');
    expect((await accountsOf(SLACK.customerTeam)).map((c) => c.customerId)).toEqual(['cus_bluebird']);

    const ts = '1730000083.000100';
    await env.deliver({
      kind: 'event',
      payload: slackMessageEvent({ text: 'And what about order 1043?', user: BLUEBIRD_NO_EMAIL, ts }),
    });
    expect((await ticketOf(ts)).customerId).toBe('cus_bluebird');
    expect((await accountsOf(SLACK.customerTeam)).map((c) => c.customerId)).toEqual(['cus_bluebird']);
  });
});
