import Stripe from 'stripe';
import type { Order } from '../../domain/index.js';
import { AppError, ConfigError, ConflictError, NotFoundError, UpstreamError } from '../../errors.js';
import type { Logger } from '../../logger.js';
import { cleanOrderNumber } from '../amounts.js';
import { formatMinor, remainingRefundableMinor } from '../eligibility.js';
import { checkRefundInput, refundsSince, type OrderSystem } from '../order-system.js';
import type { OrderSystemConfigOf } from '../order-system-config.js';
import { orderNumberOf, stripeCustomerId, toOrder } from './stripe-map.js';

export interface StripeOrderSystemOptions {
  config: OrderSystemConfigOf<'stripe'>;
  logger: Logger;
  /** Per-request timeout; default 10 s. */
  timeoutMs?: number;
}

/** Expanding the charge and its refunds reads a payment's refunds in the same call. */
const EXPAND_ONE = ['latest_charge.refunds'];
const EXPAND_LIST = ['data.latest_charge.refunds'];

const UNREACHABLE = "I can't reach our payment system right now; a person from the team will follow up.";

/**
 * Stripe through the official SDK: customers by email, their PaymentIntents as the orders they
 * can name, refunds with an Idempotency-Key (Stripe replays the original refund for a repeat).
 * Stripe has no orders to cancel: `capabilities.cancel` is false and the approvals route a
 * cancellation to staff with the reason.
 */
