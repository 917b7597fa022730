import type { Order } from '../domain/index.js';

export interface RefundResult {
  refundId: string;
  amountMinor: number;
  /** True when this idempotency key had already been executed: nothing new happened. */
  duplicate: boolean;
}

export interface CancellationResult {
  reference: string;
  duplicate: boolean;
}

/**
 * The order system Switchboard acts on. The demo store implements it over MongoDB; a real
 * deployment implements it over the company's commerce API. Every write takes an idempotency key.
 */
export interface OrderSystem {
  getOrder(tenantId: string, orderId: string): Promise<Order | null>;
  listOrders(tenantId: string, customerId: string, options?: { limit?: number }): Promise<Order[]>;
  refund(
    tenantId: string,
    input: { orderId: string; amountMinor: number; idempotencyKey: string; reason?: string },
  ): Promise<RefundResult>;
  cancel(
    tenantId: string,
    input: { orderId: string; idempotencyKey: string; reason?: string },
  ): Promise<CancellationResult>;
  /** Refunds executed for a customer's orders since a moment (the daily limit). */
  countRefundsSince(tenantId: string, customerId: string, since: Date): Promise<number>;
}
