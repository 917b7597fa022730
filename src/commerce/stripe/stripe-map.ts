import type Stripe from 'stripe';
import type { Order } from '../../domain/index.js';

/** The id a Stripe customer's payments and local record share. */
export const stripeCustomerId = (cus: string) => `stripe-${cus}`;

/**
 * The number a customer names for a payment: the store's order number when its checkout wrote one
 * into the PaymentIntent's metadata (`order_id` or `order_number`), else the PaymentIntent id.
 */
export function orderNumberOf(pi: Stripe.PaymentIntent): string {
  return pi.metadata?.order_id || pi.metadata?.order_number || pi.id;
}

function refundsOf(pi: Stripe.PaymentIntent): Stripe.Refund[] {
  const charge = pi.latest_charge;
  if (!charge || typeof charge === 'string') return [];
  return charge.refunds?.data ?? [];
}

/**
 * A PaymentIntent as an Order. Stripe knows payments, not parcels: a succeeded payment counts as
 * delivered on the day it was paid (the return window counts from the payment), a cancelled one
 * as cancelled, anything still in progress as placed.
 */
export function toOrder(tenantId: string, pi: Stripe.PaymentIntent): Order {
  const customer = typeof pi.customer === 'string' ? pi.customer : pi.customer?.id;
  const placedAt = new Date(pi.created * 1000);
  const status: Order['status'] =
    pi.status === 'succeeded' ? 'delivered' : pi.status === 'canceled' ? 'cancelled' : 'placed';
  return {
    tenantId,
    orderId: orderNumberOf(pi),
    customerId: customer ? stripeCustomerId(customer) : 'stripe-guest',
    items: [{ sku: '', name: pi.description || 'Payment', quantity: 1, unitPriceMinor: pi.amount }],
    totalMinor: pi.amount_received || pi.amount,
    currency: pi.currency.toUpperCase(),
    status,
    placedAt,
    deliveredAt: status === 'delivered' ? placedAt : undefined,
    cancelledAt: pi.canceled_at ? new Date(pi.canceled_at * 1000) : undefined,
    refunds: refundsOf(pi)
      .filter((r) => r.status !== 'failed' && r.status !== 'canceled')
      .map((r) => ({
        refundId: r.id,
        amountMinor: r.amount,
        // A refund made in the Stripe dashboard has no key of ours: its id stands in.
        idempotencyKey: r.metadata?.switchboard_key || `stripe:${r.id}`,
        reason: r.metadata?.reason || r.reason || undefined,
        at: new Date(r.created * 1000),
      })),
  };
}
