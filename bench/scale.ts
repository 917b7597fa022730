/**
 * `npm run bench -- --scale`: a knowledge-base question's latency as the database grows. The app
 * answers a few questions first; everything those wrote (tickets, messages, events, decisions,
 * report facts, outbox entries…) is then copied with fresh ids — the documents the app itself
 * writes, from other requesters — until the database holds each size of BENCH_SCALE_SIZES
 * tickets, and at each size BENCH_SCALE_QUESTIONS new questions are timed, then as many replies:
 * a customer's follow-up in the thread of each question just answered, through the same entry
 * point. A reply reads its thread's ticket and transcript, which a new question does not. Figures only.
 */
import { performance } from 'node:perf_hooks';
import { ObjectId, type Document } from 'mongodb';
import type { App } from '../src/app.js';
import type { InboundOutcome } from '../src/conversation/ports.js';
import { message, withApp, type Who } from './harness.js';
import { ascending, mean, ms, percentile, type Report, type RoundTrips } from './stats.js';

/** Collections that grow with every message; the others (settings, customers, orders, KB) do not. */
const GROWING = [
  'tickets',
  'messages',
  'processed_events',
  'interactions',
  'decisions',
  'report_facts',
  'outbox',
  'audit_events',
  'approvals',
  'ticket_keys',
];
const KB_QUESTIONS = [
  'How long does standard shipping take?',
  'How do I reset my password?',
  'Do you ship internationally?',
  'What is your return policy?',
  'How do I update my billing address?',
];
const WHO: Who[] = ['maya', 'priya', 'jordan'];
const ask = (i: number) => message(WHO[i % WHO.length]!, KB_QUESTIONS[i % KB_QUESTIONS.length]!);
/** A follow-up in the thread of question `i`, from the same customer, about another article. */
const followUp = (i: number, threadId: string) =>
  message(WHO[i % WHO.length]!, `Thanks. ${KB_QUESTIONS[(i + 2) % KB_QUESTIONS.length]!}`, threadId);

/** Latencies, round trips and outcomes of `n` messages sent one at a time. */
interface Timed {
  times: number[];
  trips: number[];
  outcomes: Map<string, number>;
  /** The slowest command shapes, server time per message: "find tickets {_id} 3 ms; …". */
  slowest: string;
}

async function timeEach(
  app: App,
  trips: RoundTrips,
  n: number,
  send: (i: number) => Promise<InboundOutcome>,
): Promise<Timed> {
  const out: Timed = { times: [], trips: [], outcomes: new Map(), slowest: '' };
  trips.timeByShape.clear();
  for (let i = 0; i < n; i++) {
    const before = trips.total;
    const t0 = performance.now();
    const { status } = await send(i);
    out.times.push(performance.now() - t0);
    out.trips.push(trips.total - before);
    out.outcomes.set(status, (out.outcomes.get(status) ?? 0) + 1);
  }
  out.slowest = [...trips.timeByShape]
    .sort((a, b) => b[1].ms - a[1].ms)
    .slice(0, 6)
    .map(([shape, t]) => `${shape} ${(t.ms / n).toFixed(0)} ms`)
    .join('; ');
  return out;
}

/** Ticket ids no generator produces (they contain 0), valid for the ticket schema. */
const copyTicketId = (n: number) => `TKT-${n.toString(36).toUpperCase().padStart(6, '0')}`;

