import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandStartedEvent, MongoClient } from 'mongodb';
import pino from 'pino';
import type { InboundRecord } from '../../src/conversation/inbound-journal.schema.js';
import { ensureIndexes } from '../../src/memory/indexes.js';
import { createMongoStores, type MongoStores } from '../../src/memory/mongo-stores.js';
import { recordField, type TurnDoc } from '../../src/memory/turn-documents.js';
import { fixedClock } from '../support/clock.js';
import { turnRecords } from '../support/turn-records.js';
import { createTestDb, monitoredClient, type TestDb } from '../support/mongo.js';

/**
 * The end of a run's turn (src/memory/turn-end.ts), on the real server: one statement per key
 * gives the turn back and finishes the record (the bundled server writes each statement on its
 * own, one at a time), and a run that lost a lease or its record still ends as it should.
 */
const logger = pino({ level: 'silent' });
const clock = fixedClock(new Date('2026-11-20T10:00:00Z'));
const LEASE = 30_000;
let t: TestDb;
let client: MongoClient;
let stores: MongoStores;
const updates: CommandStartedEvent[] = [];

beforeAll(async () => {
  t = await createTestDb('turn-end');
  await ensureIndexes(t.db, logger);
  client = await monitoredClient(t, 'update', updates);
  stores = createMongoStores(client.db(t.dbName), { logger, clock });
});
afterAll(async () => {
  await client?.close();
  await t?.close();
});

const record = turnRecords(clock, {
  eventPrefix: 'Ev.end.',
  tsPrefix: '1700000001',
  author: (n) => `U0END${n}`,
});

/** Accepts the record (taking its free turns for process `p1`) and claims it for `journal-1`. */
async function acceptAndClaim(r: InboundRecord, keys: string[]) {
  const accepted = await stores.inbound.accept(r, {
    keys,
    owner: 'p1',
    now: clock.now(),
    until: new Date(clock.now().getTime() + LEASE),
  });
  await stores.inbound.claim(r, 'journal-1', clock.now(), new Date(clock.now().getTime() + LEASE));
  return accepted.turns!;
}

const finish = (r: InboundRecord, keys: string[], token?: number) =>
  stores.inbound.finish(
    r,
    'journal-1',
    { state: 'done', outcome: 'answered', at: clock.now() },
    { keys, owner: 'p1', ...(token !== undefined ? { token } : {}) },
  );

const turns = () => t.db.collection<TurnDoc>('thread_leases');
const statements = (list: CommandStartedEvent[]) =>
  list
    .filter((e) => e.command.update === 'thread_leases')
    .reduce((sum, e) => sum + (e.command.updates as unknown[]).length, 0);

describe("the end of a run's turn", () => {
  it('gives every key back and finishes the record in one statement per key, in one command', async () => {
    const { record: r, keys } = record();
    const taken = await acceptAndClaim(r, keys);
    updates.length = 0;
    await finish(r, keys, taken.get(keys[1]!)?.token ?? undefined);
    // Two keys, two statements (were five: two per key and the record's own).
    expect(updates.filter((e) => e.command.update === 'thread_leases')).toHaveLength(1);
    expect(statements(updates)).toBe(2);
    const [author, home] = await Promise.all(keys.map((k) => turns().findOne({ _id: k })));
    for (const doc of [author, home]) {
      expect(doc?.queue).toEqual([]);
      expect(doc?.owner).toBeUndefined();
      expect(doc?.expiresAt).toBeInstanceOf(Date);
    }
    expect(author?.homes?.[recordField(r.id)]).toBeUndefined();
    expect(home?.unfinished).toBe(0);
    expect(await stores.inbound.get(r)).toMatchObject({ state: 'done', outcome: 'answered' });

    // A reply in that thread: one key, one statement (were three).
    const reply = record(r.message.messageId);
    const got = await acceptAndClaim(reply.record, reply.keys);
    updates.length = 0;
    await finish(reply.record, reply.keys, got.get(reply.keys[0]!)?.token ?? undefined);
    expect(statements(updates)).toBe(1);
    expect(await stores.inbound.get(reply.record)).toMatchObject({ state: 'done' });
    const doc = await turns().findOne({ _id: reply.keys[0]! });
    expect(doc).toMatchObject({ queue: [], unfinished: 0 });
    expect(doc?.owner).toBeUndefined();
  });

  it('a run whose thread another process took over finishes its record and leaves the queues, and the new holder keeps its lease', async () => {
    const { record: r, keys } = record();
    const taken = await acceptAndClaim(r, keys);
    const home = keys[1]!;
    const until = new Date(clock.now().getTime() + LEASE);
    await turns().updateOne({ _id: home }, { $set: { owner: 'p2', until }, $inc: { token: 1 } });
    await finish(r, keys, taken.get(home)?.token ?? undefined);
    const doc = await turns().findOne({ _id: home });
    expect(doc).toMatchObject({ owner: 'p2', until, queue: [], unfinished: 0 });
    expect(await stores.inbound.get(r)).toMatchObject({ state: 'done' });
    // The author key, still this process's, was given back in the first command.
    const author = await turns().findOne({ _id: keys[0]! });
    expect(author?.owner).toBeUndefined();
    expect(author?.queue).toEqual([]);
  });

  it("a run that lost its thread to a later turn of its own process leaves that turn's lease alone", async () => {
    const { record: r, keys } = record();
    const taken = await acceptAndClaim(r, keys);
    const home = keys[1]!;
    const token = taken.get(home)?.token ?? undefined;
    expect(token).toBe(1);
    // Its lease ran out, its message was skipped, and this same process took the thread for the
    // next message (a newer token).
    const later = 'acme:slack:Ev.later';
    const until = new Date(clock.now().getTime() + LEASE);
    await turns().updateOne(
      { _id: home },
      { $set: { queue: [later], owner: 'p1', until }, $inc: { token: 1 } },
    );
    await finish(r, keys, token);
    const doc = await turns().findOne({ _id: home });
    expect(doc).toMatchObject({ owner: 'p1', token: 2, until, queue: [later] });
    expect(await stores.inbound.get(r)).toMatchObject({ state: 'done' });
    expect(doc?.unfinished).toBe(0);
  });

  it('runs ending together share a command; one that lost its thread does not keep the other from ending', async () => {
    const a = record();
    const b = record();
    const ta = await acceptAndClaim(a.record, a.keys);
    const tb = await acceptAndClaim(b.record, b.keys);
    await turns().updateOne({ _id: b.keys[1]! }, { $set: { owner: 'p2' }, $inc: { token: 1 } });
    updates.length = 0;
    await Promise.all([
      finish(a.record, a.keys, ta.get(a.keys[1]!)?.token ?? undefined),
      finish(b.record, b.keys, tb.get(b.keys[1]!)?.token ?? undefined),
    ]);
    // One command for both (the same tick), then each one's own follow-up: a statement matched nothing.
    expect(updates[0]?.command.updates).toHaveLength(4);
    for (const { record: r, keys } of [a, b]) {
      expect(await stores.inbound.get(r)).toMatchObject({ state: 'done' });
      for (const k of keys) expect((await turns().findOne({ _id: k }))?.queue).toEqual([]);
      expect((await turns().findOne({ _id: keys[1]! }))?.unfinished).toBe(0);
    }
    expect((await turns().findOne({ _id: a.keys[1]! }))?.owner).toBeUndefined();
    expect((await turns().findOne({ _id: b.keys[1]! }))?.owner).toBe('p2');
  });
});
