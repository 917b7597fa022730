import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeStripePayment {
  id: string;
  customer: string | null;
  amount: number;
  currency: string;
  status: 'succeeded' | 'canceled' | 'processing' | 'requires_payment_method';
  /** Unix seconds. */
  created: number;
  description?: string;
  metadata?: Record<string, string>;
}

export interface FakeStripeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string;
  status: 'succeeded' | 'failed';
  reason: string | null;
  created: number;
  metadata: Record<string, string>;
}

export interface FakeStripe {
  /** Give this to STRIPE_API_URL. */
  url: string;
  key: string;
  customers: Array<{ id: string; email: string; name: string }>;
  payments: FakeStripePayment[];
  refunds: FakeStripeRefund[];
  /** Every request: method, path (without query), Idempotency-Key. */
  requests: Array<{ method: string; path: string; idempotencyKey?: string }>;
  /** The next `n` requests get this status with Stripe's error object (500: api_error, 429: rate_limit_error). */
  failNext(n: number, status: number): void;
  close(): Promise<void>;
}

/** Stripe's flat form encoding → nested object (`metadata[switchboard_key]=…`, `expand[0]=…`). */
function parseForm(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.split(/[[\]]+/).filter(Boolean);
    if (rawKey.endsWith('[]') || (parts.length === 2 && /^\d+$/.test(parts[1]!))) {
      const list = (out[parts[0]!] as string[] | undefined) ?? [];
      list.push(value);
      out[parts[0]!] = list;
    } else if (parts.length === 2) {
      const obj = (out[parts[0]!] as Record<string, string> | undefined) ?? {};
      obj[parts[1]!] = value;
      out[parts[0]!] = obj;
    } else out[rawKey] = value;
  }
  return out;
}

/**
 * A loopback Stripe API for the official SDK: Bearer key check, Stripe's list, search_result and
 * error objects, `expand[]` of a PaymentIntent's charge and refunds, and idempotent replays (the
 * same Idempotency-Key and parameters replay the first response with `Idempotent-Replayed: true`;
 * other parameters under a used key are an idempotency_error).
 */
