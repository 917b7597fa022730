import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLACK, slackMessageEvent } from '../../support/slack-builders.js';
import { eventually, startSlackEnv, type SlackTestEnv } from './slack-setup.js';

describe('Slack over HTTP: receiving', () => {
  let env: SlackTestEnv;
  beforeAll(async () => {
    env = await startSlackEnv();
  });
  afterAll(async () => {
    await env?.close();
  });

  it('answers url_verification', async () => {
    const res = await env.deliver({
      kind: 'event',
      payload: {
        token: 'x',
        challenge: '3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P',
        type: 'url_verification',
      },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ challenge: '3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P' });
  });

  it('rejects a bad signature and a stale timestamp with 401, calling nothing', async () => {
    const before = env.slack.calls.length;
    const event = slackMessageEvent({ text: 'Refund order 1043 now', ts: '1730000001.000100' });
    const bad = await env.deliver({ kind: 'event', payload: event }, { badSignature: true });
    const stale = await env.deliver({ kind: 'event', payload: event }, { ageSeconds: 6 * 60 });
    expect(bad.status).toBe(401);
    expect(stale.status).toBe(401);
    await env.adapter.idle();
    expect(env.slack.calls.slice(before)).toEqual([]);
  });

  it('answers a Slack Connect customer once in the thread, even when Slack redelivers', async () => {
    const ts = '1730000010.000100';
    const event = slackMessageEvent({ text: 'Hi! Where is my order 1042?', ts, eventId: 'Ev0WHERE1042' });
    const first = await env.deliver({ kind: 'event', payload: event });
    expect(first.status).toBe(200);
    await env.slack.waitFor(() => env.slack.threadReplies(SLACK.sharedChannel, ts).length >= 1);
    const again = await env.deliver({ kind: 'event', payload: event }, { retryNum: 1 });
    const third = await env.deliver({ kind: 'event', payload: event });
    expect(again.status).toBe(200);
    expect(third.status).toBe(200);
    await env.adapter.idle();
    // A "Looking into this…" placeholder, if any, is replaced in place: the customer sees one message.
    const seen = env.slack.threadMessages(SLACK.sharedChannel, ts);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.text).toMatch(/1Z999AA10123456784|UPS/);
  });

  it('a reply Slack finally refuses (ok:false channel_not_found) is logged; the ticket keeps both messages', async () => {
    const ts = '1730000090.000100';
    env.slack.failNext('chat.postMessage', 'channel_not_found');
    const res = await env.deliver({
      kind: 'event',
      payload: slackMessageEvent({ text: 'Hello, where is my order 1042 now?', ts }),
    });
    expect(res.status).toBe(200);
    await env.slack.waitFor((calls) =>
      calls.some((c) => c.method === 'chat.postMessage' && c.args.thread_ts === ts && !c.result?.ok),
    );
    let customer: Awaited<ReturnType<typeof env.app.stores.messages.findByPlatformId>> = null;
    await eventually(async () => {
      customer = await env.app.stores.messages.findByPlatformId(env.app.tenantId, 'slack', ts);
      if (!customer?.ticketId) return false;
      const all = await env.app.stores.messages.listByTicket(env.app.tenantId, customer.ticketId);
      return all.some((m) => m.role === 'bot');
    });
    const transcript = await env.app.stores.messages.listByTicket(env.app.tenantId, customer!.ticketId!);
    expect(transcript.map((m) => m.role)).toEqual(['customer', 'bot']);
    expect(transcript[0]?.text).toBe('Hello, where is my order 1042 now?');
    expect(transcript[1]?.text).toMatch(/1Z999AA10123456784|UPS/);
    expect(await env.app.stores.tickets.get(env.app.tenantId, customer!.ticketId!)).not.toBeNull();
    // Nothing reached the customer, and the failure is in the log with Slack's error code.
    expect(env.slack.threadMessages(SLACK.sharedChannel, ts)).toHaveLength(0);
    const logged = env.logs.filter(
      (l) => Number(l.level) >= 50 && JSON.stringify(l).includes('channel_not_found'),
    );
    expect(logged.length).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(logged[0])).toContain(customer!.ticketId!);
  });
});
