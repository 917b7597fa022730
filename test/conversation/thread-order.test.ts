import { MongoClient, type Db } from 'mongodb';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inboundRecordId } from '../../src/conversation/inbound-journal.schema.js';
import type { ParsedInboundMessage } from '../../src/conversation/ports.js';
import {
  createThreadOrder,
  fencedTickets,
  LeaseLostError,
  orderedInbound,
  type ThreadOrder,
} from '../../src/conversation/thread-order.js';
import type { Ticket } from '../../src/domain/index.js';
import { createMongoStores, type MongoStores } from '../../src/memory/mongo-stores.js';
import { ensureIndexes } from '../../src/memory/indexes.js';
import { fixedClock } from '../support/clock.js';
import { createTestDb, type TestDb } from '../support/mongo.js';

const logger = pino({ level: 'silent' });
const LEASE_MS = 10_000;

function message(i: number, threadId?: string): ParsedInboundMessage {
  return {
    platform: 'slack',
    tenantId: 'acme',
    eventId: `Ev${i}`,
    kind: 'message',
    channelId: 'C0SHARED',
    messageId: `1700000000.00000${i}`,
    ...(threadId ? { threadId } : {}),
    author: { userId: 'U0CUSTOMER', isExternal: true },
    text: `question ${i}`,
    receivedAt: new Date('2026-11-20T10:00:00Z'),
  };
}

/** One process's thread order over `stores`, and its accept (the journal's, with the turn taken). */
function processWith(stores: MongoStores, clock: ReturnType<typeof fixedClock>) {
  const order = createThreadOrder(
    { leases: stores.threadLeases, inbound: stores.inbound, clock, logger },
    { leaseMs: LEASE_MS, waitMs: 5000 },
  );
  const inbound = orderedInbound(stores.inbound, order);
  return {
    order,
    async accept(m: ParsedInboundMessage) {
      const now = clock.now();
      await inbound.accept({
        id: inboundRecordId(m.tenantId, m.platform, m.eventId),
        tenantId: m.tenantId,
        platform: m.platform,
        eventId: m.eventId,
        message: m,
        state: 'received',
        attempts: 0,
        receivedAt: now,
        updatedAt: now,
      });
    },
  };
}

