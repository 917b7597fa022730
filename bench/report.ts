/**
 * Analytics report at scale: the daily rollups of 100,000 tickets over 90 days (computed with the
 * same fact and counter functions the recorder uses, written as the recorder would leave them),
 * the tickets themselves beside them, then the report read back. Also the recorder's write cost
 * per ticket on a sample (what each status change costs live). Figures only.
 */
import { performance } from 'node:perf_hooks';
import { MongoClient } from 'mongodb';
import pino from 'pino';
import type { Ticket } from '../src/domain/index.js';
import { ensureIndexes } from '../src/memory/indexes.js';
import { createMongoStores } from '../src/memory/mongo-stores.js';
import { sum, type Counters } from '../src/reports/counters.js';
import { encodeCounters } from '../src/memory/stored-counters.js';
import { ticketCounters, ticketFact } from '../src/reports/facts.js';
import { createReportRecorder } from '../src/reports/recorder.js';
import { createReportService } from '../src/reports/report-service.js';
import { ascending, ms, percentile, type Report } from './stats.js';

const T = 'BENCH_REPORT';
const DAY = 86_400_000;
const INTENTS = ['order_status', 'refund', 'shipping', 'return', 'billing', 'account', 'other'] as const;
const REASONS = [
  'confidence 0.41 below the medium-urgency threshold 0.60',
  'the customer asked for a person',
  'negative sentiment after a bot answer',
  'refund above the automatic limit',
];

function syntheticTicket(i: number, now: number): Ticket {
  const createdAt = new Date(now - (i % 90) * DAY - (i % 1440) * 60_000);
  const escalated = i % 4 === 0;
  const platform = (['slack', 'teams', 'sandbox'] as const)[i % 3]!;
  return {
    tenantId: T,
    ticketId: `TKT-${i.toString(36).toUpperCase().padStart(6, '0')}`,
    customerId: `cus_${i % 400}`,
    requester: { platform, userId: `u${i % 2000}` },
    thread: { platform, channelId: 'C1', threadId: `th${i}` },
    status: 'resolved',
    urgency: 'medium',
    intent: INTENTS[i % INTENTS.length]!,
    language: 'en',
    subject: 'A question',
    version: 1,
    createdAt,
    updatedAt: createdAt,
    lastMessageAt: createdAt,
    resolvedAt: new Date(createdAt.getTime() + ((i * 7919) % 240) * 60_000),
    ...(escalated
      ? { escalation: { summary: 's', reason: REASONS[i % REASONS.length]!, at: createdAt } }
      : {}),
  };
}

/** Tickets recounted live for the recorder's write cost (each a few guarded writes). */
const RECOUNTS = Number(process.env.BENCH_REPORT_RECOUNTS ?? 10);
/** Tickets stored for the scan comparison (the report itself reads only facts and rollups). */
const SCAN_TICKETS = Number(process.env.BENCH_REPORT_SCAN_TICKETS ?? 10_000);

/** SLA clocks as the sweep leaves them on a resolved ticket: one in six past first response. */
function withSla(t: Ticket, i: number): Ticket {
  const clock = (metric: 'firstResponse' | 'resolution', targetMinutes: number, breached: boolean) => ({
    metric,
    targetMinutes,
    startedAt: t.createdAt,
    usedMs: breached ? targetMinutes * 90_000 : targetMinutes * 30_000,
    stoppedAt: t.resolvedAt ?? t.createdAt,
    ...(breached ? { breachedAt: t.createdAt } : {}),
  });
  const breached = i % 6 === 0;
  return {
    ...t,
    sla: {
      plan: 'pro',
      urgency: 'medium',
      clocks: {
        firstResponse: clock('firstResponse', 240, breached),
        resolution: clock('resolution', 1440, false),
      },
      breaches: breached ? [{ metric: 'firstResponse', targetMinutes: 240, at: t.createdAt }] : [],
      waitingOnCustomer: false,
    },
  } as Ticket;
}

