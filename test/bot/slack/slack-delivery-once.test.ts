import type { Db } from 'mongodb';
import { afterEach, describe, expect, it } from 'vitest';
import { armedFreezingDb, freezingDb } from '../../support/freezing-db.js';
import { SLACK, slackMessageEvent } from '../../support/slack-builders.js';
import { OutboxEntrySchema } from '../../../src/conversation/outbox.schema.js';
import { slackTakeOver, startFreezingSlackEnv, startSlackEnv, type SlackTestEnv } from './slack-setup.js';

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
    // Posted in its turn: its entry rode in the answer's insert, the write that ended the turn
    // holds its sent mark (issue 13), and the outbox has no copy.
    const answer = await env.app.db
      .collection('messages')
      .findOne({ role: 'bot', 'thread.threadId': ts, delivery: { $exists: true } });
    const entry = OutboxEntrySchema.parse(answer?.delivery);
    expect(await outbox.countDocuments({ 'payload.thread.threadId': ts })).toBe(0);
    // Posted with its delivery id in Slack's message metadata.
    const posted = env.slack.calls.find((c) => c.method === 'chat.postMessage' && c.args.thread_ts === ts);
    expect(posted?.args.metadata).toEqual({
      event_type: 'switchboard_delivery',
      event_payload: { delivery_id: entry.entryId },
    });

    // What the recovery of a process killed right after Slack answered leaves: the entry put in
    // the outbox, pending, its poster's lease running out, and no sent mark in its turn.
    const now = env.app.clock.now();
    await env.app.db.collection('outbox').insertOne({
      _id: `${entry.tenantId}:${entry.entryId}` as never,
      ...entry,
      turn: undefined,
      nextAttemptAt: now,
      leaseUntil: now,
    });
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
    const after = await outbox.findOne({ _id: `${entry.tenantId}:${entry.entryId}` as never });
    expect(after?.status).toBe('sent');
    expect(after?.result?.messageId).toBe(String(posted?.result?.ts));
    // The transcript holds what the customer saw, once.
    const ticketId = String(entry.ticketId);
    const bot = await env.app.db.collection('messages').find({ ticketId, role: 'bot' }).toArray();
    expect(bot).toHaveLength(1);
  });
});

/**
 * A database handle whose `thread_leases` writes stop answering once the write that ends a turn
 * (the one that frees the thread's lease) is sent: the process dies after its post and before
 * that write. Reads, and every other collection, go on (the sweep is another process's).
 */
function turnFinishFreezingDb(db: Db) {
  let frozen = false;
  const writes = new Set(['bulkWrite', 'updateOne', 'updateMany', 'findOneAndUpdate']);
  const endsTurn = (ops: unknown) =>
    Array.isArray(ops) &&
    ops.some((op: { updateOne?: { update?: Record<string, unknown> } }) => op.updateOne?.update?.$pull);
  return freezingDb(db, 'thread_leases', ({ method, args, call, hang }) => {
    if (!writes.has(method)) return call();
    if (!frozen && method === 'bulkWrite' && endsTurn(args[0])) frozen = true;
    return frozen ? hang() : call();
  });
}

describe('issue 13: a turn whose answer carries its outbox entry, killed before the write that ends the turn', () => {
  for (const at of [
    'between its answer insert and the post',
    'after Slack answered, before that write',
  ] as const) {
    it(`killed ${at}: after another process takes over, one post and one stored answer`, async () => {
      const beforePost = at === 'between its answer insert and the post';
      // The app's own connection, through the freezing handle (closed after the app).
      // Before the post: the turn's `messages` insert is stored and then never answers, so the
      // process dies between the turn's answer (carrying its outbox entry) and the post.
      const started = await startFreezingSlackEnv((db) =>
        beforePost
          ? armedFreezingDb(db, 'messages', { method: 'insertMany', after: true, armed: true })
          : turnFinishFreezingDb(db),
      );
      env = started.env;
      const ts = beforePost ? '1730000600.000100' : '1730000500.000100';
      await env.deliver({
        kind: 'event',
        payload: slackMessageEvent({ text: 'Hi, where is my order 1042?', ts }),
      });
      await started.frozen.reached();
      expect(env.slack.threadMessages(SLACK.sharedChannel, ts)).toHaveLength(beforePost ? 0 : 1);
      // The entry is in the answer only: the outbox was not written in the turn.
      const outbox = env.app.db.collection('outbox');
      expect(await outbox.countDocuments({ 'payload.thread.threadId': ts })).toBe(0);
      const answer = await env.app.db
        .collection('messages')
        .findOne({ role: 'bot', 'thread.threadId': ts, delivery: { $exists: true } });
      expect(answer).not.toBeNull();

      // Past the killed run's journal lease and its poster's outbox lease: every sweep, twice.
      const app2 = await slackTakeOver(env);
      try {
        // One post in the customer's thread: made now, or found by its metadata and not repeated.
        expect(env.slack.threadMessages(SLACK.sharedChannel, ts)).toHaveLength(1);
        const after = await outbox.findOne({ kind: 'reply', 'payload.thread.threadId': ts });
        expect(after?.status).toBe('sent');
        const posted = env.slack.calls.filter(
          (c) => c.method === 'chat.postMessage' && c.args.thread_ts === ts,
        );
        expect(posted).toHaveLength(1);
        expect(after?.result?.messageId).toBe(String(posted[0]?.result?.ts));
        // One stored answer, no escalation.
        const ticketId = String(after?.ticketId);
        const bot = await env.app.db.collection('messages').find({ ticketId, role: 'bot' }).toArray();
        expect(bot).toHaveLength(1);
        const ticket = await env.app.db.collection('tickets').findOne({ ticketId });
        expect(ticket?.status).not.toBe('escalated');
        // Later sweeps leave it alone.
        env.app.clock.advance(60 * 60_000);
        await env.app.app.outbox.sweep();
        expect(env.slack.threadMessages(SLACK.sharedChannel, ts)).toHaveLength(1);
      } finally {
        await app2.stop();
      }
    });
  }
});
