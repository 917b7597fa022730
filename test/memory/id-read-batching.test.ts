import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MongoClient, type CommandStartedEvent } from 'mongodb';
import { createIdReadGroup } from '../../src/memory/id-read-batching.js';
import { createTestDb, type TestDb } from '../support/mongo.js';

/**
 * Grouped reads by `_id` (src/memory/id-read-batching.ts), on the real server: reads asked while
 * one is on its way share a `find`; each caller gets its own documents, and a read alone goes at
 * once as the command it asked for.
 */
describe('grouped reads by _id', () => {
  let t: TestDb;
  let client: MongoClient;
  const finds: CommandStartedEvent[] = [];
  type Doc = { _id: string; n: number };

  beforeAll(async () => {
    t = await createTestDb('idgroup');
    client = new MongoClient(t.uri, { monitorCommands: true, ignoreUndefined: true });
    client.on('commandStarted', (e) => {
      if (e.commandName === 'find') finds.push(e);
    });
    await client.connect();
    await t.db
      .collection<Doc>('docs')
      .insertMany(Array.from({ length: 8 }, (_, i) => ({ _id: `d${i}`, n: i })));
  });
  afterAll(async () => {
    await client.close();
    await t.close();
  });

  it('answers eight concurrent readers in fewer finds, each with its own documents', async () => {
    const read = createIdReadGroup(client.db(t.dbName).collection<Doc>('docs'));
    finds.length = 0;
    const got = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        await new Promise((r) => setImmediate(r));
        return i % 2 === 0
          ? (await read.one(`d${i}`))?.n
          : [...(await read.many([`d${i}`, `missing-${i}`, 'd0'])).entries()].map(([id, d]) => [id, d.n]);
      }),
    );
    expect(finds.length).toBeLessThan(8);
    got.forEach((g, i) =>
      expect(g).toEqual(
        i % 2 === 0
          ? i
          : [
              [`d${i}`, i],
              ['d0', 0],
            ],
      ),
    );
    expect(await read.one('missing')).toBeNull();
  });

  it('reads alone with the command asked for: findOne for one id, find for several', async () => {
    const read = createIdReadGroup(client.db(t.dbName).collection<Doc>('docs'));
    finds.length = 0;
    expect((await read.one('d3'))?.n).toBe(3);
    expect([...(await read.many(['d1', 'd2'])).keys()]).toEqual(['d1', 'd2']);
    expect(finds.map((e) => [e.command.limit ?? null, e.command.filter])).toEqual([
      [1, { _id: 'd3' }],
      [null, { _id: { $in: ['d1', 'd2'] } }],
    ]);
  });

  it('fails every reader of a read that failed', async () => {
    const other = new MongoClient(t.uri, { serverSelectionTimeoutMS: 300 });
    await other.connect();
    const read = createIdReadGroup(other.db(t.dbName).collection<Doc>('docs'));
    await other.close(true);
    const outcomes = await Promise.allSettled([read.one('d1'), read.many(['d2']), read.one('d3')]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
  });
});
