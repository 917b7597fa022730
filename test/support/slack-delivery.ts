import { createHmac } from 'node:crypto';
import { SLACK } from './slack-builders.js';

/** Slack's v0 request signature: HMAC-SHA256 over `v0:{timestamp}:{body}` with the signing secret. */
export function signSlackRequest(body: string, secret: string, timestamp: number): Record<string, string> {
  const signature = `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
  return { 'x-slack-signature': signature, 'x-slack-request-timestamp': String(timestamp) };
}

export type SlackDelivery =
  | { kind: 'event'; payload: Record<string, unknown> }
  | { kind: 'interaction'; payload: Record<string, unknown> }
  | { kind: 'command'; fields: Record<string, string> };

/**
 * POSTs to /slack/events as Slack does: events as JSON, interactivity as `payload=` form data,
 * commands as form fields; signed at `timestamp` (seconds), optionally as a retry.
 */
export async function deliverToSlackEndpoint(
  baseUrl: string,
  delivery: SlackDelivery,
  options: { secret?: string; timestamp: number; retryNum?: number; badSignature?: boolean },
): Promise<Response> {
  const body =
    delivery.kind === 'event'
      ? JSON.stringify(delivery.payload)
      : delivery.kind === 'interaction'
        ? new URLSearchParams({ payload: JSON.stringify(delivery.payload) }).toString()
        : new URLSearchParams(delivery.fields).toString();
  const headers: Record<string, string> = {
    'content-type': delivery.kind === 'event' ? 'application/json' : 'application/x-www-form-urlencoded',
    'user-agent': 'Slackbot 1.0 (+https://api.slack.com/robots)',
    ...signSlackRequest(
      body,
      options.badSignature ? 'not-the-secret' : (options.secret ?? SLACK.signingSecret),
      options.timestamp,
    ),
  };
  if (options.retryNum !== undefined) {
    headers['x-slack-retry-num'] = String(options.retryNum);
    headers['x-slack-retry-reason'] = 'http_timeout';
  }
  return fetch(new URL('/slack/events', baseUrl), { method: 'POST', headers, body });
}
