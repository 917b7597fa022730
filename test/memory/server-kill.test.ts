import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';
import { startLocalMongo, type LocalMongo } from '../../src/memory/local-mongo.js';

interface Counter {
  _id: string;
  /** A second unique key (the _id again), so a unique index other than _id's is exercised. */
  key: string;
  n: number;
  slot: number;
}

/**
 * The bundled server (SQLite in WAL mode, synchronous=NORMAL) keeps every write it acknowledged
 * when its own process is killed at any instant: only an operating-system crash or power loss can
 * lose the last commits. Its build keeps each connection's prepared statements and builds only
 * the unique indexes in SQLite (scripts/build-mongo-compat.mjs); this holds them to that, and the
 * indexes to what a client sees: all listed, the unique ones still refusing duplicates.
 */
describe('the bundled server killed with kill -9', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'server-kill-'));
  const servers: LocalMongo[] = [];
  afterAll(async () => {
    for (const s of servers) await s.stop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged insert and update, and its indexes', async () => {
    const first = await startLocalMongo({ dataDir, nice: 0 });
    servers.push(first);
    if (first.kind !== 'mongo-compat' || first.pid === undefined) return; // mongod on the PATH
    const client = new MongoClient(first.uri, { serverSelectionTimeoutMS: 2000, retryWrites: false });
    await client.connect();
    const col = client.db('kill').collection<Counter>('counters');
    await col.createIndex({ key: 1 }, { unique: true });
    await col.createIndex({ slot: 1, n: 1 });

    // Eight writers insert documents and bump them, each write counted once acknowledged; the
    // server is killed while they are at it.
    const acknowledged = new Map<string, number>();
    let killed = false;
    const writer = async (slot: number) => {
      for (let i = 0; !killed; i++) {
        const _id = `s${slot}-${i}`;
        try {
          await col.insertOne({ _id, key: _id, n: 0, slot });
          acknowledged.set(_id, 0);
          for (let k = 1; k <= 3; k++) {
            await col.updateOne({ _id }, { $inc: { n: 1 } });
            acknowledged.set(_id, k);
          }
        } catch {
          return; // the server is gone
        }
      }
    };
    const writers = Array.from({ length: 8 }, (_, slot) => writer(slot));
    while (acknowledged.size < 150) await new Promise((r) => setTimeout(r, 10));
    process.kill(first.pid, 'SIGKILL');
    killed = true;
    await Promise.all(writers);
    await client.close(true);

    const second = await startLocalMongo({ dataDir, nice: 0 });
    servers.push(second);
    const again = new MongoClient(second.uri);
    try {
      const stored = again.db('kill').collection<Counter>('counters');
      const docs = new Map((await stored.find().toArray()).map((d) => [d._id, d.n]));
      const lost = [...acknowledged].filter(([id, n]) => (docs.get(id) ?? -1) < n);
      expect(acknowledged.size).toBeGreaterThanOrEqual(150);
      expect(lost).toEqual([]);

      const names = (await stored.listIndexes().toArray()).map((i) => i.name).sort();
      expect(names).toEqual(['_id_', 'key_1', 'slot_1_n_1']);
      await expect(stored.insertOne({ _id: 'another', key: 's0-0', n: 9, slot: 0 })).rejects.toMatchObject({
        code: 11000,
      });
    } finally {
      await again.close();
    }
  }, 60_000);
});
