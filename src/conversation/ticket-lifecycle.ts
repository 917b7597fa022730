import type { Message, ResolvedBy, Ticket } from '../domain/index.js';
import type { SlaService } from '../sla/sla-service.js';
import { describeOpening, isOpenAt, nextOpening } from '../sla/business-time.js';
import type { TakeoverService } from '../approvals/api.js';
import { promptCsat } from './csat.js';
import { showTicketCard } from './staff-cards.js';
import type { DeliveryDeps } from './engine-deps.js';
import type { OutboxStore } from './stores.js';

/**
 * What follows a ticket's messages and resolution, beside the answer itself: the SLA clocks move
 * and, once resolved, the customer is asked for a rating. Called by the engine at those moments;
 * none of it may cost the customer their answer, so failures are logged, never thrown.
 */
export interface TicketLifecycle {
  /**
   * A transcript message was stored under a ticket (customer: clocks run; a person: responded).
   * `known`: the ticket as the caller holds it (read instead of the database; a stale copy only
   * costs a retry, the clocks' write is conditional on its version).
   */
  messageRecorded(message: Message, known?: Ticket): Promise<void>;
  /**
   * A new ticket as it should be stored: with its SLA clocks started (stopped already when it is
   * stored resolved), so its insert is their first write and `ticketOpened` / `ticketResolved`
   * write nothing more to it (`ticketOpened` still puts it on the SLA due-list).
   */
  withOpeningClocks(ticket: Ticket): Promise<Ticket>;
  /**
   * The SLA clocks of a ticket about to be resolved at `at`, stopped, for the resolving write to
   * carry (then `ticketResolved` writes no clock and no due-list entry). Undefined: none to carry.
   */
  resolvedClocks(ticket: Ticket, at: Date): Promise<Ticket['sla']>;
  /** A ticket was stored for the first time (its clocks start from its creation). */
  ticketOpened(ticket: Ticket): Promise<void>;
  /** The ticket was resolved, by the bot's answer or by a person. */
  ticketResolved(ticket: Ticket, by: ResolvedBy): Promise<void>;
  /**
   * Outside business hours: the sentence telling a customer whose question goes to a person when
   * the team is back, in their language. Undefined during business hours.
   */
  awayNotice(ticket: Ticket, language?: string): Promise<string | undefined>;
  /**
   * The same lifecycle posting through `outbox`: a thread's run gives its own (see turn-posts.ts),
   * so a rating prompt or a card redraw made in the run is marked sent by the write ending its turn.
   */
  withOutbox?(outbox: OutboxStore): TicketLifecycle;
}

export function createTicketLifecycle(
  deps: DeliveryDeps,
  sla: SlaService,
  /** For redrawing the ticket's staff card (read lazily: the takeover service is built later). */
  takeover?: () => TakeoverService,
): TicketLifecycle {
  const { logger } = deps;

  /**
   * A person's first reply on an escalated ticket redraws its staff card, which then offers
   * "Draft KB article" (later replies change nothing the card shows).
   */
  async function firstReplyRedraw(message: Message): Promise<void> {
    if (!takeover || !message.ticketId) return;
    try {
      const ticket = await deps.stores.tickets.get(message.tenantId, message.ticketId);
      if (!ticket?.staffCard || ticket.status === 'resolved' || !(ticket.escalation ?? ticket.assignee))
        return;
      const messages = await deps.stores.messages.listByTicket(
        message.tenantId,
        message.ticketId,
        200,
        ticket,
      );
      const replies = messages.filter((m) => m.role === 'staff' && !m.deleted).length;
      if (replies === 1) await showTicketCard(deps, takeover(), ticket);
    } catch (err) {
      logger.warn({ err, ticketId: message.ticketId }, 'redrawing the staff card after a reply failed');
    }
  }

  return {
    withOutbox: (outbox) =>
      createTicketLifecycle({ ...deps, stores: { ...deps.stores, outbox } }, sla, takeover),
    async messageRecorded(message, known) {
      if (!message.ticketId) return;
      if (message.role === 'customer')
        await sla.record(message.tenantId, message.ticketId, 'customer_wrote', known);
      else if (message.role === 'staff') {
        await sla.record(message.tenantId, message.ticketId, 'person_responded');
        await firstReplyRedraw(message);
      }
    },
    async withOpeningClocks(ticket) {
      if (ticket.sla) return ticket;
      const clocks = await sla.openingClocks(ticket);
      return clocks ? { ...ticket, sla: clocks } : ticket;
    },
    resolvedClocks(ticket, at) {
      return sla.resolvedClocks(ticket, at);
    },
    async ticketOpened(ticket) {
      // Stored with its clocks (withOpeningClocks): only the due-list is left to write.
      if (ticket.sla) await sla.scheduleOpened(ticket);
      else await sla.record(ticket.tenantId, ticket.ticketId, 'opened', ticket);
    },
    async ticketResolved(ticket, by) {
      await sla.record(ticket.tenantId, ticket.ticketId, 'resolved', ticket);
      try {
        await promptCsat(deps, ticket, by);
      } catch (err) {
        logger.error({ err, ticketId: ticket.ticketId }, 'posting the satisfaction prompt failed');
      }
    },
    async awayNotice(ticket, language) {
      try {
        const tenant = await deps.stores.tenants.get(ticket.tenantId);
        if (!tenant) return undefined;
        const hours = tenant.settings.businessHours;
        const now = deps.clock.now();
        if (isOpenAt(hours, now)) return undefined;
        const back = nextOpening(hours, now);
        if (!back) return undefined;
        const lang = language ?? ticket.language;
        const { day, time, timeZone } = describeOpening(hours, back, now, lang);
        return deps.agent.phrase('team_back', lang, { day, time, timeZone });
      } catch (err) {
        logger.warn({ err, ticketId: ticket.ticketId }, 'working out when the team is back failed');
        return undefined;
      }
    },
  };
}
