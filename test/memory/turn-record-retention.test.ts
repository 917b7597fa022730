import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { ensureIndexes } from '../../src/memory/indexes.js';
import { createMongoStores, type MongoStores } from '../../src/memory/mongo-stores.js';
import { purgeExpiredTurnInteractions } from '../../src/memory/turn-record-retention.js';
import { fixedClock } from '../support/clock.js';
import { createTestDb, type TestDb } from '../support/mongo.js';

const DAY = 86_400_000;
const clock = fixedClock();
const logger = pino({ level: 'silent' });
let t: TestDb;
let stores: MongoStores;

beforeAll(async () => {
  t = await createTestDb('turn_retention');
  await ensureIndexes(t.db, logger);
  stores = createMongoStores(t.db, { logger, clock });
});
afterAll(async () => t?.close());

/** A turn's decision `daysAgo`, carrying its interaction entry (90 days' retention). */
async function turn(decisionId: string, daysAgo: number): Promise<void> {
  const createdAt = new Date(clock.now().getTime() - daysAgo * DAY);
  await stores.decisions.add(
    {
      tenantId: 'TR',
      decisionId,
      ticketId: 'TKT-TRET22',
      engine: 'offline',
      stages: [],
      modelCalls: { count: 0, tokensIn: 0, tokensOut: 0, latencyMs: 0 },
      tools: [],
      confidence: 0.9,
      threshold: 0.6,
      route: 'resolve',
      reason: 'kb match',
      articleIds: [],
      createdAt,
    },
    {
      customerId: 'cus_r',
      intent: 'shipping',
      outcome: 'resolved',
      summary: `summary of ${decisionId}`,
      expiresAt: new Date(createdAt.getTime() + 90 * DAY),
    },
  );
}

describe("the interaction entries turns' decisions carry", () => {
  it('are taken out of their decisions once expired; the decisions stay for the audit', async () => {
    await turn('dec_old', 91);
    await turn('dec_new', 89);
    expect(await purgeExpiredTurnInteractions(t.db, clock.now())).toBe(1);
    const docs = await t.db.collection('decisions').find({ tenantId: 'TR' }).sort({ createdAt: 1 }).toArray();
    expect(docs.map((d) => [d.decisionId, d.interaction?.summary])).toEqual([
      ['dec_old', undefined],
      ['dec_new', 'summary of dec_new'],
    ]);
    expect((await stores.interactions.listForCustomer('TR', 'cus_r')).map((i) => i.interactionId)).toEqual([
      'dec_new',
    ]);
    expect(await stores.decisions.listByTicket('TR', 'TKT-TRET22')).toHaveLength(2);
    expect(await purgeExpiredTurnInteractions(t.db, clock.now())).toBe(0);
  });
});

const at = (daysAgo: number) => new Date(clock.now().getTime() - daysAgo * DAY);

/** A bot message of ticket `ticketId` in Slack thread `threadId`, as the turn stores it. */
const botMessage = (
  tenantId: string,
  messageId: string,
  ticketId: string,
  threadId: string,
  text: string,
  createdAt: Date,
) => ({
  tenantId,
  messageId,
  ticketId,
  thread: { platform: 'slack' as const, channelId: 'C1', threadId },
  role: 'bot' as const,
  author: { kind: 'bot' as const },
  text,
  edited: false,
  deleted: false,
  createdAt,
});

