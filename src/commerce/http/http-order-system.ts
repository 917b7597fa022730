import pRetry, { AbortError } from 'p-retry';
import type { z } from 'zod';
import type { Clock } from '../../domain/index.js';
import {
  AppError,
  ConfigError,
  ConflictError,
  NotFoundError,
  UpstreamError,
  ValidationError,
} from '../../errors.js';
import type { Logger } from '../../logger.js';
import { cleanOrderNumber } from '../amounts.js';
import { checkRefundInput, refundsSince, type OrderSystem } from '../order-system.js';
import type { OrderSystemConfigOf } from '../order-system-config.js';
import {
  CancellationResponseSchema,
  CustomerResponseSchema,
  ErrorResponseSchema,
  HealthResponseSchema,
  OrderResponseSchema,
  OrdersResponseSchema,
  RefundResponseSchema,
} from './order-api-schema.js';
import { sign, SIGNATURE_HEADER, TIMESTAMP_HEADER } from './signing.js';

export interface HttpOrderSystemOptions {
  config: OrderSystemConfigOf<'http'>;
  logger: Logger;
  clock: Clock;
  /** Attempts per call on a timeout, a connection error, 429 or 5xx; default 3. */
  attempts?: number;
  /** First wait between attempts (doubling); default 200 ms. */
  minRetryMs?: number;
}

const UNREACHABLE = "I can't reach our order system right now; a person from the team will follow up.";

/** An answer worth another attempt: the server was busy or failed, not a refusal of the request. */
const retryableStatus = (s: number) => s === 429 || s >= 500;

/**
 * Your own backend over the JSON contract in docs/order-api.openapi.yaml. Every request is signed
 * (HMAC-SHA256, see signing.ts) with a timestamp the server checks against a 5-minute window;
 * writes carry an Idempotency-Key, so retrying them (bounded, with backoff) never pays twice.
 */
