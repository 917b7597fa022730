import type { Order } from '../domain/index.js';
import { ValidationError } from '../errors.js';

/** What every order system refuses before calling anyone: a non-positive or fractional amount, no key. */
export function checkRefundInput(input: { amountMinor: number; idempotencyKey: string }): void {
  if (!Number.isInteger(input.amountMinor) || input.amountMinor <= 0)
    throw new ValidationError(
      `Refund amount must be a positive whole number of cents, got ${input.amountMinor}`,
    );
  if (!input.idempotencyKey) throw new ValidationError('A refund needs an idempotency key');
}

/** How many of a customer's orders `customerOrders` returns at most (the newest). */
export const CUSTOMER_ORDERS_MAX = 1000;

/**
 * Refunds on these orders made at or after `since` (the daily limit counts them), except those
 * made under one of `except`'s idempotency keys (counted by the caller already, from their hold).
 */
export function refundsSince(
  orders: readonly Order[],
  since: Date,
  except: ReadonlySet<string> = new Set(),
): number {
  return orders.reduce(
    (n, o) =>
      n + o.refunds.filter((r) => r.at.getTime() >= since.getTime() && !except.has(r.idempotencyKey)).length,
    0,
  );
}

/** What `countRefundsSince` leaves out. */
export interface RefundCountOptions {
  /**
   * Idempotency keys of refunds the caller counts already (a refund ledger's holds): a refund
   * made under one of them is not counted again. Between a refund reaching the order and its hold
   * being released, both exist; counted from each, one refund would count twice.
   */
  except?: readonly string[];
}

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

/** A customer as the order system knows them, found by a verified email. */
export interface OrderSystemCustomer {
  /**
   * The id orders of this customer carry in `Order.customerId` (the connector's namespace, e.g.
   * `shopify-7390`); the local Customer record of this person is stored under the same id.
   */
  customerId: string;
  /** The provider's own id (`gid://shopify/Customer/7390`, `cus_…`), kept for people to look up. */
  providerId: string;
  name: string;
  email: string;
}

/** What an order system can do; what it cannot is routed to staff with `reason`. */
export interface OrderSystemCapabilities {
  /** Orders can be looked up (false only for `ORDER_SYSTEM=none`: knowledge-base-only). */
  orders: boolean;
  refund: boolean;
  cancel: boolean;
}

/** The configured kinds; a new connector adds its name here and its row in the registry. */
export const ORDER_SYSTEM_KINDS = ['demo', 'shopify', 'stripe', 'http', 'none'] as const;
export type OrderSystemKind = (typeof ORDER_SYSTEM_KINDS)[number];

/**
 * The order system Switchboard acts on. The demo store implements it over MongoDB; the Shopify,
 * Stripe and HTTP connectors over the company's commerce API. Every write takes an idempotency key.
 * `orderId` is the number a customer names (Shopify's `#1043` is `1043`).
 */
export interface OrderSystem {
  readonly kind: OrderSystemKind;
  /** A name for people: "Shopify", "Stripe", "your order API". */
  readonly label: string;
  readonly capabilities: OrderSystemCapabilities;
  getOrder(tenantId: string, orderId: string): Promise<Order | null>;
  listOrders(tenantId: string, customerId: string, options?: { limit?: number }): Promise<Order[]>;
  /** The customer a verified email belongs to; null when the system does not know it. */
  findCustomerByEmail(tenantId: string, email: string): Promise<OrderSystemCustomer | null>;
  refund(
    tenantId: string,
    input: {
      orderId: string;
      amountMinor: number;
      idempotencyKey: string;
      reason?: string;
      /**
       * The order as the caller read it moments ago, in this operation. A system that reads the
       * order before refunding may start from it instead (the demo store, whose write re-checks
       * the key, the amount and the status in MongoDB); the others ask their API as always.
       */
      known?: Order;
    },
  ): Promise<RefundResult>;
  cancel(
    tenantId: string,
    input: { orderId: string; idempotencyKey: string; reason?: string },
  ): Promise<CancellationResult>;
  /** Refunds executed for a customer's orders since a moment (the daily limit). */
  countRefundsSince(
    tenantId: string,
    customerId: string,
    since: Date,
    options?: RefundCountOptions,
  ): Promise<number>;
  /**
   * Every order of one customer (newest first, at most `CUSTOMER_ORDERS_MAX`), only where that is
   * one cheap read: the demo store (one query). An operation that needs the order it acts on and
   * the customer's refunds of the day reads both from it (approvals/order-view.ts). Absent where
   * it would be several paged API calls (Shopify, Stripe, the HTTP API).
   */
  customerOrders?(tenantId: string, customerId: string): Promise<Order[]>;
  /**
   * The start-up check: one cheap authenticated call. Throws a ConfigError naming the variable
   * when the credential is refused, an UpstreamError naming it when the system cannot be reached.
   */
  verify(): Promise<void>;
}

/**
 * Why an action cannot run through this order system (for staff, on the escalation), or null when
 * it can. Money and cancellations the system cannot do are a person's job, never the model's.
 */
export function unsupportedActionReason(
  system: Pick<OrderSystem, 'capabilities' | 'label'>,
  action: 'refund' | 'cancel',
  orderId: string,
): string | null {
  if (!system.capabilities.orders)
    return `No order system is connected, so order ${orderId} must be handled by a person.`;
  if (action === 'cancel' && !system.capabilities.cancel)
    return `${system.label} cannot cancel orders: cancel order ${orderId} where it was placed, then answer the customer.`;
  if (action === 'refund' && !system.capabilities.refund)
    return `${system.label} cannot refund through Switchboard: refund order ${orderId} by hand, then answer the customer.`;
  return null;
}
