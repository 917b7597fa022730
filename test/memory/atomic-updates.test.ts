import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../support/mongo.js';

/**
 * Every compare-and-set Switchboard builds (a refund decided once, a ticket claimed once, an
 * outbox entry leased once) is one findOneAndUpdate with the expected state in its filter. On
 * MongoDB that is atomic; upstream FerretDB v1 queries and writes in two steps, so several
 * writers from the same state all "won". The bundled server locks each collection across a
 * modifying command (tools/mongo-compat/_patch/handler/write_lock.go); these hold it to it.
 */
describe('conditional updates on the test server are atomic', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('of 20 findOneAndUpdate calls from the same version, exactly one gets the document', async () => {
    const col = t.db.collection<{ _id: string; version: number; owner?: string }>('cas');
    for (let round = 0; round < 5; round++) {
      const _id = `doc-${round}`;
      await col.insertOne({ _id, version: 0 });
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          col.findOneAndUpdate(
            { _id, version: 0 },
            { $set: { owner: `writer-${i}` }, $inc: { version: 1 } },
            { returnDocument: 'after' },
          ),
        ),
      );
      const winners = results.filter((r) => r !== null);
      expect(winners).toHaveLength(1);
      expect(await col.findOne({ _id })).toMatchObject({ version: 1, owner: winners[0]?.owner });
    }
  });

  it('20 concurrent $inc updates and upserts of one document all count', async () => {
    const col = t.db.collection<{ _id: string; n?: number; day?: string }>('counters');
    await Promise.all(
      Array.from({ length: 20 }, () =>
        col
          .updateOne(
            { _id: 'day-1' },
            { $inc: { n: 1 }, $setOnInsert: { day: '2026-11-25' } },
            { upsert: true },
          )
          .catch(
            // MongoDB may refuse one of two first upserts with a duplicate key; the retry counts it.
            () => col.updateOne({ _id: 'day-1' }, { $inc: { n: 1 } }),
          ),
      ),
    );
    expect(await col.findOne({ _id: 'day-1' })).toEqual({ _id: 'day-1', n: 20, day: '2026-11-25' });
  });

  it('20 conditional updateOne calls with a status condition: one matches', async () => {
    const col = t.db.collection<{ _id: string; status: string; by?: number }>('status');
    await col.insertOne({ _id: 'approval-1', status: 'pending' });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        col.updateOne({ _id: 'approval-1', status: 'pending' }, { $set: { status: 'approved', by: i } }),
      ),
    );
    expect(results.reduce((sum, r) => sum + r.modifiedCount, 0)).toBe(1);
  });

  it('writers pinning a document by _id and writers finding it by other fields exclude each other', async () => {
    const col = t.db.collection<{ _id: string; name: string; version: number; owner?: string }>('mixed');
    for (let round = 0; round < 5; round++) {
      const _id = `mixed-${round}`;
      await col.insertOne({ _id, name: `n-${round}`, version: 0 });
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          col.findOneAndUpdate(
            // Half pin the document by _id, half find it by its name: both see version 0 first.
            i % 2 ? { _id, version: 0 } : { name: `n-${round}`, version: 0 },
            { $set: { owner: `writer-${i}` }, $inc: { version: 1 } },
            { returnDocument: 'after' },
          ),
        ),
      );
      expect(results.filter((r) => r !== null)).toHaveLength(1);
      expect(await col.findOne({ _id })).toMatchObject({ version: 1 });
    }
  });

  it('ordered updates of two documents in opposite orders all apply, none waiting on the other', async () => {
    const col = t.db.collection<{ _id: string; n: number }>('pairs');
    await col.insertMany([
      { _id: 'a', n: 0 },
      { _id: 'b', n: 0 },
    ]);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const [first, second] = i % 2 ? ['a', 'b'] : ['b', 'a'];
        return col.bulkWrite(
          [
            { updateOne: { filter: { _id: first }, update: { $inc: { n: 1 } } } },
            { updateOne: { filter: { _id: second }, update: { $inc: { n: 1 } } } },
          ],
          { ordered: true },
        );
      }),
    );
    expect(await col.find({}).sort({ _id: 1 }).toArray()).toEqual([
      { _id: 'a', n: 20 },
      { _id: 'b', n: 20 },
    ]);
  });
});
