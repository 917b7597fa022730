import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandStartedEvent, Db, MongoClient } from 'mongodb';
import pino from 'pino';
import type { InboundRecord } from '../../src/conversation/inbound-journal.schema.js';
import { ensureIndexes } from '../../src/memory/indexes.js';
import { createMongoStores, type MongoStores } from '../../src/memory/mongo-stores.js';
import { THREAD_LEASES_COLLECTION } from '../../src/memory/turn-documents.js';
import { fixedClock } from '../support/clock.js';
import { createTestDb, monitoredClient, type TestDb } from '../support/mongo.js';
import { turnRecords } from '../support/turn-records.js';

/**
 * Messages accepted at the same time take their turns in one ordered command (issue 13,
 * src/memory/turn-take-group.ts): each stores what it stored when accepted alone, in the order
 * they came, and a message whose statement is refused gets its usual outcome. The same messages
 * go to two databases, together to one and one after the other to the other, and the turn
 * documents are compared.
 */
const logger = pino({ level: 'silent' });
const clock = fixedClock(new Date('2026-11-20T10:00:00Z'));
const updates: CommandStartedEvent[] = [];
let together: { t: TestDb; client: MongoClient; stores: MongoStores };
let alone: { t: TestDb; stores: MongoStores };

beforeAll(async () => {
  const t = await createTestDb('take-together');
  await ensureIndexes(t.db, logger);
  const client = await monitoredClient(t, 'update', updates);
  together = { t, client, stores: createMongoStores(client.db(t.dbName), { logger, clock }) };
  const t2 = await createTestDb('take-alone');
  await ensureIndexes(t2.db, logger);
  alone = { t: t2, stores: createMongoStores(t2.db, { logger, clock }) };
});
afterAll(async () => {
  await together?.client.close();
  await together?.t.close();
  await alone?.t.close();
});

const turn = (keys: string[]) => ({
  keys,
  owner: 'p1',
  now: clock.now(),
  until: new Date(clock.now().getTime() + 30_000),
});

type Message = { record: InboundRecord; keys: string[] };
type Accepted = Awaited<ReturnType<MongoStores['inbound']['accept']>>;

/** The turn documents as stored, without each accept's own random mark. */
async function turnDocs(db: Db) {
  const docs = await db.collection(THREAD_LEASES_COLLECTION).find({}).sort({ _id: 1 }).toArray();
  for (const d of docs)
    for (const rec of Object.values(d.events ?? {})) delete (rec as { acceptedAs?: string }).acceptedAs;
  return docs;
}

/** Taken (a token or unknown) or queued (null), per key: what the message's run goes on from. */
const shape = (a: Accepted) => ({
  created: a.created,
  id: a.record.id,
  queued: a.turns ? [...a.turns].map(([k, v]) => [k, v.token === null]) : undefined,
});

async function acceptBoth(messages: Message[]): Promise<{ grouped: Accepted[]; single: Accepted[] }> {
  updates.length = 0;
  // Accepted in the same turn of the event loop: they leave together.
  const grouped = await Promise.all(
    messages.map((m) => together.stores.inbound.accept(m.record, turn(m.keys))),
  );
  const single: Accepted[] = [];
  for (const m of messages) single.push(await alone.stores.inbound.accept(m.record, turn(m.keys)));
  return { grouped, single };
}

describe('messages accepted at the same time', () => {
  const record = turnRecords(clock, { eventPrefix: 'EvT', tsPrefix: '1700000300', author: (n) => `U0T${n}` });

  it('take their turns in one command, and each stores and is told what it was alone', async () => {
    const messages = Array.from({ length: 8 }, () => record());
    const { grouped, single } = await acceptBoth(messages);
    const takes = updates.filter((e) => e.command.update === THREAD_LEASES_COLLECTION);
    expect(takes).toHaveLength(1);
    expect(takes[0]!.command.updates).toHaveLength(16);
    expect(grouped.map(shape)).toEqual(single.map(shape));
    // Both keys of each created by its take: the run knows its thread's token without asking.
    for (const [i, a] of grouped.entries())
      for (const key of messages[i]!.keys) expect(a.turns?.get(key)?.token).toBe(1);
    expect(await turnDocs(together.t.db)).toEqual(await turnDocs(alone.t.db));
  });

  it('a redelivery and a busy author among them: each gets its usual outcome, the others are stored as alone', async () => {
    // Answered already, its turns given back: its redelivery must not take its author's turn.
    const earlier = record(undefined, 'U0EARLY');
    for (const { stores } of [together, alone]) {
      await stores.inbound.accept(earlier.record, turn(earlier.keys));
      await stores.inbound.claim(earlier.record, 'journal-1', clock.now(), clock.now());
      await stores.inbound.finish(
        earlier.record,
        'journal-1',
        { state: 'done', outcome: 'answered', at: clock.now() },
        { keys: earlier.keys, owner: 'p1' },
      );
    }
    const first = record(undefined, 'U0BUSY');
    // The same author as `first`: its author key is held by first's take in the same command.
    const second = record(undefined, 'U0BUSY');
    const last = record();
    const { grouped, single } = await acceptBoth([first, earlier, second, last]);

    // All four in the first command; its refusals sent the ones after them again.
    const takes = updates.filter((e) => e.command.update === THREAD_LEASES_COLLECTION);
    expect(takes[0]!.command.updates).toHaveLength(8);
    expect(grouped.map(shape)).toEqual(single.map(shape));
    const [a, again, b, c] = grouped;
    expect(a!.created).toBe(true);
    expect(again!.created).toBe(false);
    expect(again!.record.id).toBe(earlier.record.id);
    expect(b!.created).toBe(true);
    // Its own thread taken, its author's queue joined behind `first`.
    expect(b!.turns?.get(second.keys[1]!)?.token).not.toBeNull();
    expect(b!.turns?.get(second.keys[0]!)?.token).toBeNull();
    expect(c!.created).toBe(true);
    const author = await together.stores.threadLeases.get(second.keys[0]!);
    expect(author?.queue).toEqual([first.record.id, second.record.id]);
    expect(again!.record.state).toBe('done');
    // The redelivery took no turn and joined no queue again.
    const earlierAuthor = await together.stores.threadLeases.get(earlier.keys[0]!);
    expect(earlierAuthor?.queue).toEqual([]);
    expect(earlierAuthor?.owner).toBeUndefined();
    expect(await turnDocs(together.t.db)).toEqual(await turnDocs(alone.t.db));
  });
});
