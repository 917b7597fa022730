import type { StaffAction } from '../../src/conversation/ports.js';
import { fromSlackSample, type SlackSampleName } from './slack-samples.js';

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

/** The envelope every Events API callback shares, around `event`. */
function envelope(
  sample: SlackSampleName,
  event: Record<string, unknown>,
  input: { homeTeam?: string; eventId?: string; eventTime: number; shared?: boolean },
  extra: readonly string[] = [],
): Record<string, unknown> {
  const home = input.homeTeam ?? SLACK.homeTeam;
  return fromSlackSample(
    sample,
    {
      token: 'verification-token-unused',
      team_id: home,
      api_app_id: SLACK.appId,
      type: 'event_callback',
      authorizations: [
        {
          enterprise_id: null,
          team_id: home,
          user_id: SLACK.bot,
          is_bot: true,
          is_enterprise_install: false,
        },
      ],
      is_ext_shared_channel: input.shared ?? false,
      event_id: input.eventId ?? `Ev0${String(++eventSeq).padStart(8, '0')}`,
      event_time: input.eventTime,
      event_context: '4-eyJldCI6Im1lc3NhZ2UiLCJ0aWQiOiJUMERFTU8wMDAxIn0',
      event,
    },
    extra,
  );
}

/**
 * An Events API `event_callback` around a message event, from the SDK's message samples: a
 * Slack Connect message carries the author's own workspace in `user_team` / `source_team`.
 */
export function slackMessageEvent(input: MessageEventInput): Record<string, unknown> {
  const user = input.user ?? SLACK.customer;
  const userTeam = input.userTeam ?? SLACK.customerTeam;
  const channel = input.channel ?? SLACK.sharedChannel;
  const ts = input.ts ?? SLACK.ts;
  const eventTime = Math.floor(Number(ts));
  const common = { homeTeam: input.homeTeam, eventId: input.eventId, eventTime, shared: true };
  if (input.subtype === 'message_changed') {
    const original = {
      type: 'message',
      user,
      team: userTeam,
      text: input.previous?.text ?? '',
      ...(input.threadTs ? { thread_ts: input.threadTs } : {}),
      ts,
      user_team: userTeam,
      source_team: userTeam,
    };
    const event = {
      type: 'message',
      subtype: 'message_changed',
      channel,
      hidden: true,
      message: { ...original, text: input.text, edited: { user, ts: nextTs(ts) } },
      previous_message: original,
      event_ts: nextTs(ts),
      ts: nextTs(ts),
      channel_type: 'channel',
    };
    return envelope('MessageChangedPayload', event, common);
  }
  if (input.subtype === 'message_deleted') {
    const event = {
      type: 'message',
      subtype: 'message_deleted',
      channel,
      hidden: true,
      deleted_ts: ts,
      previous_message: {
        type: 'message',
        user,
        team: userTeam,
        text: input.previous?.text ?? input.text,
        ...(input.threadTs ? { thread_ts: input.threadTs } : {}),
        ts,
        user_team: userTeam,
        source_team: userTeam,
      },
      event_ts: nextTs(ts),
      ts: nextTs(ts),
      channel_type: 'channel',
    };
    return envelope('MessageDeletedPayload', event, common);
  }
  const event = {
    client_msg_id: `0f5b2c3e-${String(++eventSeq).padStart(4, '0')}-4c1a-9d2e-7a1b2c3d4e5f`,
    type: 'message',
    ...(input.subtype ? { subtype: input.subtype } : {}),
    team: userTeam,
    channel,
    user,
    ...(input.botId ? { bot_id: input.botId } : {}),
    text: input.text,
    blocks: [
      {
        type: 'rich_text',
        block_id: 'Xy1',
        elements: [{ type: 'rich_text_section', elements: [{ type: 'text', text: input.text }] }],
      },
    ],
    ts,
    ...(input.threadTs ? { thread_ts: input.threadTs, parent_user_id: SLACK.customer } : {}),
    event_ts: ts,
    channel_type: 'channel',
    user_team: userTeam,
    source_team: userTeam,
  };
  // The SDK's MessagePayload predates Slack Connect; Slack sends both fields on shared channels
  // (MessageChangedPayload's inner message shows them).
  return envelope('MessagePayload', event, common, ['event.subtype', 'event.user_team', 'event.source_team']);
}

