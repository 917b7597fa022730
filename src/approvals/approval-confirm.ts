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
    ...(requestedBy.kind === 'customer' && requestedBy.platform && requestedBy.userId
      ? { askedOf: { platform: requestedBy.platform, userId: requestedBy.userId } }
      : {}),
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

/**
 * Takes the question off the ticket for this answer, with the answer in the audit trail. One
 * conditional update on the ticket's version: of a click, a second click and a typed yes racing
 * (in this process or another), exactly one settles it; the others get false and do nothing.
 */
export async function settleConfirmation(
  deps: ApprovalServiceDeps,
  ticket: Ticket,
  confirmation: PendingConfirmation,
  answer: 'yes' | 'no',
  actor: Actor,
): Promise<boolean> {
  let current: Ticket | null = ticket;
  // Another change to the ticket (a message's timestamp) may bump the version in between: the
  // question is re-read and claimed again as long as it is still this one.
  for (let attempt = 0; attempt < 5 && current; attempt += 1) {
    if (current.pendingConfirmation?.confirmationId !== confirmation.confirmationId) return false;
    const settled = await deps.tickets.update(
      ticket.tenantId,
      ticket.ticketId,
      { updatedAt: deps.clock.now() },
      { expectedVersion: current.version, unset: ['pendingConfirmation'] },
    );
    if (settled) {
      await audit(deps, {
        tenantId: ticket.tenantId,
        ticketId: ticket.ticketId,
        actor,
        action: answer === 'yes' ? 'action.confirmed' : 'action.declined',
        before: confirmation,
      });
      return true;
    }
    current = await deps.tickets.get(ticket.tenantId, ticket.ticketId);
  }
  return false;
}
