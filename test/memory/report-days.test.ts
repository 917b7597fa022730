import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counterKey } from '../../src/reports/counters.js';
import { createReportRepository } from '../../src/memory/report-repository.js';
import { fixedClock } from '../support/clock.js';
import { createTestDb, type TestDb } from '../support/mongo.js';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb('report_days');
});
afterAll(async () => t?.close());

describe("a day's report counters", () => {
  it('add up for every customer of a busy day, and no stored document grows with the number of customers', async () => {
    const store = createReportRepository({
      db: t.db,
      logger: pino({ level: 'silent' }),
      clock: fixedClock(),
    });
    const day = '2026-11-20';
    const customers = Array.from({ length: 320 }, (_, i) => `cus_${i}`);
    for (let i = 0; i < customers.length; i += 40)
      await Promise.all(
        customers.slice(i, i + 40).map((c) =>
          store.addToDay('RD1', day, {
            [counterKey('all', '-', 'conversations')]: 1,
            [counterKey('customer', c, 'conversations')]: 1,
          }),
        ),
      );

    const [read] = await store.readDays('RD1', [day, '2026-11-21']);
    expect(read?.day).toBe(day);
    expect(read?.counters[counterKey('all', '-', 'conversations')]).toBe(320);
    for (const c of customers) expect(read?.counters[counterKey('customer', c, 'conversations')]).toBe(1);

    // Each message's update rewrites one document of the day: one holding every customer of the
    // day made that cost grow with each new customer.
    const docs = await t.db
      .collection('report_facts')
      .find({ tenantId: 'RD1', c: { $exists: true } })
      .toArray();
    expect(docs.length).toBeGreaterThan(1);
    const largest = Math.max(...docs.map((d) => Object.keys((d.c ?? {}) as object).length));
    expect(largest).toBeLessThan(customers.length / 4);
  });

  it('are read and summed with the counters of the same day stored before the days moved beside the facts', async () => {
    const store = createReportRepository({
      db: t.db,
      logger: pino({ level: 'silent' }),
      clock: fixedClock(),
    });
    const day = '2026-11-19';
    const all = counterKey('all', '-', 'conversations');
    const acme = counterKey('customer', 'cus_acme', 'conversations');
    // As an earlier version left it: the day's document in `report_days`.
    await t.db
      .collection('report_days')
      .insertOne({ _id: `RD2:${day}` as never, tenantId: 'RD2', day, c: { [all]: 3 }, _rev: 3 });
    await store.putFact('RD2', 't:TKT-RD2A', { fact: {}, counters: { [all]: 1, [acme]: 1 }, day }, 0, [
      { day, delta: { [all]: 1, [acme]: 1 } },
    ]);
    const [read] = await store.readDays('RD2', [day]);
    expect(read?.counters[all]).toBe(4);
    expect(read?.counters[acme]).toBe(1);
  });

  it("adds a fact's day changes only when its compare-and-set wins, and stores the others of its command", async () => {
    const store = createReportRepository({
      db: t.db,
      logger: pino({ level: 'silent' }),
      clock: fixedClock(),
    });
    const day = '2026-11-18';
    const all = counterKey('all', '-', 'conversations');
    const one = { fact: {}, counters: { [all]: 1 }, day };
    const add = [{ day, delta: { [all]: 1 } }];
    expect(await store.putFact('RD3', 't:A', one, 0, add)).toBe(true);
    // In one tick: B new, A from a stale revision (someone counted it since), C new.
    const [b, a, c, b2] = await Promise.all([
      store.putFact('RD3', 't:B', one, 0, add),
      store.putFact('RD3', 't:A', one, 0, add),
      store.putFact('RD3', 't:C', one, 0, add),
      store.putFact('RD3', 't:B', one, 0, add),
    ]);
    // B twice in one command (two recounts of one ticket): stored and counted once.
    expect([b, a, c, b2]).toEqual([true, false, true, false]);
    const [read] = await store.readDays('RD3', [day]);
    expect(read?.counters[all]).toBe(3);
    expect((await store.getFact('RD3', 't:C'))?.rev).toBe(1);
    expect((await store.getFact('RD3', 't:A'))?.rev).toBe(1);
  });
});