function nextTs(ts: string): string {
  return (Number(ts) + 1).toFixed(6);
}

export function appHomeOpened(input: { user: string; eventId?: string }): Record<string, unknown> {
  const event = {
    type: 'app_home_opened',
    user: input.user,
    channel: 'D0APPHOME1',
    tab: 'home',
    event_ts: '1730000500.000100',
  };
  return envelope('AppHomeOpenedPayload', event, { eventId: input.eventId, eventTime: 1730000500 });
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
  triggerId?: string;
}

const person = (id: string, team?: string) => ({
  id,
  username: id.toLowerCase(),
  name: id.toLowerCase(),
  team_id: team ?? SLACK.homeTeam,
});

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
  return fromSlackSample('BlockActionPayload', {
    type: 'block_actions',
    user: person(input.user, input.userTeam),
    api_app_id: SLACK.appId,
    token: 'verification-token-unused',
    container,
    trigger_id: input.triggerId ?? '1730000000.123456789.abcdef0123456789abcdef0123456789',
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
  });
}

/** The `view_submission` of the Reject modal; `privateMetadata` defaults to what the modal carries. */
export function rejectSubmission(input: {
  user: string;
  userTeam?: string;
  approvalId: string;
  reason: string;
  privateMetadata?: string;
}): Record<string, unknown> {
  return fromSlackSample('ViewSubmissionPayload', {
    type: 'view_submission',
    team: { id: SLACK.homeTeam, domain: 'northwind' },
    user: person(input.user, input.userTeam),
    api_app_id: SLACK.appId,
    token: 'verification-token-unused',
    trigger_id: '1730000000.123456789.abcdef0123456789abcdef0123456780',
    view: {
      id: 'V0MODAL001',
      team_id: SLACK.homeTeam,
      type: 'modal',
      private_metadata: input.privateMetadata ?? input.approvalId,
      callback_id: 'sb.reject_reason',
      state: { values: { reason: { reason_input: { type: 'plain_text_input', value: input.reason } } } },
      hash: '1730000000.abcd',
    },
    is_enterprise_install: false,
  });
}

/** A slash command's form fields. */
export function slashCommand(input: {
  text: string;
  user?: string;
  userName?: string;
  channel?: string;
  responseUrl?: string;
}): Record<string, string> {
  const fields = fromSlackSample('SlashCommandPayload', {
    token: 'verification-token-unused',
    api_app_id: SLACK.appId,
    team_id: SLACK.homeTeam,
    team_domain: 'northwind',
    channel_id: input.channel ?? SLACK.staffChannel,
    channel_name: 'support-approvals',
    user_id: input.user ?? SLACK.approver,
    user_name: input.userName ?? 'dana',
    command: '/switchboard',
    text: input.text,
    response_url: input.responseUrl ?? 'https://hooks.slack.com/commands/T0DEMO0001/1730000000/abcdef',
    trigger_id: '1730000000.123456789.abcdef0123456789abcdef0123456781',
    is_enterprise_install: 'false',
  });
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)]));
}

/** The buttons of a Block Kit message, with their parsed data. */
export function buttons(blocks: unknown): Array<{ label: string; data?: StaffAction }> {
  const out: Array<{ label: string; data?: StaffAction }> = [];
  type Btn = { value?: string; text: { text: string } };
  for (const b of (blocks ?? []) as Array<{ type: string; elements?: Btn[] }>) {
    if (b.type !== 'actions') continue;
    for (const e of b.elements ?? [])
      out.push({ label: e.text.text, data: e.value ? (JSON.parse(e.value) as StaffAction) : undefined });
  }
  return out;
}