export async function benchReport(uri: string, report: Report, tickets: number): Promise<void> {
  const logger = pino({ level: 'silent' });
  const client = new MongoClient(uri, { ignoreUndefined: true });
  await client.connect();
  const db = client.db(`bench_report_${Date.now()}`);
  try {
    await ensureIndexes(db, logger);
    const stores = createMongoStores(db, { logger, clock: { now: () => new Date() } });
    const now = Date.now();

    // 1. The facts and rollups of `tickets` tickets, as the recorder leaves them, written in bulk:
    // one fact document per ticket (report_facts) and one rollup per day (report_days). Tickets
    // carry SLA clocks (one in six past its first-response target) and every fifth a CSAT rating.
    let t0 = performance.now();
    const perDay = new Map<string, Counters[]>();
    const BATCH = 5000;
    let factsMs = 0;
    for (let start = 0; start < tickets; start += BATCH) {
      const docs = [];
      for (let k = start; k < Math.min(start + BATCH, tickets); k++) {
        const t = withSla(syntheticTicket(k, now), k);
        const fact = ticketFact({
          ticket: t,
          messages: [],
          previous: null,
          now: new Date(now),
          csat:
            k % 5 === 0
              ? {
                  rating: (['great', 'ok', 'not_good'] as const)[k % 3]!,
                  resolvedBy: k % 4 === 0 ? 'person' : 'bot',
                }
              : null,
        });
        const counters = ticketCounters(fact);
        const list = perDay.get(fact.day) ?? [];
        list.push(counters);
        perDay.set(fact.day, list);
        docs.push({
          _id: `${T}:t:${t.ticketId}`,
          tenantId: T,
          fact,
          counted: encodeCounters(counters),
          cv: 1,
          day: fact.day,
          rev: 1,
        });
      }
      const s0 = performance.now();
      await db.collection('report_facts').insertMany(docs as never[], { ordered: false });
      factsMs += performance.now() - s0;
    }
    const buildMs = performance.now() - t0 - factsMs;
    console.error(`report bench: ${tickets} facts inserted in ${(factsMs / 1000).toFixed(1)} s`);
    t0 = performance.now();
    // The day documents as addToDay leaves them (`c`: the counters, `_rev`: the claim revision).
    await db.collection('report_days').insertMany(
      [...perDay].map(([day, list]) => ({
        _id: `${T}:${day}`,
        tenantId: T,
        day,
        c: sum(list),
        _rev: 0,
      })) as never[],
    );
    const rollupMs = performance.now() - t0;
    console.error(`report bench: ${perDay.size} rollups written in ${(rollupMs / 1000).toFixed(1)} s`);
    report.row(`report: ${tickets} ticket facts computed`, `${(buildMs / 1000).toFixed(1)} s`);
    report.row(`report: ${tickets} fact documents bulk-inserted`, `${(factsMs / 1000).toFixed(1)} s`);
    report.row(`report: their rollups written (${perDay.size} day documents)`, ms(rollupMs));
    // A sample of the tickets themselves, for the scan comparison below (100k full tickets take
    // minutes to insert into the embedded server and say nothing about the report's own reads).
    const scanSample = Math.min(tickets, SCAN_TICKETS);
    for (let start = 0; start < scanSample; start += 2000) {
      const batch = Array.from({ length: Math.min(2000, scanSample - start) }, (_, k) =>
        syntheticTicket(start + k, now),
      );
      await db.collection('tickets').insertMany(batch.map((t) => ({ ...t })));
    }

    console.error(`report bench: ${scanSample} tickets stored for the scan comparison`);
    // 2. The report read back: 30 and 90 days, 20 runs each.
    const service = createReportService({
      store: stores.reports,
      customers: stores.customers,
      kb: { search: async () => [] },
      clock: { now: () => new Date(now) },
    });
    for (const since of ['30d', '90d'] as const) {
      const times: number[] = [];
      let r: Awaited<ReturnType<typeof service.report>> | undefined;
      for (let run = 0; run < 20; run++) {
        const s = performance.now();
        r = await service.report(T, { since });
        times.push(performance.now() - s);
      }
      const sorted = ascending(times);
      const f = r!.total;
      report.row(
        `report ${since} (${f.conversations} conversations) p50 / p95`,
        `${ms(percentile(sorted, 50))} / ${ms(percentile(sorted, 95))}`,
      );
      console.error(
        `report bench: report ${since} (${f.conversations} conversations) p50 ${ms(percentile(sorted, 50))} p95 ${ms(percentile(sorted, 95))}; first-response breaches ${f.firstResponse.breaches}/${f.firstResponse.withTarget}`,
      );
      report.row(
        `  ${since}: first-response breaches / with target, CSAT ratings bot / person`,
        `${f.firstResponse.breaches} / ${f.firstResponse.withTarget}, ${f.csat.bot.great + f.csat.bot.ok + f.csat.bot.notGood} / ${f.csat.person.great + f.csat.person.ok + f.csat.person.notGood}`,
      );
    }
    console.error('report bench: reports read');
    // For comparison: one pass over the tickets themselves (what a report without rollups reads).
    t0 = performance.now();
    const scanned = await db
      .collection('tickets')
      .countDocuments({ tenantId: T, createdAt: { $gte: new Date(now - 30 * DAY) } });
    report.row(
      `same 30 days by scanning ${scanSample} tickets (count only, ${scanned}; scales with the tickets)`,
      ms(performance.now() - t0),
    );

    // 3. The live write path: the recorder recounting sample tickets one by one.
    const recorder = createReportRecorder({
      store: stores.reports,
      tickets: stores.tickets,
      messages: stores.messages,
      approvals: stores.approvals,
      clock: { now: () => new Date(now) },
      logger,
    });
    const sample = Array.from({ length: RECOUNTS }, (_, k) => syntheticTicket(tickets + k, now));
    await db.collection('tickets').insertMany(sample.map((t) => ({ ...t })));
    const recount: number[] = [];
    for (const t of sample) {
      const s = performance.now();
      await recorder.recordTicket(T, t.ticketId);
      recount.push(performance.now() - s);
    }
    const sortedRecount = ascending(recount);
    report.row(
      `recorder: one ticket recounted (${RECOUNTS} samples) p50 / p95`,
      `${ms(percentile(sortedRecount, 50))} / ${ms(percentile(sortedRecount, 95))}`,
    );
  } finally {
    await db.dropDatabase().catch(() => undefined);
    await client.close();
  }
}
