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

export async function benchReport(uri: string, report: Report, tickets: number): Promise<void> {
  const logger = pino({ level: 'silent' });
  const client = new MongoClient(uri, { ignoreUndefined: true });
  await client.connect();
  const db = client.db(`bench_report_${Date.now()}`);
  try {
    await ensureIndexes(db, logger);
    const stores = createMongoStores(db, { logger, clock: { now: () => new Date() } });
    const now = Date.now();

    // 1. The tickets, and their rollups as the recorder leaves them (one $inc-ed document per day).
    let t0 = performance.now();
    const perDay = new Map<string, Counters[]>();
    const BATCH = 2000;
    for (let start = 0; start < tickets; start += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, tickets - start) }, (_, k) =>
        syntheticTicket(start + k, now),
      );
      await db.collection('tickets').insertMany(batch.map((t) => ({ ...t })));
      for (const t of batch) {
        const fact = ticketFact({ ticket: t, messages: [], previous: null, now: new Date(now) });
        const list = perDay.get(fact.day) ?? [];
        list.push(ticketCounters(fact));
        perDay.set(fact.day, list);
      }
    }
    const insertMs = performance.now() - t0;
    t0 = performance.now();
    for (const [day, list] of perDay) await stores.reports.addToDay(T, day, sum(list));
    const rollupMs = performance.now() - t0;
    report.row(`report: ${tickets} tickets inserted`, `${(insertMs / 1000).toFixed(1)} s`);
    report.row(`report: their rollups written (${perDay.size} day documents)`, ms(rollupMs));

    // 2. The report read back: 30 and 90 days, 20 runs each.
    const service = createReportService({
      store: stores.reports,
      customers: stores.customers,
      kb: { search: async () => [] },
      clock: { now: () => new Date(now) },
    });
    for (const since of ['30d', '90d'] as const) {
      const times: number[] = [];
      let conversations = 0;
      for (let run = 0; run < 20; run++) {
        const s = performance.now();
        const r = await service.report(T, { since });
        times.push(performance.now() - s);
        conversations = r.total.conversations;
      }
      const sorted = ascending(times);
      report.row(
        `report ${since} (${conversations} conversations) p50 / p95`,
        `${ms(percentile(sorted, 50))} / ${ms(percentile(sorted, 95))}`,
      );
    }
    // For comparison: one pass over the tickets themselves (what a report without rollups reads).
    t0 = performance.now();
    const scanned = await db
      .collection('tickets')
      .countDocuments({ tenantId: T, createdAt: { $gte: new Date(now - 30 * DAY) } });
    report.row(`same 30 days by scanning tickets (count only, ${scanned})`, ms(performance.now() - t0));

    // 3. The live write path: the recorder recounting sample tickets one by one.
    const recorder = createReportRecorder({
      store: stores.reports,
      tickets: stores.tickets,
      messages: stores.messages,
      approvals: stores.approvals,
      clock: { now: () => new Date(now) },
      logger,
    });
    const sample = Array.from({ length: 50 }, (_, k) => syntheticTicket(tickets + k, now));
    await db.collection('tickets').insertMany(sample.map((t) => ({ ...t })));
    const recount: number[] = [];
    for (const t of sample) {
      const s = performance.now();
      await recorder.recordTicket(T, t.ticketId);
      recount.push(performance.now() - s);
    }
    const sortedRecount = ascending(recount);
    report.row(
      'recorder: one ticket recounted (50 samples, tickets collection of 100k) p50 / p95',
      `${ms(percentile(sortedRecount, 50))} / ${ms(percentile(sortedRecount, 95))}`,
    );
  } finally {
    await db.dropDatabase().catch(() => undefined);
    await client.close();
  }
}
