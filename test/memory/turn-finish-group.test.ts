import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MongoClient, type CommandStartedEvent } from 'mongodb';
import pino from 'pino';
import { inboundRecordId, type InboundRecord } from '../../src/conversation/inbound-journal.schema.js';
import { ensureIndexes } from '../../src/memory/indexes.js';
import { createMongoStores, type MongoStores } from '../../src/memory/mongo-stores.js';
import { THREAD_LEASES_COLLECTION } from '../../src/memory/turn-documents.js';
import { fixedClock } from '../support/clock.js';
import { createTestDb, type TestDb } from '../support/mongo.js';

/**
 * Runs ending at the same time give their turns back and finish their records in shared update
 * commands (issue 13, src/memory/bulk-write-batching.ts): every record finished and every turn
 * free, as with one command each.
 */
const logger = pino({ level: 'silent' });
const clock = fixedClock(new Date('2026-11-20T10:00:00Z'));
let t: TestDb;
let client: MongoClient;
let stores: MongoStores;
const updates: CommandStartedEvent[] = [];

beforeAll(async () => {
  t = await createTestDb('turn-finish');
  await ensureIndexes(t.db, logger);
  client = new MongoClient(t.uri, { monitorCommands: true, ignoreUndefined: true });
  client.on('commandStarted', (e) => {
    if (e.commandName === 'update' && e.command.update === THREAD_LEASES_COLLECTION) updates.push(e);
  });
  await client.connect();
  stores = createMongoStores(client.db(t.dbName), { logger, clock });
});
afterAll(async () => {
  await client?.close();
  await t?.close();
});

/** A top-level customer message of its own author: its own thread's key and its author's. */
function record(i: number): { record: InboundRecord; keys: string[] } {
  const base = 'acme|slack|C0SHARED';
  const messageId = `1700000000.10${i}`;
  const keys = [`author|${base}|U0CUST${i}`, `thread|${base}|${messageId}`];
  const now = clock.now();
  return {
    keys,
    record: {
      id: inboundRecordId('acme', 'slack', `Ev${i}`),
      tenantId: 'acme',
      platform: 'slack',
      eventId: `Ev${i}`,
      message: {
        platform: 'slack',
        tenantId: 'acme',
        eventId: `Ev${i}`,
        kind: 'message',
        channelId: 'C0SHARED',
        messageId,
        author: { userId: `U0CUST${i}`, isExternal: true },
        text: `question ${i}`,
        receivedAt: now,
      },
      state: 'received',
      attempts: 0,
      receivedAt: now,
      updatedAt: now,
      home: keys[1],
    },
  };
}

describe('runs finishing at the same time', () => {
  it('finish every record and free every turn in fewer update commands than runs', async () => {
    const runs = Array.from({ length: 8 }, (_, i) => record(i));
    const until = new Date(clock.now().getTime() + 30_000);
    for (const { record: r, keys } of runs) {
      await stores.inbound.accept(r, { keys, owner: 'p1', now: clock.now(), until });
      await stores.inbound.claim(r, 'journal-1', clock.now(), until);
    }
    updates.length = 0;
    await Promise.all(
      runs.map(async ({ record: r, keys }) => {
        await new Promise((done) => setImmediate(done));
        await stores.inbound.finish(
          r,
          'journal-1',
          { state: 'done', outcome: 'answered', at: clock.now() },
          { keys, owner: 'p1' },
        );
      }),
    );
    expect(updates.length).toBeLessThan(8);
    for (const { record: r, keys } of runs) {
      expect((await stores.inbound.get(r))?.state).toBe('done');
      for (const key of keys) {
        const lease = await stores.threadLeases.get(key);
        expect(lease?.owner).toBeUndefined();
        expect(lease?.queue).toEqual([]);
      }
    }
  });
});
