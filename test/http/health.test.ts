import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { MongoClient } from 'mongodb';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountHealth } from '../../src/http/health.js';
import { listen, type Listening } from '../../src/http/listen.js';
import { startTestApp, type TestApp } from '../support/app-harness.js';

/**
 * Issue 12, case 8: `/healthz` hung 15 s during a database stall and then said 200, and nothing
 * said when start-up recovery was done. A database that accepts connections and never answers
 * (a stalled server) stands in for the stall.
 */
describe('/healthz and /readyz while the database stalls', () => {
  let blackHole: Server;
  const sockets = new Set<Socket>();
  let client: MongoClient;
  let server: Listening;
  let base: string;
  let recovered = false;
  beforeAll(async () => {
    blackHole = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
    const port = (blackHole.address() as AddressInfo).port;
    client = new MongoClient(`mongodb://127.0.0.1:${port}/?directConnection=true`, {
      serverSelectionTimeoutMS: 60_000,
      connectTimeoutMS: 60_000,
    });
    const app = express();
    mountHealth(app, client.db('stalled'), { readyzTimeoutMs: 200, startupDone: () => recovered });
    server = await listen(app, 0, '127.0.0.1', { drainMs: 100 });
    base = `http://127.0.0.1:${server.port}`;
  });
  afterAll(async () => {
    await server?.close();
    await client?.close(true).catch(() => undefined);
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => blackHole.close(() => resolve()));
  });

  it('/healthz answers 200 without asking the database', async () => {
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  it('/readyz answers 503 "mongo down" once its ping timeout passes, and says whether recovery ran', async () => {
    const res = await fetch(`${base}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ ok: false, mongo: 'down', startupRecovery: 'running' });
    recovered = true;
    const after = await fetch(`${base}/readyz`);
    expect(await after.json()).toEqual({ ok: false, mongo: 'down', startupRecovery: 'done' });
  });
});

describe('start-up recovery on a healthy database', () => {
  let env: TestApp;
  const lines: Array<Record<string, unknown>> = [];
  beforeAll(async () => {
    const logger = pino({ level: 'info' }, { write: (l: string) => void lines.push(JSON.parse(l)) });
    env = await startTestApp({ logger });
  });
  afterAll(async () => {
    await env?.close();
  });

  it('logs one "start-up recovery done" line with the counts of every sweep, then /readyz is 200', async () => {
    await env.app.sweepsIdle();
    const done = lines.filter((l) => l.msg === 'start-up recovery done');
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({
      approvals: { expired: expect.any(Number), posted: expect.any(Number), executed: expect.any(Number) },
      outbox: expect.any(Object),
      inbound: { checked: expect.any(Number), escalated: expect.any(Number) },
      failed: [],
    });
    const res = await fetch(`${env.baseUrl}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, mongo: 'up', startupRecovery: 'done' });
  });
});
