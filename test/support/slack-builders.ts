import { createHmac } from 'node:crypto';
import type { StaffAction } from '../../src/conversation/ports.js';

/** Ids shaped like Slack's, used across the Slack tests. */
export const SLACK = {
  /** The installing workspace. Equal to the demo tenant id, so the seeded customers and orders are its own. */
  homeTeam: 'T0DEMO0001',
  customerTeam: 'T0BLUE0CF',
  guestTeam: 'T0ACME0RB',
  sharedChannel: 'C0456EFGH',
  staffChannel: 'C0STAFF01',
  customer: 'U0789IJKL', // Maya Ortiz, Bluebird Cafe
  approver: 'U0DANA001', // Dana Whitfield
  supervisor: 'U0SAM0001', // Sam Okafor
  staff: 'U0RILEY01', // Riley Chen, no approval rights
  guest: 'U0GUEST01', // a Slack Connect guest from another org
  bot: 'U0BOT0SWB',
  botId: 'B0BOT0SWB',
  appId: 'A0SWITCHB',
  ts: '1730000000.000100',
  signingSecret: '8f742231b10e8888abcd99yyyzzz85a5',
} as const;

let eventSeq = 0;

export interface MessageEventInput {
  text: string;
  user?: string;
  userTeam?: string;
  channel?: string;
  ts?: string;
  threadTs?: string;
  eventId?: string;
  subtype?: string;
  botId?: string;
  homeTeam?: string;
  /** For message_changed / message_deleted. */
  previous?: { text: string; ts: string; user?: string; userTeam?: string };
}

/** An Events API `event_callback` envelope around a message event, shaped like Slack's. */
export function slackMessageEvent(input: MessageEventInput): Record<string, unknown> {
  const home = input.homeTeam ?? SLACK.homeTeam;
  const user = input.user ?? SLACK.customer;
  const userTeam = input.userTeam ?? SLACK.customerTeam;
  const channel = input.channel ?? SLACK.sharedChannel;
  const ts = input.ts ?? SLACK.ts;
  let event: Record<string, unknown>;
  if (input.subtype === 'message_changed') {
    event = {
      type: 'message',
      subtype: 'message_changed',
      channel,
      hidden: true,
      ts: nextTs(ts),
      event_ts: nextTs(ts),
      message: {
        type: 'message',
        user,
        text: input.text,
        ts,
        user_team: userTeam,
        source_team: userTeam,
        edited: { user, ts: nextTs(ts) },
      },
      previous_message: { type: 'message', user, text: input.previous?.text ?? '', ts, user_team: userTeam },
      channel_type: 'channel',
    };
  } else if (input.subtype === 'message_deleted') {
    event = {
      type: 'message',
      subtype: 'message_deleted',
      channel,
      hidden: true,
      deleted_ts: ts,
      ts: nextTs(ts),
      event_ts: nextTs(ts),
      previous_message: {
        type: 'message',
        user,
        text: input.previous?.text ?? input.text,
        ts,
        user_team: userTeam,
      },
      channel_type: 'channel',
    };
  } else {
    event = {
      client_msg_id: `0f5b2c3e-${String(++eventSeq).padStart(4, '0')}-4c1a-9d2e-7a1b2c3d4e5f`,
      type: 'message',
      ...(input.subtype ? { subtype: input.subtype } : {}),
      text: input.text,
      user,
      ...(input.botId ? { bot_id: input.botId } : {}),
      ts,
      ...(input.threadTs ? { thread_ts: input.threadTs, parent_user_id: SLACK.customer } : {}),
      team: userTeam,
      user_team: userTeam,
      source_team: userTeam,
      channel,
      event_ts: ts,
      channel_type: 'channel',
      blocks: [
        {
          type: 'rich_text',
          block_id: 'Xy1',
          elements: [{ type: 'rich_text_section', elements: [{ type: 'text', text: input.text }] }],
        },
      ],
    };
  }
  return {
    token: 'verification-token-unused',
    team_id: home,
    context_team_id: home,
    api_app_id: SLACK.appId,
    event,
    type: 'event_callback',
    event_id: input.eventId ?? `Ev0${String(++eventSeq).padStart(8, '0')}`,
    event_time: Math.floor(Number(ts)),
    authorizations: [
      { enterprise_id: null, team_id: home, user_id: SLACK.bot, is_bot: true, is_enterprise_install: false },
    ],
    is_ext_shared_channel: true,
    event_context: `4-eyJldCI6Im1lc3NhZ2UiLCJ0aWQiOiIke2hvbWV9In0`,
  };
}

function nextTs(ts: string): string {
  return (Number(ts) + 1).toFixed(6);
}

