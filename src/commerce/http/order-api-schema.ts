import { z } from 'zod';

/** The order API's JSON shapes (docs/order-api.openapi.yaml is the contract; a test keeps both in step). */

const IsoDate = z.iso.datetime({ offset: true }).transform((s) => new Date(s));
const Minor = z.number().int().nonnegative();

export const ApiCustomerSchema = z.object({
  customerId: z.string().min(1).max(200),
  name: z.string().min(1),
  email: z.string().email(),
});

export const ApiOrderSchema = z.object({
  orderId: z.string().min(1).max(64),
  customerId: z.string().min(1).max(200),
  status: z.enum(['placed', 'shipped', 'delivered', 'returned', 'cancelled']),
  currency: z.string().regex(/^[A-Z]{3}$/),
  totalMinor: Minor,
  items: z.array(
    z.object({
      sku: z.string().default(''),
      name: z.string(),
      quantity: z.number().int().positive(),
      unitPriceMinor: Minor,
    }),
  ),
  placedAt: IsoDate,
  shippedAt: IsoDate.optional(),
  deliveredAt: IsoDate.optional(),
  cancelledAt: IsoDate.optional(),
  carrier: z.string().optional(),
  trackingNumber: z.string().optional(),
  estimatedDelivery: IsoDate.optional(),
  refunds: z
    .array(
      z.object({
        refundId: z.string().min(1),
        amountMinor: Minor,
        idempotencyKey: z.string().min(1),
        reason: z.string().optional(),
        at: IsoDate,
      }),
    )
    .default([]),
});

export const CustomerResponseSchema = z.object({ customer: ApiCustomerSchema });
export const OrderResponseSchema = z.object({ order: ApiOrderSchema });
export const OrdersResponseSchema = z.object({ orders: z.array(ApiOrderSchema) });
export const RefundResponseSchema = z.object({
  refund: z.object({ refundId: z.string().min(1), amountMinor: Minor, duplicate: z.boolean() }),
});
export const CancellationResponseSchema = z.object({
  cancellation: z.object({ reference: z.string().min(1), duplicate: z.boolean() }),
});
export const ErrorResponseSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export const HealthResponseSchema = z.object({ ok: z.literal(true) });
