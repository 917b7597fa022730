import { MongoClient } from 'mongodb';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  MessageSchema,
  TRANSCRIPT_KEEP,
  TRANSCRIPT_TEXT_MAX,
  type Message,
  type Ticket,
} from '../../src/domain/index.js';
import { createMongoStores, type MongoStores } from '../../src/memory/mongo-stores.js';
import { createTicketTranscriptWriter } from '../../src/memory/ticket-transcript.js';
import { createSeededEnv, type SeededEnv } from '../support/seeded.js';

/**
 * The recent transcript kept on the ticket (issue 13): every change to a ticket's messages
 * reaches it through the message store, and reading it gives what `messages` holds.
 */
let env: SeededEnv;
let T: string;
/** A second process on the same database: its own client and its own stores. */
let other: { client: MongoClient; stores: MongoStores };

beforeAll(async () => {
  env = await createSeededEnv();
  T = env.tenantId;
  const client = new MongoClient(inject('mongoUri'), { ignoreUndefined: true });
  await client.connect();
  other = {
    client,
    stores: createMongoStores(client.db(env.db.databaseName), {
      logger: pino({ level: 'silent' }),
      clock: env.clock,
    }),
  };
});
afterAll(async () => {
  await other?.client.close();
  await env?.close();
});

let seq = 0;
async function storedTicket(): Promise<Ticket> {
  seq += 1;
  const now = env.clock.now();
  const ticket: Ticket = {
    tenantId: T,
    ticketId: `TKT-TRN${String(seq).padStart(3, '0')}`,
    requester: { platform: 'slack', userId: 'U_CUSTOMER' },
    thread: { platform: 'slack', channelId: 'C1', threadId: `th-${seq}` },
    status: 'open',
    urgency: 'medium',
    intent: 'other',
    language: 'en',
    subject: 'transcript',
    version: 0,
    createdAt: now,
    updatedAt: now,
    lastMessageAt: now,
  };
  await env.stores.tickets.insert(ticket);
  return ticket;
}

function message(ticket: Ticket, i: number, patch: Partial<Message> = {}): Message {
  return MessageSchema.parse({
    tenantId: T,
    messageId: `msg_${ticket.ticketId}_${i}`,
    ticketId: ticket.ticketId,
    thread: ticket.thread,
    role: i % 2 ? 'bot' : 'customer',
    author: { kind: i % 2 ? 'bot' : 'customer' },
    text: `message ${i}`,
    createdAt: new Date(env.clock.now().getTime() + i * 1000),
    ...patch,
  });
}

/** What `messages` holds for a ticket, oldest first: what the kept transcript must agree with. */
async function inMessages(ticketId: string): Promise<Array<Pick<Message, 'messageId' | 'text'>>> {
  const docs = await env.db
    .collection('messages')
    .find({ tenantId: T, ticketId })
    .sort({ createdAt: 1, messageId: 1 })
    .toArray();
  return docs.map((d) => ({ messageId: String(d.messageId), text: String(d.text) }));
}
const brief = (list: Message[]) => list.map((m) => ({ messageId: m.messageId, text: m.text }));
const kept = async (ticketId: string) =>
  Object.keys((await env.stores.tickets.get(T, ticketId))?.transcript?.entries ?? {}).length;

/** Counts `find messages` commands while `run` runs, on a monitored client of the same database. */
async function messageFinds(run: (stores: MongoStores) => Promise<unknown>): Promise<number> {
  const client = new MongoClient(inject('mongoUri'), { monitorCommands: true, ignoreUndefined: true });
  let finds = 0;
  client.on('commandStarted', (e) => {
    if (e.commandName === 'find' && e.command.find === 'messages') finds += 1;
  });
  await client.connect();
  try {
    await run(createMongoStores(client.db(env.db.databaseName), { logger: env.logger, clock: env.clock }));
  } finally {
    await client.close();
  }
  return finds;
}

