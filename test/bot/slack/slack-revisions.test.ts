import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLACK, slackMessageEvent } from '../../support/slack-builders.js';
import { eventually, startSlackEnv, type SlackTestEnv } from './slack-setup.js';

describe('Slack: customers editing and deleting their messages', () => {
  let env: SlackTestEnv;
  const rootTs = '1730000060.000100';
  const followTs = '1730000061.000100';
  const stored = (ts: string) => env.app.stores.messages.findByPlatformId(env.app.tenantId, 'slack', ts);
  const botPostsInThread = () =>
    env.slack
      .callsTo('chat.postMessage')
      .filter((c) => c.args.channel === SLACK.sharedChannel && c.args.thread_ts === rootTs).length;

  beforeAll(async () => {
    env = await startSlackEnv();
    await env.deliver({
      kind: 'event',
      payload: slackMessageEvent({ text: 'Hi, where is my order 1042?', ts: rootTs }),
    });
    await env.slack.waitFor(() => env.slack.threadMessages(SLACK.sharedChannel, rootTs).length >= 1);
    await env.deliver({
      kind: 'event',
      payload: slackMessageEvent({
        text: 'Also, can I change the delivery address?',
        ts: followTs,
        threadTs: rootTs,
      }),
    });
    await eventually(async () => (await stored(followTs)) !== null);
    await env.adapter.idle();
  });
  afterAll(async () => {
    await env?.close();
  });

  it('an edit is recorded on the ticket with the new text, and the bot does not answer it', async () => {
    const postsBefore = botPostsInThread();
    const updatesBefore = env.slack.callsTo('chat.update').length;
    const before = await stored(rootTs);
    expect(before?.ticketId).toMatch(/^TKT-/);
    const res = await env.deliver({
      kind: 'event',
      payload: slackMessageEvent({
        subtype: 'message_changed',
        text: 'Hi, where is my order 1042? It was due yesterday.',
        previous: { text: 'Hi, where is my order 1042?', ts: rootTs },
        ts: rootTs,
      }),
    });
    expect(res.status).toBe(200);
    // The edit's run writes the message, then the ticket's transcript (both are awaited).
    await env.adapter.idle();
    await eventually(async () => (await stored(rootTs))?.edited === true);
    const after = await stored(rootTs);
    expect(after?.text).toBe('Hi, where is my order 1042? It was due yesterday.');
    expect(after?.ticketId).toBe(before?.ticketId);
    const keptText = async () =>
      (await env.app.stores.messages.listByTicket(env.app.tenantId, after!.ticketId!)).find(
        (m) => m.platformMessageId === rootTs,
      )?.text;
    await eventually(async () => (await keptText())?.includes('due yesterday') === true);
    expect(await keptText()).toContain('due yesterday');
    expect(botPostsInThread()).toBe(postsBefore);
    expect(env.slack.callsTo('chat.update').length).toBe(updatesBefore);
  });

  it('a link unfurl (message_changed with the same text) changes nothing', async () => {
    const text = 'Also, can I change the delivery address?';
    await env.deliver({
      kind: 'event',
      payload: slackMessageEvent({
        subtype: 'message_changed',
        text,
        previous: { text, ts: followTs },
        ts: followTs,
        threadTs: rootTs,
      }),
    });
    await env.adapter.idle();
    expect((await stored(followTs))?.edited).toBe(false);
  });

  it('a deletion is recorded on the ticket (the words dropped), and the bot does not answer it', async () => {
    const postsBefore = botPostsInThread();
    const res = await env.deliver({
      kind: 'event',
      payload: slackMessageEvent({
        subtype: 'message_deleted',
        text: 'Also, can I change the delivery address?',
        ts: followTs,
      }),
    });
    expect(res.status).toBe(200);
    await eventually(async () => (await stored(followTs))?.deleted === true);
    expect((await stored(followTs))?.text).toBe('');
    await env.adapter.idle();
    expect(botPostsInThread()).toBe(postsBefore);
  });
});
