import { createHash } from 'node:crypto';
import type { Message } from '../domain/index.js';
import { channelMode } from './bot-voice.js';
import { sendReply } from './delivery.js';
import { showTicketCard } from './staff-cards.js';
import { recordInteraction } from './escalate-ticket.js';
import type { EngineDeps } from './engine-deps.js';
import type { PlaceholderSlot } from './working.js';

/**
 * The transcript message id of the "a person will follow up" a turn says when it escalates, and
 * so its outbox key (`reply:<id>`): derived from the turn's customer message, so a rerun of a
 * killed turn that says it again finds the dead run's entry instead of posting a second notice.
 */
export function escalationNoticeId(customerMessageId: string): string {
  const key = createHash('sha256').update(`escalated\n${customerMessageId}`).digest('hex');
  return `msg_${key.slice(0, 20)}`;
}

/** What `finishEscalation` still had to do. */
export interface FinishedEscalation {
  /** The customer's notice was queued now (the dead run never queued it). */
  told: boolean;
  /** The staff card was asked for now (its key is the ticket's: posted once whoever asks). */
  carded: boolean;
}

/**
 * A run killed after its escalating write and before its posts left a ticket that looks handed to
 * a person (`answeredCheck` counts an escalation since the message) while the customer was never
 * told and staff never got the card. Whoever picks that message up again (the journal's rerun or
 * resume) completes what was not queued: the notice under the key the dead run used (see
 * `escalationNoticeId`) unless a reply since the message is queued or said already, and the card
 * unless the ticket links one (the card's outbox key is the ticket's, so a card the dead run
 * queued is not posted twice). Null when the ticket was not escalated since the message.
 */
export async function finishEscalation(
  deps: EngineDeps,
  message: Message,
  /** A placeholder the dead run showed: the notice replaces it when it is said now. */
  placeholder?: PlaceholderSlot,
): Promise<FinishedEscalation | null> {
  if (!message.ticketId) return null;
  const ticket = await deps.stores.tickets.get(message.tenantId, message.ticketId);
  const since = message.createdAt.getTime();
  if (!ticket || ticket.status !== 'escalated' || (ticket.escalation?.at.getTime() ?? -1) < since)
    return null;
  const [transcript, queued] = await Promise.all([
    deps.stores.messages.listByTicket(ticket.tenantId, ticket.ticketId, 50, ticket),
    deps.stores.outbox.list(ticket.tenantId, { ticketId: ticket.ticketId, limit: 200 }),
  ]);
  const said =
    transcript.some((t) => (t.role === 'bot' || t.role === 'staff') && t.createdAt.getTime() >= since) ||
    queued.some((e) => e.kind === 'reply' && e.createdAt.getTime() >= since);
  let told = false;
  if (!said && (await channelMode(deps, ticket.tenantId, ticket.thread)) === 'auto') {
    const text = deps.agent.phrase('escalated', ticket.language, { ticketId: ticket.ticketId });
    const away = await deps.lifecycle?.awayNotice(ticket, ticket.language);
    const sent = await sendReply(deps, ticket, away ? `${text} ${away}` : text, {
      language: ticket.language,
      written: ticket,
      deliveryId: escalationNoticeId(message.messageId),
      ...(placeholder ? { placeholder } : {}),
    });
    told = sent.silenced === null;
    // The dead run's history entry rode in the notice's insert, which never happened.
    if (told)
      await recordInteraction(deps, ticket, 'escalated', ticket.escalation?.summary ?? ticket.subject);
  }
  const carded = !ticket.staffCard;
  if (carded) await showTicketCard(deps, deps.takeover, ticket);
  return { told, carded };
}
