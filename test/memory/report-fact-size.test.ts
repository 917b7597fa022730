import { BSON } from 'mongodb';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReportRepository } from '../../src/memory/report-repository.js';
import { decodeCounters, encodeCounters } from '../../src/memory/stored-counters.js';
import { addEverywhere, counterKey, type Counters } from '../../src/reports/counters.js';
import { fixedClock } from '../support/clock.js';
import { createTestDb, type TestDb } from '../support/mongo.js';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb('report_fact_size');
});
afterAll(async () => t?.close());

const store = () =>
  createReportRepository({ db: t.db, logger: pino({ level: 'silent' }), clock: fixedClock() });
const day = '2026-11-27';

/** What a knowledge-base question the bot answered adds to its day (facts.ts ticketCounters). */
function answeredQuestion(customer: string): Counters {
  const c: Counters = {};
  const dims = { intent: 'order_status', channel: 'sandbox', customer };
  for (const metric of ['tickets', 'resolved_bot', 'bot_resolved', 'frt_0', 'res_0', 'frt_sla', 'frttgt_22'])
    addEverywhere(c, dims, metric);
  addEverywhere(c, dims, 'res_sla');
  addEverywhere(c, dims, 'restgt_27');
  return c;
}

const pairsOf = (c: Counters) => Object.entries(c).map(([k, n]) => ({ k, n }));

describe("a report fact's stored counters", () => {
  it('round-trip whatever their keys and numbers', () => {
    const cases: Counters[] = [
      {},
      answeredQuestion('cus_bluebird'),
      // A fact that moved (its old day's counters taken back) and odd keys a later counter may use.
      {
        [counterKey('all', '-', 'tickets')]: -1,
        [counterKey('intent', 'billing', 'tickets')]: 2,
        [counterKey('customer', 'cus.with~tilde', 'tickets')]: 1,
        [counterKey('all', '-', 'escalated')]: 1,
        'no-tilde': 3,
        'ends~': 4,
        'a~b~': 0,
      },
    ];
    for (const counters of cases) expect(decodeCounters(encodeCounters(counters))).toEqual(counters);
    // A ticket's 36 counters are one group: 4 prefixes, 9 metrics.
    expect(encodeCounters(answeredQuestion('cus_x'))).toHaveLength(1);
    // Not well formed: read as unreadable, not as wrong numbers.
    expect(decodeCounters([{ p: ['all~-'], n: [], m: ['tickets'] }])).toBeNull();
    expect(decodeCounters([{ p: ['all~-', 'all~-'], n: [1, 1], m: ['tickets'] }])).toBeNull();
    expect(decodeCounters([{ p: 'all~-', n: [1], m: ['tickets'] }])).toBeNull();
  });

  it("keep a ticket's fact document small, and read back the counters it added", async () => {
    const reports = store();
    const counters = answeredQuestion('cus_bluebird');
    const fact = { kind: 'ticket', ticketId: 'TKT-SIZE1', day, version: 0 };
    expect(
      await reports.putFact('RF1', 't:TKT-SIZE1', { fact, counters, day }, 0, [{ day, delta: counters }]),
    ).toBe(true);
    const doc = await t.db.collection('report_facts').findOne({ _id: 'RF1:t:TKT-SIZE1' as never });
    // Every message's recount writes this document, and the bundled server rewrites it as JSON:
    // with the counters as `{k, n}` pairs it was 1.9 KB here (2.2 KB with a whole ticket's fact).
    expect(BSON.calculateObjectSize(doc!)).toBeLessThan(700);
    expect(doc).not.toHaveProperty('counters');
    expect(await reports.getFact('RF1', 't:TKT-SIZE1')).toEqual({ fact, counters, day, rev: 1 });
    // The day got the counters once.
    const [read] = await reports.readDays('RF1', [day]);
    expect(read?.counters[counterKey('all', '-', 'tickets')]).toBe(1);
    expect(read?.counters[counterKey('customer', 'cus_bluebird', 'res_sla')]).toBe(1);
  });

  it('are read as an earlier version wrote them, before and after this version rewrites the fact', async () => {
    const reports = store();
    const facts = t.db.collection('report_facts');
    const id = 'RF2:t:TKT-OLD1';
    const before = answeredQuestion('cus_acme');
    // As a version before the compact form stored it.
    await facts.insertOne({
      _id: id as never,
      tenantId: 'RF2',
      fact: { v: 1 },
      counters: pairsOf(before),
      day,
      rev: 1,
    });
    expect((await reports.getFact('RF2', 't:TKT-OLD1'))?.counters).toEqual(before);

    // Rewritten by this version: the pairs go, the compact form is read.
    const now = { ...before, [counterKey('all', '-', 'reopened')]: 1 };
    expect(await reports.putFact('RF2', 't:TKT-OLD1', { fact: { v: 2 }, counters: now, day }, 1)).toBe(true);
    expect(await facts.findOne({ _id: id as never })).not.toHaveProperty('counters');
    expect((await reports.getFact('RF2', 't:TKT-OLD1'))?.counters).toEqual(now);

    // An earlier version, still running in a rolling deploy, rewrites it with pairs (and leaves the
    // compact form it does not know): its pairs are what the day got, so they are what is read.
    const older = answeredQuestion('cus_acme');
    await facts.updateOne(
      { _id: id as never, rev: 2 },
      { $set: { fact: { v: 3 }, counters: pairsOf(older) }, $inc: { rev: 1 } },
    );
    expect(await reports.getFact('RF2', 't:TKT-OLD1')).toEqual({
      fact: { v: 3 },
      counters: older,
      day,
      rev: 3,
    });
  });
});
