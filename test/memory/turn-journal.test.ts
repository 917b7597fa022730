import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { InboundRecord } from '../../src/conversation/inbound-journal.schema.js';
import type { OutboxEntry } from '../../src/conversation/outbox.schema.js';
import { ensureIndexes } from '../../src/memory/indexes.js';
import { createMongoStores, type MongoStores } from '../../src/memory/mongo-stores.js';
import { recordField, staleRecords, type TurnDoc } from '../../src/memory/turn-documents.js';
import { fixedClock } from '../support/clock.js';
import { turnRecords } from '../support/turn-records.js';
import { createTestDb, type TestDb } from '../support/mongo.js';

const logger = pino({ level: 'silent' });
const HOUR = 3_600_000;
const clock = fixedClock(new Date('2026-11-20T10:00:00Z'));
let t: TestDb;
let stores: MongoStores;

beforeAll(async () => {
  t = await createTestDb('turn-journal');
  await ensureIndexes(t.db, logger);
  stores = createMongoStores(t.db, { logger, clock });
});
afterAll(async () => t?.close());

// An event id with a dot: ids become field names.
const record = turnRecords(clock, { eventPrefix: 'Ev.', tsPrefix: '1700000000', author: () => 'U0MAYA' });

const turn = (keys: string[], owner = 'p1') => ({
  keys,
  owner,
  now: clock.now(),
  until: new Date(clock.now().getTime() + 30_000),
});

/** Claims a stored record and finishes it as answered, giving its turn back (pruning `prune`). */
async function answer(rec: InboundRecord, keys: string[], prune?: string[]): Promise<void> {
  await stores.inbound.claim(rec, 'journal-1', clock.now(), new Date(clock.now().getTime() + 30_000));
  await stores.inbound.finish(
    rec,
    'journal-1',
    { state: 'done', outcome: 'answered', at: clock.now() },
    { keys, owner: 'p1', ...(prune ? { prune } : {}) },
  );
}