describe('a decision that rode in its bot message’s insert (kind “decision” in messages)', () => {
  /** The bot's answer of a turn `daysAgo`, its decision (with the entry) in the same insert. */
  async function answered(decisionId: string, daysAgo: number, ticketId = 'TKT-RIDE22'): Promise<void> {
    const createdAt = at(daysAgo);
    await stores.messages.insert(
      botMessage('TM', `msg_${decisionId}`, ticketId, '1.0', `answer of ${decisionId}`, createdAt),
      {
        ticketCarries: true,
        decision: {
          record: {
            tenantId: 'TM',
            decisionId,
            ticketId,
            messageId: `cust_${decisionId}`,
            engine: 'offline',
            stages: [],
            modelCalls: { count: 0, tokensIn: 0, tokensOut: 0, latencyMs: 0 },
            tools: [],
            confidence: 0.9,
            threshold: 0.6,
            route: 'resolve',
            reason: 'kb match',
            articleIds: [],
            createdAt,
          },
          interaction: {
            customerId: 'cus_m',
            intent: 'shipping',
            outcome: 'resolved',
            summary: `summary of ${decisionId}`,
            expiresAt: new Date(createdAt.getTime() + 90 * DAY),
          },
        },
      },
    );
  }

  it('is read by the history and the ticket’s decisions, never as a message; expired entries hidden, then purged', async () => {
    await answered('dec_m_old', 91);
    await answered('dec_m_new', 2);
    // An old-style decision of the same customer, alone in `decisions`: both are read.
    await stores.decisions.add(
      {
        tenantId: 'TM',
        decisionId: 'dec_m_alone',
        ticketId: 'TKT-RIDE22',
        engine: 'offline',
        stages: [],
        modelCalls: { count: 0, tokensIn: 0, tokensOut: 0, latencyMs: 0 },
        tools: [],
        confidence: 0.9,
        threshold: 0.6,
        route: 'resolve',
        reason: 'kb match',
        articleIds: [],
        createdAt: at(1),
      },
      {
        customerId: 'cus_m',
        intent: 'shipping',
        outcome: 'resolved',
        summary: 'summary of dec_m_alone',
        expiresAt: new Date(at(1).getTime() + 90 * DAY),
      },
    );
    const history = await stores.interactions.listForCustomer('TM', 'cus_m');
    expect(history.map((i) => [i.interactionId, i.ticketId, i.summary])).toEqual([
      ['dec_m_alone', 'TKT-RIDE22', 'summary of dec_m_alone'],
      ['dec_m_new', 'TKT-RIDE22', 'summary of dec_m_new'],
    ]);
    const decisions = await stores.decisions.listByTicket('TM', 'TKT-RIDE22');
    expect(decisions.map((d) => d.decisionId)).toEqual(['dec_m_old', 'dec_m_new', 'dec_m_alone']);
    expect(decisions.every((d) => !('interaction' in d))).toBe(true);
    // The transcript of a ticket stored before it kept one is read from `messages`: messages only.
    const said = await stores.messages.listByTicket('TM', 'TKT-RIDE22', 50);
    expect(said.map((m) => m.text)).toEqual(['answer of dec_m_old', 'answer of dec_m_new']);
    expect((await stores.messages.countSince('TM', at(100))).reduce((n, b) => n + b.count, 0)).toBe(2);

    expect(await purgeExpiredTurnInteractions(t.db, clock.now())).toBe(1);
    const rode = await t.db
      .collection('messages')
      .find({ tenantId: 'TM', kind: 'decision' })
      .sort({ createdAt: 1 })
      .toArray();
    expect(rode.map((d) => [d.decision.decisionId, d.interaction?.summary])).toEqual([
      ['dec_m_old', undefined],
      ['dec_m_new', 'summary of dec_m_new'],
    ]);
  });

  it('gives its entry back when the recovery takes back an unanswered message’s', async () => {
    await answered('dec_m_dropped', 1, 'TKT-RIDE33');
    await stores.decisions.dropInteraction('TM', { ticketId: 'TKT-RIDE33', messageId: 'cust_dec_m_dropped' });
    const history = await stores.interactions.listForCustomer('TM', 'cus_m', 50);
    expect(history.some((i) => i.interactionId === 'dec_m_dropped')).toBe(false);
    expect((await stores.decisions.listByTicket('TM', 'TKT-RIDE33')).map((d) => d.decisionId)).toEqual([
      'dec_m_dropped',
    ]);
  });

  it('is stored once: a repeated insert of the same turn stores nothing twice; a decision found there lets its message in alone', async () => {
    await answered('dec_m_twice', 1, 'TKT-RIDE44');
    // The same message again (a resumed delivery): refused as a message inserted alone is.
    await expect(answered('dec_m_twice', 1, 'TKT-RIDE44')).rejects.toThrow(/duplicate|E11000/i);
    const docs = await t.db.collection('messages').find({ tenantId: 'TM', ticketId: 'TKT-RIDE44' }).toArray();
    expect(docs).toHaveLength(2);
    // The decision stored, its message not: the message goes in, the decision is not doubled.
    await t.db.collection('messages').deleteOne({ tenantId: 'TM', messageId: 'msg_dec_m_twice' });
    await answered('dec_m_twice', 1, 'TKT-RIDE44');
    const again = await t.db
      .collection('messages')
      .find({ tenantId: 'TM', ticketId: 'TKT-RIDE44' })
      .toArray();
    expect(again.map((d) => d.kind ?? d.role).sort()).toEqual(['bot', 'decision']);
  });
});