/** Two processes on one database: each its own stores and thread order, one clock to move. */
describe('thread turns across processes', () => {
  let testDb: TestDb;
  let clock: ReturnType<typeof fixedClock>;
  let stores: MongoStores;
  const processes: Array<{ order: ThreadOrder; accept(m: ParsedInboundMessage): Promise<void> }> = [];

  beforeEach(async () => {
    testDb = await createTestDb('turns');
    await ensureIndexes(testDb.db, logger);
    clock = fixedClock(new Date('2026-11-20T10:00:00Z'));
    stores = createMongoStores(testDb.db, { logger, clock });
    processes.length = 0;
    for (let p = 0; p < 2; p++) processes.push(processWith(stores, clock));
  });
  afterEach(async () => {
    await testDb.close();
  });

  it("runs a thread's messages in the order they were accepted, whichever process runs first", async () => {
    const [a, b] = processes;
    const root = message(1);
    const replies = [2, 3, 4].map((i) => message(i, root.messageId));
    await a!.accept(root);
    for (const [i, r] of replies.entries()) await (i % 2 === 0 ? b! : a!).accept(r);
    const ran: string[] = [];
    const work = (m: ParsedInboundMessage) => async () => {
      ran.push(m.eventId);
      await new Promise((r) => setTimeout(r, 30));
    };
    // The later messages' processes are ready first; the root's process comes last.
    const runs = [...replies].reverse().map((r, i) => (i % 2 === 0 ? a! : b!).order.run(r, work(r)));
    await new Promise((r) => setTimeout(r, 100));
    expect(ran).toEqual([]);
    runs.push(a!.order.run(root, work(root)));
    await Promise.all(runs);
    expect(ran).toEqual(['Ev1', 'Ev2', 'Ev3', 'Ev4']);
  });

  it("names the thread's ticket to the thread's next run in another process, and a run that lost the thread names none", async () => {
    const [a, b] = processes;
    const root = message(1);
    await a!.accept(root);
    await a!.order.run(root, async (run) => {
      expect(run!.threadTicket()).toBeUndefined();
      run!.noteTicket({ ticketId: 'TKT-ROOT1', resolved: true });
    });
    const reply = message(2, root.messageId);
    await b!.accept(reply);
    const seen = await b!.order.run(reply, async (run) => run!.threadTicket());
    expect(seen).toEqual({ ticketId: 'TKT-ROOT1', resolved: true });

    // Process a pauses past its lease while b takes the thread over: a's late note is not kept.
    const late = message(3, root.messageId);
    await a!.accept(late);
    let paused: () => void = () => undefined;
    const stale = a!.order.run(late, async (run) => {
      await new Promise<void>((r) => (paused = r));
      run!.noteTicket({ ticketId: 'TKT-STALE', resolved: false });
    });
    await new Promise((r) => setTimeout(r, 50));
    clock.advance(LEASE_MS * 2);
    const next = message(4, root.messageId);
    await b!.accept(next);
    const overtaking = b!.order.run(next, async (run) => {
      run!.noteTicket({ ticketId: 'TKT-ROOT1', resolved: false });
    });
    await new Promise((r) => setTimeout(r, 100));
    paused();
    await Promise.all([stale.catch(() => undefined), overtaking]);
    const after = message(5, root.messageId);
    await b!.accept(after);
    expect(await b!.order.run(after, async (run) => run!.threadTicket())).toEqual({
      ticketId: 'TKT-ROOT1',
      resolved: false,
    });
  });

  it('a message whose process died before running it stops holding up its thread after the lease time', async () => {
    const [a, b] = processes;
    const root = message(1);
    const reply = message(2, root.messageId);
    await a!.accept(root); // …and process a dies: the root is never run there.
    await b!.accept(reply);
    let ran = false;
    const waiting = b!.order.run(reply, async () => {
      ran = true;
    });
    await new Promise((r) => setTimeout(r, 150));
    expect(ran).toBe(false);
    clock.advance(LEASE_MS + 1000);
    await waiting;
    expect(ran).toBe(true);
  });

  it('a run that lost its lease after a pause cannot write its ticket; the run that took over can', async () => {
    const [a, b] = processes;
    const root = message(1);
    await a!.accept(root);
    const ticket = (ticketId: string): Ticket =>
      ({
        tenantId: 'acme',
        ticketId,
        thread: { platform: 'slack', channelId: 'C0SHARED', threadId: root.messageId },
        requester: { platform: 'slack', userId: 'U0CUSTOMER', name: 'Maya' },
        status: 'open',
        subject: 'question 1',
        createdAt: clock.now(),
        updatedAt: clock.now(),
        lastMessageAt: clock.now(),
        version: 0,
      }) as unknown as Ticket;

    let resume: () => void = () => undefined;
    const paused = new Promise<void>((r) => (resume = r));
    const stale = a!.order.run(root, async (run) => {
      // A long pause (GC, a frozen VM) past the lease, while the other process takes over.
      await paused;
      await fencedTickets(stores.tickets, run!).insert(ticket('TKT-STALE1'));
    });
    await new Promise((r) => setTimeout(r, 50));
    clock.advance(LEASE_MS * 3);
    // The recovery sweep on the other process runs the same message again.
    await b!.order.run(root, (run) => fencedTickets(stores.tickets, run!).insert(ticket('TKT-FRESH1')));
    resume();
    await expect(stale).rejects.toBeInstanceOf(LeaseLostError);
    const stored = await testDb.db
      .collection('tickets')
      .find({ 'thread.threadId': root.messageId })
      .toArray();
    expect(stored.map((t) => t.ticketId)).toEqual(['TKT-FRESH1']);
  });

  it('a write that was on its way when the run lost its lease is refused by the ticket itself', async () => {
    const [a, b] = processes;
    const root = message(1);
    await a!.accept(root);
    await stores.tickets.insert({
      tenantId: 'acme',
      ticketId: 'TKT-FENCE1',
      thread: { platform: 'slack', channelId: 'C0SHARED', threadId: root.messageId },
      requester: { platform: 'slack', userId: 'U0CUSTOMER', name: 'Maya' },
      status: 'open',
      subject: 'question 1',
      createdAt: clock.now(),
      updatedAt: clock.now(),
      lastMessageAt: clock.now(),
      version: 0,
    } as unknown as Ticket);
    // Process A's write passes its lease check, then stalls on its way to the database (a GC
    // pause, a slow network) past the lease; process B takes the thread over and writes first.
    let resume: () => void = () => undefined;
    const paused = new Promise<void>((r) => (resume = r));
    const slowInner = {
      ...stores.tickets,
      async update(...args: Parameters<typeof stores.tickets.update>) {
        await paused;
        return stores.tickets.update(...args);
      },
    };
    let stale: Promise<unknown> = Promise.resolve();
    const started = new Promise<void>((r) => {
      stale = a!.order.run(root, async (run) => {
        const write = fencedTickets(slowInner, run!).update('acme', 'TKT-FENCE1', {
          subject: 'stale answer',
        });
        r();
        return write;
      });
    });
    stale.catch(() => undefined);
    await started;
    await new Promise((r) => setTimeout(r, 50));
    clock.advance(LEASE_MS * 3);
    await b!.order.run(root, (run) =>
      fencedTickets(stores.tickets, run!).update('acme', 'TKT-FENCE1', { subject: 'fresh answer' }),
    );
    resume();
    await expect(stale).rejects.toBeInstanceOf(LeaseLostError);
    expect((await stores.tickets.get('acme', 'TKT-FENCE1'))?.subject).toBe('fresh answer');
  });
});

