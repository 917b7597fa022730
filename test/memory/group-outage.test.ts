import { pollTrigger, type PollTrigger } from '../support/poll-trigger.js';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient, type Collection, type Db, type Document } from 'mongodb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBulkWriteGroup } from '../../src/memory/bulk-write-batching.js';
import { collection, isDuplicateKeyError } from '../../src/memory/collections.js';
import { createIdReadGroup } from '../../src/memory/id-read-batching.js';
import { startLocalMongo, type LocalMongo } from '../../src/memory/local-mongo.js';
import { createOrderedInsertGroup } from '../../src/memory/ordered-insert-batching.js';
import type { TurnDoc } from '../../src/memory/turn-documents.js';
import { createTurnTakeGroup } from '../../src/memory/turn-take-group.js';
import { startMongoProxy, type MongoProxy } from '../support/mongo-proxy.js';

/**
 * The groups of src/memory (write-group.ts and the modules on it, insert-batching.ts,
 * id-read-batching.ts) when the database goes away while callers wait (issue 13). The driver
 * never ends a command written in the instant between Node reading a socket's end and emitting
 * its close, and a group sends from `setImmediate`, inside that instant, when its callers came
 * in the same poll as the end (as a platform's request does): before group-send.ts the command
 * and every caller queued behind it hung for good. Here the callers come in that poll (the byte
 * of a loopback connection written right after the cut), every one must settle with an error,
 * and once the database is back, sent again as a platform would, each write is stored once.
 */

