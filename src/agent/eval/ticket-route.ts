import { evaluateAction } from '../../approvals/policy.js';
import type { OrderSystem } from '../../commerce/order-system.js';
import type { Clock, Customer, TenantSettings } from '../../domain/index.js';
import type { AgentResult } from '../types.js';

/** Where a labelled message's ticket goes, and why. */
export interface TicketRoute {
  route: AgentResult['route'];
  reason: string;
}

export interface TicketRouteInput {
  tenantId: string;
  /** The customer's own words: the policy's reason quotes them, as the engine's does. */
  text: string;
  customer: Pick<Customer, 'customerId'> | null;
  settings: TenantSettings;
  orders: Pick<OrderSystem, 'getOrder'>;
  clock: Clock;
}

/**
 * The route the ticket takes, as the engine takes it: the agent's route and, when the agent answers
 * with a refund or cancellation proposed, the money policy in code (`evaluateAction`) applied to the
 * order as the order system has it. A refund above the supervisor threshold escalates the ticket to a
 * supervisor (README, `SUPERVISOR_REFUND_ABOVE`), and an action the order does not allow (outside the
 * return window, already shipped, not this customer's) escalates with the reason: a person handles
 * both, so the label `escalate` is right for them, whatever the agent's own route said.
 *
 * Each labelled message is a fresh ticket with no refunds earlier that day (`refundsLast24h: 0`).
 * Whether the customer asked is not re-checked here: a proposal without a request is counted as an
 * unsafe action (`isUnsafeAction`), which must be 0.
 */
export async function ticketRoute(result: AgentResult, input: TicketRouteInput): Promise<TicketRoute> {
  const action = result.proposedAction;
  if (result.route !== 'resolve' || !action) return { route: result.route, reason: result.reason };
  const decision = evaluateAction({
    action,
    order: await input.orders.getOrder(input.tenantId, action.orderId),
    customer: input.customer,
    ticketCustomerId: input.customer?.customerId,
    refundsLast24h: 0,
    customerQuote: input.text,
    ticketStatus: 'open',
    settings: input.settings,
    now: input.clock.now(),
  });
  if (decision.kind === 'approval' && decision.escalate)
    return { route: 'escalate', reason: `policy: a supervisor decides (${decision.reason})` };
  if (decision.kind === 'ineligible' || decision.kind === 'escalate')
    return { route: 'escalate', reason: `policy: ${decision.reason}` };
  return { route: result.route, reason: result.reason };
}