/** The thread_leases commands one message costs, on a database whose commands are counted. */
describe('thread turns: round trips', () => {
  let testDb: TestDb;
  let client: MongoClient;
  const commands: string[] = [];

  beforeEach(async () => {
    testDb = await createTestDb('turn_trips');
    client = new MongoClient(testDb.uri, { monitorCommands: true, ignoreUndefined: true });
    client.on('commandStarted', (e) => {
      const target = e.command[e.commandName] as unknown;
      if (target === 'thread_leases') commands.push(e.commandName);
    });
    await client.connect();
    commands.length = 0;
  });
  afterEach(async () => {
    await client.close();
    await testDb.close();
  });

  const processOn = (db: Db, clock: ReturnType<typeof fixedClock>) =>
    processWith(createMongoStores(db, { logger, clock }), clock);

  it('a new question and a reply on free threads take their turns when accepted: two round trips each, start to end', async () => {
    const clock = fixedClock(new Date('2026-11-20T10:00:00Z'));
    const p = processOn(client.db(testDb.dbName), clock);
    const root = message(1);
    await p.accept(root);
    await p.order.run(root, async (run) => {
      // The fencing check inside the run needs no round trip either.
      await run!.check();
    });
    expect(commands).toEqual(['update', 'update']); // taken with the acceptance; released
    commands.length = 0;
    const reply = message(2, root.messageId);
    await p.accept(reply);
    await p.order.run(reply, (run) => run!.check());
    expect(commands).toEqual(['findAndModify', 'update']);
  });

  it('a message accepted while its thread is busy waits its turn, then runs fenced by its own token', async () => {
    const clock = fixedClock(new Date('2026-11-20T10:00:00Z'));
    const a = processOn(client.db(testDb.dbName), clock);
    const b = processOn(client.db(testDb.dbName), clock);
    const root = message(1);
    const reply = message(2, root.messageId);
    await a.accept(root);
    await b.accept(reply);
    const ran: string[] = [];
    let release: () => void = () => undefined;
    const holding = new Promise<void>((r) => (release = r));
    const first = a.order.run(root, async () => {
      ran.push('root');
      await holding;
    });
    const second = b.order.run(reply, async (run) => {
      ran.push('reply');
      await run!.check();
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(ran).toEqual(['root']);
    release();
    await Promise.all([first, second]);
    expect(ran).toEqual(['root', 'reply']);
    const turn = await client
      .db(testDb.dbName)
      .collection('thread_leases')
      .findOne({
        _id: `thread|acme|slack|C0SHARED|${root.messageId}` as never,
      });
    expect(turn).toMatchObject({ queue: [] });
    expect(turn?.owner).toBeUndefined();
  });
});
