import { z } from 'zod';

/**
 * Slack message events as far as Switchboard reads them. Parsed with zod at the boundary;
 * unknown fields are ignored, never trusted.
 */
const InnerMessageSchema = z.object({
  user: z.string().optional(),
  bot_id: z.string().optional(),
  subtype: z.string().optional(),
  text: z.string().optional(),
  ts: z.string().optional(),
  thread_ts: z.string().optional(),
  user_team: z.string().optional(),
  source_team: z.string().optional(),
  team: z.string().optional(),
});

export const SlackMessageEventSchema = InnerMessageSchema.extend({
  type: z.literal('message'),
  channel: z.string().min(1),
  ts: z.string().min(1),
  channel_type: z.string().optional(),
  message: InnerMessageSchema.optional(),
  previous_message: InnerMessageSchema.optional(),
  deleted_ts: z.string().optional(),
});
export type SlackMessageEvent = z.infer<typeof SlackMessageEventSchema>;

export const SlackEnvelopeSchema = z.object({
  team_id: z.string().optional(),
  enterprise_id: z.string().nullish(),
  event_id: z.string().min(1),
  event_time: z.number().optional(),
  is_ext_shared_channel: z.boolean().optional(),
  authorizations: z
    .array(
      z.object({
        team_id: z.string().nullish(),
        enterprise_id: z.string().nullish(),
        user_id: z.string().optional(),
      }),
    )
    .optional(),
});
export type SlackEnvelope = z.infer<typeof SlackEnvelopeSchema>;

/** Subtypes that are people writing; every other subtype (joins, topics, pins…) is ignored. */
const WRITTEN_SUBTYPES = new Set([undefined, 'thread_broadcast', 'file_share', 'me_message']);

/** A message event reduced to what the engine needs, before the directory adds names. */
export interface ClassifiedMessage {
  kind: 'message' | 'edit' | 'delete';
  eventId: string;
  channelId: string;
  messageId: string;
  threadId?: string;
  userId: string;
  /**
   * The author's workspace as the event states it (Slack Connect guests carry their own);
   * undefined when the event names none: the caller asks users.info, and unknown is external.
   */
  userTeam?: string;
  homeTeamId: string;
  /** From the event alone; with no team stated it is true (fail closed) until users.info says otherwise. */
  isExternal: boolean;
  text: string;
}

export type Classification = { ok: true; message: ClassifiedMessage } | { ok: false; reason: string };

/** The workspace that installed the bot: the event's authorization, else the envelope's team. */
export function homeTeamOf(
  envelope: Pick<SlackEnvelope, 'team_id' | 'authorizations'>,
  fallback: string,
): string {
  return envelope.authorizations?.[0]?.team_id ?? envelope.team_id ?? fallback;
}

/** `homeTeamOf` for a body not parsed yet (any event envelope). */
export function homeTeamOfBody(body: unknown, fallback: string): string {
  const parsed = SlackEnvelopeSchema.pick({ team_id: true, authorizations: true }).safeParse(body);
  return parsed.success ? homeTeamOf(parsed.data, fallback) : fallback;
}

/** The Enterprise Grid the installing workspace belongs to, when the event names one. */
export function enterpriseOfBody(body: unknown): string | undefined {
  const parsed = SlackEnvelopeSchema.pick({ enterprise_id: true, authorizations: true }).safeParse(body);
  if (!parsed.success) return undefined;
  return parsed.data.authorizations?.[0]?.enterprise_id ?? parsed.data.enterprise_id ?? undefined;
}

/**
 * Decides whether a message event is a person writing (or editing/deleting) and who they are.
 * Bots (including this one) and housekeeping subtypes are ignored.
 */
export function classifyMessageEvent(
  envelope: SlackEnvelope,
  event: SlackMessageEvent,
  self: { teamId: string; botUserId?: string; botId?: string },
): Classification {
  const home = homeTeamOf(envelope, self.teamId);
  let source: z.infer<typeof InnerMessageSchema>;
  let kind: ClassifiedMessage['kind'] = 'message';
  let messageId: string;
  if (event.subtype === 'message_changed') {
    if (!event.message) return { ok: false, reason: 'edit without message' };
    source = event.message;
    kind = 'edit';
    messageId = event.message.ts ?? event.ts;
    // Unfurls also arrive as message_changed with the same text: nothing was edited.
    if (event.previous_message && event.previous_message.text === event.message.text) {
      return { ok: false, reason: 'unfurl, text unchanged' };
    }
  } else if (event.subtype === 'message_deleted') {
    if (!event.previous_message) return { ok: false, reason: 'delete without previous message' };
    source = { ...event.previous_message, text: '' };
    kind = 'delete';
    messageId = event.deleted_ts ?? event.previous_message.ts ?? event.ts;
  } else if (WRITTEN_SUBTYPES.has(event.subtype)) {
    source = event;
    messageId = event.ts;
  } else {
    return { ok: false, reason: `subtype ${event.subtype}` };
  }
  if (source.bot_id || source.subtype === 'bot_message') return { ok: false, reason: 'bot message' };
  if (!source.user) return { ok: false, reason: 'no user' };
  if (self.botUserId && source.user === self.botUserId) return { ok: false, reason: 'own message' };
  // Never assume the home team: a sender whose team is unknown must not get staff powers.
  const userTeam = source.user_team ?? source.source_team ?? source.team;
  const threadId = source.thread_ts && source.thread_ts !== messageId ? source.thread_ts : undefined;
  return {
    ok: true,
    message: {
      kind,
      eventId: envelope.event_id,
      channelId: event.channel,
      messageId,
      threadId,
      userId: source.user,
      userTeam,
      homeTeamId: home,
      isExternal: userTeam !== home,
      text: kind === 'delete' ? '' : slackTextToPlain(source.text ?? ''),
    },
  };
}

/**
 * Slack's wire format to what the person typed: links, mentions and channel references become
 * readable text, and the three escaped characters are restored.
 */
export function slackTextToPlain(text: string): string {
  return text
    .replace(/<((?:https?|mailto):[^|>]+)\|([^>]+)>/g, (_m, url: string, label: string) =>
      label === url.replace(/^mailto:/, '') ? label : `${label} (${url})`,
    )
    .replace(/<((?:https?|mailto):[^>]+)>/g, (_m, url: string) => url.replace(/^mailto:/, ''))
    .replace(/<@([A-Z0-9]+)(?:\|([^>]+))?>/g, (_m, id: string, name?: string) => `@${name ?? id}`)
    .replace(/<#([A-Z0-9]+)(?:\|([^>]*))?>/g, (_m, id: string, name?: string) => `#${name || id}`)
    .replace(/<!(here|channel|everyone)(?:\|[^>]*)?>/g, '@$1')
    .replace(/<!subteam\^[A-Z0-9]+(?:\|([^>]+))?>/g, (_m, name?: string) => name ?? '@group')
    .replace(/<!date\^\d+\^[^|>]*\|([^>]+)>/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** Slack `ts` ("1730000000.000100") to a Date. */
export function tsToDate(ts: string, fallback: Date): Date {
  const seconds = Number(ts);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(Math.round(seconds * 1000)) : fallback;
}
