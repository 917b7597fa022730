import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLACK, slackMessageEvent, slashCommand } from '../../support/slack-builders.js';
import { eventually, staffCardWith, startSlackEnv, type SlackTestEnv } from './slack-setup.js';

interface CommandAnswer {
  response_type: string;
  text: string;
  blocks?: unknown[];
}

describe('Slack: /switchboard over signed HTTP', () => {
  let env: SlackTestEnv;
  let ticketId: string;
  const run = async (text: string, user: string, channel?: string): Promise<CommandAnswer> => {
    const res = await env.deliver({ kind: 'command', fields: slashCommand({ text, user, channel }) });
    expect(res.status).toBe(200);
    return (await res.json()) as CommandAnswer;
  };
  const modeOf = async (channel: string) =>
    (await env.app.stores.channels.get(env.app.tenantId, 'slack', channel))?.mode;
  const slackStaffChannel = async () =>
    (await env.app.stores.tenants.get(env.app.tenantId))?.staffChannels.find((c) => c.platform === 'slack')
      ?.channelId;

  beforeAll(async () => {
    env = await startSlackEnv();
    await env.deliver({
      kind: 'event',
      payload: slackMessageEvent({
        text: 'Please refund order 1043, it arrived broken.',
        ts: '1730000070.000100',
      }),
    });
    await staffCardWith(env, 'approval.approve');
    // The card can be up before the ticket (stored waiting for approval after its request and
    // card), its status and its decision record are written.
    await eventually(async () => (await env.app.stores.tickets.list(env.app.tenantId)).length > 0);
    const [ticket] = await env.app.stores.tickets.list(env.app.tenantId);
    ticketId = ticket!.ticketId;
    await eventually(async () => {
      const detail = await env.app.engine.ticketDetail(env.app.tenantId, ticketId);
      return detail?.ticket.status === 'pending_approval' && detail.decisions.length > 0;
    });
  });
  afterAll(async () => {
    await env?.close();
  });

  it('ticket TKT-… answers privately with the summary and the decision record', async () => {
    const answer = await run(`ticket ${ticketId.toLowerCase()}`, SLACK.approver);
    expect(answer.response_type).toBe('ephemeral');
    expect(answer.text).toContain(ticketId);
    const shown = JSON.stringify(answer.blocks);
    expect(shown).toContain(`${ticketId} · pending_approval`);
    expect(shown).toContain('*Customer*\\nBluebird Cafe');
    expect(shown).toMatch(/\*Decision\* \(offline\): resolve, confidence/);
    expect(shown).toMatch(/confidence \d\.\d\d \(threshold \d\.\d\d\)/);
    expect(shown).toMatch(/Approval apr_[A-Za-z0-9]+: pending/);
    expect(answer.blocks!.length).toBeLessThanOrEqual(50);
  });

  it('ticket with an unknown or malformed id says so', async () => {
    expect((await run('ticket TKT-ZZZZZZ', SLACK.approver)).text).toBe('No ticket TKT-ZZZZZZ here.');
    expect((await run('ticket 42', SLACK.approver)).text).toMatch(/Give a ticket id like TKT-/);
  });

  it('mode draft from a non-supervisor is refused privately and nothing is stored', async () => {
    const before = await modeOf(SLACK.sharedChannel);
    const answer = await run('mode draft', SLACK.staff, SLACK.sharedChannel);
    expect(answer.response_type).toBe('ephemeral');
    expect(answer.text).toMatch(/supervisor/i);
    expect(await modeOf(SLACK.sharedChannel)).toBe(before);
    expect(before).not.toBe('draft');
  });

  it('mode draft from a supervisor stores the channel mode; the next question becomes a draft for staff', async () => {
    const answer = await run('mode draft', SLACK.supervisor, SLACK.sharedChannel);
    expect(answer.response_type).toBe('ephemeral');
    expect(await modeOf(SLACK.sharedChannel)).toBe('draft');

    const ts = '1730000071.000100';
    await env.deliver({
      kind: 'event',
      payload: slackMessageEvent({ text: 'Where is my order 1042?', ts }),
    });
    await staffCardWith(env, 'ticket.send_draft');
    await env.adapter.idle();
    expect(env.slack.threadMessages(SLACK.sharedChannel, ts)).toHaveLength(0);
  });

  it('staff-channel is for supervisors; from one it moves the staff channel here', async () => {
    const newStaff = 'C0STAFF02';
    const refused = await run('staff-channel', SLACK.staff, newStaff);
    expect(refused.text).toMatch(/supervisor/i);
    expect(await slackStaffChannel()).toBe(SLACK.staffChannel);

    const answer = await run('staff-channel', SLACK.supervisor, newStaff);
    expect(answer.response_type).toBe('ephemeral');
    expect(await slackStaffChannel()).toBe(newStaff);
    // The next card goes there.
    await env.deliver({
      kind: 'event',
      payload: slackMessageEvent({
        text: 'I want to talk to a human about my invoice, now.',
        ts: '1730000072.000100',
        user: SLACK.guest,
        userTeam: SLACK.guestTeam,
        channel: 'C0ACME0RB',
      }),
    });
    await env.slack.waitFor((calls) =>
      calls.some((c) => c.method === 'chat.postMessage' && c.args.channel === newStaff),
    );
  });
});
