import type { Customer, Message, Ticket } from '../domain/index.js';
import type { EngineDeps } from './engine-deps.js';
import { recordInteraction } from './escalate-ticket.js';

/** Ticket and customer writes shared by applyResult and its parts (actions, drafts). */

export async function resolveTicket(
  deps: EngineDeps,
  ticket: Ticket,
  summary: string,
  patch: TicketPatch = {},
): Promise<void> {
  const updated = await markResolved(deps, ticket, patch);
  if (updated) await afterResolved(deps, updated, summary);
}

/**
 * The resolving write alone, conditional on the ticket being open: null (and the patch still
 * kept) when it is not open any more, e.g. a person took it over meanwhile.
 */
export async function markResolved(
  deps: EngineDeps,
  ticket: Ticket,
  patch: TicketPatch = {},
  /** The bot's answer, kept on the recent transcript by this write (see plannedAnswer). */
  answer?: Message,
): Promise<Ticket | null> {
  const now = deps.clock.now();
  const updated = await deps.stores.tickets.update(
    ticket.tenantId,
    ticket.ticketId,
    { ...patch, status: 'resolved', resolvedAt: now, resolvedBy: 'bot', updatedAt: now },
    { from: ['open'], ...(answer ? { keep: answer, keepsAnswer: true } : {}) },
  );
  if (!updated) {
    // Not open any more (a person took it meanwhile): still remember what the message was about.
    if (Object.keys(patch).length > 0)
      await deps.stores.tickets.update(ticket.tenantId, ticket.ticketId, { ...patch, updatedAt: now });
    return null;
  }
  return updated;
}

/**
 * What follows a bot's resolution once its answer is on its way: watchers, history, SLA, rating.
 * `interactionCarried`: the turn's decision record holds the history entry already.
 */
export async function afterResolved(
  deps: EngineDeps,
  updated: Ticket,
  summary: string,
  interactionCarried = false,
): Promise<void> {
  publishStatus(deps, updated);
  if (!interactionCarried)
    await recordInteraction(deps, updated, 'resolved', `${updated.subject}: ${summary}`);
  await deps.lifecycle?.ticketResolved(updated, 'bot');
}

export type TicketPatch = Partial<Pick<Ticket, 'intent' | 'urgency' | 'sentiment' | 'language' | 'subject'>>;

export function publishStatus(deps: Pick<EngineDeps, 'events' | 'clock'>, ticket: Ticket): void {
  deps.events.publish({
    type: 'ticket',
    tenantId: ticket.tenantId,
    ticketId: ticket.ticketId,
    status: ticket.status,
    at: deps.clock.now(),
  });
}

/** The customer's language is remembered so staff and later answers use it. */
export async function rememberLanguage(
  deps: EngineDeps,
  customer: Customer | null,
  language: string,
): Promise<void> {
  if (!customer || !language || customer.preferences.language === language) return;
  try {
    await deps.stores.customers.updatePreferences(customer.tenantId, customer.customerId, {
      ...customer.preferences,
      language,
    });
  } catch (err) {
    deps.logger.warn({ err }, 'updating customer preferences failed');
  }
}
