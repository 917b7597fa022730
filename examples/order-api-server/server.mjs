#!/usr/bin/env node
// An example order API implementing docs/order-api.openapi.yaml over a JSON file: what a company
// copies to put its own backend behind Switchboard (ORDER_SYSTEM=http). Plain Node (no build),
// zod for input checks. Run: ORDER_API_SECRET=… node examples/order-api-server/server.mjs
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const REPLAY_WINDOW_SECONDS = 300;
const OrderId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const IdempotencyKey = z.string().min(1).max(255);
const RefundBody = z
  .object({ amountMinor: z.number().int().positive(), reason: z.string().max(500).optional() })
  .strict();
const CancelBody = z.object({ reason: z.string().max(500).optional() }).strict();
const Email = z.string().email();

class HttpError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** Checks `X-Switchboard-Signature` over `timestamp.METHOD.path.body` and the 5-minute window. */
function verify(secret, req, body, nowSeconds) {
  const timestamp = req.headers['x-switchboard-timestamp'];
  const signature = req.headers['x-switchboard-signature'];
  const ts = Number(timestamp);
  if (typeof timestamp !== 'string' || !Number.isInteger(ts)) return 'missing or malformed timestamp';
  if (Math.abs(nowSeconds - ts) > REPLAY_WINDOW_SECONDS) return 'stale timestamp';
  const base = `${timestamp}.${req.method}.${req.url}.${body}`;
  const expected = Buffer.from(`v1=${createHmac('sha256', secret).update(base).digest('hex')}`);
  const given = Buffer.from(typeof signature === 'string' ? signature : '');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'bad signature';
  return null;
}

/**
 * Starts the server. `dataFile` holds `{ customers: [...], orders: [...] }` (see data.json);
 * refunds and cancellations are written back to it, one write at a time, atomically.
 */
