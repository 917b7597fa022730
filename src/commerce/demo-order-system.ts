import type { Db } from 'mongodb';
import pino from 'pino';
import type { Clock, IdGenerator } from '../domain/index.js';
import { ConflictError, NotFoundError, UpstreamError, ValidationError } from '../errors.js';
import type { Logger } from '../logger.js';
import { createOrderRepository, type OrderRepository } from '../memory/order-repository.js';
import { formatMinor, isCancellable } from './eligibility.js';
import { CUSTOMER_ORDERS_MAX, checkRefundInput, refundsSince, type OrderSystem } from './order-system.js';

export interface DemoOrderSystemOptions {
  /** The orders repository, or a database to build one over. */
  orders: OrderRepository | Db;
  clock: Clock;
  ids: IdGenerator;
  logger?: Logger;
}

function isRepository(x: OrderRepository | Db): x is OrderRepository {
  return typeof (x as OrderRepository).pushRefund === 'function';
}

/**
 * The demo store as an order system. Every write is idempotent by key and atomic in MongoDB, so a
 * retried approval never pays twice and two concurrent refunds cannot exceed the order total.
 */
export function createDemoOrderSystem(options: DemoOrderSystemOptions): OrderSystem {
  const { clock, ids } = options;
  const orders = isRepository(options.orders)
    ? options.orders
    : createOrderRepository({
        db: options.orders,
        clock,
        logger: options.logger ?? pino({ level: 'silent' }),
      });

  return {
    kind: 'demo',
    label: 'the demo store',
    capabilities: { orders: true, refund: true, cancel: true },
    // The demo's customers live in the local customers collection (the seed), found there first.
    findCustomerByEmail: async () => null,
    // The demo store is the database itself: nothing to reach at start-up.
    verify: async () => undefined,
    getOrder: (tenantId, orderId) => orders.get(tenantId, orderId),
    listOrders: (tenantId, customerId, opts) =>
      orders.listByCustomer(tenantId, customerId, opts?.limit ?? 20),

    async refund(tenantId, input) {
      checkRefundInput(input);
      // An order the caller read moments ago will do: the push re-checks key, amount and status.
      const hint = input.known;
      const known = hint?.orderId === input.orderId && hint.tenantId === tenantId ? hint : undefined;
      const order = known ?? (await orders.get(tenantId, input.orderId));
      if (!order)
        throw new NotFoundError(`Order ${input.orderId} not found`, {
          publicMessage: `I couldn't find order ${input.orderId}.`,
        });
      const seen = order.refunds.find((r) => r.idempotencyKey === input.idempotencyKey);
      if (seen) return { refundId: seen.refundId, amountMinor: seen.amountMinor, duplicate: true };
      const cancelled = () =>
        new ConflictError(`Order ${order.orderId} was cancelled; its payment was already voided`, {
          publicMessage: `Order ${order.orderId} was cancelled, so there is nothing left to refund.`,
        });
      if (order.status === 'cancelled') throw cancelled();
      const outcome = await orders.pushRefund(
        tenantId,
        input.orderId,
        {
          refundId: ids.id('re'),
          amountMinor: input.amountMinor,
          idempotencyKey: input.idempotencyKey,
          reason: input.reason,
          at: clock.now(),
        },
        order, // just read: the push re-checks it in its update
      );
      switch (outcome.kind) {
        case 'added':
          return {
            refundId: outcome.refund.refundId,
            amountMinor: outcome.refund.amountMinor,
            duplicate: false,
          };
        case 'duplicate':
          return {
            refundId: outcome.refund.refundId,
            amountMinor: outcome.refund.amountMinor,
            duplicate: true,
          };
        case 'not_found':
          throw new NotFoundError(`Order ${input.orderId} not found`);
        case 'cancelled':
          throw cancelled();
        case 'exceeds':
          throw new ConflictError(
            `Refund of ${input.amountMinor} exceeds the ${outcome.remainingMinor} still refundable on order ${input.orderId}`,
            {
              publicMessage: `Only ${formatMinor(outcome.remainingMinor, order.currency)} of order ${input.orderId} can still be refunded.`,
            },
          );
      }
    },

    async cancel(tenantId, input) {
      if (!input.idempotencyKey) throw new ValidationError('A cancellation needs an idempotency key');
      const order = await orders.get(tenantId, input.orderId);
      if (!order)
        throw new NotFoundError(`Order ${input.orderId} not found`, {
          publicMessage: `I couldn't find order ${input.orderId}.`,
        });
      const reference = `CXL-${order.orderId}`;
      // Already cancelled (by this key or another): the outcome the caller wants already holds.
      if (order.status === 'cancelled') return { reference, duplicate: true };
      if (!isCancellable(order)) {
        throw new ConflictError(`Order ${order.orderId} is ${order.status} and can no longer be cancelled`, {
          publicMessage: `Order ${order.orderId} has already shipped, so it can no longer be cancelled.`,
        });
      }
      const updated = await orders.markCancelled(tenantId, order.orderId, clock.now(), input.idempotencyKey);
      if (updated) return { reference, duplicate: false };
      const now = await orders.get(tenantId, order.orderId);
      if (now?.status === 'cancelled') return { reference, duplicate: true };
      // Still cancellable: the update lost to concurrent writers, not to a shipment. Retryable.
      if (now && isCancellable(now)) {
        throw new UpstreamError(`Order ${order.orderId} was busy with other changes; not cancelled yet`);
      }
      throw new ConflictError(`Order ${order.orderId} shipped while it was being cancelled`, {
        publicMessage: `Order ${order.orderId} has just shipped, so it can no longer be cancelled.`,
      });
    },

    async countRefundsSince(tenantId, customerId, since, options) {
      const list = await orders.listByCustomer(tenantId, customerId, CUSTOMER_ORDERS_MAX);
      return refundsSince(list, since, new Set(options?.except));
    },
    customerOrders: (tenantId, customerId) =>
      orders.listByCustomer(tenantId, customerId, CUSTOMER_ORDERS_MAX),
  };
}
