import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLACK, blockAction, rejectSubmission, slackMessageEvent } from '../../support/slack-builders.js';
import { buttons, eventually, staffCardWith, startSlackEnv, type SlackTestEnv } from './slack-setup.js';

describe('Slack: rejecting a refund with a reason', () => {
  let env: SlackTestEnv;
  const askTs = '1730000050.000100';
  let card: { ts: string; approvalId: string };
  const approval = () => env.app.stores.approvals.get(env.app.tenantId, card.approvalId);
  const cardNow = () => env.slack.message(SLACK.staffChannel, card.ts);
  const refundsOf1043 = async () =>
    (await env.app.stores.orders.get(env.app.tenantId, '1043'))?.refunds.length ?? 0;
  const submit = (reason: string, extra: { privateMetadata?: string } = {}) =>
    env.deliver({
      kind: 'interaction',
      payload: rejectSubmission({ user: SLACK.approver, approvalId: card.approvalId, reason, ...extra }),
    });

  beforeAll(async () => {
    env = await startSlackEnv();
    await env.deliver({
      kind: 'event',
      payload: slackMessageEvent({ text: 'Please refund order 1043, it arrived broken.', ts: askTs }),
    });
    const found = await staffCardWith(env, 'approval.reject');
    card = { ts: found.ts, approvalId: found.data.approvalId };
  });
  afterAll(async () => {
    await env?.close();
  });

  it('Reject from a guest opens no modal: an ephemeral refusal, nothing changed', async () => {
    await env.deliver({
      kind: 'interaction',
      payload: blockAction({
        user: SLACK.guest,
        userTeam: SLACK.guestTeam,
        value: { v: 1, action: 'approval.reject', approvalId: card.approvalId },
        messageTs: card.ts,
      }),
    });
    await env.slack.waitFor((calls) =>
      calls.some((c) => c.method === 'chat.postEphemeral' && c.args.user === SLACK.guest),
    );
    expect(env.slack.callsTo('views.open')).toHaveLength(0);
    expect((await approval())?.status).toBe('pending');
  });

  it('Reject from an approver opens the reason modal on the click’s trigger_id, carrying only the approval id', async () => {
    const triggerId = '1730000700.987654321.0123456789abcdef0123456789abcdef';
    const res = await env.deliver({
      kind: 'interaction',
      payload: blockAction({
        user: SLACK.approver,
        value: { v: 1, action: 'approval.reject', approvalId: card.approvalId },
        messageTs: card.ts,
        triggerId,
      }),
    });
    expect(res.status).toBe(200);
    await env.slack.waitFor((calls) => calls.some((c) => c.method === 'views.open'));
    const [open] = env.slack.callsTo('views.open');
    const view = open?.args.view as { type: string; callback_id: string; private_metadata: string };
    expect(open?.args.trigger_id).toBe(triggerId);
    expect(view.type).toBe('modal');
    expect(view.private_metadata).toBe(card.approvalId);
    expect(JSON.stringify(view)).toContain('Why are you rejecting it?');
    // Opening the modal decides nothing.
    expect((await approval())?.status).toBe('pending');
    expect(buttons(cardNow()?.blocks).length).toBeGreaterThan(0);
  });

  it('an empty or over-long reason keeps the modal open with a field error, and nothing changes', async () => {
    const updatesBefore = env.slack.callsTo('chat.update').length;
    for (const [reason, message] of [
      ['', /say why/i],
      ['   \n ', /say why/i],
      ['x'.repeat(501), /500 characters/],
    ] as const) {
      const res = await submit(reason);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { response_action: string; errors: Record<string, string> };
      expect(body.response_action).toBe('errors');
      expect(body.errors.reason).toMatch(message);
    }
    await env.adapter.idle();
    expect((await approval())?.status).toBe('pending');
    expect(env.slack.callsTo('chat.update').length).toBe(updatesBefore);
  });

  it('metadata that is not an approval id is refused in the app DM, nothing changes', async () => {
    const res = await submit('Not eligible', { privateMetadata: '{"approvalId":"apr_x","admin":true}' });
    expect(res.status).toBe(200);
    await env.slack.waitFor((calls) =>
      calls.some((c) => c.method === 'chat.postMessage' && c.args.channel === SLACK.approver),
    );
    expect((await approval())?.status).toBe('pending');
  });

  it('a reason rejects the request: the card shows who and why, the customer is told in the thread', async () => {
    const reason = 'The damage is not covered: the box shows no transit damage.';
    const repliesBefore = env.slack.threadMessages(SLACK.sharedChannel, askTs).length;
    const res = await submit(`  ${reason}  `);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');

    await eventually(async () => (await approval())?.status === 'rejected');
    const stored = await approval();
    expect(stored?.rejectReason).toBe(reason);
    expect(stored?.decidedBy).toMatchObject({ name: 'Dana Whitfield' });

    await env.slack.waitFor(() => /Rejected by Dana Whitfield/.test(cardNow()?.text ?? ''));
    expect(JSON.stringify(cardNow()?.blocks)).toContain('no transit damage');
    expect(buttons(cardNow()?.blocks)).toHaveLength(0);

    await env.slack.waitFor(
      () => env.slack.threadMessages(SLACK.sharedChannel, askTs).length === repliesBefore + 1,
    );
    const told = env.slack.threadMessages(SLACK.sharedChannel, askTs).at(-1)?.text ?? '';
    expect(told).toMatch(/couldn’t approve/);
    expect(told).toContain('1043');
    expect(await refundsOf1043()).toBe(0);
  });
});
