import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLACK, blockAction, slackMessageEvent, slashCommand } from '../../support/slack-builders.js';
import type { StaffAction } from '../../../src/conversation/ports.js';
import { startSlackEnv, type SlackTestEnv } from './slack-setup.js';

function buttonData(blocks: unknown): StaffAction[] {
  const out: StaffAction[] = [];
  for (const b of (blocks ?? []) as Array<{ type: string; elements?: Array<{ value?: string }> }>) {
    if (b.type === 'actions')
      for (const e of b.elements ?? []) if (e.value) out.push(JSON.parse(e.value) as StaffAction);
  }
  return out;
}

describe('Slack takeover and staff in the thread', () => {
  let env: SlackTestEnv;
  beforeAll(async () => {
    env = await startSlackEnv();
  });
  afterAll(async () => {
    await env?.close();
  });

  it('escalation → Take over → the customer is told who joined and the bot stays silent after', async () => {
    const root = '1730000030.000100';
    await env.deliver({
      kind: 'event',
      payload: slackMessageEvent({
        text: 'This is the third time I ask. I want to talk to a human, now.',
        ts: root,
      }),
    });
    await env.slack.waitFor((calls) =>
      calls.some(
        (c) =>
          c.method === 'chat.postMessage' &&
          c.args.channel === SLACK.staffChannel &&
          buttonData(c.args.blocks).some((d) => d.action === 'ticket.takeover'),
      ),
    );
    const card = env.slack.calls.find(
      (c) => c.method === 'chat.postMessage' && c.args.channel === SLACK.staffChannel,
    )!;
    const takeover = buttonData(card.args.blocks).find((d) => d.action === 'ticket.takeover')!;
    const before = env.slack.threadMessages(SLACK.sharedChannel, root).length;

    const res = await env.deliver({
      kind: 'interaction',
      payload: blockAction({ user: SLACK.supervisor, value: takeover, messageTs: String(card.result?.ts) }),
    });
    expect(res.status).toBe(200);
    await env.slack.waitFor(() => env.slack.threadMessages(SLACK.sharedChannel, root).length === before + 1);
    expect(env.slack.threadMessages(SLACK.sharedChannel, root).at(-1)?.text).toContain('Sam Okafor');

    const afterJoin = env.slack.threadMessages(SLACK.sharedChannel, root).length;
    await env.deliver({
      kind: 'event',
      payload: slackMessageEvent({
        text: 'Where is order 1042 by the way?',
        ts: '1730000031.000100',
        threadTs: root,
      }),
    });
    await env.adapter.idle();
    expect(env.slack.threadMessages(SLACK.sharedChannel, root).length).toBe(afterJoin);
  });

  it('a staff member writing in a customer thread silences the bot there', async () => {
    // Another customer (Jordan of Acme Robotics) in Acme's own shared channel: a fresh ticket.
    const channel = 'C0ACME0RB';
    const customer = { user: SLACK.guest, userTeam: SLACK.guestTeam, channel };
    const root = '1730000040.000100';
    await env.deliver({
      kind: 'event',
      payload: slackMessageEvent({ ...customer, text: 'How do returns work for you?', ts: root }),
    });
    await env.slack.waitFor(() => env.slack.threadMessages(channel, root).length >= 1);
    await env.adapter.idle();
    const answered = env.slack.threadMessages(channel, root).length;

    await env.deliver({
      kind: 'event',
      payload: slackMessageEvent({
        channel,
        text: 'Hi Jordan, Riley here — I’ll take this one.',
        user: SLACK.staff,
        userTeam: SLACK.homeTeam,
        ts: '1730000041.000100',
        threadTs: root,
      }),
    });
    await env.adapter.idle();
    await env.deliver({
      kind: 'event',
      payload: slackMessageEvent({
        ...customer,
        text: 'Thanks! And where is order 1044?',
        ts: '1730000042.000100',
        threadTs: root,
      }),
    });
    await env.adapter.idle();
    expect(env.slack.threadMessages(channel, root).length).toBe(answered);
  });

  it('/switchboard status answers the staff member privately with the ticket counts', async () => {
    const res = await env.deliver({
      kind: 'command',
      fields: slashCommand({ text: 'status', user: SLACK.approver }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { response_type: string; text: string };
    expect(body.response_type).toBe('ephemeral');
    for (const label of ['Open', 'Waiting for approval', 'Escalated', 'With staff', 'Resolved'])
      expect(body.text).toContain(label);
    // The two tickets taken over above (by Take over, and by Riley writing in the thread).
    expect(body.text).toMatch(/With staff:\* 2\b/);
  });

  it('/switchboard refuses a Slack Connect guest', async () => {
    const res = await env.deliver({
      kind: 'command',
      fields: slashCommand({ text: 'status', user: SLACK.guest }),
    });
    const body = (await res.json()) as { text: string };
    expect(body.text).toMatch(/Only members of this workspace/);
  });
});
