import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSlackAdapter } from '../../../src/bot/slack/index.js';
import { UpstreamError } from '../../../src/errors.js';
import { fixedClock } from '../../support/clock.js';
import { startFakeSlackApi, type FakeSlackApi } from '../../support/fake-slack-api.js';
import { SLACK } from '../../support/slack-builders.js';
import { slackConfig } from './slack-setup.js';

const thread = { platform: 'slack' as const, channelId: SLACK.sharedChannel, threadId: SLACK.ts };

describe('Slack ChannelPort over the Web API', () => {
  let slack: FakeSlackApi;
  let port: ReturnType<typeof createSlackAdapter>['port'];
  beforeAll(async () => {
    slack = await startFakeSlackApi();
    port = createSlackAdapter({
      config: slackConfig(slack.url),
      logger: pino({ level: 'silent' }),
      clock: fixedClock(),
      retryConfig: { retries: 2, factor: 1, minTimeout: 10, maxTimeout: 20 },
    }).port;
  });
  afterAll(async () => {
    await slack.close();
  });

  it('waits out a 429 Retry-After and posts the reply once', async () => {
    slack.rateLimitNext('chat.postMessage', 1);
    const started = Date.now();
    const ref = await port.replyInThread(
      SLACK.homeTeam,
      { ...thread, threadId: '1730000001.000100' },
      { text: 'Your order 1042 ships with UPS.' },
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    const shown = slack.threadMessages(SLACK.sharedChannel, '1730000001.000100');
    expect(shown.map((m) => m.text)).toEqual(['Your order 1042 ships with UPS.']);
    expect(ref).toMatchObject({ platform: 'slack', channelId: SLACK.sharedChannel, messageId: shown[0]?.ts });
  });

  it('turns a final ok:false into an UpstreamError naming Slack’s error code', async () => {
    slack.failNext('chat.postMessage', 'channel_not_found');
    const err = await port.replyInThread(SLACK.homeTeam, thread, { text: 'hello' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamError);
    expect((err as Error).message).toContain('channel_not_found');
  });

  it('posts a placeholder at once and replaces it with the answer in place', async () => {
    const t = { ...thread, threadId: '1730000002.000100' };
    const placeholder = await port.showWorking!(SLACK.homeTeam, t);
    expect(slack.threadMessages(SLACK.sharedChannel, t.threadId).map((m) => m.text)).toEqual([
      'Looking into this…',
    ]);
    await port.updateMessage(SLACK.homeTeam, placeholder!, {
      text: 'Refunds take 5–7 days <b>&</b>',
      citations: [{ articleId: 'kb_refunds', title: 'Refunds', url: 'https://help.example/refunds' }],
    });
    const [only] = slack.threadMessages(SLACK.sharedChannel, t.threadId);
    expect(only?.text).toBe('Refunds take 5–7 days &lt;b&gt;&amp;&lt;/b&gt;');
    expect(JSON.stringify(only?.blocks)).toContain('<https://help.example/refunds|Refunds>');
  });

  it('gives the permalink of a thread, or nothing when Slack refuses', async () => {
    expect(await port.threadLink!(SLACK.homeTeam, thread)).toBe(
      `https://northwind.slack.com/archives/${SLACK.sharedChannel}/p1730000000000100`,
    );
    slack.failNext('chat.getPermalink', 'channel_not_found');
    expect(await port.threadLink!(SLACK.homeTeam, thread)).toBeUndefined();
  });
});
