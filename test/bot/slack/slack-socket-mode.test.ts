import express from 'express';
import pino from 'pino';
import { ExpressReceiver, SocketModeReceiver } from '@slack/bolt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSlackAdapter } from '../../../src/bot/slack/index.js';
import { createEventBus } from '../../../src/conversation/event-bus.js';
import { startTestApp, type TestApp } from '../../support/app-harness.js';
import { startFakeSlackApi, type FakeSlackApi } from '../../support/fake-slack-api.js';
import { slackMessageEvent } from '../../support/slack-builders.js';
import { deliverToSlackEndpoint } from '../../support/slack-delivery.js';
import { slackConfig } from './slack-setup.js';

/** Mounts an adapter on a fresh express app of its own and serves it on loopback. */
async function serve(http: express.Express): Promise<{ url: string; close(): Promise<void> }> {
  return new Promise((resolve) => {
    const server = http.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

describe('Slack receiving mode', () => {
  let env: TestApp;
  let slack: FakeSlackApi;
  beforeAll(async () => {
    // The real engine on a seeded database; the adapters below are mounted by hand, never started.
    env = await startTestApp();
    slack = await startFakeSlackApi();
  });
  afterAll(async () => {
    await env?.close();
    await slack?.close();
  });

  it('with SLACK_APP_TOKEN builds a Socket Mode receiver, mounts no HTTP route and calls nothing', async () => {
    const adapter = createSlackAdapter({
      config: slackConfig(slack.url, {
        appToken: 'xapp-1-A0SWITCHB-1730000000000-0123456789abcdef0123456789abcdef',
        signingSecret: undefined,
      }),
      logger: pino({ level: 'silent' }),
      clock: env.clock,
    });
    const http = express();
    await adapter.mount(http, env.engine, { events: createEventBus() });
    expect(adapter.receiver).toBeInstanceOf(SocketModeReceiver);

    const server = await serve(http);
    try {
      const res = await deliverToSlackEndpoint(
        server.url,
        { kind: 'event', payload: slackMessageEvent({ text: 'Where is order 1042?' }) },
        { timestamp: Math.floor(env.clock.now().getTime() / 1000) },
      );
      expect(res.status).toBe(404);
    } finally {
      await server.close();
    }
    // Nothing reached Slack: the WebSocket opens only on start().
    expect(slack.calls).toEqual([]);
  });

  it('without an app token receives over HTTP on POST /slack/events', async () => {
    const adapter = createSlackAdapter({
      config: slackConfig(slack.url),
      logger: pino({ level: 'silent' }),
      clock: env.clock,
    });
    const http = express();
    await adapter.mount(http, env.engine, { events: createEventBus() });
    expect(adapter.receiver).toBeInstanceOf(ExpressReceiver);
    const server = await serve(http);
    try {
      const res = await deliverToSlackEndpoint(
        server.url,
        { kind: 'event', payload: { type: 'url_verification', challenge: 'c0ffee', token: 'x' } },
        { timestamp: Math.floor(env.clock.now().getTime() / 1000) },
      );
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ challenge: 'c0ffee' });
    } finally {
      await server.close();
    }
  });
});
