import { ObjectId, type Document, type Filter } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDb, type TestDb } from '../support/mongo.js';

/**
 * The embedded server (tools/mongo-compat) reads filters that pin `_id` through the `_id` index
 * even when they carry more conditions, such as the tenant, and compares top-level string fields
 * in SQL before FerretDB's own match. These tests hold the answers to what
 * MongoDB gives for every such shape (so the narrowing never drops or adds a document), and, on
 * the embedded server only, that the lookup is an index search rather than a scan.
 */
describe('lookups by _id', () => {
  let t: TestDb;
  const oid = new ObjectId();
  interface Doc {
    _id: string | ObjectId | number;
    tenantId: string;
    n: number;
    tags?: string[] | string;
    note?: string;
  }
  const docs = (): Doc[] => [
    { _id: 'ticket-1', tenantId: 'T1', n: 1, tags: ['vip', 'late'] },
    { _id: 'ticket-2', tenantId: 'T2', n: 2, tags: 'regular' },
    { _id: oid, tenantId: 'T1', n: 3, tags: 'vip' },
    { _id: 7, tenantId: 'T1', n: 4, note: 'x' },
    ...Array.from({ length: 50 }, (_, i) => ({ _id: `filler-${i}`, tenantId: 'T1', n: 100 + i })),
  ];
  const ns = (list: Document[]) => list.map((d) => d.n as number).sort((a, b) => a - b);

  beforeAll(async () => {
    t = await createTestDb('idlookup');
    await t.db.collection<Doc>('docs').insertMany(docs());
  });
  afterAll(async () => t.close());

  const cases: Array<[string, Filter<Doc>, number[]]> = [
    ['_id and the right tenant', { _id: 'ticket-1', tenantId: 'T1' }, [1]],
    ['_id and another tenant', { _id: 'ticket-2', tenantId: 'T1' }, []],
    ['ObjectId _id and tenant', { _id: oid, tenantId: 'T1' }, [3]],
    ['$eq on _id with a range on another field', { _id: { $eq: 'ticket-1' }, n: { $gt: 0 } }, [1]],
    [
      '$in over _ids with the tenant',
      { _id: { $in: ['ticket-1', 'ticket-2', oid, 'none'] }, tenantId: 'T1' },
      [1, 3],
    ],
    ['$in mixing a number and a string', { _id: { $in: [7, 'ticket-2'] } }, [2, 4]],
    ['number _id with the tenant', { _id: 7, tenantId: 'T1' }, [4]],
    ['_id with $or', { _id: 'ticket-1', $or: [{ n: 1 }, { n: 99 }] }, [1]],
    ['_id with a failing $or', { _id: 'ticket-1', $or: [{ n: 2 }] }, []],
    ['$ne on _id', { _id: { $ne: 'ticket-1' }, n: { $lt: 5 } }, [2, 3, 4]],
    ['$in with a regex', { _id: { $in: [/^ticket-/] } }, [1, 2]],
    ['a string field alone', { tenantId: 'T2' }, [2]],
    ['a string that is one element of an array field', { tags: 'vip' }, [1, 3]],
    ['a string field and an array element', { tenantId: 'T1', tags: 'vip' }, [1, 3]],
    ['a string that is a whole array', { tags: 'vip,late' }, []],
    ['a string field that some documents lack', { note: 'x' }, [4]],
  ];

  it.each(cases)('find with %s returns what MongoDB returns', async (_name, filter, expected) => {
    expect(ns(await t.db.collection<Doc>('docs').find(filter).toArray())).toEqual(expected);
    expect(await t.db.collection<Doc>('docs').countDocuments(filter)).toBe(expected.length);
  });

  it('updates, replaces and deletes by _id and tenant only the matching document', async () => {
    const c = t.db.collection<Doc>('docs');
    expect((await c.updateOne({ _id: 'ticket-2', tenantId: 'T1' }, { $inc: { n: 10 } })).matchedCount).toBe(
      0,
    );
    expect((await c.updateOne({ _id: 'ticket-1', tenantId: 'T1' }, { $inc: { n: 10 } })).modifiedCount).toBe(
      1,
    );
    const after = await c.findOneAndUpdate(
      { _id: 'ticket-1', tenantId: 'T1' },
      { $inc: { n: -10 } },
      { returnDocument: 'after' },
    );
    expect(after?.n).toBe(1);
    expect((await c.deleteOne({ _id: 'ticket-1', tenantId: 'T2' })).deletedCount).toBe(0);
    expect((await c.deleteOne({ _id: 'filler-3', tenantId: 'T1' })).deletedCount).toBe(1);
    expect(await c.findOne({ _id: 'filler-3' })).toBeNull();
    expect(await c.countDocuments({})).toBe(docs().length - 1);
  });

  it('reads a tenant-scoped _id through the index on the embedded server', async (ctx) => {
    if (inject('mongoKind') !== 'mongo-compat') ctx.skip();
    const plan = JSON.stringify(
      await t.db.collection<Doc>('docs').find({ _id: 'ticket-1', tenantId: 'T1' }).explain(),
    );
    expect(plan).toMatch(/SEARCH \S+ USING INDEX/);
    expect(plan).not.toMatch(/detail=SCAN/);
  });
});
