import type { ProposedAction } from '../agent/types.js';
import type { ApprovalRequest, Order, Ticket } from '../domain/index.js';
import type { ProposalOutcome } from './api.js';
import { formatMoney } from './policy.js';

/** What a customer asking again is told about a request already open on the order. */
export type OpenRequest = Pick<
  ApprovalRequest,
  'ticketId' | 'action' | 'amountMinor' | 'currency' | 'status'
>;

/**
 * A redelivered or repeated proposal in the same ticket: the request already open for this order
 * and action is the answer (no second request, no automatic refund beside it).
 */
export function sameTicketRequest<T extends Pick<OpenRequest, 'ticketId' | 'action'>>(
  open: T[],
  ticket: Pick<Ticket, 'ticketId'>,
  action: ProposedAction,
): T | undefined {
  return open.find((r) => r.ticketId === ticket.ticketId && r.action === action.type);
}

/**
 * One refund intent, one request: with a request for this order already open elsewhere (another
 * thread, or another action), nothing runs and a person looks. Escalation rather than "pending"
 * because a pending answer would park this ticket in pending_approval while the decision is only
 * ever reported in the other request's thread, so this customer would wait for news that never comes.
 */
export function answerBesideOpenRequest(order: Pick<Order, 'orderId'>, open: OpenRequest[]): ProposalOutcome {
  const first = open[0];
  if (!first) throw new Error('answerBesideOpenRequest needs an open request');
  const what = `A ${first.action} request of ${formatMoney(first.amountMinor, first.currency)} for order ${order.orderId}`;
  const state =
    first.status === 'approved' ? 'is approved and being carried out' : 'is already waiting for a decision';
  return {
    kind: 'escalate',
    reason: `${what} (ticket ${first.ticketId}) ${state}; a person has to look at this new request beside it.`,
  };
}
