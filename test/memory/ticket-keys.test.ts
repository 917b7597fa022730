import { MongoClient } from 'mongodb';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { threadTicketId, TicketSchema, type Ticket } from '../../src/domain/index.js';
import { createMongoStores, type MongoStores } from '../../src/memory/mongo-stores.js';
import { fixedClock } from '../support/clock.js';
import { createTestDb, type TestDb } from '../support/mongo.js';

const clock = fixedClock();
const logger = pino({ level: 'silent' });
let t: TestDb;
let client: MongoClient;
/** Every `find` on tickets, as its filter's keys. */
const ticketFinds: string[] = [];
/** How many `find`s on the key documents. */
let keyFinds = 0;

beforeAll(async () => {
  t = await createTestDb('ticket_keys');
  client = new MongoClient(t.uri, { monitorCommands: true, ignoreUndefined: true });
  client.on('commandStarted', (e) => {
    if (e.commandName === 'find' && e.command.find === 'tickets')
      ticketFinds.push(Object.keys(e.command.filter as object).join(','));
    if (e.commandName === 'find' && e.command.find === 'ticket_keys') keyFinds++;
  });
  await client.connect();
});
afterAll(async () => {
  await client?.close();
  await t?.close();
});

const stores = (): MongoStores => createMongoStores(client.db(t.dbName), { logger, clock });

let n = 0;
function ticket(patch: Partial<Ticket> = {}): Ticket {
  n++;
  return TicketSchema.parse({
    tenantId: 'TK',
    ticketId: `TKT-K${String(n).padStart(5, '0')}`,
    customerId: 'cus_k',
    requester: { platform: 'slack', userId: 'U9', name: 'Priya' },
    thread: { platform: 'slack', channelId: 'C9', threadId: `1800000${n}.0001` },
    status: 'open',
    createdAt: new Date(clock.now().getTime() + n),
    updatedAt: clock.now(),
    lastMessageAt: new Date(clock.now().getTime() + n),
    ...patch,
  });
}

