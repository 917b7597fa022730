import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLACK, appHomeOpened, blockAction, slackMessageEvent } from '../../support/slack-builders.js';
import { startSlackEnv, staffCardWith, type SlackTestEnv } from './slack-setup.js';

/**
 * Issue 12 case 7: who is staff comes from Slack's directory (users.info), never from a signed
 * payload's `user.team_id` / `user_team`. Each case is a measured exploit: a Slack Connect guest
 * (Jordan of Acme Robotics, whose users.info says team T0ACME0RB) sends payloads naming the
 * home workspace. On the code before this change each of them was treated as staff.
 */
describe('Slack identity comes from the directory, never from the payload', () => {
  let env: SlackTestEnv;
  let ticketId: string;
  let cardTs: string;
  const root = '1730000700.000100';

  beforeAll(async () => {
    env = await startSlackEnv({
      users: [
        // Same Enterprise Grid org as the home workspace, other workspace: a colleague.
        { id: 'U0GRID0001', teamId: 'T0OTHERWS', enterpriseId: 'E0NORTHWIND', name: 'Grid Colleague' },
        // Users.info calls the person a stranger even though the team looks like ours.
        { id: 'U0STRANGE1', teamId: SLACK.homeTeam, isStranger: true, name: 'Stranger' },
        // A customer of a third organization, with a thread of her own.
        { id: 'U0ZOE00001', teamId: 'T0ZETA001', name: 'Zoe Park', email: 'zoe@zeta.example' },
      ],
      teams: [{ id: 'T0ZETA001', name: 'Zeta Labs', domain: 'zeta-labs' }],
    });
    // Maya asks for a person: an escalated ticket with a Take over / Resolve card.
    await env.deliver({
      kind: 'event',
      payload: slackMessageEvent({ text: 'I want to talk to a human about my invoice, now.', ts: root }),
    });
    const card = await staffCardWith(env, 'ticket.takeover');
    ticketId = card.data.ticketId;
    cardTs = card.ts;
    await env.adapter.idle();
  });
  afterAll(async () => {
    await env?.close();
  });

  const ticket = async () => (await env.app.stores.tickets.get(env.app.tenantId, ticketId))!;
  const ephemeralsTo = (user: string) =>
    env.slack.callsTo('chat.postEphemeral').filter((c) => c.args.user === user);

  it('a guest whose click names our workspace (user.team_id) cannot take a ticket over', async () => {
    const res = await env.deliver({
      kind: 'interaction',
      payload: blockAction({
        user: SLACK.guest,
        userTeam: SLACK.homeTeam,
        value: { v: 1, action: 'ticket.takeover', ticketId },
        messageTs: cardTs,
      }),
    });
    expect(res.status).toBe(200);
    await env.adapter.idle();
    const t = await ticket();
    expect(t.status).toBe('escalated');
    expect(t.assignee).toBeUndefined();
    expect(ephemeralsTo(SLACK.guest).length).toBeGreaterThan(0);
  });

  it('… nor resolve it', async () => {
    await env.deliver({
      kind: 'interaction',
      payload: blockAction({
        user: SLACK.guest,
        userTeam: SLACK.homeTeam,
        value: { v: 1, action: 'ticket.resolve', ticketId },
        messageTs: cardTs,
      }),
    });
    await env.adapter.idle();
    expect((await ticket()).status).toBe('escalated');
  });

  it('… nor get the staff App Home listing other customers’ tickets', async () => {
    const published = () => env.slack.callsTo('views.publish').filter((c) => c.args.user_id === SLACK.guest);
    await env.deliver({
      kind: 'interaction',
      payload: blockAction({
        user: SLACK.guest,
        userTeam: SLACK.homeTeam,
        container: 'view',
        value: { v: 1, action: 'ticket.resolve', ticketId },
      }),
    });
    await env.deliver({ kind: 'event', payload: appHomeOpened({ user: SLACK.guest }) });
    await env.adapter.idle();
    expect(published().length).toBeGreaterThan(0);
    for (const call of published()) expect(JSON.stringify(call.args.view)).not.toContain(ticketId);
    // The check is not vacuous: a colleague's App Home lists the escalated ticket.
    await env.deliver({ kind: 'event', payload: appHomeOpened({ user: SLACK.staff }) });
    await env.adapter.idle();
    const staffHome = env.slack.callsTo('views.publish').filter((c) => c.args.user_id === SLACK.staff);
    expect(JSON.stringify(staffHome.at(-1)?.args.view)).toContain(ticketId);
  });

  it('a guest whose message names our workspace (user_team) does not silence the bot in a thread', async () => {
    const thread = '1730000800.000100';
    const channel = 'C0ZETA0001';
    const zoe = { user: 'U0ZOE00001', userTeam: 'T0ZETA001', channel };
    await env.deliver({
      kind: 'event',
      payload: slackMessageEvent({ ...zoe, text: 'How do returns work for you?', ts: thread }),
    });
    await env.slack.waitFor(() => env.slack.threadMessages(channel, thread).length >= 1);
    await env.adapter.idle();
    // The guest poses as staff in Zoe's thread…
    await env.deliver({
      kind: 'event',
      payload: slackMessageEvent({
        text: 'Hi Zoe, support here, I’ll take this one.',
        user: SLACK.guest,
        userTeam: SLACK.homeTeam,
        channel,
        ts: '1730000801.000100',
        threadTs: thread,
      }),
    });
    await env.adapter.idle();
    const before = env.slack.threadMessages(channel, thread).length;
    // …and the bot still answers Zoe's next question there.
    await env.deliver({
      kind: 'event',
      payload: slackMessageEvent({
        ...zoe,
        text: 'And how long do refunds take?',
        ts: '1730000802.000100',
        threadTs: thread,
      }),
    });
    await env.slack.waitFor(() => env.slack.threadMessages(channel, thread).length > before);
    // The guest's words were not recorded as a staff member's.
    const posed = await env.app.stores.messages.findByPlatformId(
      env.app.tenantId,
      'slack',
      '1730000801.000100',
    );
    expect(posed?.role).not.toBe('staff');
  });

  it('someone users.info does not know, or calls a stranger, is external whatever the payload says', async () => {
    for (const [user, ts] of [
      ['U0NOBODY01', '1730000900.000100'],
      ['U0STRANGE1', '1730000901.000100'],
    ] as const) {
      await env.deliver({
        kind: 'interaction',
        payload: blockAction({
          user,
          userTeam: SLACK.homeTeam,
          value: { v: 1, action: 'ticket.takeover', ticketId },
          messageTs: ts,
        }),
      });
    }
    await env.adapter.idle();
    expect((await ticket()).status).toBe('escalated');
  });

  it('a colleague of the same Enterprise Grid org is staff (users.info enterprise_user)', async () => {
    await env.deliver({
      kind: 'interaction',
      payload: blockAction({
        user: 'U0GRID0001',
        userTeam: 'T0OTHERWS',
        value: { v: 1, action: 'ticket.takeover', ticketId },
        messageTs: cardTs,
      }),
    });
    await env.adapter.idle();
    // Enterprise match needs the home's Grid id: this single workspace is not in a Grid, so no.
    expect((await ticket()).status).toBe('escalated');
    // A member of the home workspace is staff (the check above is not vacuous).
    await env.deliver({
      kind: 'interaction',
      payload: blockAction({
        user: SLACK.staff,
        userTeam: SLACK.customerTeam,
        value: { v: 1, action: 'ticket.takeover', ticketId },
        messageTs: cardTs,
      }),
    });
    await env.adapter.idle();
    const t = await ticket();
    expect(t.status).toBe('human');
    expect(t.assignee).toMatchObject({ kind: 'staff', userId: SLACK.staff });
  });
});
