import { afterEach, describe, expect, it } from 'vitest';
import { SLACK, blockAction, slackMessageEvent } from '../../support/slack-builders.js';
import { staffCardWith, startSlackEnv, type SlackTestEnv } from './slack-setup.js';

let env: SlackTestEnv | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

/**
 * Issue 12 (the approval kill drill): Slack got its 200 for an Approve click before the decision
 * was stored, so a process killed in between lost the click while the approver saw it accepted.
 * The click is acknowledged once it is decided.
 */
describe('an Approve click', () => {
  it('is acknowledged only once the decision is stored', async () => {
    env = await startSlackEnv();
    const res = await env.deliver({
      kind: 'event',
      payload: slackMessageEvent({
        text: 'Hi, this is Maya from Bluebird Cafe. Please refund order 1043, the espresso grinder arrived broken.',
        ts: '1730000020.000100',
      }),
    });
    expect(res.status).toBe(200);
    const card = await staffCardWith(env, 'approval.approve');
    const click = await env.deliver({
      kind: 'interaction',
      payload: blockAction({ user: SLACK.approver, value: card.data, messageTs: card.ts }),
    });
    expect(click.status).toBe(200);
    // At the moment Slack hears "received", the decision is already in the database.
    const approval = await env.app.db.collection('approvals').findOne({ orderId: '1043' });
    expect(approval?.status).not.toBe('pending');
    expect(approval?.decidedBy).toBeDefined();
  });
});
