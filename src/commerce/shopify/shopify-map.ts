import { z } from 'zod';
import type { Order } from '../../domain/index.js';
import { fromMajorString } from '../amounts.js';

const Money = z.object({ shopMoney: z.object({ amount: z.string(), currencyCode: z.string() }) });

/** An order as the Admin API returns the fields of `OrderFields` (validated before use). */
export const ShopifyOrderSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  cancelledAt: z.string().nullish(),
  displayFinancialStatus: z.string().nullish(),
  displayFulfillmentStatus: z.string().nullish(),
  returnStatus: z.string().nullish(),
  customer: z.object({ id: z.string() }).nullish(),
  totalPriceSet: Money,
  lineItems: z.object({
    nodes: z.array(
      z.object({
        sku: z.string().nullish(),
        name: z.string(),
        quantity: z.number().int(),
        originalUnitPriceSet: Money,
      }),
    ),
  }),
  fulfillments: z.array(
    z.object({
      createdAt: z.string(),
      deliveredAt: z.string().nullish(),
      estimatedDeliveryAt: z.string().nullish(),
      displayStatus: z.string().nullish(),
      trackingInfo: z.array(z.object({ company: z.string().nullish(), number: z.string().nullish() })),
    }),
  ),
  refunds: z.array(
    z.object({ id: z.string(), createdAt: z.string(), note: z.string().nullish(), totalRefundedSet: Money }),
  ),
  transactions: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      status: z.string(),
      gateway: z.string(),
      amountSet: Money,
    }),
  ),
});
export type ShopifyOrder = z.infer<typeof ShopifyOrderSchema>;

export const ShopifyCustomerSchema = z.object({
  id: z.string(),
  email: z.string().nullish(),
  displayName: z.string(),
});

/** `gid://shopify/Customer/7390` → `7390`. */
export function legacyId(gid: string): string {
  return gid.slice(gid.lastIndexOf('/') + 1);
}

/** The id a Shopify customer's orders and local record share. */
export function shopifyCustomerId(gid: string): string {
  return `shopify-${legacyId(gid)}`;
}

/** The idempotency key travels in the refund's note, so the order itself shows which keys were paid. */
export function refundNote(reason: string | undefined, key: string): string {
  return `${(reason ?? 'Refund').slice(0, 200)} [switchboard:${key}]`;
}

export function keyFromNote(note: string | null | undefined): string | undefined {
  return note ? /\[switchboard:([^\]]+)\]/.exec(note)?.[1] : undefined;
}

const date = (s: string) => new Date(s);

/**
 * A Shopify order as Switchboard's Order. Status comes from cancellation, returns and the
 * fulfillments' delivery data, so return windows count from the day the parcel was delivered.
 */
export function toOrder(tenantId: string, o: ShopifyOrder): Order {
  const currency = o.totalPriceSet.shopMoney.currencyCode;
  const delivered = o.fulfillments
    .map((f) => f.deliveredAt ?? (f.displayStatus === 'DELIVERED' ? f.createdAt : null))
    .filter((d): d is string => !!d)
    .sort();
  const shipped = o.fulfillments.map((f) => f.createdAt).sort();
  const tracking = o.fulfillments.flatMap((f) => f.trackingInfo)[0];
  const estimate = o.fulfillments.map((f) => f.estimatedDeliveryAt).find((d): d is string => !!d);
  const status: Order['status'] = o.cancelledAt
    ? 'cancelled'
    : o.returnStatus === 'RETURNED'
      ? 'returned'
      : delivered.length > 0
        ? 'delivered'
        : shipped.length > 0
          ? 'shipped'
          : 'placed';
  return {
    tenantId,
    orderId: o.name.replace(/^#/, ''),
    customerId: o.customer ? shopifyCustomerId(o.customer.id) : 'shopify-guest',
    items: o.lineItems.nodes
      .filter((li) => li.quantity > 0)
      .map((li) => ({
        sku: li.sku ?? '',
        name: li.name,
        quantity: li.quantity,
        unitPriceMinor: fromMajorString(li.originalUnitPriceSet.shopMoney.amount, currency),
      })),
    totalMinor: fromMajorString(o.totalPriceSet.shopMoney.amount, currency),
    currency,
    status,
    placedAt: date(o.createdAt),
    shippedAt: shipped[0] ? date(shipped[0]) : undefined,
    deliveredAt: delivered.length > 0 ? date(delivered[delivered.length - 1]!) : undefined,
    carrier: tracking?.company ?? undefined,
    trackingNumber: tracking?.number ?? undefined,
    estimatedDelivery: estimate ? date(estimate) : undefined,
    refunds: o.refunds.map((r) => ({
      refundId: r.id,
      amountMinor: fromMajorString(r.totalRefundedSet.shopMoney.amount, currency),
      // A refund made elsewhere (the Shopify admin) has no key of ours: its id stands in.
      idempotencyKey: keyFromNote(r.note) ?? `shopify:${r.id}`,
      reason: r.note ?? undefined,
      at: date(r.createdAt),
    })),
    cancelledAt: o.cancelledAt ? date(o.cancelledAt) : undefined,
  };
}

/** The captured payment a refund goes back to (a sale, or the capture of an authorization). */
export function refundableTransaction(o: ShopifyOrder): ShopifyOrder['transactions'][number] | undefined {
  return o.transactions.find((t) => (t.kind === 'SALE' || t.kind === 'CAPTURE') && t.status === 'SUCCESS');
}
