import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MongoBulkWriteError,
  MongoClient,
  type AnyBulkWriteOperation,
  type CommandStartedEvent,
} from 'mongodb';
import { createBulkWriteGroup } from '../../src/memory/bulk-write-batching.js';
import { createTestDb, monitoredClient, type TestDb } from '../support/mongo.js';

/**
 * Group commit for ordered bulk writes (src/memory/bulk-write-batching.ts), on the real server:
 * writes made while one is on its way share a command, each caller's statements in its order;
 * each caller learns its own outcome, and a write alone goes at once.
 */
describe('grouped bulk writes', () => {
  let t: TestDb;
  let client: MongoClient;
  const updates: CommandStartedEvent[] = [];

  beforeAll(async () => {
    t = await createTestDb('bwgroup');
    client = await monitoredClient(t, 'update', updates);
  });
  afterAll(async () => {
    await client.close();
    await t.close();
  });

  type Doc = { _id: string; marks?: string[]; n?: number };
  /** A caller's write: push its marks to doc `id`, in order. */
  const marks = (id: string, ...values: string[]): AnyBulkWriteOperation<Doc>[] =>
    values.map((v) => ({
      updateOne: { filter: { _id: id }, update: { $push: { marks: v } }, upsert: true },
    }));

  it('sends eight concurrent writes in fewer commands; every statement applied once, in its order', async () => {
    const col = client.db(t.dbName).collection<Doc>('eight');
    const write = createBulkWriteGroup(col);
    updates.length = 0;
    await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        await new Promise((r) => setImmediate(r));
        await write(marks(`doc-${i % 2}`, `${i}a`, `${i}b`));
      }),
    );
    expect(updates.length).toBeLessThan(8);
    const docs = await t.db.collection('eight').find().sort({ _id: 1 }).toArray();
    for (const [n, doc] of docs.entries()) {
      const got = doc.marks as string[];
      const mine = Array.from({ length: 8 }, (_, i) => i).filter((i) => i % 2 === n);
      expect([...got].sort()).toEqual(mine.flatMap((i) => [`${i}a`, `${i}b`]).sort());
      // Each caller's two statements ran in its order, next to each other.
      for (const i of mine) expect(got.indexOf(`${i}b`)).toBe(got.indexOf(`${i}a`) + 1);
    }
  });

  it('sends a write alone at once when nothing else is on its way', async () => {
    const col = client.db(t.dbName).collection<Doc>('alone');
    const write = createBulkWriteGroup(col);
    updates.length = 0;
    for (let i = 0; i < 3; i++) await write(marks('one', `${i}a`, `${i}b`, `${i}c`));
    expect(updates.map((e) => (e.command.updates as unknown[]).length)).toEqual([3, 3, 3]);
    const doc = await t.db.collection('alone').findOne({ _id: 'one' as never });
    expect(doc?.marks).toEqual(['0a', '0b', '0c', '1a', '1b', '1c', '2a', '2b', '2c']);
  });

  it('fails every caller of a command with a refused statement; what ran is applied once, nothing twice', async () => {
    const col = client.db(t.dbName).collection<Doc>('refused');
    await t.db.collection('refused').insertOne({ _id: 'text' as never, n: 'not a number' });
    const write = createBulkWriteGroup(col);
    updates.length = 0;
    const bad: AnyBulkWriteOperation<Doc>[] = [
      { updateOne: { filter: { _id: 'text' }, update: { $inc: { n: 1 } } } },
    ];
    const first = write(marks('first', 'x'));
    await new Promise((r) => setImmediate(r)); // the first is on its way: the rest wait for it
    const outcomes = await Promise.allSettled([
      first,
      write(marks('a', '1', '2')),
      write([...marks('b', '1'), ...bad, ...marks('b', '2')]),
      write(marks('c', '1')),
    ]);
    expect(updates.map((e) => (e.command.updates as unknown[]).length)).toEqual([1, 6]);
    // The server does not say reliably which statement it refused: none of the three can be told
    // it succeeded (`a` did), and none is sent again (nothing runs twice).
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'rejected']);
    expect((outcomes[2] as PromiseRejectedResult).reason).toBeInstanceOf(MongoBulkWriteError);
    const docs = await t.db.collection('refused').find().sort({ _id: 1 }).toArray();
    expect(docs.map((d) => [d._id, d.marks ?? d.n])).toEqual([
      ['a', ['1', '2']],
      ['b', ['1']],
      ['first', ['x']],
      ['text', 'not a number'],
    ]);
  });

  it('gives a write alone its own refusal', async () => {
    const col = client.db(t.dbName).collection<Doc>('alone-refused');
    await t.db.collection('alone-refused').insertOne({ _id: 'text' as never, n: 'not a number' });
    const write = createBulkWriteGroup(col);
    const bad: AnyBulkWriteOperation<Doc>[] = [
      { updateOne: { filter: { _id: 'text' }, update: { $inc: { n: 1 } } } },
    ];
    await expect(write(bad)).rejects.toBeInstanceOf(MongoBulkWriteError);
    await write(marks('after', '1'));
    expect(await t.db.collection('alone-refused').countDocuments({ _id: 'after' as never })).toBe(1);
  });
});
