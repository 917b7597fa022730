/**
 * The requests of the hostile-input drill (drill/hostile.ts): bodies of every odd shape for each
 * route, each carrying a card number and an email address that must never come back out.
 */
import { signSlackRequest } from '../test/support/slack-delivery.js';

export const SECRET = 'drill-signing-secret-0000000000000';
export const TEAM = 'T0DEMO0001';
const CARD = '4111 1111 1111 1111';
export const CARD_DIGITS = /4111[ -]?1111[ -]?1111[ -]?1111/;
export const EMAIL = 'drill.leak@hostile.example';
export const STACK = /\n[ \t]+at [^\n]+\(|node_modules\/|\/dist\/[\w/-]+\.js|<pre>|<!DOCTYPE/i;
export const MAYA = { customerId: 'cus_bluebird', contactEmail: 'maya@bluebirdcafe.example' };
export const PRIYA = { customerId: 'cus_cobalt', contactEmail: 'priya@cobaltlabs.example' };

export interface Shot {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export const json = { 'content-type': 'application/json' };
const form = { 'content-type': 'application/x-www-form-urlencoded' };
const planted = { note: `card ${CARD} mail ${EMAIL}` };

function signed(body: string, contentType: Record<string, string>): Record<string, string> {
  return { ...contentType, ...signSlackRequest(body, SECRET, Math.floor(Date.now() / 1000)) };
}

const slackEvent = (event: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    token: 'x',
    team_id: TEAM,
    api_app_id: 'A0SWITCHB',
    type: 'event_callback',
    event_id: `Ev${Math.random().toString(36).slice(2)}`,
    event_time: Math.floor(Date.now() / 1000),
    event,
    ...planted,
    ...extra,
  });
const interaction = (payload: Record<string, unknown>) =>
  new URLSearchParams({ payload: JSON.stringify({ ...payload, ...planted }) }).toString();

/** Bodies of every odd shape, each carrying the planted card number and email address. */
export function shapes(): Array<() => Shot> {
  const big = 'x'.repeat(2_100_000);
  const deep = '['.repeat(50_000) + ']'.repeat(50_000);
  const slack = (body: string, type = json): Shot => ({
    method: 'POST',
    path: '/slack/events',
    headers: signed(body, type),
    body,
  });
  const teams = (body: string, headers: Record<string, string> = json): Shot => ({
    method: 'POST',
    path: '/api/messages',
    headers,
    body,
  });
  const sandbox = (route: string, body: string, headers: Record<string, string> = json): Shot => ({
    method: 'POST',
    path: `/sandbox/api${route}`,
    headers,
    body,
  });
  const user = { id: 'U0DANA001', team_id: TEAM };
  return [
    // Slack, signed, shapes Slack never sends.
    () => slack(slackEvent(null)),
    () => slack(slackEvent('message')),
    () => slack(slackEvent({ text: EMAIL })),
    () => slack(slackEvent({ type: 'message', user: { id: 1 }, text: 5, channel: [] })),
    () =>
      slack(slackEvent({ type: 'message', user: 'U'.repeat(100_000), text: CARD, channel: 'C1', ts: '1.1' })),
    () => slack(slackEvent({ type: 'app_home_opened', user: null })),
    () => slack(slackEvent({ type: 'message' }, { authorizations: 7, type: 5 })),
    () => slack(JSON.stringify([1, 2, CARD])),
    () => slack(`{"type":"event_callback","event":{"text":"${CARD}`),
    () => slack(interaction({ type: 'block_actions', user, actions: { a: 1 } }), form),
    () => slack(interaction({ type: 'block_actions', user, actions: null }), form),
    () => slack(interaction({ type: 'block_actions', user: null, actions: [] }), form),
    () =>
      slack(
        interaction({ type: 'block_actions', user, actions: [{ action_id: 'x', value: '{"v":9}' }] }),
        form,
      ),
    () => slack(interaction({ type: 'view_submission', user }), form),
    () => slack(interaction({ user: 5 }), form),
    () => slack(`payload=${encodeURIComponent(`{"type":"block_actions","x":"${CARD}`)}`, form),
    () =>
      slack(
        new URLSearchParams({ command: '/switchboard', text: `settings ${EMAIL}`, user_id: '' }).toString(),
        form,
      ),
    () => slack(new URLSearchParams({ text: CARD }).toString(), form),
    // Slack, unsigned or wrongly signed.
    () => ({
      method: 'POST',
      path: '/slack/events',
      headers: json,
      body: slackEvent({ type: 'message', text: CARD }),
    }),
    () => ({
      method: 'POST',
      path: '/slack/events',
      headers: { ...json, 'x-slack-signature': 'v0=00', 'x-slack-request-timestamp': 'now' },
      body: slackEvent(null),
    }),
    () => ({ method: 'POST', path: '/slack/events', headers: json, body: big }),
    // Teams (emulator mode: no token to check, so the body's shape is what is judged).
    () => teams('{}'),
    () => teams(''),
    () => teams('{"type":5}'),
    () => teams(JSON.stringify({ type: 'message', text: CARD, ...planted })),
    () =>
      teams(
        JSON.stringify({
          type: 'message',
          channelId: 'msteams',
          serviceUrl: 'not a url',
          from: { id: EMAIL },
        }),
      ),
    () => teams(`{"type":"message","text":"${CARD} ${EMAIL}`),
    () => teams(JSON.stringify([CARD])),
    () => teams(deep),
    () => teams(big),
    () => teams(`text=${CARD}`, form),
    () => teams('null'),
    // Sandbox.
    () => sandbox('/customer-messages', '{}'),
    () => sandbox('/customer-messages', `{"text":"${CARD} ${EMAIL}`),
    () => sandbox('/customer-messages', JSON.stringify({ ...MAYA, text: ['hi'], ...planted })),
    () =>
      sandbox('/customer-messages', JSON.stringify({ customerId: EMAIL, contactEmail: CARD, text: 'hi' })),
    () => sandbox('/customer-messages', JSON.stringify({ ...MAYA, text: 'x'.repeat(40_001) })),
    () => sandbox('/customer-messages', JSON.stringify({ ...MAYA, text: 'hi', threadId: { $gt: '' } })),
    () => sandbox('/customer-messages', `customerId=${EMAIL}&text=${CARD}`, form),
    () => sandbox('/customer-messages', big),
    () => sandbox('/customer-messages', deep),
    () =>
      sandbox(
        '/staff-actions',
        JSON.stringify({ action: 'approval.approve', approvalId: { $ne: 1 }, ...planted }),
      ),
    () => sandbox('/staff-actions', JSON.stringify({ v: 1, action: 'ticket.take', ticketId: EMAIL })),
    () => sandbox('/staff-messages', JSON.stringify({ text: CARD, threadId: 5 })),
    () => sandbox('/channel-mode', JSON.stringify({ mode: CARD })),
    () => sandbox('/nope', JSON.stringify(planted)),
    () => ({ method: 'GET', path: `/sandbox/api/tickets/${encodeURIComponent(EMAIL)}`, headers: {} }),
    () => ({ method: 'GET', path: `/sandbox/api/channels/${'%FF'.repeat(10)}/posts`, headers: {} }),
    // Anywhere else.
    () => ({ method: 'GET', path: `/${encodeURIComponent(CARD)}`, headers: {} }),
    () => ({ method: 'POST', path: '/healthz', headers: json, body: JSON.stringify(planted) }),
    () => ({ method: 'GET', path: '/api/messages', headers: {} }),
    () => ({ method: 'GET', path: '/%', headers: {} }),
  ];
}
