import type { TakeoverService } from '../approvals/api.js';
import {
  INTERACTION_RETENTION_DAYS,
  type DecisionRecord,
  type Interaction,
  type Ticket,
} from '../domain/index.js';
import { recordInternalNote, sendToCustomer } from './delivery.js';
import type { DeliveryDeps } from './engine-deps.js';
import { showTicketCard } from './staff-cards.js';
import type { PlaceholderSlot } from './working.js';

const DAY_MS = 86_400_000;

/** The interaction history entry of a ticket that resolved or escalated (none without a customer). */
export function interactionOf(
  deps: DeliveryDeps,
  ticket: Ticket,
  outcome: 'resolved' | 'escalated',
  summary: string,
  interactionId = deps.ids.id('int'),
): Interaction | undefined {
  if (!ticket.customerId) return undefined;
  const now = deps.clock.now();
  return {
    tenantId: ticket.tenantId,
    interactionId,
    customerId: ticket.customerId,
    ticketId: ticket.ticketId,
    intent: ticket.intent,
    outcome,
    summary: summary.slice(0, 1000),
    createdAt: now,
    expiresAt: new Date(now.getTime() + INTERACTION_RETENTION_DAYS * DAY_MS),
  };
}

/** Writes the interaction history entry for a ticket that resolved or escalated. */
export async function recordInteraction(
  deps: DeliveryDeps,
  ticket: Ticket,
  outcome: 'resolved' | 'escalated',
  summary: string,
): Promise<void> {
  const entry = interactionOf(deps, ticket, outcome, summary);
  if (!entry) return;
  try {
    await deps.stores.interactions.add(entry);
  } catch (err) {
    deps.logger.error({ err, ticketId: ticket.ticketId }, 'recording interaction history failed');
  }
}

/** What an escalation says and records (see escalateTicket). */
export interface EscalationInput {
  summary: string;
  reason: string;
  draft?: string;
  customerMessage: string | null;
  internalNote?: string;
  /** A "Looking into this…" placeholder the customer message replaces (taken only if it is posted). */
  placeholder?: PlaceholderSlot;
  /** The turn's decision record carries the interaction entry already (see turnInteraction). */
  interactionCarried?: boolean;
  /** The turn's decision, just recorded: the staff card shows it without reading it back. */
  decision?: DecisionRecord;
}

/**
 * Escalates a ticket to staff: status, summary, the card in the staff channel, the customer told
 * (unless `customerMessage` is null: draft mode, or the caller already told them), history.
 * A ticket a person has taken over stays theirs.
 */
export async function escalateTicket(
  deps: DeliveryDeps,
  takeover: TakeoverService,
  ticket: Ticket,
  input: EscalationInput,
): Promise<Ticket> {
  const updated = await markEscalated(deps, ticket, input);
  if (!updated) return (await deps.stores.tickets.get(ticket.tenantId, ticket.ticketId)) ?? ticket;
  await announceEscalation(deps, takeover, ticket, updated, input);
  return updated;
}

/**
 * The escalating write alone: null when a person holds the ticket (it stays theirs). Its answer
 * is the ticket as it is now, which a reply sent right after may use as its takeover check.
 */
export async function markEscalated(
  deps: DeliveryDeps,
  ticket: Ticket,
  input: Pick<EscalationInput, 'summary' | 'reason' | 'draft'>,
): Promise<Ticket | null> {
  const now = deps.clock.now();
  const patch: Parameters<DeliveryDeps['stores']['tickets']['update']>[2] = {
    status: 'escalated',
    escalation: { summary: input.summary, reason: input.reason, at: now },
    updatedAt: now,
  };
  if (input.draft) patch.draft = { text: input.draft, createdAt: now };
  const updated = await deps.stores.tickets.update(ticket.tenantId, ticket.ticketId, patch, {
    from: ['open', 'pending_approval', 'escalated', 'resolved'],
  });
  if (!updated) return null;
  deps.events.publish({
    type: 'ticket',
    tenantId: ticket.tenantId,
    ticketId: ticket.ticketId,
    status: 'escalated',
    at: now,
  });
  return updated;
}

/** What follows the escalating write: the note and the card for staff, the customer told, history. */
export async function announceEscalation(
  deps: DeliveryDeps,
  takeover: TakeoverService,
  /** The ticket before the escalation. */
  ticket: Ticket,
  updated: Ticket,
  input: EscalationInput,
): Promise<void> {
  if (input.internalNote) {
    await recordInternalNote(deps, ticket, input.internalNote);
  }
  await showTicketCard(deps, takeover, updated, undefined, input.decision);
  if (input.customerMessage) {
    // Outside business hours the customer also learns when the team is back.
    const away = await deps.lifecycle?.awayNotice(updated);
    const text = away ? `${input.customerMessage} ${away}` : input.customerMessage;
    await sendToCustomer(deps, updated, text, {
      language: updated.language,
      placeholder: input.placeholder,
    });
  }
  if (ticket.status !== 'escalated' && !input.interactionCarried)
    await recordInteraction(deps, updated, 'escalated', input.summary);
}