/** A deep copy with every string's known ids replaced and every ObjectId `_id` renewed. */
function rewrite(value: unknown, replace: (s: string) => string, top = true): unknown {
  if (typeof value === 'string') return replace(value);
  if (Array.isArray(value)) return value.map((v) => rewrite(v, replace, false));
  if (value instanceof Date || value === null || typeof value !== 'object') return value;
  if (value instanceof ObjectId) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = top && k === '_id' && v instanceof ObjectId ? new ObjectId() : rewrite(v, replace, false);
  }
  return out;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export async function benchScale(
  uri: string,
  report: Report,
  sizes: number[],
  questions: number,
): Promise<void> {
  await withApp(uri, undefined, async (app, trips, db) => {
    for (let i = 0; i < 10; i++) await app.engine.handleInbound(ask(i));
    const template = new Map<string, Document[]>();
    for (const name of GROWING) {
      // Per ticket only: the day rollups kept beside the report's facts are not copied.
      const docs = await db
        .collection(name)
        .find(name === 'report_facts' ? { fact: { $exists: true } } : {})
        .toArray();
      if (docs.length > 0) template.set(name, docs);
    }
    const tickets = template.get('tickets') ?? [];
    const ticketIds = tickets.map((t) => String(t.ticketId));
    const otherIds = new Set<string>();
    for (const m of template.get('messages') ?? []) otherIds.add(String(m.messageId));
    for (const e of template.get('processed_events') ?? []) otherIds.add(String(e.eventId));
    for (const t of tickets) otherIds.add(String((t.requester as { userId: string }).userId));
    for (const o of template.get('outbox') ?? []) otherIds.add(String(o.entryId)).add(String(o.key));
    // A decision's `_id` is keyed by its id (it carries the turn's history entry), in `decisions`
    // or, stored with the answer it decided, as a `kind: 'decision'` document in `messages`.
    for (const d of template.get('decisions') ?? []) otherIds.add(String(d.decisionId));
    for (const m of template.get('messages') ?? [])
      if (m.kind === 'decision') otherIds.add(String((m.decision as { decisionId: string }).decisionId));
    // Longest first, so an id inside a longer key does not cut that key's match short.
    const alternatives = [...ticketIds, ...otherIds]
      .filter((x) => x !== 'undefined')
      .sort((a, b) => b.length - a.length);
    const pattern = new RegExp(alternatives.map(escape).join('|'), 'g');
    let copies = 0;
    let count = tickets.length;

    async function fillTo(target: number): Promise<void> {
      const perCopy = Math.max(1, ticketIds.length);
      while (count + perCopy <= target) {
        const batch = Math.min(100, Math.floor((target - count) / perCopy));
        const docs = new Map<string, Document[]>();
        for (let b = 0; b < batch; b++) {
          const k = ++copies;
          const ids = new Map(ticketIds.map((id, j) => [id, copyTicketId(k * perCopy + j)]));
          // Other requesters (400 of them), so the bench customers' open tickets stay their own.
          const replace = (s: string) =>
            s.replace(pattern, (m) => ids.get(m) ?? (m.startsWith('U') ? `${m}-${k % 400}` : `${m}-c${k}`));
          for (const [name, list] of template) {
            const out = docs.get(name) ?? [];
            for (const d of list) out.push(rewrite(d, replace) as Document);
            docs.set(name, out);
          }
        }
        for (const [name, list] of docs) {
          if (name === 'ticket_keys') {
            // Copies share requesters (400 of them): their key documents merge, as the app's own would.
            // In batches of 50 statements: FerretDB v1 never finishes an update command of a few hundred.
            const ops = list.map((d) => ({
              updateOne: {
                filter: { _id: d._id },
                update: {
                  $setOnInsert: { tenantId: d.tenantId },
                  $addToSet: { ids: { $each: d.ids ?? [] } },
                },
                upsert: true,
              },
            }));
            for (let i = 0; i < ops.length; i += 50)
              await db.collection(name).bulkWrite(ops.slice(i, i + 50), { ordered: false });
          } else await db.collection(name).insertMany(list, { ordered: false });
        }
        count += batch * perCopy;
      }
    }

    const rows: string[][] = [];
    const p50s = new Map<number, { question: number; reply: number }>();
    const notes: Array<[string, string]> = [];
    const at = (size: number) => size.toLocaleString('en-US');
    const outcomes = (m: Map<string, number>) => [...m].map(([k, v]) => `${k} ${v}`).join(', ');
    for (const size of sizes) {
      const t0 = performance.now();
      await fillTo(size);
      const fillS = (performance.now() - t0) / 1000;
      const threads: string[] = [];
      const asked = await timeEach(app, trips, questions, (i) => {
        const m = ask(i);
        threads.push(m.messageId);
        return app.engine.handleInbound(m);
      });
      const replied = await timeEach(app, trips, questions, (i) =>
        app.engine.handleInbound(followUp(i, threads[i]!)),
      );
      const q = ascending(asked.times);
      const r = ascending(replied.times);
      p50s.set(size, { question: percentile(q, 50), reply: percentile(r, 50) });
      rows.push([
        at(size),
        count.toLocaleString('en-US'),
        ms(percentile(q, 50)),
        ms(percentile(q, 90)),
        mean(asked.trips).toFixed(1),
        ms(percentile(r, 50)),
        ms(percentile(r, 90)),
        mean(replied.trips).toFixed(1),
        `${fillS.toFixed(0)} s`,
      ]);
      // Where a message's time goes at this size: the slowest command shapes, per message.
      notes.push([`  slowest commands per question at ${at(size)}`, asked.slowest]);
      notes.push([`  slowest commands per reply at ${at(size)}`, replied.slowest]);
      notes.push([
        `  outcomes at ${at(size)}`,
        `questions: ${outcomes(asked.outcomes)}; replies: ${outcomes(replied.outcomes)}`,
      ]);
    }
    report.table(
      `A knowledge-base question and a reply in its thread as the database grows (${questions} of each per size, sequential)`,
      [
        'tickets',
        'held',
        'question p50',
        'p90',
        'round trips',
        'reply p50',
        'p90',
        'round trips',
        'fill time',
      ],
      rows,
    );
    for (const [name, value] of notes) report.row(name, value);
    const first = p50s.get(sizes[0]!);
    const last = p50s.get(sizes.at(-1)!);
    const ratio = `p50 at ${at(sizes.at(-1)!)} / p50 at ${at(sizes[0]!)} tickets`;
    if (first && last) {
      report.row(`  question ${ratio}`, `${(last.question / first.question).toFixed(2)}×`);
      report.row(`  reply ${ratio}`, `${(last.reply / first.reply).toFixed(2)}×`);
    }
  });
}
