import { MongoClient, type Collection, type Db } from 'mongodb';
import { afterEach, describe, expect, inject, it, onTestFinished } from 'vitest';
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
    // Posted in its turn: the write that ended the turn holds its sent mark (issue 13).
    const [shown] = await env.app.stores.outbox.list(env.app.tenantId, { ticketId: String(entry?.ticketId) });
    expect(shown?.status).toBe('sent');
    // Posted with its delivery id in Slack's message metadata.
    const posted = env.slack.calls.find((c) => c.method === 'chat.postMessage' && c.args.thread_ts === ts);
    expect(posted?.args.metadata).toEqual({
      event_type: 'switchboard_delivery',
      event_payload: { delivery_id: entry?.entryId },
    });

    // What a process killed right after Slack answered leaves: the entry still pending, its
    // poster's lease running out, and no sent mark in its turn (the finish never came).
    const now = env.app.clock.now();
    await outbox.updateOne(
      { _id: entry!._id },
      {
        $set: { status: 'pending', nextAttemptAt: now, leaseUntil: now },
        $unset: { result: '', sentAt: '', expiresAt: '' },
      },
    );
    const turn = entry?.turn as { home: string; record: string };
    await env.app.db
      .collection('thread_leases')
      .updateOne(
        { _id: turn.home as never },
        { $unset: { [`events.${encodeURIComponent(turn.record).replace(/\./g, '%2E')}.posted`]: '' } },
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

/**
 * A database handle whose `thread_leases` writes stop answering once the write that ends a turn
 * (the one that frees the thread's lease) is sent: the process dies after its post and before
 * that write. Reads, and every other collection, go on (the sweep is another process's).
 */
function turnFinishFreezingDb(db: Db) {
  let frozen = false;
  let reached: () => void = () => undefined;
  const reachedP = new Promise<void>((r) => (reached = r));
  const writes = new Set(['bulkWrite', 'updateOne', 'updateMany', 'findOneAndUpdate']);
  const endsTurn = (ops: unknown) =>
    Array.isArray(ops) &&
    ops.some((op: { updateOne?: { update?: Record<string, unknown> } }) => op.updateOne?.update?.$pull);
  const freezing = (col: Collection): Collection =>
    new Proxy(col, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver) as unknown;
        if (typeof value !== 'function' || !writes.has(String(prop))) return value;
        return (...args: unknown[]) => {
          if (!frozen && prop === 'bulkWrite' && endsTurn(args[0])) frozen = true;
          if (frozen) {
            reached();
            return new Promise(() => undefined);
          }
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  const proxied = new Proxy(db, {
    get(target, prop) {
      if (prop === 'collection')
        return (name: string, options?: object) => {
          const col = target.collection(name, options);
          return name === 'thread_leases' ? freezing(col) : col;
        };
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db: proxied, reached: () => reachedP };
}

describe('issue 13: a reply whose sent mark rides in the write that ends its turn', () => {
  it('killed after Slack answered and before that write: the sweep finds the reply and does not post it again', async () => {
    let freezing: ReturnType<typeof turnFinishFreezingDb> | undefined;
    // The app's own connection, through the freezing handle (closed after the app).
    const client = new MongoClient(inject('mongoUri'), { ignoreUndefined: true });
    onTestFinished(() => client.close());
    env = await startSlackEnv({
      drainTimeoutMs: 200,
      connect: async (name) => {
        await client.connect();
        freezing = turnFinishFreezingDb(client.db(name));
        return freezing.db;
      },
    });
    const ts = '1730000500.000100';
    await env.deliver({
      kind: 'event',
      payload: slackMessageEvent({ text: 'Hi, where is my order 1042?', ts }),
    });
    // Slack has the answer; the process "dies" on the write that would end the turn.
    await freezing!.reached();
    expect(env.slack.threadMessages(SLACK.sharedChannel, ts)).toHaveLength(1);
    const outbox = env.app.db.collection('outbox');
    const entry = await outbox.findOne({ kind: 'reply', 'payload.thread.threadId': ts });
    // Pending, and no mark anywhere: exactly what a kill between posting and marking left before.
    expect(entry?.status).toBe('pending');
    expect(entry?.turn).toBeDefined();

    // Past the poster's outbox lease and the run's journal lease: another process's sweep.
    env.app.clock.advance(6 * 60_000);
    const swept = await env.app.app.outbox.sweep();
    expect(swept.sent).toBe(1);
    expect(env.slack.threadMessages(SLACK.sharedChannel, ts)).toHaveLength(1);
    const after = await outbox.findOne({ _id: entry!._id });
    expect(after?.status).toBe('sent');
    const posted = env.slack.calls.find((c) => c.method === 'chat.postMessage' && c.args.thread_ts === ts);
    expect(after?.result?.messageId).toBe(String(posted?.result?.ts));
    // Later sweeps leave it alone.
    env.app.clock.advance(60 * 60_000);
    await env.app.app.outbox.sweep();
    expect(env.slack.threadMessages(SLACK.sharedChannel, ts)).toHaveLength(1);
  });
});
