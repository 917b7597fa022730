import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { ensureIndexes } from '../../src/memory/indexes.js';
import { createMongoStores, type MongoStores } from '../../src/memory/mongo-stores.js';
import { purgeExpired, startRetentionPurge } from '../../src/memory/retention.js';
import { fixedClock } from '../support/clock.js';
import { createTestDb, type TestDb } from '../support/mongo.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const clock = fixedClock();
const logger = pino({ level: 'silent' });
let t: TestDb;
let stores: MongoStores;

beforeAll(async () => {
  t = await createTestDb('retention');
  stores = createMongoStores(t.db, { logger, clock });
});
afterAll(async () => t?.close());

function interaction(id: string, createdDaysAgo: number) {
  const createdAt = new Date(clock.now().getTime() - createdDaysAgo * DAY);
  return {
    tenantId: 'TA',
    interactionId: id,
    customerId: 'cus_a',
    ticketId: 'TKT-RETN22',
    intent: 'shipping' as const,
    outcome: 'resolved' as const,
    summary: id,
    createdAt,
    expiresAt: new Date(createdAt.getTime() + 90 * DAY),
  };
}

describe('indexes', () => {
  it('can be ensured again and again without error or duplicates', async () => {
    const first = await ensureIndexes(t.db, logger);
    const second = await ensureIndexes(t.db, logger);
    expect(second).toEqual(first);
    const idx = await t.db.collection('processed_events').listIndexes().toArray();
    expect(idx.filter((i) => i.unique).map((i) => i.key)).toEqual([{ tenantId: 1, platform: 1, eventId: 1 }]);
    const tickets = await t.db.collection('tickets').listIndexes().toArray();
    expect(tickets.map((i) => JSON.stringify(i.key))).toContain(
      JSON.stringify({ tenantId: 1, 'thread.platform': 1, 'thread.channelId': 1, 'thread.threadId': 1 }),
    );
    // Either a TTL index or a plain one the purge uses.
    const exp = (await t.db.collection('interactions').listIndexes().toArray()).find(
      (i) => i.key.expiresAt === 1,
    );
    expect(exp).toBeDefined();
    if (first.ttl) expect(exp?.expireAfterSeconds).toBe(0);
  });
});

describe('retention purge', () => {
  it('deletes interactions, processed events, finished deliveries, spent write claims and quiet thread turns past their expiry, and nothing else', async () => {
    await stores.interactions.add(interaction('expired', 91));
    await stores.interactions.add(interaction('kept', 89));
    await stores.processedEvents.markProcessed(
      'TA',
      'slack',
      'Ev-old',
      new Date(clock.now().getTime() - 8 * DAY),
    );
    await stores.processedEvents.markProcessed('TA', 'slack', 'Ev-new', clock.now());
    // Outbox: a delivery finished long ago expires; a pending one carries no expiry and stays.
    await t.db.collection('outbox').insertMany([
      {
        tenantId: 'TA',
        entryId: 'sent-long-ago',
        status: 'sent',
        expiresAt: new Date(clock.now().getTime() - DAY),
      },
      { tenantId: 'TA', entryId: 'still-pending', status: 'pending' },
    ]);
    // Write claims: a spent one (left by a guarded update that applied) expires; a fresh one stays.
    await t.db.collection<{ _id: string; at: Date; expiresAt: Date }>('write_claims').insertMany([
      {
        _id: 'tickets:TA:TKT-AAAAA2:0',
        at: new Date(clock.now().getTime() - 2 * HOUR),
        expiresAt: new Date(clock.now().getTime() - HOUR),
      },
      { _id: 'tickets:TA:TKT-AAAAA2:1', at: clock.now(), expiresAt: new Date(clock.now().getTime() + HOUR) },
    ]);
    // Thread turns: a thread quiet for over a week is forgotten; a recent one and a waiting one stay.
    clock.advance(-8 * DAY);
    await stores.threadLeases.enqueue(['thread|quiet'], 'Ev-quiet');
    await stores.threadLeases.release(['thread|quiet'], 'Ev-quiet', 'p1');
    clock.advance(8 * DAY);
    await stores.threadLeases.enqueue(['thread|recent', 'thread|waiting'], 'Ev-recent');
    await stores.threadLeases.release(['thread|recent'], 'Ev-recent', 'p1');
    const counts = await purgeExpired(t.db, clock.now());
    expect(counts).toEqual({
      interactions: 1,
      processed_events: 1,
      outbox: 1,
      inbound_journal: 0,
      write_claims: 1,
      thread_leases: 1,
    });
    const turns = await t.db.collection('thread_leases').find({}).sort({ _id: 1 }).toArray();
    expect(turns.map((d) => d._id)).toEqual(['thread|recent', 'thread|waiting']);
    expect((await t.db.collection('write_claims').find({}).toArray()).map((c) => c._id)).toEqual([
      'tickets:TA:TKT-AAAAA2:1',
    ]);
    const outboxLeft = await t.db.collection('outbox').find({}).toArray();
    expect(outboxLeft.map((d) => d.entryId)).toEqual(['still-pending']);
    const left = await t.db.collection('interactions').find({}).toArray();
    expect(left.map((d) => d.interactionId)).toEqual(['kept']);
    // The purged event id may be delivered again; the recent one is still a duplicate.
    expect(await stores.processedEvents.markProcessed('TA', 'slack', 'Ev-new', clock.now())).toBe(false);
  });

  it('runs on a timer and stops cleanly', async () => {
    await stores.interactions.add(interaction('soon', 89));
    const stop = startRetentionPurge({ db: t.db, clock, intervalMs: 20, logger });
    clock.advance(2 * DAY);
    const deadline = Date.now() + 5000;
    while (
      Date.now() < deadline &&
      (await t.db.collection('interactions').countDocuments({ interactionId: 'soon' })) > 0
    ) {
      await new Promise((r) => setTimeout(r, 20));
    }
    await stop();
    expect(await t.db.collection('interactions').countDocuments({})).toBe(0);
  });
});
