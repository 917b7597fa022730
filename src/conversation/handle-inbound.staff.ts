import { recordMessage } from './delivery.js';
import type { TurnContext } from './handle-inbound.context.js';
import type { InboundOutcome } from './ports.js';
import { errorCode, staffActor, type Turn } from './turn.js';
import type { Ticket } from '../domain/index.js';

/** A person of the organization wrote in a ticket's thread: recorded, and they take it over. */
export async function onStaffMessage(ctx: TurnContext, turn: Turn, current: Ticket): Promise<InboundOutcome> {
  const { deps } = ctx;
  const { stores, clock, logger } = deps;
  const { msg } = turn;
  // A person answering in a closed thread reopens it: they are handling it now.
  const ticket =
    current.status === 'resolved'
      ? ((await stores.tickets.update(
          msg.tenantId,
          current.ticketId,
          { status: 'open', updatedAt: clock.now() },
          { from: ['resolved'] },
        )) ?? current)
      : current;
  await recordMessage(deps, {
    tenantId: msg.tenantId,
    ticketId: ticket.ticketId,
    thread: ticket.thread,
    role: 'staff',
    author: staffActor(msg),
    text: msg.text,
    platformMessageId: msg.messageId,
  });
  if (turn.progress) turn.progress.stored = true;
  try {
    await deps.takeover.implicitTakeover(ticket, {
      platform: msg.platform,
      tenantId: msg.tenantId,
      userId: msg.author.userId,
      name: msg.author.name,
      isExternal: false,
    });
  } catch (err) {
    logger.error(
      { err, code: errorCode(err), eventId: msg.eventId, ticketId: ticket.ticketId },
      'implicit takeover failed',
    );
  }
  return { status: 'recorded', ticketId: ticket.ticketId, reason: 'staff wrote in the thread' };
}