describe('tickets by thread, requester and customer, read by key', () => {
  it('finds tickets stored before the keys existed (listed once, by the first process that asks)', async () => {
    const old = ticket();
    // As an earlier version stored it: keyed _id, no key documents.
    await t.db.collection('tickets').insertOne({ _id: `TK:${old.ticketId}` as never, ...old });
    const s = stores();
    expect((await s.tickets.findByThread('TK', 'slack', 'C9', old.thread.threadId))?.ticketId).toBe(
      old.ticketId,
    );
    expect((await s.tickets.listOpenForRequester('TK', 'slack', 'U9')).map((x) => x.ticketId)).toEqual([
      old.ticketId,
    ]);
    expect((await s.tickets.listOpenForCustomer('TK', 'cus_k')).map((x) => x.ticketId)).toEqual([
      old.ticketId,
    ]);
  });

  it('keeps the open lists as tickets resolve and reopen, newest first, and reads only by _id', async () => {
    const s = stores();
    const a = ticket();
    const b = ticket({ status: 'escalated' });
    const done = ticket({ status: 'resolved' });
    for (const x of [a, b, done]) await s.tickets.insert(x);
    const open = async () =>
      (await s.tickets.listOpenForRequester('TK', 'slack', 'U9')).map((x) => x.ticketId);
    expect(await open()).toEqual([b.ticketId, a.ticketId, expect.any(String)]);
    await s.tickets.update('TK', a.ticketId, { status: 'resolved' });
    expect(await open()).not.toContain(a.ticketId);
    expect((await s.tickets.listOpenForCustomer('TK', 'cus_k')).map((x) => x.ticketId)).not.toContain(
      a.ticketId,
    );
    await s.tickets.update('TK', a.ticketId, { status: 'open' }, { from: ['resolved'] });
    expect(await open()).toContain(a.ticketId);
    // A resolved ticket is still its thread's: a reply reopens it rather than opening another.
    expect((await s.tickets.findByThread('TK', 'slack', 'C9', done.thread.threadId))?.ticketId).toBe(
      done.ticketId,
    );
    ticketFinds.length = 0;
    await s.tickets.findByThread('TK', 'slack', 'C9', b.thread.threadId);
    await s.tickets.listOpenForRequester('TK', 'slack', 'U9');
    await s.tickets.listOpenForCustomer('TK', 'cus_k');
    // The thread's own id first (issue 13; this ticket has another), then its key's tickets.
    expect(ticketFinds).toEqual(['_id,tenantId,ticketId', '_id,tenantId', '_id,tenantId', '_id,tenantId']);
  });

  it("messages in flight read their people's key documents in shared reads, each getting its own tickets (issue 13)", async () => {
    const s = stores();
    const people = Array.from({ length: 8 }, (_, i) => ({
      userId: `U-flight-${i}`,
      customerId: `cus_f${i}`,
    }));
    const mine = new Map<string, string>();
    for (const p of people) {
      const x = ticket({ requester: { platform: 'slack', userId: p.userId }, customerId: p.customerId });
      await s.tickets.insert(x);
      mine.set(p.userId, x.ticketId);
    }
    await s.tickets.listOpenFor('TK', { platform: 'slack', userId: 'U-warm' }, undefined);
    keyFinds = 0;
    const lists = await Promise.all(
      people.map(async (p) => {
        await new Promise((r) => setImmediate(r));
        return s.tickets.listOpenFor('TK', { platform: 'slack', userId: p.userId }, p.customerId);
      }),
    );
    expect(keyFinds).toBeLessThan(8);
    people.forEach((p, i) => {
      expect(lists[i]!.requester.map((x) => x.ticketId)).toEqual([mine.get(p.userId)]);
      expect(lists[i]!.customer.map((x) => x.ticketId)).toEqual([mine.get(p.userId)]);
    });
  });

  it('skips an id whose ticket was never stored (a crash between listing it and storing it)', async () => {
    const s = stores();
    const lost = ticket({ requester: { platform: 'slack', userId: 'U-lost' } });
    await t.db
      .collection('ticket_keys')
      .updateOne(
        { _id: 'TK|requester|slack|U-lost' as never },
        { $set: { tenantId: 'TK' }, $addToSet: { ids: lost.ticketId } },
        { upsert: true },
      );
    expect(await s.tickets.listOpenForRequester('TK', 'slack', 'U-lost')).toEqual([]);
    await s.tickets.insert(lost);
    expect((await s.tickets.listOpenForRequester('TK', 'slack', 'U-lost')).map((x) => x.ticketId)).toEqual([
      lost.ticketId,
    ]);
  });

  it('a reopening left for later: resolved again in the turn it writes no key; left open, the turn lists it', async () => {
    const s = stores();
    const userId = 'U-later';
    const x = ticket({
      status: 'resolved',
      requester: { platform: 'slack', userId },
      customerId: 'cus_later',
    });
    await s.tickets.insert(x);
    const keyWrites: string[] = [];
    const watch = (e: { commandName: string; command: Record<string, unknown> }) => {
      if (e.commandName === 'update' && e.command.update === 'ticket_keys') keyWrites.push('update');
    };
    client.on('commandStarted', watch);
    const openIn = async (p: ReturnType<typeof stores>) => ({
      requester: (await p.tickets.listOpenForRequester('TK', 'slack', userId)).map((t) => t.ticketId),
      customer: (await p.tickets.listOpenForCustomer('TK', 'cus_later')).map((t) => t.ticketId),
    });
    const open = () => openIn(s);
    try {
      // Reopened and resolved again (the answer of a reply): the keys never change.
      await s.tickets.update('TK', x.ticketId, { status: 'open' }, { from: ['resolved'], listLater: true });
      await s.tickets.update('TK', x.ticketId, { lastMessageAt: clock.now() });
      await s.tickets.update('TK', x.ticketId, { status: 'resolved' }, { from: ['open'] });
      await s.tickets.listOpen?.('TK', x.ticketId);
      expect(keyWrites).toEqual([]);
      expect(await open()).toEqual({ requester: [], customer: [] });

      // Reopened, then escalated: the escalating write lists it.
      await s.tickets.update('TK', x.ticketId, { status: 'open' }, { from: ['resolved'], listLater: true });
      expect(keyWrites).toEqual([]);
      await s.tickets.update('TK', x.ticketId, { status: 'escalated' });
      expect(await open()).toEqual({ requester: [x.ticketId], customer: [x.ticketId] });
      await s.tickets.listOpen?.('TK', x.ticketId);
      expect(keyWrites).toHaveLength(1);

      // Reopened and left open (a draft, a channel turned off): the turn's end lists it, once.
      await s.tickets.update('TK', x.ticketId, { status: 'resolved' });
      await s.tickets.update('TK', x.ticketId, { status: 'open' }, { from: ['resolved'], listLater: true });
      expect(await open()).toEqual({ requester: [], customer: [] });
      await s.tickets.listOpen?.('TK', x.ticketId);
      await s.tickets.listOpen?.('TK', x.ticketId);
      expect(await open()).toEqual({ requester: [x.ticketId], customer: [x.ticketId] });
      // The resolve's removal waited for this process's next write of keys (issue 13), and the
      // reopening listed the ticket before it was written: one write, no removal.
      expect(keyWrites).toHaveLength(2);

      // Another process (nothing remembered) reopened it unlisted and died; this one runs the
      // message again and leaves the ticket open: a rerun lists what it wrote.
      await s.tickets.update('TK', x.ticketId, { status: 'resolved' });
      await stores().tickets.update(
        'TK',
        x.ticketId,
        { status: 'open' },
        { from: ['resolved'], listLater: true },
      );
      const again = stores();
      await again.tickets.update('TK', x.ticketId, { lastMessageAt: clock.now() });
      await again.tickets.listOpen?.('TK', x.ticketId);
      expect(await open()).toEqual({ requester: [], customer: [] });
      await again.tickets.listOpen?.('TK', x.ticketId, { rerun: true });
      expect(await openIn(again)).toEqual({ requester: [x.ticketId], customer: [x.ticketId] });
      // The first process's removal of its resolve, written a moment later (issue 13: with its
      // next write of keys, or within a second), leaves the ticket listed: a later version of it
      // listed it again meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await openIn(stores())).toEqual({ requester: [x.ticketId], customer: [x.ticketId] });
      expect(await open()).toEqual({ requester: [x.ticketId], customer: [x.ticketId] });
    } finally {
      client.off('commandStarted', watch);
    }
  });
});

