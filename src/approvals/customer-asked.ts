import { isCancellable, returnEligibility } from '../commerce/eligibility.js';
import type { OrderSystem } from '../commerce/order-system.js';
import type { MessageStore } from '../conversation/stores.js';
import {
  findCustomerRequests,
  orderTheCustomerMeant,
  type CustomerRequest,
} from '../agent/customer-request.js';
import type { Clock, TenantSettings, Ticket } from '../domain/index.js';
import type { ProposedAction } from '../agent/types.js';

/** How many of a ticket's latest messages are read for the customer's request. */
const TRANSCRIPT = 50;

export type CustomerAsked =
  { ok: true; request: CustomerRequest; basis: string } | { ok: false; reason: string };

export interface CustomerAskedDeps {
  messages: Pick<MessageStore, 'listByTicket'>;
  orders: Pick<OrderSystem, 'listOrders'>;
  clock: Clock;
}

/**
 * The rule no model output can argue past: a refund or cancellation may be proposed, approved or
 * executed only when a customer message stored on this ticket asks for it, and only for the order
 * the customer named (or, when they named none, their only eligible order). Read from MongoDB
 * (the transcript the ticket keeps), never from what an agent says the customer wrote.
 */
export async function checkCustomerAsked(
  deps: CustomerAskedDeps,
  input: {
    tenantId: string;
    ticketId: string;
    customerId: string;
    action: Pick<ProposedAction, 'type' | 'orderId'>;
    settings: Pick<TenantSettings, 'returnWindowDays'>;
    /**
     * The ticket as the caller's own read or write returned it, its transcript included (with
     * the customer's latest message): its transcript is read from it, with no read of its own.
     */
    ticket?: Ticket;
  },
): Promise<CustomerAsked> {
  const { tenantId, ticketId, action } = input;
  const noun = action.type === 'refund' ? 'a refund' : 'a cancellation';
  const stored = await deps.messages.listByTicket(tenantId, ticketId, TRANSCRIPT, input.ticket);
  const lines = stored
    .filter((m) => m.role === 'customer' && !m.deleted)
    .map((m) => ({ messageId: m.messageId, text: m.text }));
  const requests = findCustomerRequests(lines, action.type);
  const newest = requests[0];
  if (!newest) return { ok: false, reason: `no customer message in ticket ${ticketId} asks for ${noun}` };
  const order = await orderTheCustomerMeant(action.orderId, lines, requests, async () => {
    const now = deps.clock.now();
    const orders = await deps.orders.listOrders(tenantId, input.customerId, { limit: 20 });
    return orders
      .filter((o) =>
        action.type === 'refund' ? returnEligibility(o, now, input.settings).eligible : isCancellable(o),
      )
      .map((o) => o.orderId);
  });
  if (!order.ok) return { ok: false, reason: order.reason };
  const forOrder = requests.find((r) => r.orderIds.includes(action.orderId)) ?? newest;
  return { ok: true, request: forOrder, basis: order.basis };
}
