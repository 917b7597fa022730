import { MongoClient } from 'mongodb';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TicketSchema, type Ticket } from '../../src/domain/index.js';
import { createMongoStores, type MongoStores } from '../../src/memory/mongo-stores.js';
import { fixedClock } from '../support/clock.js';
import { createTestDb, type TestDb } from '../support/mongo.js';

const clock = fixedClock();
const logger = pino({ level: 'silent' });
let t: TestDb;
let client: MongoClient;
/** Every `find` on tickets, as its filter's keys. */
const ticketFinds: string[] = [];

beforeAll(async () => {
  t = await createTestDb('ticket_keys');
  client = new MongoClient(t.uri, { monitorCommands: true, ignoreUndefined: true });
  client.on('commandStarted', (e) => {
    if (e.commandName === 'find' && e.command.find === 'tickets')
      ticketFinds.push(Object.keys(e.command.filter as object).join(','));
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
    expect(ticketFinds).toEqual(['_id,tenantId', '_id,tenantId', '_id,tenantId']);
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
    const open = async () => ({
      requester: (await s.tickets.listOpenForRequester('TK', 'slack', userId)).map((t) => t.ticketId),
      customer: (await s.tickets.listOpenForCustomer('TK', 'cus_later')).map((t) => t.ticketId),
    });
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
      expect(keyWrites).toHaveLength(3);

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
      expect(await open()).toEqual({ requester: [x.ticketId], customer: [x.ticketId] });
    } finally {
      client.off('commandStarted', watch);
    }
  });
});
