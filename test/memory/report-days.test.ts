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
    const docs = await t.db.collection('report_days').find({ tenantId: 'RD1' }).toArray();
    const largest = Math.max(...docs.map((d) => Object.keys((d.c ?? {}) as object).length));
    expect(largest).toBeLessThan(customers.length / 4);
  });
});