export function appHomeOpened(input: { user: string; eventId?: string }): Record<string, unknown> {
  return {
    token: 'verification-token-unused',
    team_id: SLACK.homeTeam,
    api_app_id: SLACK.appId,
    event: {
      type: 'app_home_opened',
      user: input.user,
      channel: 'D0APPHOME1',
      tab: 'home',
      event_ts: '1730000500.000100',
    },
    type: 'event_callback',
    event_id: input.eventId ?? `Ev0${String(++eventSeq).padStart(8, '0')}`,
    event_time: 1730000500,
    authorizations: [
      {
        enterprise_id: null,
        team_id: SLACK.homeTeam,
        user_id: SLACK.bot,
        is_bot: true,
        is_enterprise_install: false,
      },
    ],
  };
}

export interface BlockActionInput {
  user: string;
  userTeam?: string;
  /** The payload's team: in Slack Connect it can be the channel host's, not the clicker's. */
  payloadTeam?: string;
  value: StaffAction | string;
  actionId?: string;
  channel?: string;
  messageTs?: string;
  container?: 'message' | 'view';
}

/** An interactivity `block_actions` payload for one button click. */
export function blockAction(input: BlockActionInput): Record<string, unknown> {
  const value = typeof input.value === 'string' ? input.value : JSON.stringify(input.value);
  const actionId = input.actionId ?? `sb.${typeof input.value === 'string' ? 'x' : input.value.action}.0`;
  const channel = input.channel ?? SLACK.staffChannel;
  const container =
    input.container === 'view'
      ? { type: 'view', view_id: 'V0HOME0001' }
      : {
          type: 'message',
          message_ts: input.messageTs ?? SLACK.ts,
          channel_id: channel,
          is_ephemeral: false,
        };
  return {
    type: 'block_actions',
    user: {
      id: input.user,
      username: input.user.toLowerCase(),
      name: input.user.toLowerCase(),
      team_id: input.userTeam ?? SLACK.homeTeam,
    },
    api_app_id: SLACK.appId,
    token: 'verification-token-unused',
    container,
    trigger_id: '1730000000.123456789.abcdef0123456789abcdef0123456789',
    team: { id: input.payloadTeam ?? SLACK.homeTeam, domain: 'northwind' },
    enterprise: null,
    is_enterprise_install: false,
    ...(input.container === 'view' ? {} : { channel: { id: channel, name: 'support-approvals' } }),
    response_url: 'https://hooks.slack.com/actions/T0DEMO0001/1730000000/abcdef',
    actions: [
      {
        action_id: actionId,
        block_id: 'sb.card',
        text: { type: 'plain_text', text: 'Approve', emoji: true },
        value,
        style: 'primary',
        type: 'button',
        action_ts: '1730000600.000100',
      },
    ],
  };
}

/** The `view_submission` of the Reject modal. */
export function rejectSubmission(input: {
  user: string;
  userTeam?: string;
  approvalId: string;
  channelId?: string;
  reason: string;
}): Record<string, unknown> {
  return {
    type: 'view_submission',
    team: { id: SLACK.homeTeam, domain: 'northwind' },
    user: {
      id: input.user,
      username: input.user.toLowerCase(),
      name: input.user.toLowerCase(),
      team_id: input.userTeam ?? SLACK.homeTeam,
    },
    api_app_id: SLACK.appId,
    token: 'verification-token-unused',
    trigger_id: '1730000000.123456789.abcdef0123456789abcdef0123456780',
    view: {
      id: 'V0MODAL001',
      team_id: SLACK.homeTeam,
      type: 'modal',
      callback_id: 'sb.reject_reason',
      private_metadata: JSON.stringify({
        approvalId: input.approvalId,
        channelId: input.channelId ?? SLACK.staffChannel,
      }),
      state: { values: { reason: { reason_input: { type: 'plain_text_input', value: input.reason } } } },
      hash: '1730000000.abcd',
    },
  };
}

/** A slash command's form fields. */
export function slashCommand(input: {
  text: string;
  user?: string;
  channel?: string;
  responseUrl?: string;
}): Record<string, string> {
  return {
    token: 'verification-token-unused',
    team_id: SLACK.homeTeam,
    team_domain: 'northwind',
    channel_id: input.channel ?? SLACK.staffChannel,
    channel_name: 'support-approvals',
    user_id: input.user ?? SLACK.approver,
    user_name: 'dana',
    command: '/switchboard',
    text: input.text,
    api_app_id: SLACK.appId,
    is_enterprise_install: 'false',
    response_url: input.responseUrl ?? 'https://hooks.slack.com/commands/T0DEMO0001/1730000000/abcdef',
    trigger_id: '1730000000.123456789.abcdef0123456789abcdef0123456781',
  };
}

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
