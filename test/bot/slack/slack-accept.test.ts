import { afterEach, describe, expect, it } from 'vitest';
import { createOfflineAgent } from '../../../src/agent/offline/offline-agent.js';
import type { Agent } from '../../../src/agent/types.js';
import pino from 'pino';
import { startMongoProxy, type MongoProxy } from '../../support/mongo-proxy.js';
import { journalRecords } from '../../support/journal.js';
import { SLACK, slackMessageEvent } from '../../support/slack-builders.js';
import { eventually, startSlackEnv, type SlackTestEnv } from './slack-setup.js';

let env: SlackTestEnv | undefined;
let proxy: MongoProxy | undefined;
afterEach(async () => {
  await proxy?.up();
  await env?.close();
  await proxy?.close();
  env = undefined;
  proxy = undefined;
});

describe('issue 12 case 1: Slack is acknowledged only once the message is stored', () => {
  it('answers 503 while the database is down, and the redelivery is answered exactly once', async () => {
    proxy = await startMongoProxy();
    const p = proxy;
    env = await startSlackEnv({ connect: async (name) => (await p.connect(name)).db });
    // The workspace and the author are known from an earlier message, as in a running install.
    const warmTs = '1730000100.000100';
    await env.deliver({
      kind: 'event',
      payload: slackMessageEvent({ text: 'Hi, where is order 1042?', ts: warmTs }),
    });
    await env.slack.waitFor(() => env!.slack.threadReplies(SLACK.sharedChannel, warmTs).length >= 1);
    await env.adapter.idle();

    const ts = '1730000200.000100';
    const event = slackMessageEvent({ text: 'Where is my order 1043 please?', ts, eventId: 'Ev0DBDOWN01' });
    p.down();
    const during = await env.deliver({ kind: 'event', payload: event });
    // Not 200: Slack keeps the event and sends it again (it retries 5xx answers).
    expect(during.status).toBe(503);
    expect(await during.json()).toEqual({ error: 'The event could not be stored; send it again.' });
    await env.adapter.idle();
    expect(env.slack.threadReplies(SLACK.sharedChannel, ts)).toHaveLength(0);

    await p.up();
    // Slack retries a 5xx answer; the driver may need a heartbeat to see the database again, so
    // the first retry can still be a 503 (nothing stored, nothing answered): retry as Slack does.
    let retryNum = 0;
    let retry: Response;
    do {
      retryNum++;
      if (retryNum > 1) await new Promise((r) => setTimeout(r, 500));
      retry = await env.deliver({ kind: 'event', payload: event }, { retryNum });
    } while (retry.status === 503 && retryNum < 40);
    expect(retry.status).toBe(200);
    await env.slack.waitFor(() => env!.slack.threadReplies(SLACK.sharedChannel, ts).length >= 1);
    const again = await env.deliver({ kind: 'event', payload: event }, { retryNum: retryNum + 1 });
    expect(again.status).toBe(200);
    await env.adapter.idle();
    const seen = env.slack.threadMessages(SLACK.sharedChannel, ts);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.text).toContain('1043');
    const stored = await env.app.db
      .collection('messages')
      .countDocuments({ text: 'Where is my order 1043 please?' });
    expect(stored).toBe(1);
  }, 120_000);

  it('a message acknowledged by a process that died before running it is answered after restart', async () => {
    // The first process stores the event, answers Slack, and dies before its run gets anywhere.
    const inner = createOfflineAgent({ logger: pino({ level: 'silent' }), clock: { now: () => new Date() } });
    let hang = true;
    let started = false;
    const agent: Agent = {
      kind: inner.kind,
      phrase: inner.phrase.bind(inner),
      run: (input, hooks) => {
        started = true;
        return hang ? new Promise(() => undefined) : inner.run(input, hooks);
      },
    };
    env = await startSlackEnv({ agent, drainTimeoutMs: 100 });
    const ts = '1730000300.000100';
    const event = slackMessageEvent({
      text: 'Can you tell me where order 1042 is?',
      ts,
      eventId: 'Ev0KILLED01',
    });
    const first = await env.deliver({ kind: 'event', payload: event });
    expect(first.status).toBe(200);
    const db = env.app.db;
    await eventually(async () => (await journalRecords(db, 'Ev0KILLED01')).length === 1);
    // The run got as far as asking the model, then waits on it forever. The customer's words are
    // in the journal record, not yet in the messages (they go with the answer, in one insert).
    await eventually(async () => started);
    const messages = env.app.db.collection('messages');
    expect(await messages.countDocuments({ 'thread.threadId': ts })).toBe(0);
    // "Killed": its lease is never renewed again. A fresh process on the same database takes it.
    await env.app.app.stop();
    hang = false;
    const { createApp } = await import('../../../src/app.js');
    const { loadConfig } = await import('../../../src/config.js');
    const { createSlackAdapter } = await import('../../../src/bot/slack/index.js');
    const { slackConfig } = await import('./slack-setup.js');
    const logger = pino({ level: 'silent' });
    const adapter = createSlackAdapter({
      config: slackConfig(env.slack.url),
      logger,
      clock: env.app.clock,
      retryConfig: { retries: 0 },
    });
    env.app.clock.advance(5 * 60_000);
    const second = await createApp({
      config: loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'never', LOG_LEVEL: 'silent' }),
      logger,
      db: env.app.db,
      agent: inner,
      adapters: [adapter],
      clock: env.app.clock,
      ids: env.app.ids,
      sweepIntervalMs: 3_600_000,
    });
    try {
      await second.sweepsIdle();
      await env.slack.waitFor(() => env!.slack.threadReplies(SLACK.sharedChannel, ts).length >= 1);
      const seen = env.slack.threadMessages(SLACK.sharedChannel, ts);
      // Nothing of the dead run was queued: the restarted process runs the message again from its
      // journal record and answers it, once.
      expect(seen).toHaveLength(1);
      expect(seen[0]?.text).toContain('1042');
      expect(await env.app.db.collection('tickets').countDocuments({ 'thread.threadId': ts })).toBe(1);
      expect(await messages.countDocuments({ 'thread.threadId': ts, role: 'customer' })).toBe(1);
      expect((await journalRecords(db, 'Ev0KILLED01'))[0]?.state).toBe('done');
      // Slack's redelivery after all this changes nothing.
      await second.engine.handleInbound({
        platform: 'slack',
        tenantId: env.app.tenantId,
        eventId: 'Ev0KILLED01',
        channelId: SLACK.sharedChannel,
        messageId: ts,
        author: { userId: SLACK.customer, isExternal: true },
        text: 'Can you tell me where order 1042 is?',
        receivedAt: new Date(),
      });
      expect(env.slack.threadMessages(SLACK.sharedChannel, ts)).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });
});