export function createStripeOrderSystem(options: StripeOrderSystemOptions): OrderSystem {
  const { config, logger } = options;
  const api = config.apiUrl ? new URL(config.apiUrl) : undefined;
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 2, // the SDK retries 409/429/5xx and connection errors, reusing the idempotency key
    timeout: options.timeoutMs ?? 10_000,
    telemetry: false,
    appInfo: { name: 'Switchboard' },
    ...(api && {
      host: api.hostname,
      port: api.port || (api.protocol === 'http:' ? 80 : 443),
      protocol: api.protocol === 'http:' ? 'http' : 'https',
    }),
  });

  /** Stripe's error types as ours: a refused key names its variable, a refusal is a conflict. */
  function translate(err: unknown, what: string): AppError {
    if (err instanceof AppError) return err;
    const e = err as { type?: string; message?: string; code?: string; statusCode?: number };
    const detail = `${e.code ? `${e.code}: ` : ''}${e.message ?? String(err)}`;
    switch (e.type) {
      case 'StripeAuthenticationError':
      case 'StripePermissionError':
        return new ConfigError(`Stripe refused STRIPE_SECRET_KEY while ${what} (${detail})`, { cause: err });
      case 'StripeInvalidRequestError':
        if (e.statusCode === 404) return new NotFoundError(`Stripe: ${what}: ${detail}`, { cause: err });
        return new ConflictError(`Stripe refused ${what}: ${detail}`, {
          cause: err,
          publicMessage: 'That could not be done automatically; the team will look at it.',
        });
      case 'StripeIdempotencyError':
        return new ConflictError(
          `Stripe: the idempotency key was reused with different parameters while ${what}`,
          {
            cause: err,
          },
        );
      default:
        return new UpstreamError(`Stripe failed while ${what}: ${detail}`, {
          cause: err,
          publicMessage: UNREACHABLE,
        });
    }
  }

  async function call<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      throw translate(err, what);
    }
  }

  async function findPayment(orderId: string): Promise<Stripe.PaymentIntent | null> {
    const number = cleanOrderNumber(orderId);
    if (!number) return null;
    if (number.startsWith('pi_')) {
      try {
        return await stripe.paymentIntents.retrieve(number, { expand: EXPAND_ONE });
      } catch (err) {
        if ((err as { statusCode?: number }).statusCode === 404) return null;
        throw translate(err, `reading payment ${number}`);
      }
    }
    const found = await call(`searching order ${number}`, () =>
      stripe.paymentIntents.search({
        query: `metadata['order_id']:'${number}'`,
        limit: 1,
        expand: EXPAND_LIST,
      }),
    );
    return found.data.find((pi) => orderNumberOf(pi) === number) ?? null;
  }

  async function paymentsOf(customerId: string, limit: number): Promise<Stripe.PaymentIntent[]> {
    const m = /^stripe-(cus_[A-Za-z0-9]+)$/.exec(customerId);
    if (!m) return [];
    const page = await call('listing payments', () =>
      stripe.paymentIntents.list({
        customer: m[1]!,
        limit: Math.min(Math.max(limit, 1), 100),
        expand: EXPAND_LIST,
      }),
    );
    return page.data;
  }

  return {
    kind: 'stripe',
    label: 'Stripe',
    capabilities: { orders: true, refund: true, cancel: false },

    async verify() {
      try {
        await stripe.customers.list({ limit: 1 });
        logger.info('connected to Stripe');
      } catch (err) {
        const e = translate(err, 'checking the key at start-up');
        if (e instanceof ConfigError) throw e;
        throw new UpstreamError(
          `Stripe cannot be reached${config.apiUrl ? ` at STRIPE_API_URL=${config.apiUrl}` : ''} (check STRIPE_SECRET_KEY and the network): ${e.message}`,
          { cause: err },
        );
      }
    },

    async findCustomerByEmail(_tenantId, email) {
      const normalized = email.trim().toLowerCase();
      const page = await call('looking up a customer', () =>
        stripe.customers.list({ email: normalized, limit: 1 }),
      );
      const c = page.data[0];
      if (!c) return null;
      return {
        customerId: stripeCustomerId(c.id),
        providerId: c.id,
        name: c.name || normalized,
        email: normalized,
      };
    },

    async getOrder(tenantId, orderId) {
      const pi = await findPayment(orderId);
      return pi ? toOrder(tenantId, pi) : null;
    },

    async listOrders(tenantId, customerId, opts) {
      return (await paymentsOf(customerId, opts?.limit ?? 20)).map((pi) => toOrder(tenantId, pi));
    },

    async countRefundsSince(tenantId, customerId, since, options) {
      const orders = (await paymentsOf(customerId, 100)).map((pi) => toOrder(tenantId, pi));
      return refundsSince(orders, since, new Set(options?.except));
    },

    async refund(tenantId, input) {
      checkRefundInput(input);
      const pi = await findPayment(input.orderId);
      if (!pi)
        throw new NotFoundError(`Payment for order ${input.orderId} not found in Stripe`, {
          publicMessage: `I couldn't find order ${input.orderId}.`,
        });
      const order: Order = toOrder(tenantId, pi);
      const seen = order.refunds.find((r) => r.idempotencyKey === input.idempotencyKey);
      if (seen) return { refundId: seen.refundId, amountMinor: seen.amountMinor, duplicate: true };
      if (order.status !== 'delivered')
        throw new ConflictError(
          `Payment for order ${order.orderId} is ${pi.status}; nothing captured to refund`,
          {
            publicMessage: `Order ${order.orderId} has no completed payment to refund.`,
          },
        );
      const remaining = remainingRefundableMinor(order);
      if (input.amountMinor > remaining)
        throw new ConflictError(
          `Refund of ${input.amountMinor} exceeds the ${remaining} still refundable on order ${order.orderId}`,
          {
            publicMessage: `Only ${formatMinor(remaining, order.currency)} of order ${order.orderId} can still be refunded.`,
          },
        );
      const refund = await call(`refunding order ${order.orderId}`, () =>
        stripe.refunds.create(
          {
            payment_intent: pi.id,
            amount: input.amountMinor,
            reason: 'requested_by_customer',
            metadata: { switchboard_key: input.idempotencyKey, reason: (input.reason ?? '').slice(0, 450) },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      if (refund.status === 'failed' || refund.status === 'canceled')
        throw new ConflictError(`Stripe refund ${refund.id} on order ${order.orderId} ${refund.status}`, {
          publicMessage: `The refund on order ${order.orderId} could not be made; the team will look at it.`,
        });
      const replayed = refund.lastResponse?.headers?.['idempotent-replayed'] === 'true';
      logger.info({ orderId: order.orderId, refundId: refund.id, replayed }, 'Stripe refund created');
      return { refundId: refund.id, amountMinor: refund.amount, duplicate: replayed };
    },

    async cancel(_tenantId, input) {
      // The approvals never send a cancellation here (capabilities.cancel is false); refuse, never fake.
      throw new ConflictError(`Stripe cannot cancel order ${input.orderId}: it holds payments, not orders`, {
        publicMessage: `Order ${input.orderId} can't be cancelled automatically; a person from the team will follow up.`,
      });
    },
  };
}
