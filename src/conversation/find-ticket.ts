import type { Ticket, ThreadRef } from '../domain/index.js';
import type { ParsedInboundMessage } from './ports.js';
import type { MessageStore, TicketStore } from './stores.js';

/** Where an inbound message belongs before the agent has looked at it. */
export type TicketMatch =
  /** A reply in a known thread, or a top-level message joining the author's last ticket. */
  | { kind: 'existing'; ticket: Ticket; replyThread: ThreadRef; joined: boolean }
  /**
   * No ticket yet: the agent decides (pleasantry, continues an open ticket, or a new one).
   * `openTickets`: the author's open tickets; `customerOpen`: their account's, when read with them.
   */
  | { kind: 'undecided'; replyThread: ThreadRef; openTickets: Ticket[]; customerOpen?: Ticket[] };

/**
 * Queue keys that order messages before their ticket is known: a reply takes its thread; a
 * top-level message takes its author's top level and its own thread (so a reply that arrives
 * while its root is still being processed waits for the root's ticket to exist).
 */
export function preTicketKeys(message: ParsedInboundMessage): string[] {
  const base = `${message.tenantId}|${message.platform}|${message.channelId}`;
  if (message.threadId) return [`thread|${base}|${message.threadId}`];
  return [`author|${base}|${message.author.userId}`, `thread|${base}|${message.messageId}`];
}

/**
 * A thread reply belongs to its thread's ticket (or the ticket of the message it replies under);
 * consecutive top-level messages of one person within the join window join their last ticket.
 */
export async function findTicket(
  stores: { tickets: TicketStore; messages: MessageStore },
  message: ParsedInboundMessage,
  joinWindowSeconds: number,
  /** The author's customer account, when identified: its open tickets are read in the same go. */
  customerId?: string,
): Promise<TicketMatch> {
  const { tenantId, platform, channelId } = message;
  if (message.threadId) {
    const replyThread: ThreadRef = { platform, channelId, threadId: message.threadId };
    const byThread = await stores.tickets.findByThread(tenantId, platform, channelId, message.threadId);
    if (byThread) return { kind: 'existing', ticket: byThread, replyThread, joined: false };
    // The root may be a message linked to another thread's ticket ("this looks like your open ticket").
    const root = await stores.messages.findByPlatformId(tenantId, platform, message.threadId);
    if (root?.ticketId) {
      const linked = await stores.tickets.get(tenantId, root.ticketId);
      if (linked) return { kind: 'existing', ticket: linked, replyThread, joined: false };
    }
    return { kind: 'undecided', replyThread, openTickets: [] };
  }
  const replyThread: ThreadRef = { platform, channelId, threadId: message.messageId };
  const { requester: open, customer: customerOpen } = await stores.tickets.listOpenFor(
    tenantId,
    { platform, userId: message.author.userId },
    customerId,
  );
  const latest = open[0];
  // Joins whatever the ticket's state: if a person has it, the message must reach them silently.
  if (latest && latest.thread.channelId === channelId) {
    const ageMs = message.receivedAt.getTime() - latest.lastMessageAt.getTime();
    if (ageMs >= 0 && ageMs <= joinWindowSeconds * 1000) {
      return { kind: 'existing', ticket: latest, replyThread: latest.thread, joined: true };
    }
  }
  return { kind: 'undecided', replyThread, openTickets: open, customerOpen };
}
