import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startOrderApiServer, type OrderApiServer } from '../../examples/order-api-server/server.mjs';
import { createHttpOrderSystem } from '../../src/commerce/http/http-order-system.js';
import { sign } from '../../src/commerce/http/signing.js';
import type { OrderSystem } from '../../src/commerce/order-system.js';
import { systemClock } from '../../src/domain/index.js';
import { ConfigError, ConflictError, UpstreamError } from '../../src/errors.js';
import { loadOrderApiContract } from '../support/order-api-contract.js';

const T = 'ORG1';
const SECRET = 'an-example-shared-secret-0123456789';
const logger = pino({ level: 'silent' });
const contract = loadOrderApiContract();
const dir = mkdtempSync(join(tmpdir(), 'order-api-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What the proxy does with the next requests: forward, answer 503, hang, or forward and drop the answer. */
type Mode = 'forward' | '503' | 'hang' | 'drop-answer';

let server: OrderApiServer;
let proxy: Server;
let proxyUrl: string;
let modes: Mode[];
let exchanges: Array<{
  method: string;
  path: string;
  status: number;
  requestProblems: string[];
  responseProblems: string[];
}>;
let dataFile: string;

/**
 * A recording proxy in front of the example server: every exchange is checked against the OpenAPI
 * contract, and scripted faults (an outage, a hang, an answer lost after the server acted) are injected.
 */
async function startProxy(target: number): Promise<void> {
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const mode = modes.shift() ?? 'forward';
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      const requestProblems = contract.request({ method: req.method!, path: req.url!, headers, body });
      if (mode === 'hang') return; // never answers: the client's timeout fires
      if (mode === '503') {
        res
          .writeHead(503, { 'Content-Type': 'application/json' })
          .end('{"error":{"code":"internal","message":"busy"}}');
        return;
      }
      const out = httpRequest(
        { host: '127.0.0.1', port: target, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          const parts: Buffer[] = [];
          answer.on('data', (c: Buffer) => parts.push(c));
          answer.on('end', () => {
            const text = Buffer.concat(parts).toString('utf8');
            exchanges.push({
              method: req.method!,
              path: req.url!,
              status: answer.statusCode!,
              requestProblems,
              responseProblems: contract.response({
                method: req.method!,
                path: req.url!,
                status: answer.statusCode!,
                body: text,
              }),
            });
            if (mode === 'drop-answer') return void res.destroy(); // the server acted; the answer is lost
            res.writeHead(answer.statusCode!, answer.headers).end(text);
          });
        },
      );
      out.end(body);
    });
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}

function connect(secret = SECRET, baseUrl = proxyUrl): OrderSystem {
  return createHttpOrderSystem({
    config: { kind: 'http', baseUrl, secret, timeoutMs: 500 },
    logger,
    clock: systemClock,
    minRetryMs: 10,
  });
}

beforeEach(async () => {
  dataFile = join(dir, `data-${Date.now()}-${Math.random()}.json`);
  copyFileSync(new URL('../../examples/order-api-server/data.json', import.meta.url), dataFile);
  server = await startOrderApiServer({ dataFile, secret: SECRET });
  modes = [];
  exchanges = [];
  await startProxy(server.port);
});
afterEach(async () => {
  await new Promise<void>((r) => proxy.close(() => r()));
  proxy.closeAllConnections();
  await server.close();
});

function expectContractKept() {
  expect(exchanges.length).toBeGreaterThan(0);
  for (const e of exchanges) {
    expect(e.requestProblems, `${e.method} ${e.path}`).toEqual([]);
    expect(e.responseProblems, `${e.method} ${e.path} → ${e.status}`).toEqual([]);
  }
}