describe('the inbound journal kept in turn documents', () => {
  it('knows a redelivery while its message is unfinished and after it finished, and a top-level one does not join its author queue again', async () => {
    const { record: r, keys } = record();
    expect((await stores.inbound.accept(r, turn(keys))).created).toBe(true);
    expect(await t.db.collection('inbound_journal').countDocuments({})).toBe(0);
    const again = await stores.inbound.accept({ ...r, receivedAt: new Date() }, turn(keys));
    expect(again.created).toBe(false);
    expect(again.record.message.messageId).toBe(r.message.messageId);

    const mine = await stores.inbound.claim(
      r,
      'journal-1',
      clock.now(),
      new Date(clock.now().getTime() + 30_000),
    );
    expect(mine?.attempts).toBe(1);
    await stores.inbound.finish(
      r,
      'journal-1',
      { state: 'done', outcome: 'answered', at: clock.now() },
      { keys, owner: 'p1' },
    );
    const done = await stores.inbound.get(r);
    expect(done?.state).toBe('done');
    // Kept to know a redelivery, without the customer's words.
    expect(done?.message.text).toBe('');
    const author = await stores.threadLeases.get(keys[0]!);
    expect(author?.queue).toEqual([]);
    expect(author?.owner).toBeUndefined();

    clock.advance(5 * 60_000); // Slack's last retry
    const late = await stores.inbound.accept(r, turn(keys, 'p2'));
    expect(late.created).toBe(false);
    expect(late.record.state).toBe('done');
    expect((await stores.threadLeases.get(keys[0]!))?.queue).toEqual([]);
    expect(await stores.inbound.claim(r, 'journal-2', clock.now(), clock.now())).toBeNull();
  });

  it('the sweep finds records never taken, held by a dead process, and stored in the journal collection before the upgrade, and not finished ones', async () => {
    const { record: old } = record();
    // Stored by the version before: one document in inbound_journal (no turn request, no home).
    await stores.inbound.accept({ ...old, home: undefined });
    const { record: waiting, keys: waitingKeys } = record();
    await stores.inbound.accept(waiting, turn(waitingKeys));
    const { record: dead, keys: deadKeys } = record(waiting.message.messageId);
    await stores.inbound.accept(dead, turn(deadKeys));
    await stores.inbound.claim(dead, 'dead-process', clock.now(), new Date(clock.now().getTime() + 30_000));
    const { record: finished, keys: finishedKeys } = record();
    await stores.inbound.accept(finished, turn(finishedKeys));
    await stores.inbound.claim(finished, 'journal-1', clock.now(), new Date(clock.now().getTime() + 30_000));
    await stores.inbound.finish(finished, 'journal-1', {
      state: 'done',
      outcome: 'answered',
      at: clock.now(),
    });

    clock.advance(60_000);
    const due = await stores.inbound.listUnfinished(clock.now(), clock.now(), 100);
    const ids = due.map((d) => d.id);
    expect(ids).toEqual(expect.arrayContaining([old.id, waiting.id, dead.id]));
    expect(ids).not.toContain(finished.id);
    // The old record is run from where it is.
    const claimed = await stores.inbound.claim(
      due.find((d) => d.id === old.id)!,
      'sweeper',
      clock.now(),
      clock.now(),
    );
    expect(claimed?.id).toBe(old.id);
    expect(claimed?.home).toBeUndefined();
  });

  it("drops a thread's finished records a day old with the thread's next finishing write", async () => {
    const { record: root, keys: rootKeys } = record();
    await stores.inbound.accept(root, turn(rootKeys));
    await answer(root, rootKeys);
    clock.advance(25 * HOUR);
    const { record: reply, keys } = record(root.message.messageId);
    const taken = (await stores.inbound.accept(reply, turn(keys))).turns?.get(keys[0]!);
    expect(taken?.stale).toEqual([root.id]);
    await answer(reply, keys, taken?.stale);
    const doc = await stores.threadLeases.get(keys[0]!);
    expect([...(doc?.records?.keys() ?? [])]).toEqual([reply.id]);
  });

  it("a busy thread's document stays small: it keeps its newest 50 finished records, and a redelivery of a recent one is still known", async () => {
    const { record: root, keys: rootKeys } = record();
    await stores.inbound.accept(root, turn(rootKeys));
    await answer(root, rootKeys);
    let last: InboundRecord | undefined;
    let keys: string[] = [];
    for (let i = 0; i < 70; i++) {
      const next = record(root.message.messageId);
      keys = next.keys;
      const taken = (await stores.inbound.accept(next.record, turn(keys))).turns?.get(keys[0]!);
      await answer(next.record, keys, taken?.stale);
      last = next.record;
    }
    const doc = await stores.threadLeases.get(keys[0]!);
    expect(doc?.records?.size).toBeLessThanOrEqual(51);
    const raw = await t.db.collection('thread_leases').findOne({ _id: keys[0]! as never });
    expect(JSON.stringify(raw).length).toBeLessThan(64_000);
    const again = await stores.inbound.accept(last!, turn(keys));
    expect(again.created).toBe(false);
  });

  it("queues a top-level message behind its author's earlier one, and notes where its record is", async () => {
    const { record: first, keys: firstKeys } = record(undefined, 'U0NOOR');
    const { record: second, keys } = record(undefined, 'U0NOOR');
    expect((await stores.inbound.accept(first, turn(firstKeys, 'p1'))).created).toBe(true);
    const accepted = await stores.inbound.accept(second, turn(keys, 'p2'));
    expect(accepted.created).toBe(true);
    // Its own thread is free and taken; the author's key is held for the first: it waits there.
    expect(accepted.turns?.get(keys[1]!)?.token).not.toBeNull();
    expect((await stores.threadLeases.get(keys[1]!))?.owner).toBe('p2');
    expect(accepted.turns?.get(keys[0]!)?.token).toBeNull();
    const author = await stores.threadLeases.get(keys[0]!);
    expect(author?.queue).toEqual([first.id, second.id]);
    expect(author?.homes?.get(first.id)).toBe(firstKeys[1]);
    expect(author?.homes?.get(second.id)).toBe(keys[1]);
    expect((await stores.inbound.get({ id: second.id, home: keys[1] }))?.state).toBe('received');
  });
});