describe('a history entry that rode in an approval notice’s insert (kind “interaction” in messages)', () => {
  /** An approval's notice `daysAgo` that resolved its ticket, the ticket's entry in the same insert. */
  async function told(id: string, daysAgo: number, ticketId = 'TKT-NOTE22'): Promise<void> {
    const createdAt = at(daysAgo);
    await stores.messages.insert(
      botMessage('TN', `notice_${id}`, ticketId, '2.0', `refund ${id} issued`, createdAt),
      {
        ticketCarries: true,
        interaction: {
          tenantId: 'TN',
          interactionId: `int_${id}`,
          customerId: 'cus_n',
          ticketId,
          intent: 'refund',
          outcome: 'resolved',
          summary: `refund ${id} approved`,
          createdAt,
          expiresAt: new Date(createdAt.getTime() + 90 * DAY),
        },
      },
    );
  }

  it('is read by the customer history only, never as a message or a decision; expired entries hidden, then deleted', async () => {
    await told('old', 91);
    await told('new', 2);
    const history = await stores.interactions.listForCustomer('TN', 'cus_n');
    expect(history.map((i) => [i.interactionId, i.ticketId, i.outcome, i.summary])).toEqual([
      ['int_new', 'TKT-NOTE22', 'resolved', 'refund new approved'],
    ]);
    const said = await stores.messages.listByTicket('TN', 'TKT-NOTE22', 50);
    expect(said.map((m) => m.text)).toEqual(['refund old issued', 'refund new issued']);
    expect((await stores.messages.countSince('TN', at(100))).reduce((n, b) => n + b.count, 0)).toBe(2);
    expect(await stores.decisions.listByTicket('TN', 'TKT-NOTE22')).toEqual([]);

    expect(await purgeExpiredTurnInteractions(t.db, clock.now())).toBe(1);
    const left = await t.db.collection('messages').find({ tenantId: 'TN', kind: 'interaction' }).toArray();
    expect(left.map((d) => d.interactionId)).toEqual(['int_new']);
  });

  it('is stored once: a resumed notice finds it stored and stores nothing twice', async () => {
    await told('twice', 1, 'TKT-NOTE33');
    await expect(told('twice', 1, 'TKT-NOTE33')).rejects.toThrow(/duplicate|E11000/i);
    // The entry stored, its notice not (a run that died between them on a server without ordered
    // inserts): the notice goes in, the entry is not doubled.
    await t.db.collection('messages').deleteOne({ tenantId: 'TN', messageId: 'notice_twice' });
    await told('twice', 1, 'TKT-NOTE33');
    const docs = await t.db.collection('messages').find({ tenantId: 'TN', ticketId: 'TKT-NOTE33' }).toArray();
    expect(docs.map((d) => d.kind ?? d.role).sort()).toEqual(['bot', 'interaction']);
    const history = await stores.interactions.listForCustomer('TN', 'cus_n', 50);
    expect(history.filter((i) => i.interactionId === 'int_twice')).toHaveLength(1);
  });
});