/** Sends `op` again until it succeeds, as a platform sends again a request that failed. */
async function again<T>(op: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await op();
    } catch (err) {
      if (attempt >= 60) throw err;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

const ids = Array.from({ length: 6 }, (_, i) => `k${i}`);

/** Each group, its callers, their retry, and what must be stored after. */
interface Case {
  name: string;
  run(db: Db): { ops: () => Promise<unknown>[]; retry: (i: number) => Promise<unknown> };
  check(col: Collection<Document>): Promise<void>;
}

const cases: Case[] = [
  {
    name: 'bulk-write group (write-group.ts)',
    run(db) {
      const write = createBulkWriteGroup(db.collection<{ _id: string; n?: number }>('bulk'));
      const inc = (id: string) =>
        write([{ updateOne: { filter: { _id: id }, update: { $inc: { n: 1 } }, upsert: true } }]);
      return { ops: () => ids.map(inc), retry: (i) => inc(ids[i]!) };
    },
    async check(col) {
      const docs = await col.find().toArray();
      // Failed callers were not applied; their one retry was, once.
      expect(docs.map((d) => d.n)).toEqual(ids.map(() => 1));
    },
  },
  {
    name: 'ordered insert group (write-group.ts)',
    run(db) {
      const insert = createOrderedInsertGroup(db.collection('bulk'));
      const put = (id: string) =>
        insert([
          { _id: id, part: 1 },
          { _id: `${id}-2`, part: 2 },
        ]);
      const retry = async (i: number) => {
        try {
          await put(ids[i]!);
        } catch (err) {
          if (!isDuplicateKeyError(err)) throw err; // stored by an attempt that failed late
        }
      };
      return { ops: () => ids.map(put), retry };
    },
    async check(col) {
      expect(await col.countDocuments()).toBe(ids.length * 2);
    },
  },
  {
    name: 'batched inserts (insert-batching.ts)',
    run(db) {
      const col = collection(db, 'bulk');
      const put = (id: string) => col.insertOne({ _id: id as never, n: 1 });
      const retry = async (i: number) => {
        try {
          await put(ids[i]!);
        } catch (err) {
          if (!isDuplicateKeyError(err)) throw err;
        }
      };
      return { ops: () => ids.map(put), retry };
    },
    async check(col) {
      expect(await col.countDocuments()).toBe(ids.length);
    },
  },
  {
    name: 'id reads (id-read-batching.ts)',
    run(db) {
      const read = createIdReadGroup<{ _id: string }>(db.collection('bulk'));
      return {
        ops: () => ids.map((id) => read.one(id)),
        retry: async (i) => expect(await read.one(ids[i]!)).toMatchObject({ _id: ids[i] }),
      };
    },
    async check(col) {
      expect(await col.countDocuments()).toBe(ids.length);
    },
  },
  {
    name: 'turn takes (turn-take-group.ts, overlapping)',
    run(db) {
      const take = createTurnTakeGroup(db.collection<TurnDoc>('bulk'));
      // An accept's take as turn-journal.ts makes it: the home (its record, once) and one other key.
      const put = (id: string) => {
        const keys = [id, `${id}-author`];
        const mark = randomUUID();
        const ops = keys.map((k, j) => ({
          updateOne: {
            filter: {
              _id: k,
              'queue.0': { $exists: false },
              ...(j === 0 ? { 'events.r': { $exists: false } } : {}),
            },
            update: { $set: { queue: [id], ...(j === 0 ? { 'events.r': { acceptedAs: mark } } : {}) } },
            upsert: true,
          },
        })) as unknown as Parameters<typeof take>[0]['ops'];
        return take({ keys, entry: id, field: 'r', mark, ops });
      };
      // A take applied by an attempt that failed late is refused again, as a redelivery's is.
      const retry = async (i: number) => expect(['taken', 'refused']).toContain((await put(ids[i]!)).kind);
      return { ops: () => ids.map(put), retry };
    },
    async check(col) {
      const homes = await col.find({ _id: { $in: ids as never[] } }).toArray();
      // Each message's record stored once, its entry once in its thread's queue.
      expect(homes.map((d) => [d._id, d.queue])).toEqual(ids.map((id) => [id, [id]]));
      expect(homes.every((d) => typeof d.events?.r?.acceptedAs === 'string')).toBe(true);
    },
  },
];

async function seed(db: Db, c: Case): Promise<void> {
  await db.collection('bulk').deleteMany({});
  if (c.name.startsWith('id reads'))
    await db.collection('bulk').insertMany(ids.map((id) => ({ _id: id as never })));
}

describe('grouped commands when the database is cut away (proxy) while callers wait', () => {
  let proxy: MongoProxy;
  let trigger: PollTrigger;
  beforeAll(async () => {
    trigger = await pollTrigger();
  });
  afterEach(async () => {
    await proxy?.close();
  });
  afterAll(() => trigger.close());

  for (const c of cases)
    it(`${c.name}: every caller settles with an error; sent again, each is stored once`, async () => {
      proxy = await startMongoProxy();
      const { db } = await proxy.connect(`outage_${process.pid}_${cases.indexOf(c)}`);
      await seed(db, c);
      const { ops, retry } = c.run(db);
      // Connections open and idle in the pool, as in a running app.
      await Promise.all(ids.map((_, i) => db.collection('warm').findOne({ _id: i as never })));

      proxy.down();
      const outcomes = await (await trigger.fire(ops)).settled;
      expect(outcomes.map((o) => o.status)).toEqual(ids.map(() => 'rejected'));

      await proxy.up();
      for (const i of ids.keys()) await again(() => retry(i));
      await c.check(db.collection('bulk'));
      await db.dropDatabase();
    }, 60_000);
});

describe('grouped commands when the server process is killed while callers wait', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'group-outage-'));
  let server: LocalMongo | undefined;
  let trigger: PollTrigger;
  beforeAll(async () => {
    trigger = await pollTrigger();
  });
  afterAll(async () => {
    trigger.close();
    await server?.stop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  for (const c of cases)
    it(`${c.name}: kill -9, every caller settles; restarted, each is stored once`, async () => {
      server = await startLocalMongo({ dataDir, nice: 0 });
      if (server.kind !== 'mongo-compat' || server.pid === undefined) return; // mongod on the PATH
      const port = Number(new URL(server.uri).port);
      // As the app's client (src/memory/connect.ts), with short bounds.
      const client = new MongoClient(server.uri, {
        serverSelectionTimeoutMS: 1000,
        connectTimeoutMS: 1000,
        socketTimeoutMS: 3000,
        heartbeatFrequencyMS: 500,
        ignoreUndefined: true,
      });
      try {
        await client.connect();
        const db = client.db(`kill_${cases.indexOf(c)}`);
        await seed(db, c);
        const { ops, retry } = c.run(db);
        await Promise.all(ids.map((_, i) => db.collection('warm').findOne({ _id: i as never })));

        process.kill(server.pid, 'SIGKILL');
        // The sockets' ends arrive a little after the kill: callers come in each of the next polls.
        const rounds: Promise<PromiseSettledResult<unknown>[]>[] = [];
        for (let round = 0; round < 20; round++) rounds.push((await trigger.fire(ops)).settled);
        const outcomes = (await Promise.all(rounds)).flat();
        expect(outcomes.every((o) => o.status === 'rejected')).toBe(true);

        server = await startLocalMongo({ dataDir, port, nice: 0 });
        for (const i of ids.keys()) await again(() => retry(i));
        await c.check(db.collection('bulk'));
        await db.dropDatabase();
      } finally {
        await client.close(true);
        await server.stop().catch(() => undefined);
        server = undefined;
      }
    }, 90_000);
});
