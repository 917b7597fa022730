import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO } from '../../src/memory/demo-data.js';
import { startTestApp, type TestApp } from '../support/app-harness.js';
import { say, startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai.js';
import { createTestChannel, testChannelAdapter } from '../support/test-channel.js';
import { inbound } from './engine-builders.js';

/**
 * A reply in a thread costs the same at 20,000 tickets as at 10 (issue 13): the model's history
 * comes from the recent transcript kept on the ticket, which the reply's own write of the ticket
 * returns, not from a query of `messages` (which the embedded server answers by scanning every
 * message in the database). What the model is shown stays what the customer saw.
 */
let t: TestApp;
let fake: FakeOpenAi;
let client: MongoClient;
const commands: string[] = [];

beforeAll(async () => {
  fake = await startFakeOpenAi();
  client = new MongoClient(inject('mongoUri'), { monitorCommands: true, ignoreUndefined: true });
  client.on('commandStarted', (e) => {
    const target = e.command[e.commandName] as unknown;
    if (typeof target === 'string') commands.push(`${e.commandName} ${target}`);
  });
  await client.connect();
  t = await startTestApp({
    adapters: [testChannelAdapter(createTestChannel())],
    openaiBaseURL: fake.baseURL,
    connect: async (name) => client.db(name),
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await client?.close();
  await fake?.close();
});

const understood = {
  language: 'en',
  intent: 'order_status',
  urgency: 'medium',
  sentiment: 'neutral',
  orderIds: ['1042'],
  wantsHuman: false,
  securityConcern: false,
  isPleasantry: false,
  continuesTicketId: null,
};
const answer = (reply: string) => [say(understood), say({ reply, citations: [], needsEscalation: false })];
/** Everything the model was sent since the last script, as one text. */
const prompts = () => fake.requests.flatMap((r) => r.body.messages.map((m) => m.content ?? '')).join('\n');

/** A question, its answer, a staff-only note, then the customer's reply in the thread. */
async function conversation(
  first: string,
  beforeReply?: (ticketId: string) => Promise<void>,
): Promise<{ ticketId: string; finds: number; prompt: string }> {
  fake.script(...answer('Order 1042 left our warehouse yesterday.'));
  const question = inbound('maya', first);
  const asked = await t.engine.handleInbound(question);
  expect(asked.status).toBe('answered');
  const ticketId = asked.ticketId!;
  const ticket = (await t.stores.tickets.get(DEMO.tenantId, ticketId))!;
  await t.stores.messages.insert({
    tenantId: DEMO.tenantId,
    messageId: t.ids.id('msg'),
    ticketId,
    thread: ticket.thread,
    role: 'system',
    author: { kind: 'system' },
    text: 'Internal: customer flagged as VIP-7731',
    edited: false,
    deleted: false,
    createdAt: t.clock.now(),
  });
  await beforeReply?.(ticketId);
  await t.app.reports.recorder.idle();
  fake.script(...answer('It should arrive on Friday.'));
  commands.length = 0;
  const out = await t.engine.handleInbound(
    inbound('maya', 'And when will it arrive?', { threadId: question.messageId }),
  );
  expect(out.status).toBe('answered');
  expect(out.ticketId).toBe(ticketId);
  const finds = commands.filter((c) => c === 'find messages').length;
  return { ticketId, finds, prompt: prompts() };
}

describe("a reply's history comes from the ticket", () => {
  it('reads no messages: the transcript comes with the ticket, staff-only notes left out of the prompt', async () => {
    const { ticketId, finds, prompt } = await conversation('Where is order 1042? (first)');
    expect(finds).toBe(0);
    expect(prompt).toContain('Where is order 1042? (first)');
    expect(prompt).toContain('Order 1042 left our warehouse yesterday.');
    expect(prompt).not.toContain('VIP-7731');
    // The ticket keeps both turns, the note with its role.
    const kept = await t.stores.messages.listByTicket(DEMO.tenantId, ticketId, 50);
    expect(kept.map((m) => m.role)).toEqual(['customer', 'bot', 'system', 'customer', 'bot']);
    expect(kept.at(-1)?.text).toContain('It should arrive on Friday.');
    // Each answer once: kept by its resolving write (the new ticket's insert, the reply's resolve),
    // stored by delivery under the same id, in `messages` once too.
    const answers = kept.filter((m) => m.role === 'bot');
    expect(answers.map((m) => m.text)).toEqual([
      expect.stringContaining('Order 1042 left our warehouse yesterday.'),
      expect.stringContaining('It should arrive on Friday.'),
    ]);
    const stored = await t.db.collection('messages').find({ ticketId, role: 'bot' }).toArray();
    expect(stored.map((m) => m.messageId).sort()).toEqual(answers.map((m) => m.messageId).sort());
  });

  it('shows the model the text as the customer edited it', async () => {
    const { prompt } = await conversation('Where is order 1042? (to be edited)', async (ticketId) => {
      const [q] = await t.stores.messages.listByTicket(DEMO.tenantId, ticketId, 1 + 2);
      await t.stores.messages.markEdited(DEMO.tenantId, q!.messageId, 'Where is order 1042? (edited)');
    });
    expect(prompt).toContain('Where is order 1042? (edited)');
    expect(prompt).not.toContain('(to be edited)');
  });

  it('reads a ticket stored before it kept a transcript from messages, and shows the same history', async () => {
    const { finds, prompt } = await conversation('Where is order 1042? (legacy)', async (ticketId) => {
      await t.db
        .collection('tickets')
        .updateOne({ tenantId: DEMO.tenantId, ticketId }, { $unset: { transcript: '' } });
    });
    expect(finds).toBe(1);
    expect(prompt).toContain('Where is order 1042? (legacy)');
    expect(prompt).toContain('Order 1042 left our warehouse yesterday.');
    expect(prompt).not.toContain('VIP-7731');
  });
});
