import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../support/mongo.js';

/**
 * The bundled server commits the writers that queue for a database file meanwhile in one
 * transaction, each in a savepoint (tools/mongo-compat/_patch/fsql/group_commit.go). Many clients
 * writing at once must still each get their own outcome: a refused insert is refused alone, the
 * writes beside it in the same transaction stand, and every acknowledged write is there.
 */
describe('writers sharing a transaction on the test server', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb('group');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps each writer its own outcome: duplicates refused alone, every other write stored once', async () => {
    const docs = t.db.collection<{ _id: string; by?: string; pad?: string }>('docs');
    // Large documents keep each transaction long enough for the others to queue behind it.
    const pad = 'x'.repeat(200_000);
    const counters = t.db.collection<{ _id: string; n: number }>('counters');
    await docs.insertMany(Array.from({ length: 10 }, (_, i) => ({ _id: `taken-${i}`, by: 'first' })));
    await counters.insertOne({ _id: 'c', n: 0 });
    for (let round = 0; round < 3; round++) {
      const writes = Array.from({ length: 60 }, (_, i) => {
        if (i % 6 === 0) return docs.insertOne({ _id: `taken-${(i / 6) % 10}`, by: `round-${round}`, pad });
        if (i % 6 === 1) return counters.updateOne({ _id: 'c' }, { $inc: { n: 1 } });
        if (i % 6 === 2)
          return docs.insertMany([
            { _id: `r${round}-many-${i}-a`, pad },
            { _id: `r${round}-many-${i}-b`, pad },
          ]);
        return docs.insertOne({ _id: `r${round}-one-${i}`, pad });
      });
      const outcomes = await Promise.allSettled(writes);
      outcomes.forEach((o, i) => {
        if (i % 6 === 0) {
          expect(o.status).toBe('rejected');
          expect((o as PromiseRejectedResult).reason).toMatchObject({ code: 11000 });
        } else expect(o.status).toBe('fulfilled');
      });
    }
    const stored = await docs.find().toArray();
    expect(stored.filter((d) => d._id.startsWith('taken-')).map((d) => d.by)).toEqual(
      Array.from({ length: 10 }, () => 'first'),
    );
    // Per round: 10 writers of two documents, 30 of one.
    expect(stored.filter((d) => !d._id.startsWith('taken-'))).toHaveLength(3 * (10 * 2 + 30));
    expect(await counters.findOne({ _id: 'c' })).toEqual({ _id: 'c', n: 30 });
  });
});
