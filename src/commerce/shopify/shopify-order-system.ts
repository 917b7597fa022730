import { z } from 'zod';
import type { Order } from '../../domain/index.js';
import { ConfigError, ConflictError, NotFoundError, UpstreamError, ValidationError } from '../../errors.js';
import type { Logger } from '../../logger.js';
import { cleanOrderNumber, toMajorString } from '../amounts.js';
import { formatMinor, remainingRefundableMinor } from '../eligibility.js';
import { checkRefundInput, refundsSince, type OrderSystem } from '../order-system.js';
import type { OrderSystemConfigOf } from '../order-system-config.js';
import { createShopifyClient, type ShopifyClientOptions } from './shopify-client.js';
import {
  keyFromNote,
  legacyId,
  refundableTransaction,
  refundNote,
  shopifyCustomerId,
  ShopifyCustomerSchema,
  ShopifyOrderSchema,
  toOrder,
  type ShopifyOrder,
} from './shopify-map.js';
import {
  CUSTOMER_BY_EMAIL_QUERY,
  CUSTOMER_ORDERS_QUERY,
  ORDER_BY_NAME_QUERY,
  ORDER_CANCEL_MUTATION,
  REFUND_CREATE_MUTATION,
  SHOP_QUERY,
} from './shopify-queries.js';

export interface ShopifyOrderSystemOptions {
  config: OrderSystemConfigOf<'shopify'>;
  logger: Logger;
  /** Client tuning (timeouts, throttle waits); tests shorten them. */
  client?: Pick<ShopifyClientOptions, 'timeoutMs' | 'maxAttempts' | 'maxWaitMs' | 'sleep'>;
}

const Nodes = <T extends z.ZodType>(node: T) => z.object({ nodes: z.array(node) });
const UserErrors = z.array(z.object({ field: z.array(z.string()).nullish(), message: z.string() }));

/** Search syntax values are quoted; a quote or backslash inside is escaped, never interpreted. */
const quoted = (s: string) => `"${s.replace(/["\\]/g, (c) => `\\${c}`)}"`;

/**
 * Shopify through the Admin GraphQL API: customers and orders by a verified email, refunds with
 * `refundCreate` under `@idempotent(key:)` (and the key in the refund note, so the order shows it),
 * cancellations with `orderCancel`. Serves one store: `tenantId` is the organization it belongs to.
 */