export async function startFakeStripe(options: { key?: string } = {}): Promise<FakeStripe> {
  const key = options.key ?? 'sk_test_fake_key_123';
  let fail = { n: 0, status: 0 };
  let seq = 1;
  const replays = new Map<string, { params: string; status: number; body: unknown }>();
  const state: FakeStripe = {
    url: '',
    key,
    customers: [],
    payments: [],
    refunds: [],
    requests: [],
    failNext: (n, status) => (fail = { n, status }),
    close: () => new Promise((r) => server.close(() => r())),
  };

  const chargeId = (pi: FakeStripePayment) => pi.id.replace(/^pi_/, 'ch_');
  function renderPayment(pi: FakeStripePayment, expand: string[]) {
    const refunds = state.refunds.filter((r) => r.payment_intent === pi.id);
    const expandCharge = expand.some(
      (e) => e.endsWith('latest_charge') || e.endsWith('latest_charge.refunds'),
    );
    const expandRefunds = expand.some((e) => e.endsWith('latest_charge.refunds'));
    const charge = {
      id: chargeId(pi),
      object: 'charge',
      amount: pi.amount,
      amount_refunded: refunds.reduce((n, r) => n + r.amount, 0),
      currency: pi.currency,
      payment_intent: pi.id,
      refunded: refunds.reduce((n, r) => n + r.amount, 0) >= pi.amount,
      ...(expandRefunds && {
        refunds: {
          object: 'list',
          data: refunds,
          has_more: false,
          url: `/v1/charges/${chargeId(pi)}/refunds`,
        },
      }),
    };
    return {
      id: pi.id,
      object: 'payment_intent',
      amount: pi.amount,
      amount_received: pi.status === 'succeeded' ? pi.amount : 0,
      currency: pi.currency,
      customer: pi.customer,
      created: pi.created,
      canceled_at: pi.status === 'canceled' ? pi.created + 60 : null,
      description: pi.description ?? null,
      metadata: pi.metadata ?? {},
      status: pi.status,
      latest_charge: pi.status === 'succeeded' ? (expandCharge ? charge : charge.id) : null,
    };
  }

  const error = (status: number, type: string, message: string, code?: string, param?: string) => ({
    status,
    body: { error: { type, message, ...(code && { code }), ...(param && { param }) } },
  });

  function route(
    method: string,
    path: string,
    q: Record<string, unknown>,
  ): { status: number; body: unknown } {
    const expand = (q.expand as string[] | undefined) ?? [];
    const limit = Number(q.limit ?? 10);
    if (method === 'GET' && path === '/v1/customers') {
      const email = typeof q.email === 'string' ? q.email.toLowerCase() : undefined;
      const data = state.customers
        .filter((c) => !email || c.email.toLowerCase() === email)
        .slice(0, limit)
        .map((c) => ({ id: c.id, object: 'customer', email: c.email, name: c.name, metadata: {} }));
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/customers' } };
    }
    if (method === 'GET' && path === '/v1/payment_intents') {
      const data = state.payments
        .filter((p) => !q.customer || p.customer === q.customer)
        .sort((a, b) => b.created - a.created)
        .slice(0, limit)
        .map((p) => renderPayment(p, expand));
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/payment_intents' } };
    }
    if (method === 'GET' && path === '/v1/payment_intents/search') {
      const m = /^metadata\['order_id'\]:'([^']*)'$/.exec(String(q.query ?? ''));
      if (!m)
        return error(
          400,
          'invalid_request_error',
          'Invalid search query',
          'parameter_invalid_string',
          'query',
        );
      const data = state.payments
        .filter((p) => p.metadata?.order_id === m[1])
        .map((p) => renderPayment(p, expand));
      return {
        status: 200,
        body: {
          object: 'search_result',
          data,
          has_more: false,
          next_page: null,
          url: '/v1/payment_intents/search',
        },
      };
    }
    const one = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && one) {
      const pi = state.payments.find((p) => p.id === one[1]);
      if (!pi)
        return error(
          404,
          'invalid_request_error',
          `No such payment_intent: '${one[1]}'`,
          'resource_missing',
          'intent',
        );
      return { status: 200, body: renderPayment(pi, expand) };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const pi = state.payments.find((p) => p.id === q.payment_intent);
      if (!pi)
        return error(
          400,
          'invalid_request_error',
          `No such payment_intent: '${String(q.payment_intent)}'`,
          'resource_missing',
          'payment_intent',
        );
      const refunded = state.refunds
        .filter((r) => r.payment_intent === pi.id)
        .reduce((n, r) => n + r.amount, 0);
      const amount = q.amount === undefined ? pi.amount - refunded : Number(q.amount);
      if (refunded >= pi.amount)
        return error(
          400,
          'invalid_request_error',
          `Charge ${chargeId(pi)} has already been refunded.`,
          'charge_already_refunded',
        );
      if (amount + refunded > pi.amount)
        return error(
          400,
          'invalid_request_error',
          `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((pi.amount - refunded) / 100).toFixed(2)})`,
          'amount_too_large',
          'amount',
        );
      const refund: FakeStripeRefund = {
        id: `re_${String(seq++).padStart(6, '0')}`,
        object: 'refund',
        amount,
        currency: pi.currency,
        payment_intent: pi.id,
        charge: chargeId(pi),
        status: 'succeeded',
        reason: typeof q.reason === 'string' ? q.reason : null,
        created: Math.floor(Date.now() / 1000),
        metadata: (q.metadata as Record<string, string> | undefined) ?? {},
      };
      state.refunds.push(refund);
      return { status: 200, body: refund };
    }
    return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', 'http://x');
    const method = req.method ?? 'GET';
    const idem = req.headers['idempotency-key'] as string | undefined;
    state.requests.push({ method, path: url.pathname, idempotencyKey: idem });
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${seq++}`, ...headers });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== `Bearer ${key}`) {
      return send(401, {
        error: {
          type: 'invalid_request_error',
          message: `Invalid API Key provided: ${String(req.headers.authorization).slice(7, 15)}****`,
        },
      });
    }
    if (fail.n > 0) {
      fail.n--;
      const type = fail.status === 429 ? 'rate_limit_error' : 'api_error';
      return send(fail.status, {
        error: { type, message: fail.status === 429 ? 'Too many requests' : 'An unknown error occurred' },
      });
    }
    const text = Buffer.concat(chunks).toString('utf8');
    const q = method === 'GET' ? parseForm(url.search.slice(1)) : parseForm(text);
    if (method === 'POST' && idem) {
      const seen = replays.get(idem);
      if (seen && seen.params !== text) {
        return send(400, {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with.`,
          },
        });
      }
      if (seen)
        return send(seen.status, seen.body, { 'Idempotent-Replayed': 'true', 'Idempotency-Key': idem });
      const out = route(method, url.pathname, q);
      replays.set(idem, { params: text, status: out.status, body: out.body });
      return send(out.status, out.body, { 'Idempotency-Key': idem });
    }
    const out = route(method, url.pathname, q);
    send(out.status, out.body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => res.writeHead(500).end(String(err)));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
