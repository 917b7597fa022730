import { pollTrigger, type PollTrigger } from '../support/poll-trigger.js';
import { MongoBulkWriteError, MongoNetworkError, type Db } from 'mongodb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMongoProxy, type MongoProxy } from '../support/mongo-proxy.js';

/**
 * The driver's own commands, outside the groups of src/memory, written in the instant between
 * Node reading a connection's end (the database went away) and emitting its `close`: the write
 * returns false with no error, and the unpatched driver (mongodb 7.9) waited for a `drain` that
 * never comes, so the command never settled and its pool connection stayed checked out for good.
 * patches/mongodb+*.patch fails such a write with a network error. The callers here run from
 * `setImmediate` after the poll that read the end (a loopback byte written right after the cut
 * arrives in that poll), the instant a group's `setImmediate` send used to meet. The last test
 * is the same hang through the patch's other half: a large write waiting for `drain` when the
 * driver cuts a connection the server stopped reading.
 */

/** Whether `p` settled within `ms`; a promise that never settles is what this test is about. */
async function settlesWithin<T>(p: Promise<T>, ms: number): Promise<T | 'still pending'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'still pending'>((resolve) => {
    timer = setTimeout(() => resolve('still pending'), ms);
  });
  try {
    return await Promise.race([p, late]);
  } finally {
    clearTimeout(timer);
  }
}

const WARM = 6;
// The proxy's client sets socketTimeoutMS 3000: the driver's own bound for a silent socket.
const SOCKET_TIMEOUT_MS = 3000;

describe('a plain driver command written as the database closes the connection', () => {
  let proxy: MongoProxy | undefined;
  let trigger: PollTrigger;
  beforeAll(async () => {
    trigger = await pollTrigger();
  });
  afterEach(async () => {
    await proxy?.close();
    proxy = undefined;
  });
  afterAll(() => trigger.close());

  const cases: { name: string; op: (db: Db, i: number) => Promise<unknown> }[] = [
    { name: 'insertOne', op: (db, i) => db.collection('plain').insertOne({ n: i }) },
    { name: 'findOne', op: (db, i) => db.collection('plain').findOne({ n: i }) },
  ];

  for (const c of cases)
    it(`${c.name}: every call fails within the socket timeout; back up, the client answers`, async () => {
      proxy = await startMongoProxy();
      const { db } = await proxy.connect(`window_${process.pid}_${cases.indexOf(c)}`);
      // Connections open and idle in the pool, as in a running app.
      await Promise.all(
        Array.from({ length: WARM }, (_, i) => db.collection('warm').findOne({ _id: i as never })),
      );

      proxy.down();
      const { settled } = await trigger.fire(() => Array.from({ length: WARM }, (_, i) => c.op(db, i)), true);
      const outcomes = await settlesWithin(settled, SOCKET_TIMEOUT_MS);
      expect(outcomes).not.toBe('still pending');
      if (outcomes === 'still pending') return;
      expect(outcomes.map((o) => o.status)).toEqual(outcomes.map(() => 'rejected'));
      for (const o of outcomes)
        if (o.status === 'rejected')
          expect((o.reason as Error).name).toMatch(/^MongoNetwork|^MongoServerSelection/);

      await proxy.up();
      // Once the database is back, the same client answers again.
      let found: unknown;
      for (let attempt = 0; attempt < 40 && found === undefined; attempt++) {
        found = await db
          .collection('warm')
          .findOne({}, { projection: { _id: 1 } })
          .catch(() => new Promise((r) => setTimeout(() => r(undefined), 250)));
      }
      expect(found === undefined).toBe(false);
      await db.dropDatabase();
    }, 30_000);

  // A write larger than the socket's buffers waits for 'drain'. When the server stops reading,
  // the driver cuts the connection itself (its monitor's timeout interrupts the connections in
  // use, or the socket timeout fires), and a destroyed socket never drains: the same hang,
  // reached with no outage at all, only a hung server.
  it('a write the server stops reading fails once the driver cuts the connection; the client answers again', async () => {
    proxy = await startMongoProxy();
    const { db } = await proxy.connect(`window_${process.pid}_stall`);
    await db.collection('warm').findOne({});

    proxy.stall();
    const big = 'x'.repeat(4 * 1024 * 1024);
    const docs = Array.from({ length: 6 }, (_, i) => ({ i, big }));
    const inserted = db.collection('plain').insertMany(docs);
    // The cut comes within the socket timeout, and the close it causes right after.
    const outcome = await settlesWithin(
      inserted.then(
        () => 'stored',
        // insertMany wraps the command's error; its `errorResponse` is the error itself.
        (err: unknown) => {
          const reason = err instanceof MongoBulkWriteError ? (err.errorResponse as unknown) : err;
          return reason instanceof MongoNetworkError ? 'network error' : String(reason);
        },
      ),
      2 * SOCKET_TIMEOUT_MS,
    );
    expect(outcome).toBe('network error');

    expect(await db.collection('warm').findOne({})).toBeNull();
    await db.dropDatabase();
  }, 30_000);
});