describe("a thread's ticket under the thread's own id (issue 13)", () => {
  /** Stores on a database of their own, each command recorded as `find tickets`. */
  async function monitored(db: TestDb) {
    const c = new MongoClient(db.uri, { monitorCommands: true, ignoreUndefined: true });
    const commands: string[] = [];
    c.on('commandStarted', (e) =>
      commands.push(`${e.commandName} ${String((e.command as Record<string, unknown>)[e.commandName])}`),
    );
    await c.connect();
    return { c, commands, stores: () => createMongoStores(c.db(db.dbName), { logger, clock }) };
  }
  const threadOf = (threadId: string) => ({ platform: 'slack' as const, channelId: 'C9', threadId });

  it('is found by that _id alone, with no key written for its thread, on a database that never held a ticket of a version before', async () => {
    const fresh = await createTestDb('thread_ids');
    const m = await monitored(fresh);
    try {
      const s = m.stores();
      const thread = threadOf('1800100001.0001');
      const answered = ticket({ ticketId: threadTicketId('TK', thread), thread, status: 'resolved' });
      await s.tickets.insert(answered);
      expect(
        await fresh.db.collection('migrations').findOne({ _id: 'ticket_thread_ids' as never }),
      ).not.toBeNull();
      // Answered at once: no key at all (resolved, and its thread goes by its id).
      expect(await fresh.db.collection('ticket_keys').countDocuments()).toBe(0);
      m.commands.length = 0;
      // Another process finds it with one read by `_id`.
      const other = m.stores();
      expect((await other.tickets.findByThread('TK', 'slack', 'C9', thread.threadId))?.ticketId).toBe(
        answered.ticketId,
      );
      expect(m.commands.filter((c) => !c.endsWith(' migrations'))).toEqual(['find tickets']);

      // Left open: its requester's and customer's lists name it (a top-level message joins it),
      // still no key for its thread.
      const openThread = threadOf('1800100002.0001');
      const open = ticket({ ticketId: threadTicketId('TK', openThread), thread: openThread, status: 'open' });
      await s.tickets.insert(open);
      const keys = (await fresh.db.collection('ticket_keys').find().toArray()).map((d) => String(d._id));
      expect(keys.sort()).toEqual(['TK|customer|cus_k', 'TK|requester|slack|U9']);
      expect((await other.tickets.listOpenForRequester('TK', 'slack', 'U9')).map((x) => x.ticketId)).toEqual([
        open.ticketId,
      ]);

      // A ticket under any other id (another thread's, drawn alike) is not taken for the thread's.
      const elsewhere = threadOf('1800100003.0001');
      const clash = ticket({
        ticketId: threadTicketId('TK', elsewhere),
        thread: threadOf('1800100004.0001'),
      });
      await s.tickets.insert(clash);
      expect(await other.tickets.findByThread('TK', 'slack', 'C9', elsewhere.threadId)).toBeNull();
      expect((await other.tickets.findByThread('TK', 'slack', 'C9', '1800100004.0001'))?.ticketId).toBe(
        clash.ticketId,
      );
    } finally {
      await m.c.close();
      await fresh.close();
    }
  });

  it("keeps writing the thread's key where processes of a version before may run, until the record says none does", async () => {
    const upgraded = await createTestDb('thread_ids_upgraded');
    const m = await monitored(upgraded);
    try {
      // Tickets of the version before, which reads a thread's ticket only through its key.
      const old = ticket();
      await upgraded.db.collection('tickets').insertOne({ _id: `TK:${old.ticketId}` as never, ...old });
      const thread = threadOf('1800200001.0001');
      const answered = ticket({ ticketId: threadTicketId('TK', thread), thread, status: 'resolved' });
      await m.stores().tickets.insert(answered);
      const threadKey = `TK|thread|slack|C9|${thread.threadId}`;
      expect(await upgraded.db.collection('ticket_keys').findOne({ _id: threadKey as never })).toMatchObject({
        ids: [answered.ticketId],
      });
      // Recorded by hand once every process runs this version: the next processes write none.
      await upgraded.db
        .collection('migrations')
        .insertOne({ _id: 'ticket_thread_ids' as never, at: clock.now() });
      const later = threadOf('1800200002.0001');
      const next = ticket({ ticketId: threadTicketId('TK', later), thread: later, status: 'resolved' });
      await m.stores().tickets.insert(next);
      expect(
        await upgraded.db
          .collection('ticket_keys')
          .countDocuments({ _id: `TK|thread|slack|C9|${later.threadId}` as never }),
      ).toBe(0);
      expect((await m.stores().tickets.findByThread('TK', 'slack', 'C9', later.threadId))?.ticketId).toBe(
        next.ticketId,
      );
    } finally {
      await m.c.close();
      await upgraded.close();
    }
  });
});
