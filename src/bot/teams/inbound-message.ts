import { createHash } from 'node:crypto';
import type { Activity } from 'botbuilder';
import type { InboundMessage } from '../../conversation/ports.js';
import { emailDomain } from './activity-mapping.js';
import { boundMessageText } from '../../text/bounds.js';

/** Who sent an activity, as the engine sees people. */
export interface Sender {
  tenantId: string;
  userId: string;
  name?: string;
  email?: string;
  orgId?: string;
  isExternal: boolean;
}

/** Where an activity happened: the conversation without its reply-chain suffix, and the chain's root. */
export interface Where {
  tenantId: string;
  channelId: string;
  rootId?: string;
}

export type InboundKind = 'message' | 'edit' | 'delete';

/**
 * The event id that de-duplicates redeliveries. A new message is its activity id. An edit or a
 * delete carries the *edited message's* id, so that alone would make every later edit of the same
 * message look like a redelivery: an edit adds its timestamp and text (a redelivery repeats both),
 * a delete its kind (a message is deleted once).
 */
export function inboundEventId(activity: Partial<Activity>, kind: InboundKind, text: string): string {
  const id = activity.id ?? '';
  if (kind === 'message') return id;
  if (kind === 'delete') return `${id}:delete`;
  const stamp = activity.timestamp ? String(activity.timestamp) : '';
  const digest = createHash('sha256').update(`${stamp}\u0000${text}`).digest('hex').slice(0, 16);
  return `${id}:edit:${digest}`;
}

/** An activity as the engine's normalized message; `messageId` names the message itself. */
export function toInboundMessage(input: {
  activity: Partial<Activity>;
  where: Where;
  sender: Sender;
  kind: InboundKind;
  text: string;
  receivedAt: Date;
}): InboundMessage {
  const { activity: a, where, sender, kind } = input;
  const text = boundMessageText(input.text);
  const id = a.id ?? '';
  return {
    platform: 'teams',
    tenantId: where.tenantId,
    eventId: inboundEventId(a, kind, text),
    kind,
    channelId: where.channelId,
    messageId: id,
    // In a channel every post is its own thread; chats have none, so the engine groups them.
    ...(a.conversation?.conversationType === 'channel' ? { threadId: where.rootId ?? id } : {}),
    author: {
      userId: sender.userId,
      name: sender.name,
      email: sender.email,
      orgId: sender.orgId,
      orgDomain: emailDomain(sender.email),
      isExternal: sender.isExternal,
    },
    text,
    receivedAt: input.receivedAt,
  };
}
