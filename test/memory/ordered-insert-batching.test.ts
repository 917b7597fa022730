import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MongoBulkWriteError, MongoClient, type CommandStartedEvent, type Document } from 'mongodb';
import pino from 'pino';
import { MessageSchema, systemClock, type Message } from '../../src/domain/index.js';
import { isDuplicateKeyError } from '../../src/memory/collections.js';
import { ensureIndexes } from '../../src/memory/indexes.js';
import { createMessageRepository } from '../../src/memory/message-repository.js';
import { createOrderedInsertGroup } from '../../src/memory/ordered-insert-batching.js';
import { createTestDb, monitoredClient, type TestDb } from '../support/mongo.js';

/**
 * Group commit for ordered inserts (src/memory/ordered-insert-batching.ts), on the real server:
 * inserts made while one is on its way share a command, each caller's documents in its order;
 * each caller gets what its own ordered insert would have given it, and an insert alone goes at
 * once as the same command.
 */
describe('grouped ordered inserts', () => {
  let t: TestDb;
  let client: MongoClient;
  const inserts: CommandStartedEvent[] = [];
  const sizes = () => inserts.map((e) => (e.command.documents as unknown[]).length);

  beforeAll(async () => {
    t = await createTestDb('oigroup');
    client = await monitoredClient(t, 'insert', inserts);
  });
  afterAll(async () => {
    await client.close();
    await t.close();
  });

  /** A caller's turn: three documents with ids `${name}-1..3`. */
  const turn = (name: string): Document[] => [1, 2, 3].map((i) => ({ _id: `${name}-${i}`, name }));
  const stored = async (name: string) =>
    (await t.db.collection(name).find().sort({ _id: 1 }).toArray()).map((d) => String(d._id));

  it('sends eight concurrent inserts in fewer commands; every document stored once', async () => {
    const insert = createOrderedInsertGroup(client.db(t.dbName).collection('eight'));
    inserts.length = 0;
    await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        await new Promise((r) => setImmediate(r));
        await insert(turn(`t${i}`));
      }),
    );
    expect(inserts.length).toBeLessThan(8);
    expect(sizes().reduce((a, b) => a + b, 0)).toBe(24);
    expect(await stored('eight')).toEqual(
      Array.from({ length: 8 }, (_, i) => [1, 2, 3].map((n) => `t${i}-${n}`)).flat(),
    );
  });

  it('sends an insert alone at once, as its own command', async () => {
    const insert = createOrderedInsertGroup(client.db(t.dbName).collection('alone'));
    inserts.length = 0;
    for (const name of ['a', 'b', 'c']) await insert(turn(name));
    expect(sizes()).toEqual([3, 3, 3]);
  });

  it('gives each caller of a shared command what its own ordered insert would have given it', async () => {
    const name = 'refused';
    // `b` is a rerun: its second document is stored already.
    await t.db.collection(name).insertOne({ _id: 'b-2' as never, name: 'earlier run' });
    const insert = createOrderedInsertGroup(client.db(t.dbName).collection(name));
    inserts.length = 0;
    const first = insert(turn('first'));
    await new Promise((r) => setImmediate(r)); // the first is on its way: the rest wait for it
    const outcomes = await Promise.allSettled([
      first,
      insert(turn('a')),
      insert(turn('b')),
      insert(turn('c')),
    ]);
    // a, b and c shared a command that stopped at b-2; c, not written, went again.
    expect(sizes()).toEqual([3, 9, 3]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(isDuplicateKeyError((outcomes[2] as PromiseRejectedResult).reason)).toBe(true);
    // b's documents before its collision are stored and none after, as its own insert would leave them.
    expect(await stored(name)).toEqual([
      'a-1',
      'a-2',
      'a-3',
      'b-1',
      'b-2',
      'c-1',
      'c-2',
      'c-3',
      ...turn('first').map((d) => String(d._id)),
    ]);
    const b2 = await t.db.collection(name).findOne({ _id: 'b-2' as never });
    expect(b2?.name).toBe('earlier run');
  });

  it('gives an insert alone its own refusal, unchanged', async () => {
    const name = 'alone-refused';
    await t.db.collection(name).insertOne({ _id: 'x-1' as never });
    const insert = createOrderedInsertGroup(client.db(t.dbName).collection(name));
    await expect(insert(turn('x'))).rejects.toBeInstanceOf(MongoBulkWriteError);
    expect(await stored(name)).toEqual(['x-1']);
  });

  it('fails every caller of a command that fails as a whole', async () => {
    const insert = createOrderedInsertGroup(client.db(t.dbName).collection('whole'));
    const circular: Document = { _id: 'q-1' };
    circular.self = circular;
    const first = insert(turn('p'));
    await new Promise((r) => setImmediate(r));
    // q's document cannot be encoded: the shared command is never sent, and no caller of it is
    // told it succeeded.
    const outcomes = await Promise.allSettled([first, insert([circular]), insert(turn('r'))]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
    expect(await stored('whole')).toEqual(['p-1', 'p-2', 'p-3']);
  });
});

/**
 * Through the message store: the turns of messages in flight store their customer message and
 * answer in shared commands, and a rerun among them (its customer message stored by the run that
 * died) ends as it would alone: everything stored once, no error.
 */
describe('message store: turns inserting at the same time', () => {
  let t: TestDb;
  let client: MongoClient;
  const inserts: CommandStartedEvent[] = [];

  beforeAll(async () => {
    t = await createTestDb('oimsg');
    client = new MongoClient(t.uri, { monitorCommands: true, ignoreUndefined: true });
    client.on('commandStarted', (e) => {
      if (e.commandName === 'insert' && e.command.insert === 'messages') inserts.push(e);
    });
    await client.connect();
  });
  afterAll(async () => {
    await client.close();
    await t.close();
  });

  const T = 'T_OI';
  const message = (role: 'customer' | 'bot', turn: number): Message =>
    MessageSchema.parse({
      tenantId: T,
      messageId: `${role}-${turn}`,
      ticketId: `TKT-00000${turn}`,
      thread: { platform: 'slack', channelId: 'C1', threadId: `${turn}.0` },
      role,
      author: { kind: role },
      text: `${role} ${turn}`,
      createdAt: new Date(1_790_000_000_000 + turn),
    });

  it('stores eight turns in fewer commands; a rerun among them stores the rest, without an error', async () => {
    const db = client.db(t.dbName);
    const logger = pino({ level: 'silent' });
    await ensureIndexes(t.db, logger);
    const store = createMessageRepository({ db, logger, clock: systemClock });
    // Turn 5 is a rerun: the run that died stored its customer message.
    await store.insert(message('customer', 5), { ticketCarries: true });
    inserts.length = 0;
    await Promise.all(
      Array.from({ length: 8 }, async (_, turn) => {
        await new Promise((r) => setImmediate(r));
        await store.insert(message('bot', turn), {
          customer: message('customer', turn),
          ticketCarries: true,
        });
      }),
    );
    expect(inserts.length).toBeLessThan(8);
    const docs = await t.db.collection('messages').find({ tenantId: T }).toArray();
    expect(docs.map((d) => String(d.messageId)).sort()).toEqual(
      Array.from({ length: 8 }, (_, turn) => [`bot-${turn}`, `customer-${turn}`])
        .flat()
        .sort(),
    );
  });
});
