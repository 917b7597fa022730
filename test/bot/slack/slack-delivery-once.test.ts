import { afterEach, describe, expect, it } from 'vitest';
import { SLACK, slackMessageEvent } from '../../support/slack-builders.js';
import { startSlackEnv, type SlackTestEnv } from './slack-setup.js';

let env: SlackTestEnv | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

describe('issue 12 case 2: a reply that may have been posted is never posted again blind', () => {
  it('after a kill between posting and recording it, the sweep finds the reply in the thread and does not repost', async () => {
    env = await startSlackEnv();
    const ts = '1730000400.000100';
    const text = 'Hi, where is my order 1042?';
    await env.deliver({ kind: 'event', payload: slackMessageEvent({ text, ts }) });
    await env.slack.waitFor(() => env!.slack.threadReplies(SLACK.sharedChannel, ts).length >= 1);
    await env.adapter.idle();
    const outbox = env.app.db.collection('outbox');
    const entry = await outbox.findOne({ kind: 'reply', 'payload.thread.threadId': ts });
    expect(entry?.status).toBe('sent');
    // Posted with its delivery id in Slack's message metadata.
    const posted = env.slack.calls.find((c) => c.method === 'chat.postMessage' && c.args.thread_ts === ts);
    expect(posted?.args.metadata).toEqual({
      event_type: 'switchboard_delivery',
      event_payload: { delivery_id: entry?.entryId },
    });

    // What a process killed right after Slack answered leaves: the entry still pending, its
    // poster's lease running out.
    const now = env.app.clock.now();
    await outbox.updateOne(
      { _id: entry!._id },
      {
        $set: { status: 'pending', nextAttemptAt: now, leaseUntil: now },
        $unset: { result: '', sentAt: '', expiresAt: '' },
      },
    );
    env.app.clock.advance(6 * 60_000);
    const swept = await env.app.app.outbox.sweep();
    expect(swept.sent).toBe(1);

    // Slack was asked (with metadata) where it is, and nothing was posted again.
    expect(
      env.slack.calls.some(
        (c) => c.method === 'conversations.replies' && String(c.args.include_all_metadata) === 'true',
      ),
    ).toBe(true);
    expect(env.slack.threadMessages(SLACK.sharedChannel, ts)).toHaveLength(1);
    const after = await outbox.findOne({ _id: entry!._id });
    expect(after?.status).toBe('sent');
    expect(after?.result?.messageId).toBe(String(posted?.result?.ts));
    // The transcript holds what the customer saw, once.
    const ticketId = String(entry?.ticketId);
    const bot = await env.app.db.collection('messages').find({ ticketId, role: 'bot' }).toArray();
    expect(bot).toHaveLength(1);
  });
});
