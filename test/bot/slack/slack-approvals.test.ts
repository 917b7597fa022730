import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SLACK,
  appHomeOpened,
  blockAction,
  rejectSubmission,
  slackMessageEvent,
} from '../../support/slack-builders.js';
import type { StaffAction } from '../../../src/conversation/ports.js';
import { buttons, startSlackEnv, type SlackTestEnv } from './slack-setup.js';

const settle = (ms = 300) => new Promise((r) => setTimeout(r, ms));

async function eventually(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await settle(25);
  }
}

describe('Slack approvals: a $250 refund', () => {
  let env: SlackTestEnv;
  const askTs = '1730000020.000100';
  let card: { ts: string; approve: StaffAction; reject: StaffAction };
  const refundsOf1043 = async () =>
    (await env.app.stores.orders.get(env.app.tenantId, '1043'))?.refunds.length ?? 0;
  const cardNow = () => env.slack.message(SLACK.staffChannel, card.ts);

  beforeAll(async () => {
    env = await startSlackEnv();
    const res = await env.deliver({
      kind: 'event',
      payload: slackMessageEvent({
        text: 'Hi, this is Maya from Bluebird Cafe. Please refund order 1043, the espresso grinder arrived broken.',
        ts: askTs,
      }),
    });
    expect(res.status).toBe(200);
    await env.slack.waitFor((calls) =>
      calls.some(
        (c) =>
          c.method === 'chat.postMessage' &&
          c.args.channel === SLACK.staffChannel &&
          buttons(c.args.blocks as unknown[]).length > 0,
      ),
    );
    const post = env.slack.calls.find(
      (c) => c.method === 'chat.postMessage' && c.args.channel === SLACK.staffChannel,
    )!;
    const bs = buttons(post.args.blocks as unknown[]);
    card = {
      ts: String(post.result?.ts),
      approve: bs.find((b) => b.data?.action === 'approval.approve')!.data!,
      reject: bs.find((b) => b.data?.action === 'approval.reject')!.data!,
    };
  });
  afterAll(async () => {
    await env?.close();
  });

  it('posts an approval card in the staff channel with the amount, the customer and the decision buttons', async () => {
    const shown = cardNow();
    expect(JSON.stringify(shown?.blocks)).toContain('250.00');
    expect(JSON.stringify(shown?.blocks)).toMatch(/Bluebird Cafe/);
    expect(buttons(shown?.blocks).map((b) => b.label)).toEqual(expect.arrayContaining(['Approve', 'Reject']));
    expect(await refundsOf1043()).toBe(0);
  });

  it('App Home shows the approver the pending approval with its buttons', async () => {
    await env.deliver({ kind: 'event', payload: appHomeOpened({ user: SLACK.approver }) });
    await env.slack.waitFor((calls) =>
      calls.some((c) => c.method === 'views.publish' && c.args.user_id === SLACK.approver),
    );
    const view = env.slack.callsTo('views.publish').at(-1)!.args.view as { type: string; blocks: unknown[] };
    expect(view.type).toBe('home');
    expect(JSON.stringify(view.blocks)).toContain('250.00');
    expect(buttons(view.blocks).some((b) => b.data?.action === 'approval.approve')).toBe(true);
  });

  it('refuses Approve from a Slack Connect guest with an ephemeral message, changing nothing', async () => {
    const updatesBefore = env.slack.callsTo('chat.update').length;
    // The payload's team is ours (the channel's host); the clicking user's own team is not.
    const res = await env.deliver({
      kind: 'interaction',
      payload: blockAction({
        user: SLACK.guest,
        userTeam: SLACK.guestTeam,
        payloadTeam: SLACK.homeTeam,
        value: card.approve,
        messageTs: card.ts,
      }),
    });
    expect(res.status).toBe(200);
    await env.slack.waitFor((calls) =>
      calls.some((c) => c.method === 'chat.postEphemeral' && c.args.user === SLACK.guest),
    );
    await env.adapter.idle();
    expect(await refundsOf1043()).toBe(0);
    expect(env.slack.callsTo('chat.update').length).toBe(updatesBefore);
    expect(buttons(cardNow()?.blocks).length).toBeGreaterThan(0);
  });

  it('refuses Approve from a staff member without approval rights', async () => {
    await env.deliver({
      kind: 'interaction',
      payload: blockAction({ user: SLACK.staff, value: card.approve, messageTs: card.ts }),
    });
    await env.slack.waitFor((calls) =>
      calls.some((c) => c.method === 'chat.postEphemeral' && c.args.user === SLACK.staff),
    );
    expect(await refundsOf1043()).toBe(0);
  });

  it('executes the refund once when an approver clicks Approve, updates the card and tells the customer', async () => {
    const toldBefore = env.slack.threadMessages(SLACK.sharedChannel, askTs).length;
    const res = await env.deliver({
      kind: 'interaction',
      payload: blockAction({ user: SLACK.approver, value: card.approve, messageTs: card.ts }),
    });
    expect(res.status).toBe(200);
    await eventually(async () => (await refundsOf1043()) === 1);
    await env.slack.waitFor(
      () => /refund/i.test(cardNow()?.text ?? '') && !/executing/i.test(cardNow()?.text ?? ''),
    );
    expect(buttons(cardNow()?.blocks)).toHaveLength(0);
    expect(cardNow()?.text).toMatch(/Approved by Dana Whitfield/);
    await env.slack.waitFor(
      () => env.slack.threadMessages(SLACK.sharedChannel, askTs).length === toldBefore + 1,
    );
    expect(env.slack.threadMessages(SLACK.sharedChannel, askTs).at(-1)?.text).toMatch(/refund/i);
  });

  it('does nothing more when the same Approve arrives twice', async () => {
    const tellsBefore = env.slack.threadMessages(SLACK.sharedChannel, askTs).length;
    await env.deliver({
      kind: 'interaction',
      payload: blockAction({ user: SLACK.approver, value: card.approve, messageTs: card.ts }),
    });
    await env.deliver({
      kind: 'interaction',
      payload: blockAction({ user: SLACK.supervisor, value: card.approve, messageTs: card.ts }),
    });
    await env.adapter.idle();
    expect(await refundsOf1043()).toBe(1);
    expect(env.slack.threadMessages(SLACK.sharedChannel, askTs).length).toBe(tellsBefore);
    expect(buttons(cardNow()?.blocks)).toHaveLength(0);
  });

  it('a Reject submitted after the decision is refused with a sentence in the app DM', async () => {
    await env.deliver({
      kind: 'interaction',
      payload: rejectSubmission({
        user: SLACK.approver,
        approvalId: (card.reject as { approvalId: string }).approvalId,
        reason: 'Duplicate request',
      }),
    });
    // The modal has closed by then, so the answer goes to the person's DM with the app.
    await env.slack.waitFor((calls) =>
      calls.some((c) => c.method === 'chat.postMessage' && c.args.channel === SLACK.approver),
    );
    const dm = env.slack.callsTo('chat.postMessage').find((c) => c.args.channel === SLACK.approver);
    expect(dm?.args.text).toMatch(/Already approved by Dana Whitfield/);
    expect(await refundsOf1043()).toBe(1);
  });
});
