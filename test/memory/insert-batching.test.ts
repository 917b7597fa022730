import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MongoClient, type CommandStartedEvent } from 'mongodb';
import { collection, isDuplicateKeyError } from '../../src/memory/collections.js';
import { createTestDb, monitoredClient, type TestDb } from '../support/mongo.js';

/**
 * Group commit for single-document inserts (src/memory/insert-batching.ts), on the real server:
 * inserts made while one is on its way share a round trip; each caller still learns its own
 * outcome, and an insert alone goes at once.
 */
describe('batched inserts', () => {
  let t: TestDb;
  let client: MongoClient;
  const inserts: CommandStartedEvent[] = [];

  beforeAll(async () => {
    t = await createTestDb('batch');
    client = await monitoredClient(t, 'insert', inserts);
  });
  afterAll(async () => {
    await client.close();
    await t.close();
  });

  const docsPerInsert = () => inserts.map((e) => (e.command.documents as unknown[]).length);

  it('sends eight concurrent inserts in fewer round trips, and stores each one', async () => {
    const col = collection(client.db(t.dbName), 'eight');
    inserts.length = 0;
    const results = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        await new Promise((r) => setImmediate(r));
        return col.insertOne({ _id: `doc-${i}` as never, i });
      }),
    );
    expect(results.map((r) => r.insertedId)).toEqual(Array.from({ length: 8 }, (_, i) => `doc-${i}`));
    expect(inserts.length).toBeLessThan(8);
    expect(docsPerInsert().reduce((a, b) => a + b, 0)).toBe(8);
    expect(await t.db.collection('eight').countDocuments()).toBe(8);
  });

  it('gives a duplicate key to the caller whose document it was; the others are stored', async () => {
    const col = collection(client.db(t.dbName), 'dups');
    await col.insertOne({ _id: 'taken' as never });
    inserts.length = 0;
    const outcomes = await Promise.allSettled(
      ['a', 'taken', 'b', 'c'].map((id) => col.insertOne({ _id: id as never })),
    );
    expect(inserts.length).toBeLessThan(4);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(isDuplicateKeyError((outcomes[1] as PromiseRejectedResult).reason)).toBe(true);
    const stored = await t.db.collection('dups').find().sort({ _id: 1 }).toArray();
    expect(stored.map((d) => d._id)).toEqual(['a', 'b', 'c', 'taken']);
  });

  it('sends an insert alone at once when nothing else is on its way', async () => {
    const col = collection(client.db(t.dbName), 'alone');
    inserts.length = 0;
    for (let i = 0; i < 3; i++) await col.insertOne({ n: i });
    expect(docsPerInsert()).toEqual([1, 1, 1]);
  });

  it('fails every caller of a batch whose command failed, as each insert would have', async () => {
    const other = new MongoClient(t.uri, { serverSelectionTimeoutMS: 300 });
    await other.connect();
    const col = collection(other.db(t.dbName), 'gone');
    const pending = Promise.allSettled([1, 2, 3].map((n) => col.insertOne({ n })));
    await other.close(true);
    const outcomes = await pending;
    // Whatever had left before the close may have been stored; none is reported stored wrongly.
    const stored = await t.db.collection('gone').countDocuments();
    expect(outcomes.filter((o) => o.status === 'fulfilled').length).toBe(stored);
  });
});
