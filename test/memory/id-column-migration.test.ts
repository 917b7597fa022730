import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MongoClient, ObjectId, type Collection, type Db } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';
import { startLocalMongo, type LocalMongo } from '../../src/memory/local-mongo.js';

type LegacyId = string | number | ObjectId | { tenant: string; seq: number };

interface LegacyDoc {
  _id: LegacyId;
  key: string;
  n: number;
  text?: string;
}

/**
 * A data directory written by the bundled server before each document's _id got a column of its
 * own (tools/mongo-compat/_patch/sqlite-metadata/id_column.go): made by that build with five
 * documents whose _ids are a string, a string JSON escapes (`<`, `&`, `"`), an ObjectId, a number
 * and a document, a unique index on `key`, and a second collection.
 */
const FIXTURE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../fixtures/mongo-compat/pre-id-column',
);

const IDS: LegacyId[] = [
  'thread-1',
  'a<b & "c"/é',
  new ObjectId('65a1b2c3d4e5f60718293a4b'),
  7,
  { tenant: 'T1', seq: 1 },
];

describe('the bundled server opening a data directory of the build before the _id column', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'id-column-'));
  cpSync(FIXTURE, dataDir, { recursive: true });
  const servers: LocalMongo[] = [];
  afterAll(async () => {
    for (const s of servers) await s.stop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const open = async (check: (docs: Collection<LegacyDoc>, db: Db) => Promise<void>) => {
    const server = await startLocalMongo({ dataDir, nice: 0 });
    servers.push(server);
    if (server.kind !== 'mongo-compat') return false; // mongod on the PATH: nothing to move over
    const client = new MongoClient(server.uri, { serverSelectionTimeoutMS: 2000 });
    try {
      const db = client.db('legacy');
      await check(db.collection<LegacyDoc>('docs'), db);
    } finally {
      await client.close();
      await server.stop();
    }
    return true;
  };

  it('finds every document by _id, refuses duplicates, and keeps what it writes', async () => {
    const ran = await open(async (docs) => {
      for (const [i, _id] of IDS.entries()) {
        expect(await docs.findOne({ _id }), JSON.stringify(_id)).toMatchObject({
          key: `k${i + 1}`,
          n: i + 1,
        });
      }
      expect((await docs.findOne({ _id: 'thread-1' }))?.text).toHaveLength(20_000);
      await expect(docs.insertOne({ _id: 'thread-1', key: 'k9', n: 9 })).rejects.toMatchObject({
        code: 11000,
      });
      await expect(docs.insertOne({ _id: { tenant: 'T1', seq: 1 }, key: 'k9', n: 9 })).rejects.toMatchObject({
        code: 11000,
      });
      await expect(docs.insertOne({ _id: 'new', key: 'k1', n: 9 })).rejects.toMatchObject({ code: 11000 });

      expect((await docs.updateOne({ _id: 'a<b & "c"/é', n: 2 }, { $inc: { n: 10 } })).modifiedCount).toBe(1);
      await docs.insertOne({ _id: 'new', key: 'k6', n: 6 });
      expect(await docs.countDocuments()).toBe(6);
      expect(await docs.findOne({ _id: 'o1' })).toBeNull();
    });
    if (!ran) return;

    // Opened again (moved over already): the same documents, the writes kept, duplicates refused.
    await open(async (docs, db) => {
      expect(await docs.findOne({ _id: 'a<b & "c"/é' })).toMatchObject({ n: 12 });
      expect(await docs.findOne({ _id: 'new' })).toMatchObject({ key: 'k6' });
      expect(await docs.findOne({ _id: IDS[2] })).toMatchObject({ key: 'k3' });
      await expect(docs.insertOne({ _id: 'new', key: 'k7', n: 7 })).rejects.toMatchObject({ code: 11000 });
      expect(await db.collection<{ _id: string; v: number }>('other').findOne({ _id: 'o1' })).toMatchObject({
        v: 1,
      });
      expect((await docs.listIndexes().toArray()).map((i) => i.name).sort()).toEqual([
        '_id_',
        'key_1',
        'n_1',
      ]);
    });
  }, 60_000);
});