describe('HTTP order system against the example server', () => {
  it('finds customers and orders, every request and answer following the OpenAPI contract', async () => {
    const orders = connect();
    await orders.verify();
    expect(await orders.findCustomerByEmail(T, 'Dana@Acme.example')).toEqual({
      customerId: 'C-1001',
      providerId: 'C-1001',
      name: 'Dana Ortiz',
      email: 'dana@acme.example',
    });
    expect(await orders.findCustomerByEmail(T, 'nobody@acme.example')).toBeNull();
    expect(await orders.getOrder(T, '#1043')).toMatchObject({
      tenantId: T,
      orderId: '1043',
      customerId: 'C-1001',
      status: 'delivered',
      deliveredAt: new Date('2026-11-05T15:00:00.000Z'),
    });
    expect(await orders.getOrder(T, '9999')).toBeNull();
    expect((await orders.listOrders(T, 'C-1001')).map((o) => o.orderId)).toEqual(['1044', '1043']);
    expectContractKept();
  });

  it('refunds once per idempotency key, even when the answer to the first try was lost', async () => {
    const orders = connect();
    modes = ['forward', 'drop-answer']; // getOrder-free: the first POST is the second request below
    await orders.getOrder(T, '1043');
    const first = await orders.refund(T, {
      orderId: '1043',
      amountMinor: 2500,
      idempotencyKey: 'approval:apr_1',
      reason: 'Broken',
    });
    // The server refunded on the first try; the retry under the same key got that refund back.
    expect(first).toMatchObject({ amountMinor: 2500, duplicate: true });
    const again = await orders.refund(T, {
      orderId: '1043',
      amountMinor: 2500,
      idempotencyKey: 'approval:apr_1',
    });
    expect(again.refundId).toBe(first.refundId);
    const saved = JSON.parse(readFileSync(dataFile, 'utf8')) as {
      orders: Array<{ orderId: string; refunds: unknown[] }>;
    };
    expect(saved.orders.find((o) => o.orderId === '1043')?.refunds).toHaveLength(1);
    expect((await orders.getOrder(T, '1043'))?.refunds).toMatchObject([
      { idempotencyKey: 'approval:apr_1', amountMinor: 2500 },
    ]);
    expectContractKept();
  });

  it('maps refusals to typed errors with the server’s sentence, and cancels an unshipped order once', async () => {
    const orders = connect();
    const tooMuch = await orders
      .refund(T, { orderId: '1043', amountMinor: 999_999, idempotencyKey: 'k1' })
      .catch((e: unknown) => e);
    expect(tooMuch).toBeInstanceOf(ConflictError);
    expect((tooMuch as ConflictError).publicMessage).toBe('Only 25000 of order 1043 can still be refunded.');
    expect(await orders.cancel(T, { orderId: '1044', idempotencyKey: 'c1' })).toEqual({
      reference: 'CXL-1044',
      duplicate: false,
    });
    expect(await orders.cancel(T, { orderId: '1044', idempotencyKey: 'c1' })).toEqual({
      reference: 'CXL-1044',
      duplicate: true,
    });
    await expect(orders.cancel(T, { orderId: '2001', idempotencyKey: 'c2' })).rejects.toBeInstanceOf(
      ConflictError,
    );
    expectContractKept();
  });

  it('retries an outage and a hang a bounded number of times, then reports the order system as unreachable', async () => {
    const orders = connect();
    modes = ['503', 'hang'];
    expect((await orders.getOrder(T, '1043'))?.orderId).toBe('1043');
    modes = ['503', '503', '503'];
    const err = await orders.getOrder(T, '1043').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamError);
    expect((err as UpstreamError).publicMessage).toBe(
      "I can't reach our order system right now; a person from the team will follow up.",
    );
  });

  it('start-up check: a wrong secret names ORDER_API_SECRET, an unreachable server names ORDER_API_URL', async () => {
    const refused = await connect('the-wrong-secret-0000000000')
      .verify()
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ConfigError);
    expect((refused as Error).message).toContain('ORDER_API_SECRET');
    const down = await connect(SECRET, 'http://127.0.0.1:9')
      .verify()
      .catch((e: unknown) => e);
    expect(down).toBeInstanceOf(UpstreamError);
    expect((down as Error).message).toContain('ORDER_API_URL');
  });
});

describe('the example server refuses unsigned and replayed requests', () => {
  const call = (path: string, headers: Record<string, string>) =>
    fetch(`http://127.0.0.1:${server.port}${path}`, { headers });

  it('401 for a bad signature and for a timestamp outside the 5-minute window; 200 when both are right', async () => {
    const now = Math.floor(Date.now() / 1000);
    const signed = (ts: number, secret = SECRET) => ({
      'X-Switchboard-Timestamp': String(ts),
      'X-Switchboard-Signature': sign(secret, String(ts), 'GET', '/orders/1043', ''),
    });
    expect((await call('/orders/1043', signed(now))).status).toBe(200);
    const bad = await call('/orders/1043', signed(now, 'some-other-secret-value-123'));
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({ error: { code: 'unauthorized', message: 'bad signature' } });
    const stale = await call('/orders/1043', signed(now - 301));
    expect(stale.status).toBe(401);
    expect(await stale.json()).toEqual({ error: { code: 'unauthorized', message: 'stale timestamp' } });
    // A signature for one order does not open another (the path is signed).
    expect((await call('/orders/1044', signed(now))).status).toBe(401);
    expect((await call('/orders/1043', {})).status).toBe(401);
  });
});
