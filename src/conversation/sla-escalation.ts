import type { TakeoverService } from '../approvals/api.js';
import type { SlaClock, Ticket } from '../domain/index.js';
import { METRIC_LABELS } from '../sla/sla-view.js';
import { escalateTicket } from './escalate-ticket.js';
import type { DeliveryDeps } from './engine-deps.js';

/**
 * The escalation sentence of a breach. `escalationCategory` (src/reports/facts.ts) files it under
 * `sla` by its leading "SLA breached".
 */
export function slaEscalationReason(clock: SlaClock): string {
  return `SLA breached: ${METRIC_LABELS[clock.metric].toLowerCase()} overdue (target ${clock.targetMinutes} business minutes)`;
}

/**
 * A ticket that breached while the bot still holds it (status `open`: a draft waiting in draft
 * mode, a refund waiting for the customer's yes, an answer held back) goes to a person with reason
 * `sla`. A ticket already escalated keeps the reason it was escalated for (the report counts one
 * reason per ticket, and a low-confidence question must stay a knowledge gap); the breach alert
 * with its _Take over_ button is what reaches staff for it. Once: the status moves to `escalated`,
 * so a second breached clock of the same ticket finds nothing to do.
 */
export async function escalateOnBreach(
  deps: DeliveryDeps,
  takeover: TakeoverService,
  breached: Ticket,
  clock: SlaClock,
): Promise<void> {
  const ticket = await deps.stores.tickets.get(breached.tenantId, breached.ticketId);
  if (!ticket || ticket.status !== 'open' || ticket.assignee) return;
  const reason = slaEscalationReason(clock);
  await escalateTicket(deps, takeover, ticket, {
    summary: `${reason}; nobody on the team has it yet.`,
    reason,
    ...(ticket.draft ? { draft: ticket.draft.text } : {}),
    // The customer was told nothing new: a person picks it up from here (the thread shows it).
    customerMessage: null,
  });
}
