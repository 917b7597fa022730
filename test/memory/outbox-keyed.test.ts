import { MongoClient } from 'mongodb';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMongoStores } from '../../src/memory/mongo-stores.js';
import { fixedClock } from '../support/clock.js';
import { createTestDb, type TestDb } from '../support/mongo.js';

/**
 * The outbox grows with every reply and card: after its insert, an entry is leased and finished
 * by primary key, so posting a reply costs the same at 100 entries as at 100,000 (the embedded
 * server scans for any filter that does not pin `_id`).
 */
describe('outbox entries are written by primary key', () => {
  let t: TestDb;
  let client: MongoClient;
  const updates: Array<Record<string, unknown>> = [];
  beforeAll(async () => {
    t = await createTestDb('outbox_keyed');
    client = new MongoClient(t.uri, { monitorCommands: true, ignoreUndefined: true });
    client.on('commandStarted', (e) => {
      if (e.commandName === 'update')
        updates.push(...(e.command.updates as Array<{ q: Record<string, unknown> }>).map((u) => u.q));
      if (e.commandName === 'findAndModify') updates.push(e.command.query as Record<string, unknown>);
    });
    await client.connect();
  });
  afterAll(async () => {
    await client?.close();
    await t?.close();
  });

  it('leases and marks an entry sent through its _id', async () => {
    const clock = fixedClock();
    const stores = createMongoStores(client.db(t.dbName), { logger: pino({ level: 'silent' }), clock });
    const now = clock.now();
    const { entry, claimed } = await stores.outbox.open({
      tenantId: 'TA',
      entryId: 'obx_1',
      key: 'reply:msg_1',
      kind: 'reply',
      platform: 'slack',
      ticketId: 'TKT-1',
      payload: {
        kind: 'reply',
        thread: { platform: 'slack', channelId: 'C1', threadId: '1.1' },
        message: { text: 'Your order shipped.', citations: [] },
      },
      status: 'pending',
      attempts: 0,
      nextAttemptAt: now,
      leaseUntil: new Date(now.getTime() + 60_000),
      createdAt: now,
      updatedAt: now,
    });
    expect(claimed).toBe(true);
    updates.length = 0;
    expect(await stores.outbox.markSent('TA', 'obx_1', undefined, now, entry.leaseToken)).toBe(true);
    expect(updates.map((q) => q._id)).toEqual(['TA:obx_1']);
    clock.advance(120_000);
    // Due again (say its poster died): the sweep's lease is by _id too.
    await t.db.collection('outbox').updateOne({ entryId: 'obx_1' }, { $set: { status: 'pending' } });
    updates.length = 0;
    expect(
      await stores.outbox.claimDue(clock.now(), new Date(clock.now().getTime() + 60_000), 10),
    ).toHaveLength(1);
    expect(updates.length).toBeGreaterThan(0);
    expect(updates.every((q) => q._id === 'TA:obx_1')).toBe(true);
  });
});
