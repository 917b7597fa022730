import type { Actor, PendingConfirmation, Ticket } from '../domain/index.js';
import type { ProposalOutcome } from './api.js';
import { audit, type ApprovalServiceDeps } from './approval-effects.js';

const HOUR_MS = 3_600_000;

/**
 * A refund under the automatic limit is not made yet: the customer is asked to confirm order and
 * amount, and the question is stored on the ticket. Asking again for the same refund (a repeated
 * message) returns the question already stored, so one "yes" settles it.
 */
export async function askConfirmation(
  deps: ApprovalServiceDeps,
  ticket: Ticket,
  requestedBy: Actor,
  input: {
    orderId: string;
    amountMinor: number;
    currency: string;
    customerQuote: string;
    idempotencyKey: string;
    ttlHours: number;
  },
): Promise<ProposalOutcome> {
  const now = deps.clock.now();
  const current = liveConfirmation(ticket, now);
  if (current && current.orderId === input.orderId && current.amountMinor === input.amountMinor) {
    return { kind: 'confirm', confirmation: current };
  }
  const confirmation: PendingConfirmation = {
    confirmationId: deps.ids.id('cnf'),
    action: 'refund',
    orderId: input.orderId,
    amountMinor: input.amountMinor,
    currency: input.currency,
    customerQuote: input.customerQuote,
    idempotencyKey: input.idempotencyKey,
    askedAt: now,
    expiresAt: new Date(now.getTime() + input.ttlHours * HOUR_MS),
  };
  await deps.tickets.update(ticket.tenantId, ticket.ticketId, {
    pendingConfirmation: confirmation,
    updatedAt: now,
  });
  await audit(deps, {
    tenantId: ticket.tenantId,
    ticketId: ticket.ticketId,
    actor: requestedBy,
    action: 'action.confirmation_requested',
    after: confirmation,
  });
  return { kind: 'confirm', confirmation };
}

/** The ticket's pending confirmation, unless it expired. */
export function liveConfirmation(
  ticket: Pick<Ticket, 'pendingConfirmation'>,
  now: Date,
): PendingConfirmation | undefined {
  const c = ticket.pendingConfirmation;
  return c && c.expiresAt.getTime() > now.getTime() ? c : undefined;
}

/** Clears the question once answered (whatever the answer led to), with the answer in the audit trail. */
export async function settleConfirmation(
  deps: ApprovalServiceDeps,
  ticket: Ticket,
  confirmation: PendingConfirmation,
  answer: 'yes' | 'no',
  actor: Actor,
): Promise<void> {
  await deps.tickets.update(
    ticket.tenantId,
    ticket.ticketId,
    { updatedAt: deps.clock.now() },
    { unset: ['pendingConfirmation'] },
  );
  await audit(deps, {
    tenantId: ticket.tenantId,
    ticketId: ticket.ticketId,
    actor,
    action: answer === 'yes' ? 'action.confirmed' : 'action.declined',
    before: confirmation,
  });
}