export async function startOrderApiServer({
  dataFile,
  secret,
  port = 0,
  host = '127.0.0.1',
  now = () => Date.now(),
  log = () => {},
}) {
  if (!secret || secret.length < 16) throw new Error('ORDER_API_SECRET must be at least 16 characters');
  let data = JSON.parse(await readFile(dataFile, 'utf8'));
  let writing = Promise.resolve();
  const save = () => {
    writing = writing.then(async () => {
      const tmp = `${dataFile}.${process.pid}.tmp`;
      await writeFile(tmp, JSON.stringify(data, null, 2));
      await rename(tmp, dataFile);
    });
    return writing;
  };
  // Writes to one order run one after another: two refunds cannot both pass the remaining-amount check.
  let lock = Promise.resolve();
  const exclusive = (fn) => {
    const run = lock.then(fn, fn);
    lock = run.catch(() => undefined);
    return run;
  };

  const findOrder = (orderId) => data.orders.find((o) => o.orderId === orderId);
  const refunded = (o) => (o.refunds ?? []).reduce((n, r) => n + r.amountMinor, 0);
  const parse = (schema, value, what) => {
    const out = schema.safeParse(value);
    if (!out.success) throw new HttpError(400, 'invalid_request', `${what}: ${out.error.issues[0]?.message}`);
    return out.data;
  };

  async function route(req, url, body) {
    const path = url.pathname;
    let m;
    if (req.method === 'GET' && path === '/health') return { ok: true };
    if (req.method === 'GET' && path === '/customers') {
      const email = parse(Email, url.searchParams.get('email'), 'email').toLowerCase();
      const customer = data.customers.find((c) => c.email.toLowerCase() === email);
      if (!customer) throw new HttpError(404, 'not_found', 'No customer with that email');
      return { customer: { customerId: customer.customerId, name: customer.name, email: customer.email } };
    }
    if (req.method === 'GET' && (m = /^\/customers\/([^/]+)\/orders$/.exec(path))) {
      const customerId = decodeURIComponent(m[1]);
      const limit = parse(
        z.coerce.number().int().min(1).max(100).default(20),
        url.searchParams.get('limit') ?? undefined,
        'limit',
      );
      if (!data.customers.some((c) => c.customerId === customerId))
        throw new HttpError(404, 'not_found', 'No such customer');
      const orders = data.orders
        .filter((o) => o.customerId === customerId)
        .sort((a, b) => b.placedAt.localeCompare(a.placedAt))
        .slice(0, limit);
      return { orders };
    }
    if (req.method === 'GET' && (m = /^\/orders\/([^/]+)$/.exec(path))) {
      const order = findOrder(parse(OrderId, decodeURIComponent(m[1]), 'order id'));
      if (!order) throw new HttpError(404, 'not_found', 'No such order');
      return { order };
    }
    if (req.method === 'POST' && (m = /^\/orders\/([^/]+)\/(refunds|cancel)$/.exec(path))) {
      const orderId = parse(OrderId, decodeURIComponent(m[1]), 'order id');
      const key = parse(IdempotencyKey, req.headers['idempotency-key'], 'Idempotency-Key header');
      let json;
      try {
        json = JSON.parse(body || '{}');
      } catch {
        throw new HttpError(400, 'invalid_request', 'The body is not JSON');
      }
      return exclusive(async () => {
        const order = findOrder(orderId);
        if (!order) throw new HttpError(404, 'not_found', 'No such order');
        if (m[2] === 'refunds') {
          const input = parse(RefundBody, json, 'body');
          const seen = (order.refunds ??= []).find((r) => r.idempotencyKey === key);
          if (seen)
            return { refund: { refundId: seen.refundId, amountMinor: seen.amountMinor, duplicate: true } };
          if (order.status === 'cancelled')
            throw new HttpError(
              409,
              'conflict',
              `Order ${orderId} was cancelled, so there is nothing left to refund`,
            );
          const remaining = order.totalMinor - refunded(order);
          if (input.amountMinor > remaining)
            throw new HttpError(
              409,
              'conflict',
              `Only ${remaining} of order ${orderId} can still be refunded`,
            );
          const refund = {
            refundId: `rf_${randomUUID()}`,
            amountMinor: input.amountMinor,
            idempotencyKey: key,
            at: new Date(now()).toISOString(),
            ...(input.reason && { reason: input.reason }),
          };
          order.refunds.push(refund);
          await save();
          log(`refunded ${input.amountMinor} on order ${orderId} (key ${key})`);
          return { refund: { refundId: refund.refundId, amountMinor: refund.amountMinor, duplicate: false } };
        }
        parse(CancelBody, json, 'body');
        if (order.status === 'cancelled')
          return { cancellation: { reference: `CXL-${orderId}`, duplicate: true } };
        if (order.status !== 'placed')
          throw new HttpError(
            409,
            'conflict',
            `Order ${orderId} has already shipped, so it can no longer be cancelled`,
          );
        order.status = 'cancelled';
        order.cancelledAt = new Date(now()).toISOString();
        order.cancellationKey = key;
        await save();
        return { cancellation: { reference: `CXL-${orderId}`, duplicate: false } };
      });
    }
    throw new HttpError(404, 'not_found', `No route for ${req.method} ${path}`);
  }

  const server = createServer(async (req, res) => {
    const send = (status, payload) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    try {
      const chunks = [];
      let size = 0;
      for await (const c of req) {
        size += c.length;
        if (size > 64 * 1024) throw new HttpError(413, 'invalid_request', 'Body too large');
        chunks.push(c);
      }
      const body = Buffer.concat(chunks).toString('utf8');
      const refused = verify(secret, req, body, Math.floor(now() / 1000));
      if (refused) throw new HttpError(401, 'unauthorized', refused);
      const url = new URL(req.url ?? '/', 'http://localhost');
      send(200, await route(req, url, body));
    } catch (err) {
      if (err instanceof HttpError)
        return send(err.status, { error: { code: err.code, message: err.message } });
      log(`internal error: ${err instanceof Error ? err.message : String(err)}`);
      send(500, { error: { code: 'internal', message: 'Internal error' } });
    }
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  return {
    port: server.address().port,
    /** The data as it is now (tests read refunds from here and from the file). */
    data: () => data,
    reload: async () => (data = JSON.parse(await readFile(dataFile, 'utf8'))),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dataFile = process.env.DATA_FILE ?? fileURLToPath(new URL('./data.json', import.meta.url));
  const started = await startOrderApiServer({
    dataFile,
    secret: process.env.ORDER_API_SECRET ?? '',
    port: Number(process.env.PORT ?? 4000),
    host: process.env.HOST ?? '127.0.0.1',
    log: (line) => console.log(line),
  }).catch((err) => {
    console.error(`order-api-server: ${err.message}`);
    process.exit(2);
  });
  console.log(`order API listening on http://127.0.0.1:${started.port} (data: ${dataFile})`);
}
