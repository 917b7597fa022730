import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLACK, blockAction, slackMessageEvent } from '../../support/slack-builders.js';
import { eventually, startSlackEnv, type SlackTestEnv } from './slack-setup.js';

/**
 * Issue 12, case 6: signed Slack bodies of shapes Slack never sends answered 500 (a listener's
 * TypeError reached Bolt's receiver). Each is now acknowledged and ignored (200) or refused (400),
 * and the process goes on answering real messages.
 */
describe('Slack: signed bodies of unexpected shapes', () => {
  let env: SlackTestEnv;
  beforeAll(async () => {
    env = await startSlackEnv();
  });
  afterAll(async () => {
    await env?.close();
  });

  const message = () => slackMessageEvent({ text: 'Where is my order 1042?' });
  const odd: Array<[string, () => import('../../support/slack-delivery.js').SlackDelivery]> = [
    ['event: null', () => ({ kind: 'event', payload: { ...message(), event: null } })],
    ['event: a string', () => ({ kind: 'event', payload: { ...message(), event: 'message' } })],
    ['event without type', () => ({ kind: 'event', payload: { ...message(), event: { text: 'hi' } } })],
    ['type: 5', () => ({ kind: 'event', payload: { ...message(), type: 5 } })],
    ['no type at all', () => ({ kind: 'event', payload: { token: 'x', team_id: SLACK.homeTeam } })],
    ['an array', () => ({ kind: 'event', payload: [1, 2, 3] as unknown as Record<string, unknown> })],
    ['authorizations: 7', () => ({ kind: 'event', payload: { ...message(), authorizations: 7 } })],
    [
      'event.user: an object',
      () => ({
        kind: 'event',
        payload: { ...message(), event: { type: 'message', user: { id: 1 }, text: 5, channel: [] } },
      }),
    ],
    [
      'actions as an object',
      () => ({
        kind: 'interaction',
        payload: { ...blockAction({ user: SLACK.approver, value: 'not-json' }), actions: { a: 1 } },
      }),
    ],
    [
      'actions: null',
      () => ({
        kind: 'interaction',
        payload: { ...blockAction({ user: SLACK.approver, value: 'not-json' }), actions: null },
      }),
    ],
    [
      'user: null',
      () => ({
        kind: 'interaction',
        payload: { ...blockAction({ user: SLACK.approver, value: 'not-json' }), user: null },
      }),
    ],
    [
      'interaction type: view_submission without view',
      () => ({
        kind: 'interaction',
        payload: { type: 'view_submission', user: { id: SLACK.approver }, team: null },
      }),
    ],
    ['interaction: no type', () => ({ kind: 'interaction', payload: { user: 5 } })],
    [
      'command without command',
      () => ({ kind: 'command', fields: { text: 'settings', user_id: SLACK.staff } }),
    ],
    [
      'command with odd fields',
      () => ({
        kind: 'command',
        fields: { command: '/switchboard', text: 'settings', user_id: '', team_id: '' },
      }),
    ],
  ];

  it('a message sent after all of them is stored and answered; each odd body left one warning', async () => {
    for (const [, delivery] of odd) await env.deliver(delivery());
    const event = message();
    const ts = (event.event as { ts: string }).ts;
    expect((await env.deliver({ kind: 'event', payload: event })).status).toBe(200);
    await eventually(
      async () => (await env.app.stores.messages.findByPlatformId(env.app.tenantId, 'slack', ts)) !== null,
    );
    await env.adapter.idle();
    const stored = await env.app.stores.messages.findByPlatformId(env.app.tenantId, 'slack', ts);
    const transcript = await env.app.stores.messages.listByTicket(env.app.tenantId, stored!.ticketId!);
    expect(transcript.some((m) => m.role === 'bot')).toBe(true);
    expect(
      env.logs.filter((l) => l.msg === 'slack: signed request of an unexpected shape ignored').length,
    ).toBeGreaterThanOrEqual(6);
  });

  const user = { id: SLACK.approver, team_id: SLACK.homeTeam };
  odd.push(
    [
      'app_home_opened with user null',
      () => ({ kind: 'event', payload: { ...message(), event: { type: 'app_home_opened', user: null } } }),
    ],
    [
      'a 100 KB user id',
      () => ({
        kind: 'event',
        payload: {
          ...message(),
          event: {
            type: 'message',
            user: 'U'.repeat(100_000),
            text: 'hi',
            channel: SLACK.sharedChannel,
            ts: '1.1',
          },
        },
      }),
    ],
    [
      'block_actions with an unknown action',
      () => ({
        kind: 'interaction',
        payload: { type: 'block_actions', user, actions: [{ action_id: 'x', value: '{"v":9}' }] },
      }),
    ],
    [
      'block_actions with no actions',
      () => ({ kind: 'interaction', payload: { type: 'block_actions', user, actions: [] } }),
    ],
    [
      'member_joined_channel without channel',
      () => ({ kind: 'event', payload: { ...message(), event: { type: 'member_joined_channel', user: 5 } } }),
    ],
    [
      'message with subtype and no message',
      () => ({
        kind: 'event',
        payload: {
          ...message(),
          event: { type: 'message', subtype: 'message_changed', channel: SLACK.sharedChannel },
        },
      }),
    ],
  );

  for (const [name, delivery] of odd) {
    it(`${name}: acknowledged or refused, never 5xx`, async () => {
      const res = await env.deliver(delivery());
      expect(res.status, await res.text()).toBeLessThan(500);
    });
  }
});
