import { z } from 'zod';
import type { Activity } from 'botbuilder';
import { ChannelModeSchema, type ChannelMode } from '../../domain/index.js';

/**
 * Pure translation of Teams activity fields. Teams puts the reply chain in the conversation id
 * (`19:…@thread.tacv2;messageid=<root post id>`); the engine wants a channel and a thread root.
 */

const MESSAGE_ID_MARKER = ';messageid=';

export interface ConversationAddress {
  /** The conversation without the reply-chain suffix: a channel, group chat or 1:1 chat. */
  channelId: string;
  /** Root post of the reply chain, when the conversation id names one. */
  rootId?: string;
}

export function splitConversationId(conversationId: string): ConversationAddress {
  const at = conversationId.indexOf(MESSAGE_ID_MARKER);
  if (at < 0) return { channelId: conversationId };
  const rootId = conversationId.slice(at + MESSAGE_ID_MARKER.length);
  return { channelId: conversationId.slice(0, at), ...(rootId ? { rootId } : {}) };
}

/** The conversation id Bot Connector uses to post into a post's reply chain. */
export function replyChainId(channelId: string, rootId: string): string {
  return `${channelId}${MESSAGE_ID_MARKER}${rootId}`;
}

/** Fields of `channelData` the adapter reads; everything else is ignored. */
const ChannelDataSchema = z
  .object({
    tenant: z
      .object({ id: z.string().min(1) })
      .partial()
      .optional(),
    team: z
      .object({ id: z.string().min(1), name: z.string().optional() })
      .partial()
      .optional(),
    channel: z
      .object({ id: z.string().min(1), name: z.string().optional() })
      .partial()
      .optional(),
  })
  .partial();
export type TeamsChannelData = z.infer<typeof ChannelDataSchema>;

export function readChannelData(activity: Partial<Activity>): TeamsChannelData {
  const parsed = ChannelDataSchema.safeParse(activity.channelData ?? {});
  return parsed.success ? parsed.data : {};
}

/**
 * The tenant the bot serves in this conversation: the configured home tenant, else the tenant
 * that owns the conversation (where the bot was installed).
 */
export function homeTenantOf(
  activity: Partial<Activity>,
  configuredTenantId: string | undefined,
): string | undefined {
  return configuredTenantId ?? activity.conversation?.tenantId ?? readChannelData(activity).tenant?.id;
}

/** The sender's own tenant: Teams puts it in `channelData.tenant` (in shared channels too). */
export function senderTenantOf(activity: Partial<Activity>, memberTenantId?: string): string | undefined {
  return memberTenantId ?? readChannelData(activity).tenant?.id ?? activity.conversation?.tenantId;
}

/** Removes the bot's own `<at>…</at>` mention, leaving mentions of people intact. */
export function stripBotMention(activity: Partial<Activity>): string {
  let text = activity.text ?? '';
  const botId = activity.recipient?.id;
  for (const entity of activity.entities ?? []) {
    const mention = entity as { type?: string; text?: string; mentioned?: { id?: string } };
    if (mention.type === 'mention' && mention.mentioned?.id === botId && mention.text) {
      text = text.split(mention.text).join('');
    }
  }
  return text.replace(/\s+/g, ' ').trim();
}

export function mentionsBot(activity: Partial<Activity>): boolean {
  return (activity.entities ?? []).some((e) => {
    const m = e as { type?: string; mentioned?: { id?: string } };
    return m.type === 'mention' && m.mentioned?.id === activity.recipient?.id;
  });
}

export type TeamsCommand =
  | { kind: 'mode'; mode: ChannelMode }
  | { kind: 'set_staff_channel' }
  /** `args`: everything after `settings`, as typed (names keep their case). */
  | { kind: 'settings'; args: string }
  | { kind: 'kb'; args: string };

/**
 * `@Switchboard mode auto|draft|off`, `@Switchboard set staff channel` and `@Switchboard settings …`
 * and `@Switchboard kb`, after the mention is removed.
 */
export function parseCommand(text: string): TeamsCommand | undefined {
  const settings = /^\s*settings(?:\s([\s\S]*))?$/i.exec(text);
  if (settings) return { kind: 'settings', args: (settings[1] ?? '').trim() };
  const t = text
    .trim()
    .toLowerCase()
    .replace(/(?<![.!])[.!]+$/, '');
  const mode = /^mode\s+(\S+)$/.exec(t);
  if (mode) {
    const parsed = ChannelModeSchema.safeParse(mode[1]);
    return parsed.success ? { kind: 'mode', mode: parsed.data } : undefined;
  }
  if (/^set\s+(the\s+)?staff\s+channel$/.test(t)) return { kind: 'set_staff_channel' };
  if (/^(?:kb|knowledge[\s-]?base)$/.test(t)) return { kind: 'kb', args: '' };
  const drafts = /^kb\s+((?:drafts?|publish)(?:\s+\S+)?)$/.exec(t);
  if (drafts) return { kind: 'kb', args: drafts[1]! };
  return undefined;
}

/** Email's domain, for matching a customer account when the tenant alone does not. */
export function emailDomain(email: string | undefined): string | undefined {
  const at = email?.lastIndexOf('@') ?? -1;
  return email && at > 0 ? email.slice(at + 1).toLowerCase() : undefined;
}