describe('the recent transcript kept on the ticket', () => {
  it('is read with the ticket, by primary key, and agrees with messages', async () => {
    const ticket = await storedTicket();
    for (let i = 1; i <= 6; i++) await env.stores.messages.insert(message(ticket, i));
    let read: Message[] = [];
    const finds = await messageFinds(async (stores) => {
      read = await stores.messages.listByTicket(T, ticket.ticketId, 4);
    });
    expect(finds).toBe(0);
    expect(brief(read)).toEqual((await inMessages(ticket.ticketId)).slice(-4));
    expect(read.every((m) => m.tenantId === T && m.ticketId === ticket.ticketId)).toBe(true);
  });

  it('keeps edits, deletions, re-filings and what was understood, as messages does', async () => {
    const ticket = await storedTicket();
    const elsewhere = await storedTicket();
    for (let i = 1; i <= 5; i++) await env.stores.messages.insert(message(ticket, i));
    await env.stores.messages.markEdited(T, `msg_${ticket.ticketId}_1`, 'message 1, corrected');
    await env.stores.messages.markDeleted(T, `msg_${ticket.ticketId}_3`);
    await env.stores.messages.annotate(T, `msg_${ticket.ticketId}_5`, {
      language: 'es',
      englishText: 'in English',
    });
    await env.stores.messages.annotate(T, `msg_${ticket.ticketId}_4`, { ticketId: elsewhere.ticketId });
    await env.stores.messages.annotate(T, `msg_${ticket.ticketId}_2`, { ticketId: null });

    const read = await env.stores.messages.listByTicket(T, ticket.ticketId, 50);
    expect(brief(read)).toEqual(await inMessages(ticket.ticketId));
    const byId = new Map(read.map((m) => [m.messageId.split('_').at(-1), m]));
    expect([...byId.keys()]).toEqual(['1', '3', '5']);
    expect(byId.get('1')).toMatchObject({ text: 'message 1, corrected', edited: true });
    expect(byId.get('3')).toMatchObject({ text: '', deleted: true });
    expect(byId.get('5')).toMatchObject({ language: 'es', englishText: 'in English' });
    const moved = await env.stores.messages.listByTicket(T, elsewhere.ticketId, 50);
    expect(brief(moved)).toEqual([{ messageId: `msg_${ticket.ticketId}_4`, text: 'message 4' }]);
  });

  it('keeps staff-only notes with their role, so the customer-safe history can leave them out', async () => {
    const ticket = await storedTicket();
    await env.stores.messages.insert(message(ticket, 2, { text: 'where is my order?' }));
    await env.stores.messages.insert(
      message(ticket, 3, { role: 'system', author: { kind: 'system' }, text: 'internal: VIP account' }),
    );
    const read = await env.stores.messages.listByTicket(T, ticket.ticketId, 50);
    expect(read.map((m) => [m.role, m.text])).toEqual([
      ['customer', 'where is my order?'],
      ['system', 'internal: VIP account'],
    ]);
  });

  it('loses no message when two processes write one ticket at once', async () => {
    const ticket = await storedTicket();
    await Promise.all(
      Array.from({ length: 30 }, (_, k) =>
        (k % 2 ? other.stores : env.stores).messages.insert(message(ticket, k + 1)),
      ),
    );
    expect(await kept(ticket.ticketId)).toBe(30);
    expect(brief(await env.stores.messages.listByTicket(T, ticket.ticketId, 50))).toEqual(
      await inMessages(ticket.ticketId),
    );
  });

  it('keeps a message once when a resumed run writes it again', async () => {
    const ticket = await storedTicket();
    const m = message(ticket, 2);
    // The first run stored the message and died before keeping it on the ticket.
    await env.db.collection('messages').insertOne({ ...m });
    await expect(env.stores.messages.insert(m)).rejects.toThrow(/duplicate key|E11000/);
    const writer = createTicketTranscriptWriter(env.db.collection('tickets'));
    await writer.added(m);
    await env.stores.messages.ensureKept(m);
    expect(await kept(ticket.ticketId)).toBe(1);
    expect(brief(await env.stores.messages.listByTicket(T, ticket.ticketId, 50))).toEqual(
      await inMessages(ticket.ticketId),
    );
  });

  it(`stays bounded: keeps the newest ${TRANSCRIPT_KEEP}, and a longer read goes to messages`, async () => {
    const ticket = await storedTicket();
    for (let i = 1; i <= 65; i++) await env.stores.messages.insert(message(ticket, i));
    // The ticket's own writes trim it.
    await env.stores.tickets.update(T, ticket.ticketId, { lastMessageAt: env.clock.now() });
    expect(await kept(ticket.ticketId)).toBe(TRANSCRIPT_KEEP);
    const all = await inMessages(ticket.ticketId);
    let newest: Message[] = [];
    const finds = await messageFinds(async (stores) => {
      newest = await stores.messages.listByTicket(T, ticket.ticketId, TRANSCRIPT_KEEP);
    });
    expect(finds).toBe(0);
    expect(brief(newest)).toEqual(all.slice(-TRANSCRIPT_KEEP));
    expect(brief(await env.stores.messages.listByTicket(T, ticket.ticketId, 200))).toEqual(all);
  });

  it('never hands out a cut text: a message longer than it keeps is read from messages', async () => {
    const ticket = await storedTicket();
    const long = 'x'.repeat(TRANSCRIPT_TEXT_MAX + 10);
    await env.stores.messages.insert(message(ticket, 2, { text: long }));
    const stored = await env.stores.tickets.get(T, ticket.ticketId);
    expect(Object.values(stored?.transcript?.entries ?? {})[0]?.text.length).toBe(TRANSCRIPT_TEXT_MAX);
    const [read] = await env.stores.messages.listByTicket(T, ticket.ticketId, 50);
    expect(read?.text).toBe(long);
  });

  it('reads a ticket stored before it kept a transcript from messages', async () => {
    const ticket = await storedTicket();
    for (let i = 1; i <= 3; i++) await env.stores.messages.insert(message(ticket, i));
    await env.db
      .collection('tickets')
      .updateOne({ tenantId: T, ticketId: ticket.ticketId }, { $unset: { transcript: '' } });
    await env.stores.messages.insert(message(ticket, 4));
    // Nothing is kept for it (a partial transcript would pass for a whole one).
    expect((await env.stores.tickets.get(T, ticket.ticketId))?.transcript).toBeUndefined();
    const legacy = (await env.stores.tickets.get(T, ticket.ticketId))!;
    expect(brief(await env.stores.messages.listByTicket(T, ticket.ticketId, 50, legacy))).toEqual(
      await inMessages(ticket.ticketId),
    );
  });
});
