import { MongoClient } from 'mongodb';
import pino from 'pino';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { watchConnection } from '../../src/memory/connect.js';
import { startMongoProxy, type MongoProxy } from '../support/mongo-proxy.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const dbName = `watch_${Date.now().toString(36)}`;

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino(
    { level: 'info' },
    { write: (l: string) => void lines.push(JSON.parse(l) as Record<string, unknown>) },
  );
  return { lines, logger };
}

let stops: Array<() => Promise<unknown> | void> = [];
afterEach(async () => {
  for (const s of stops.reverse()) await s();
  stops = [];
});

describe('a database client the driver leaves cut off after an outage', () => {
  it('is reconnected once a fresh connection gets through, and works again', async () => {
    const uri = inject('mongoUri');
    const client = new MongoClient(uri, { serverSelectionTimeoutMS: 500 });
    await client.connect();
    stops.push(() => client.close());
    const db = client.db(dbName);
    await db.collection('notes').insertOne({ n: 1 });
    // Cut off while the server is up: every operation on this client fails, as the drill saw.
    await client.close();
    await expect(db.collection('notes').countDocuments()).rejects.toThrow();
    const { lines, logger } = capture();
    const watch = watchConnection(client, {
      uri,
      dbName,
      logger,
      intervalMs: 100,
      failuresBeforeProbe: 2,
      timeoutMs: 1000,
    });
    stops.push(() => watch.stop());
    let count = -1;
    for (let i = 0; i < 50 && count < 0; i++) {
      await sleep(100);
      count = await db
        .collection('notes')
        .countDocuments()
        .catch(() => -1);
    }
    expect(count).toBe(1);
    expect(
      lines.some((l) => l.msg === 'the database answers a new connection but not this one: reconnecting'),
    ).toBe(true);
  });

  it('is left alone while it is busy: slow pings behind queued work are not a cut-off client', async () => {
    const uri = inject('mongoUri');
    // One pooled connection and a steady queue of work: a ping waits behind it past its timeout,
    // as under a thousand conversations at once, while the work itself keeps completing.
    const client = new MongoClient(uri, { maxPoolSize: 1 });
    await client.connect();
    stops.push(() => client.close());
    const notes = client.db(dbName).collection('busy');
    await notes.insertOne({ n: 1 });
    const { lines, logger } = capture();
    const watch = watchConnection(client, {
      uri,
      dbName,
      logger,
      intervalMs: 100,
      failuresBeforeProbe: 2,
      timeoutMs: 20,
    });
    stops.push(() => watch.stop());
    let failed = 0;
    let done = 0;
    const until = Date.now() + 1500;
    await Promise.all(
      Array.from({ length: 40 }, async () => {
        while (Date.now() < until) {
          await notes.countDocuments().then(
            () => done++,
            () => failed++,
          );
        }
      }),
    );
    expect(done).toBeGreaterThan(0);
    expect(failed).toBe(0);
    expect(lines.filter((l) => String(l.msg).includes('reconnecting'))).toHaveLength(0);
  });

  it('is left alone while the database itself is unreachable', async () => {
    const proxy: MongoProxy = await startMongoProxy();
    stops.push(() => proxy.close());
    const { client } = await proxy.connect(dbName);
    const { lines, logger } = capture();
    proxy.down();
    const proxied = new URL(inject('mongoUri'));
    // The watch probes the same unreachable address the client uses.
    proxied.host = String(client.options.hosts[0]);
    const watch = watchConnection(client, {
      uri: proxied.toString(),
      dbName,
      logger,
      intervalMs: 100,
      failuresBeforeProbe: 2,
      timeoutMs: 300,
    });
    stops.push(() => watch.stop());
    await sleep(1500);
    expect(lines.filter((l) => String(l.msg).includes('reconnecting'))).toHaveLength(0);
  });
});