export function createShopifyOrderSystem(options: ShopifyOrderSystemOptions): OrderSystem {
  const { config, logger } = options;
  const client = createShopifyClient({ ...config, ...options.client, logger });

  function parse<T extends z.ZodType>(schema: T, data: unknown, what: string): z.infer<T> {
    const parsed = schema.safeParse(data);
    if (!parsed.success)
      throw new UpstreamError(
        `Shopify answered ${what} in an unexpected shape: ${parsed.error.issues[0]?.message}`,
      );
    return parsed.data;
  }

  async function findOrder(orderId: string): Promise<ShopifyOrder | null> {
    const number = cleanOrderNumber(orderId);
    if (!number) return null;
    const data = await client.request<unknown>({
      name: 'OrderByName',
      query: ORDER_BY_NAME_QUERY,
      variables: { query: `name:${quoted(`#${number}`)}` },
    });
    const { orders } = parse(z.object({ orders: Nodes(ShopifyOrderSchema) }), data, 'OrderByName');
    // The search is fuzzy on some stores: only the exact order number counts.
    return orders.nodes.find((o) => o.name.replace(/^#/, '') === number) ?? null;
  }

  async function ordersOf(customerId: string, limit: number): Promise<ShopifyOrder[]> {
    const m = /^shopify-(\d+)$/.exec(customerId);
    if (!m) return [];
    const data = await client.request<unknown>({
      name: 'CustomerOrders',
      query: CUSTOMER_ORDERS_QUERY,
      variables: { id: `gid://shopify/Customer/${m[1]}`, first: Math.min(Math.max(limit, 1), 50) },
    });
    const { customer } = parse(
      z.object({ customer: z.object({ orders: Nodes(ShopifyOrderSchema) }).nullable() }),
      data,
      'CustomerOrders',
    );
    return customer?.orders.nodes ?? [];
  }

  const notFound = (orderId: string) =>
    new NotFoundError(`Order ${orderId} not found in Shopify`, {
      publicMessage: `I couldn't find order ${orderId}.`,
    });

  return {
    kind: 'shopify',
    label: 'Shopify',
    capabilities: { orders: true, refund: true, cancel: true },

    async verify() {
      try {
        const data = await client.request<unknown>({ name: 'Shop', query: SHOP_QUERY });
        const { shop } = parse(z.object({ shop: z.object({ name: z.string() }) }), data, 'Shop');
        logger.info({ shop: shop.name }, 'connected to Shopify');
      } catch (err) {
        if (err instanceof ConfigError) throw err;
        throw new UpstreamError(
          `Shopify at SHOPIFY_STORE_DOMAIN=${config.storeDomain} cannot be reached: ${err instanceof Error ? err.message : String(err)}`,
          { cause: err },
        );
      }
    },

    async findCustomerByEmail(_tenantId, email) {
      const data = await client.request<unknown>({
        name: 'CustomerByEmail',
        query: CUSTOMER_BY_EMAIL_QUERY,
        variables: { query: `email:${quoted(email.trim().toLowerCase())}` },
      });
      const { customers } = parse(
        z.object({ customers: Nodes(ShopifyCustomerSchema) }),
        data,
        'CustomerByEmail',
      );
      const found = customers.nodes.find((c) => c.email?.toLowerCase() === email.trim().toLowerCase());
      if (!found) return null;
      return {
        customerId: shopifyCustomerId(found.id),
        providerId: found.id,
        name: found.displayName,
        email: email.trim().toLowerCase(),
      };
    },

    async getOrder(tenantId, orderId) {
      const order = await findOrder(orderId);
      return order ? toOrder(tenantId, order) : null;
    },

    async listOrders(tenantId, customerId, opts) {
      return (await ordersOf(customerId, opts?.limit ?? 20)).map((o) => toOrder(tenantId, o));
    },

    async countRefundsSince(tenantId, customerId, since, options) {
      const orders = await ordersOf(customerId, 50);
      return refundsSince(
        orders.map((o) => toOrder(tenantId, o)),
        since,
        new Set(options?.except),
      );
    },

    async refund(tenantId, input) {
      checkRefundInput(input);
      const raw = await findOrder(input.orderId);
      if (!raw) throw notFound(input.orderId);
      const order: Order = toOrder(tenantId, raw);
      // Already paid under this key (a retry after a lost answer): the original refund answers.
      const seen = raw.refunds.find((r) => keyFromNote(r.note) === input.idempotencyKey);
      if (seen) {
        const mapped = order.refunds.find((r) => r.refundId === seen.id)!;
        return { refundId: seen.id, amountMinor: mapped.amountMinor, duplicate: true };
      }
      if (order.status === 'cancelled')
        throw new ConflictError(`Order ${order.orderId} was cancelled in Shopify`, {
          publicMessage: `Order ${order.orderId} was cancelled, so there is nothing left to refund.`,
        });
      const remaining = remainingRefundableMinor(order);
      if (input.amountMinor > remaining)
        throw new ConflictError(
          `Refund of ${input.amountMinor} exceeds the ${remaining} still refundable on order ${order.orderId}`,
          {
            publicMessage: `Only ${formatMinor(remaining, order.currency)} of order ${order.orderId} can still be refunded.`,
          },
        );
      const payment = refundableTransaction(raw);
      if (!payment)
        throw new ConflictError(`Order ${order.orderId} has no captured payment in Shopify to refund`, {
          publicMessage: `Order ${order.orderId} has no payment that can be refunded automatically.`,
        });
      const data = await client.request<unknown>({
        name: 'RefundCreate',
        query: REFUND_CREATE_MUTATION,
        variables: {
          key: input.idempotencyKey,
          input: {
            orderId: raw.id,
            note: refundNote(input.reason, input.idempotencyKey),
            notify: true,
            transactions: [
              {
                orderId: raw.id,
                parentId: payment.id,
                gateway: payment.gateway,
                kind: 'REFUND',
                amount: toMajorString(input.amountMinor, order.currency),
              },
            ],
          },
        },
      });
      const { refundCreate } = parse(
        z.object({
          refundCreate: z.object({
            refund: z.object({ id: z.string() }).nullish(),
            userErrors: UserErrors,
          }),
        }),
        data,
        'RefundCreate',
      );
      if (refundCreate.userErrors.length > 0 || !refundCreate.refund) {
        const detail = refundCreate.userErrors.map((e) => e.message).join('; ') || 'no refund returned';
        throw new ConflictError(`Shopify refused the refund on order ${order.orderId}: ${detail}`, {
          publicMessage: `The refund on order ${order.orderId} could not be made; the team will look at it.`,
        });
      }
      logger.info(
        { orderId: order.orderId, refundId: legacyId(refundCreate.refund.id) },
        'Shopify refund created',
      );
      return { refundId: refundCreate.refund.id, amountMinor: input.amountMinor, duplicate: false };
    },

    async cancel(tenantId, input) {
      if (!input.idempotencyKey) throw new ValidationError('A cancellation needs an idempotency key');
      const raw = await findOrder(input.orderId);
      if (!raw) throw notFound(input.orderId);
      const order = toOrder(tenantId, raw);
      const reference = `CXL-${order.orderId}`;
      // Cancelling is naturally idempotent: an order already cancelled is the outcome wanted.
      if (order.status === 'cancelled') return { reference, duplicate: true };
      if (order.status !== 'placed')
        throw new ConflictError(`Order ${order.orderId} is ${order.status} and can no longer be cancelled`, {
          publicMessage: `Order ${order.orderId} has already shipped, so it can no longer be cancelled.`,
        });
      const data = await client.request<unknown>({
        name: 'OrderCancel',
        query: ORDER_CANCEL_MUTATION,
        variables: {
          orderId: raw.id,
          reason: 'CUSTOMER',
          refundMethod: { originalPaymentMethodsRefund: true },
          restock: true,
          notifyCustomer: true,
          staffNote: `${(input.reason ?? 'Cancelled through Switchboard').slice(0, 200)} [switchboard:${input.idempotencyKey}]`,
        },
      });
      const { orderCancel } = parse(
        z.object({
          orderCancel: z.object({
            job: z.object({ id: z.string() }).nullish(),
            orderCancelUserErrors: z.array(z.object({ message: z.string(), code: z.string().nullish() })),
          }),
        }),
        data,
        'OrderCancel',
      );
      if (orderCancel.orderCancelUserErrors.length > 0 || !orderCancel.job) {
        const detail =
          orderCancel.orderCancelUserErrors.map((e) => e.message).join('; ') || 'no job returned';
        throw new ConflictError(`Shopify refused to cancel order ${order.orderId}: ${detail}`, {
          publicMessage: `Order ${order.orderId} could not be cancelled; the team will look at it.`,
        });
      }
      return { reference: orderCancel.job.id, duplicate: false };
    },
  };
}