export function createHttpOrderSystem(options: HttpOrderSystemOptions): OrderSystem {
  const { config, logger, clock } = options;
  const base = config.baseUrl.replace(/(?<!\/)\/+$/, '');
  const basePath = new URL(base).pathname.replace(/(?<!\/)\/+$/, '');

  async function send<S extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    schema: S,
    opts: { body?: unknown; idempotencyKey?: string; notFoundIsNull?: boolean } = {},
  ): Promise<z.infer<S> | null> {
    const body = opts.body === undefined ? '' : JSON.stringify(opts.body);
    const attempt = async () => {
      // Signed per attempt: a retry after a slow first try still falls inside the replay window.
      const timestamp = String(Math.floor(clock.now().getTime() / 1000));
      const headers: Record<string, string> = {
        Accept: 'application/json',
        [TIMESTAMP_HEADER]: timestamp,
        [SIGNATURE_HEADER]: sign(config.secret, timestamp, method, basePath + path, body),
      };
      if (body) headers['Content-Type'] = 'application/json';
      if (opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey;
      let res: Response;
      try {
        res = await fetch(base + path, {
          method,
          headers,
          body: body || undefined,
          signal: AbortSignal.timeout(config.timeoutMs),
        });
      } catch (err) {
        throw new UpstreamError(
          `order API ${method} ${path}: ${(err as Error).name === 'TimeoutError' ? `no answer in ${config.timeoutMs} ms` : (err as Error).message}`,
          {
            cause: err,
            publicMessage: UNREACHABLE,
          },
        );
      }
      const text = await res.text();
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      if (res.ok) {
        const parsed = schema.safeParse(json);
        if (!parsed.success)
          throw new AbortError(
            new UpstreamError(
              `order API ${method} ${path} answered an unexpected shape: ${parsed.error.issues[0]?.message}`,
            ),
          );
        return parsed.data as z.infer<S>;
      }
      const err = ErrorResponseSchema.safeParse(json);
      const detail = err.success ? `${err.data.error.code}: ${err.data.error.message}` : `HTTP ${res.status}`;
      if (res.status === 404 && opts.notFoundIsNull) return null;
      if (retryableStatus(res.status))
        throw new UpstreamError(`order API ${method} ${path} failed (HTTP ${res.status}) ${detail}`, {
          publicMessage: UNREACHABLE,
        });
      // A refusal is an answer: not retried.
      throw new AbortError(
        errorFor(
          res.status,
          `order API ${method} ${path}: ${detail}`,
          err.success ? err.data.error.message : undefined,
        ),
      );
    };
    try {
      return await pRetry(attempt, {
        retries: (options.attempts ?? 3) - 1,
        minTimeout: options.minRetryMs ?? 200,
        factor: 2,
        shouldRetry: ({ error }) => error instanceof UpstreamError,
        onFailedAttempt: ({ error, attemptNumber, retriesLeft }) => {
          if (retriesLeft > 0)
            logger.warn({ err: error, attemptNumber, path }, 'order API call failed; retrying');
        },
      });
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new UpstreamError(`order API ${method} ${path} failed: ${String(err)}`, {
        cause: err,
        publicMessage: UNREACHABLE,
      });
    }
  }

  function errorFor(status: number, message: string, publicDetail?: string): AppError {
    if (status === 401 || status === 403)
      return new ConfigError(
        `${message} — the order API refused the signature: check ORDER_API_SECRET (and the server clock)`,
      );
    if (status === 404) return new NotFoundError(message, { publicMessage: "I couldn't find that order." });
    if (status === 409 || status === 422)
      return new ConflictError(message, {
        publicMessage: publicDetail
          ? `${publicDetail.replace(/\.?$/, '.')}`
          : 'That could not be done; the team will look at it.',
      });
    if (status === 400) return new ValidationError(message);
    return new UpstreamError(message, { publicMessage: UNREACHABLE });
  }

  const orderPath = (orderId: string) => {
    const number = cleanOrderNumber(orderId);
    return number ? `/orders/${encodeURIComponent(number)}` : null;
  };
  const toOrder = (tenantId: string, o: z.infer<typeof OrderResponseSchema>['order']) => ({ tenantId, ...o });

  async function listOrders(tenantId: string, customerId: string, opts?: { limit?: number }) {
    const limit = Math.min(Math.max(opts?.limit ?? 20, 1), 100);
    const found = await send(
      'GET',
      `/customers/${encodeURIComponent(customerId)}/orders?limit=${limit}`,
      OrdersResponseSchema,
      { notFoundIsNull: true },
    );
    return (found?.orders ?? []).map((o) => toOrder(tenantId, o));
  }

  return {
    kind: 'http',
    label: 'your order API',
    capabilities: { orders: true, refund: true, cancel: true },

    async verify() {
      try {
        await send('GET', '/health', HealthResponseSchema);
      } catch (err) {
        if (err instanceof ConfigError) throw err;
        throw new UpstreamError(
          `The order API at ORDER_API_URL=${base} cannot be reached: ${err instanceof Error ? err.message : String(err)}`,
          { cause: err },
        );
      }
    },

    async findCustomerByEmail(_tenantId, email) {
      const normalized = email.trim().toLowerCase();
      const found = await send(
        'GET',
        `/customers?email=${encodeURIComponent(normalized)}`,
        CustomerResponseSchema,
        {
          notFoundIsNull: true,
        },
      );
      if (!found) return null;
      return {
        customerId: found.customer.customerId,
        providerId: found.customer.customerId,
        name: found.customer.name,
        email: normalized,
      };
    },

    async getOrder(tenantId, orderId) {
      const path = orderPath(orderId);
      if (!path) return null;
      const found = await send('GET', path, OrderResponseSchema, { notFoundIsNull: true });
      return found ? toOrder(tenantId, found.order) : null;
    },

    listOrders,

    async countRefundsSince(tenantId, customerId, since, options) {
      const orders = await listOrders(tenantId, customerId, { limit: 100 });
      return refundsSince(orders, since, new Set(options?.except));
    },

    async refund(_tenantId, input) {
      checkRefundInput(input);
      const path = orderPath(input.orderId);
      if (!path) throw new NotFoundError(`Order ${input.orderId} is not an order number`);
      const out = await send('POST', `${path}/refunds`, RefundResponseSchema, {
        body: {
          amountMinor: input.amountMinor,
          ...(input.reason ? { reason: input.reason.slice(0, 500) } : {}),
        },
        idempotencyKey: input.idempotencyKey,
      });
      return out!.refund;
    },

    async cancel(_tenantId, input) {
      if (!input.idempotencyKey) throw new ValidationError('A cancellation needs an idempotency key');
      const path = orderPath(input.orderId);
      if (!path) throw new NotFoundError(`Order ${input.orderId} is not an order number`);
      const out = await send('POST', `${path}/cancel`, CancellationResponseSchema, {
        body: input.reason ? { reason: input.reason.slice(0, 500) } : {},
        idempotencyKey: input.idempotencyKey,
      });
      return out!.cancellation;
    },
  };
}