describe("a run's posts, marked sent by the write that ends its turn (issue 13)", () => {
  const LEASE = 5 * 60_000;
  let k = 0;
  function entryOf(turnOf: { home: string; record: string }): OutboxEntry {
    k += 1;
    const now = clock.now();
    return {
      tenantId: 'acme',
      entryId: `obx_turn_${k}`,
      key: `reply:msg_turn_${k}`,
      kind: 'reply',
      platform: 'slack',
      payload: {
        kind: 'reply',
        thread: { platform: 'slack', channelId: 'C0SHARED', threadId: '1700000000.0001' },
        message: { text: 'Standard shipping takes 3–5 business days.' },
      },
      status: 'pending',
      attempts: 0,
      nextAttemptAt: now,
      leaseUntil: new Date(now.getTime() + LEASE),
      createdAt: now,
      updatedAt: now,
      turn: turnOf,
    };
  }
  const ref = { platform: 'slack' as const, channelId: 'C0SHARED', messageId: '1700000009.000100' };

  it('the sweep leaves an entry of a run still going alone, and settles it from the finished record without posting', async () => {
    const { record: r, keys } = record();
    await stores.inbound.accept(r, turn(keys));
    await stores.inbound.claim(r, 'journal-1', clock.now(), new Date(clock.now().getTime() + HOUR));
    const [one, two] = [entryOf({ home: r.home!, record: r.id }), entryOf({ home: r.home!, record: r.id })];
    for (const e of [one!, two!]) expect((await stores.outbox.open(e)).claimed).toBe(true);

    // Past the posters' outbox lease, the run still holding its record: not the sweep's to post.
    clock.advance(LEASE + 1000);
    const later = () => new Date(clock.now().getTime() + LEASE);
    const mine = (list: OutboxEntry[]) => list.filter((e) => e.turn?.record === r.id);
    expect(mine(await stores.outbox.claimDue(clock.now(), later(), 50))).toEqual([]);
    const again = await stores.outbox.open({ ...one!, entryId: 'obx_turn_again', turn: undefined });
    expect(again.claimed).toBe(false);

    // The run ends: both posts' marks in the one write that finishes its record.
    await stores.inbound.finish(
      r,
      'journal-1',
      { state: 'done', outcome: 'answered', at: clock.now() },
      { keys, owner: 'p1', posted: [{ entryId: one!.entryId, ref }, { entryId: two!.entryId }] },
    );
    const shown = await stores.outbox.list('acme');
    expect(mine(shown).map((e) => [e.status, e.result?.messageId])).toEqual([
      ['sent', ref.messageId],
      ['sent', undefined],
    ]);
    expect(mine(await stores.outbox.claimDue(clock.now(), later(), 50))).toEqual([]);
    const stored = await t.db
      .collection('outbox')
      .find({ entryId: { $in: [one!.entryId, two!.entryId] } })
      .sort({ entryId: 1 })
      .toArray();
    expect(stored.map((d) => [d.status, d.result?.messageId, d.leaseToken])).toEqual([
      ['sent', ref.messageId, undefined],
      ['sent', undefined, undefined],
    ]);
  });

  it("an entry its finished run recorded no mark for (the post failed, or it was never made) is the sweep's, as before", async () => {
    const { record: r, keys } = record();
    await stores.inbound.accept(r, turn(keys));
    await answer(r, keys);
    const e = entryOf({ home: r.home!, record: r.id });
    expect((await stores.outbox.open(e)).claimed).toBe(true);
    clock.advance(LEASE + 1000);
    const due = await stores.outbox.claimDue(clock.now(), new Date(clock.now().getTime() + LEASE), 50);
    expect(due.map((d) => d.entryId)).toContain(e.entryId);
  });

  it("a busy thread keeps its finished records that hold posts' marks for an hour, past the newest 50", () => {
    const now = clock.now();
    const doc = (minutesAgo: number, marks: boolean): TurnDoc => ({
      _id: 'thread|x',
      events: Object.fromEntries(
        Array.from({ length: 60 }, (_, i) => [
          recordField(`acme:slack:Ev.busy.${i}`),
          {
            state: 'done',
            updatedAt: new Date(now.getTime() - minutesAgo * 60_000 - i * 1000),
            ...(marks ? { posted: { obx_1: { at: now } } } : {}),
          },
        ]),
      ),
    });
    expect(staleRecords(doc(10, true), now)).toHaveLength(0);
    expect(staleRecords(doc(10, false), now)).toHaveLength(10);
    expect(staleRecords(doc(2 * 60, true), now)).toHaveLength(10);
    expect(staleRecords(doc(25 * 60, true), now)).toHaveLength(60);
  });
});
