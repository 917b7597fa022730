/**
 * `npm run bench`: figures, not pass/fail. Throughput and handleInbound latency with the offline
 * agent on the real MongoDB-wire server; per-scenario latency and database round trips (new
 * question, reply in a thread, refund to approval plus the Approve click, escalation);
 * knowledge-base search latency; and model calls, tokens and an estimated cost per scenario for
 * the LLM engine against a scripted local OpenAI-compatible server; and a 5,000-article
 * knowledge-base import with search over it (bench/kb-import.ts). Every loop is bounded.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { App } from '../src/app.js';
import { DEMO } from '../src/memory/demo-data.js';
import { loadConfig } from '../src/config.js';
import { startLocalMongo } from '../src/memory/local-mongo.js';
import { startFakeOpenAi } from '../test/support/fake-openai.js';
import { READ_ONLY_QUESTIONS, withApp } from './harness.js';
import { benchKbImport } from './kb-import.js';
import { memoryBench } from './memory.js';
import { benchReport } from './report.js';
import { benchReplicas } from './replicas.js';
import { benchScale } from './scale.js';
import { SCENARIOS, outcomeOf, type Measure, type Scenario } from './scenarios.js';
import { scriptedModel } from './scripted-model.js';
import {
  byCommandText,
  byKindLines,
  bytesLines,
  bytesText,
  rateText,
  statementsText,
  throughputPass,
} from './throughput.js';
import {
  ascending,
  cpuText,
  createReport,
  mean,
  ms,
  percentile,
  type ModelUsage,
  type RoundTrips,
} from './stats.js';

function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, got "${raw}"`);
  return n;
}

/** Part 1: messages in each measured block, rounds of one block of each mode, and the warm-up. */
const MESSAGES = Math.round(envNumber('BENCH_MESSAGES', 300));
const ROUNDS = Math.max(1, Math.round(envNumber('BENCH_ROUNDS', 7)));
const WARMUP = Math.round(envNumber('BENCH_WARMUP', 300));
const CONCURRENCY = Math.max(1, Math.round(envNumber('BENCH_CONCURRENCY', 8)));
const SCENARIO_RUNS = Math.round(envNumber('BENCH_SCENARIO_RUNS', 20));
const LLM_RUNS = Math.round(envNumber('BENCH_LLM_RUNS', 15));
const KB_ARTICLES = Math.round(envNumber('BENCH_KB_ARTICLES', 5000));
const REPORT_TICKETS = Math.round(envNumber('BENCH_REPORT_TICKETS', 100_000));
/**
 * `kb` runs only the knowledge-base import section, `report` only the analytics report's, `trips`
 * only the offline throughput and per-scenario round trips (the others take minutes), `throughput`
 * only the offline throughput (part 1).
 */
const ONLY = process.env.BENCH_ONLY;
// US$ per 1M tokens; the defaults are gpt-4o-mini's list prices (the default OPENAI_MODEL).
const PRICE_IN = envNumber('BENCH_PRICE_IN', 0.15);
const PRICE_OUT = envNumber('BENCH_PRICE_OUT', 0.6);
const MODEL_MS = envNumber('BENCH_MODEL_MS', 800);
const WAVES = (process.env.BENCH_WAVES ?? '100,1000').split(',').map((n) => Math.round(Number(n)));
/** `--memory`: only the built server's memory and load part. `--heap`: plus a heap snapshot report. */
const ONLY_MEMORY = process.argv.includes('--memory');
/** `--scale`: only a knowledge-base question's latency at growing database sizes (bench/scale.ts). */
const ONLY_SCALE = process.argv.includes('--scale');
const SCALE_SIZES = (process.env.BENCH_SCALE_SIZES ?? '10,1000,5000,20000')
  .split(',')
  .map((n) => Math.round(Number(n)));
const SCALE_QUESTIONS = Math.round(envNumber('BENCH_SCALE_QUESTIONS', 20));
/** `--replicas N`: only N built processes on one database (bench/replicas.ts), issue 13. */
const REPLICAS_AT = process.argv.indexOf('--replicas');
const REPLICAS =
  REPLICAS_AT >= 0 ? Math.max(2, Math.round(Number(process.argv[REPLICAS_AT + 1] ?? 2) || 2)) : 0;

const report = createReport();

/** One measured step of a scenario. */
interface Sample {
  ms: number;
  trips: number;
  calls: number;
  tokensIn: number;
  tokensOut: number;
  outcome: string;
  /** Round trips of this step by command and collection. */
  byTarget: Map<string, number>;
  /** This step's commands in order (see RoundTrips.log). */
  commands: string[];
}

/** The report's writes (its facts, day counters and gaps): the rest of its commands are reads. */
const REPORT_WRITE = /^(update|insert|findAndModify|delete) /;

/**
 * The report's commands of each scenario (all its runs, setup included) spread over its measured
 * steps (see runScenarios), by scenario name: commands in all (reads among them, and by command),
 * and the steps they are spread over.
 */
const reportShares = new Map<
  string,
  { commands: number; reads: number; byTarget: Map<string, number>; steps: number }
>();

/**
 * Runs every scenario `runs` times (after one unrecorded warm-up) and returns samples by step.
 * A step's own commands are those of its window, the report's left out: the report is counted
 * behind the messages (a recount starts once its ticket's events settle, and its write waits for
 * the next flush, many tickets per command), so its reads and writes land in a later step's
 * window, a setup's, or the flush after the last run. They are told apart wherever they land
 * (bench/report-attribution.ts), counted over the whole scenario, and added to its steps as an
 * equal share (the amortised figure; with one message per flush interval it would be one a message).
 */
async function runScenarios(
  app: App,
  trips: RoundTrips,
  usage: ModelUsage,
  runs: number,
  beforeEach?: (scenario: Scenario, i: number) => void,
): Promise<Map<string, Sample[]>> {
  const samples = new Map<string, Sample[]>();
  for (const scenario of SCENARIOS) {
    let reportStart = new Map<string, number>();
    const measured: Sample[] = [];
    for (let i = -1; i < runs; i++) {
      if (i === 0) {
        // The warm-up's recounts are not the scenario's.
        await app.reports.recorder.idle();
        reportStart = new Map(trips.report.byTarget);
      }
      beforeEach?.(scenario, i);
      const measure: Measure = async (step, fn) => {
        const before = { trips: trips.total, ...usage, reports: trips.report.total };
        const targetsBefore = new Map(trips.byTarget);
        const reportBefore = new Map(trips.report.byTarget);
        trips.log.length = 0;
        const t0 = performance.now();
        const result = await fn();
        const elapsed = performance.now() - t0;
        const sample: Sample = {
          ms: elapsed,
          trips: trips.total - before.trips - (trips.report.total - before.reports),
          calls: usage.calls - before.calls,
          tokensIn: usage.tokensIn - before.tokensIn,
          tokensOut: usage.tokensOut - before.tokensOut,
          outcome: outcomeOf(result),
          commands: [...trips.log],
          byTarget: new Map(
            [...trips.byTarget]
              .map(([k, n]): [string, number] => [
                k,
                n -
                  (targetsBefore.get(k) ?? 0) -
                  ((trips.report.byTarget.get(k) ?? 0) - (reportBefore.get(k) ?? 0)),
              ])
              .filter(([, n]) => n > 0),
          ),
        };
        if (i >= 0) {
          samples.set(step, [...(samples.get(step) ?? []), sample]);
          measured.push(sample);
        }
        return result;
      };
      await scenario.run(app, i, measure);
    }
    // What is still queued after the last run is the scenario's too.
    await app.reports.recorder.idle();
    const byTarget = new Map(
      [...trips.report.byTarget]
        .map(([k, n]): [string, number] => [k, n - (reportStart.get(k) ?? 0)])
        .filter(([, n]) => n > 0),
    );
    const commands = [...byTarget.values()].reduce((a, b) => a + b, 0);
    const reads = [...byTarget].reduce((a, [k, n]) => a + (REPORT_WRITE.test(k) ? 0 : n), 0);
    const steps = measured.length;
    for (const s of measured) {
      s.trips += steps ? commands / steps : 0;
      s.byTarget.set('report writes (amortised)', steps ? (commands - reads) / steps : 0);
      s.byTarget.set('report reads (amortised)', steps ? reads / steps : 0);
    }
    reportShares.set(scenario.name, { commands, reads, byTarget, steps });
  }
  return samples;
}

/** "answered 30" when all went as expected, else every outcome with its count. */
function outcomes(step: string, list: Sample[]): string {
  const expected = SCENARIOS.find((s) => step in s.expected)?.expected[step];
  const counts = new Map<string, number>();
  for (const s of list) counts.set(s.outcome, (counts.get(s.outcome) ?? 0) + 1);
  const text = [...counts].map(([k, n]) => `${k} ${n}`).join(', ');
  return counts.size === 1 && counts.has(expected ?? '') ? text : `${text} (expected ${expected})`;
}

/**
 * Two passes in databases of their own: round trips counted by the driver's command monitoring
 * (one round: round trips are not noisy), then throughput, latency and CPU per message with
 * monitoring off, as production runs (monitoring copies every command and reply into an event:
 * it costs the CPU being measured), over `ROUNDS` alternating rounds (bench/throughput.ts).
 */
async function offline(uri: string, serverPid: number | undefined): Promise<void> {
  const opts = { block: MESSAGES, concurrency: CONCURRENCY, warmup: WARMUP, serverPid };
  const monitored = await withApp(uri, undefined, (app, trips) =>
    throughputPass(app, trips, { ...opts, rounds: 1 }),
  );
  const loadBefore = loadavg()[0]!;
  const plain = await withApp(
    uri,
    undefined,
    async (app, trips) => {
      const figures = await throughputPass(app, trips, { ...opts, rounds: ROUNDS });
      const loadAfter = loadavg()[0]!;
      const kbTimes: number[] = [];
      for (let i = 0; i < 200; i++) {
        const t0 = performance.now();
        await app.kb.search(DEMO.tenantId, READ_ONLY_QUESTIONS[i % READ_ONLY_QUESTIONS.length]!, {
          limit: 5,
        });
        kbTimes.push(performance.now() - t0);
      }
      return { figures, kbSorted: ascending(kbTimes), loadAfter };
    },
    { monitor: false },
  );
  const { figures: f, kbSorted, loadAfter } = plain;
  const sorted = f.latencies;
  report.row(
    'offline: messages (new questions)',
    `${WARMUP} warm-up, then ${ROUNDS} rounds of ${MESSAGES} one at a time and ${MESSAGES} with ${CONCURRENCY} in flight, alternating (seq, in flight | in flight, seq | …)`,
  );
  // Other work on the machine takes the cores these figures need (see "whole machine" below).
  report.row(
    'offline: load average (1 min), before / after the pass',
    `${loadBefore.toFixed(2)} / ${loadAfter.toFixed(2)}`,
  );
  report.row('offline: throughput, sequential', rateText(f.sequential));
  report.row(`offline: throughput, ${CONCURRENCY} in flight`, rateText(f.inFlight));
  report.row(
    `offline: ${CONCURRENCY} in flight / sequential`,
    `${f.ratio.toFixed(2)}× (ratio of the medians; each round's: ${f.roundRatios.map((r) => r.toFixed(2)).join(', ')})`,
  );
  report.row('offline: CPU per message, sequential', cpuText(f.sequential.cpu));
  report.row(`offline: CPU per message, ${CONCURRENCY} in flight`, cpuText(f.inFlight.cpu));
  report.row('offline: handleInbound p50, sequential', ms(percentile(sorted, 50)));
  report.row('offline: handleInbound p95', ms(percentile(sorted, 95)));
  report.row('offline: handleInbound p99', ms(percentile(sorted, 99)));
  report.row(
    'offline: with command monitoring on (round-trip pass, one round)',
    `sequential ${monitored.sequential.median.toFixed(1)} msg/s (${cpuText(monitored.sequential.cpu)}), ` +
      `${CONCURRENCY} in flight ${monitored.inFlight.median.toFixed(1)} msg/s`,
  );
  report.row('offline: database round trips per message', monitored.sequential.trips.toFixed(1));
  report.row(
    'offline: knowledge-base reads per message',
    (monitored.sequential.byTarget.get('find kb_articles') ?? 0).toFixed(2),
  );
  report.row('offline: round trips by command', byCommandText(monitored.sequential));
  // Writes and reads made while others are on their way share a command (src/memory/*-batching.ts).
  report.row(
    `offline: database round trips per message, ${CONCURRENCY} in flight`,
    monitored.inFlight.trips.toFixed(1),
  );
  report.row(`offline: round trips by command, ${CONCURRENCY} in flight`, byCommandText(monitored.inFlight));
  // What a shared command does not share: the server writes each of its statements on its own.
  report.row('offline: write statements per message, sequential', statementsText(monitored.sequential));
  report.row(
    `offline: write statements per message, ${CONCURRENCY} in flight`,
    statementsText(monitored.inFlight),
  );
  // Which commands runs in flight already share (statements each > what one message writes).
  for (const [mode, m] of [
    ['sequential', monitored.sequential],
    [`${CONCURRENCY} in flight`, monitored.inFlight],
  ] as const)
    for (const line of byKindLines(m)) report.row(`offline: commands by kind, ${mode}`, line);
  // What the server decodes and re-encodes per message (FerretDB's cost grows with document size).
  for (const [mode, m] of [
    ['sequential', monitored.sequential],
    [`${CONCURRENCY} in flight`, monitored.inFlight],
  ] as const) {
    report.row(`offline: bytes on the wire per message, ${mode}`, bytesText(m));
    for (const line of bytesLines(m)) report.row(`offline: bytes by kind, ${mode}`, line);
  }
  report.row('kb search p50 (200 queries)', ms(percentile(kbSorted, 50)));
  report.row('kb search p95', ms(percentile(kbSorted, 95)));
}

/** In a database of its own, so the first section's hundreds of tickets do not slow it down. */
async function offlineScenarios(uri: string): Promise<void> {
  await withApp(uri, undefined, async (app, trips) => {
    const usage: ModelUsage = { calls: 0, tokensIn: 0, tokensOut: 0 };
    const bySteps = await runScenarios(app, trips, usage, SCENARIO_RUNS);
    report.table(
      `Offline engine, per scenario step (${SCENARIO_RUNS} runs each, sequential)`,
      ['step', 'runs', 'p50', 'p95', 'round trips', 'outcomes'],
      [...bySteps].map(([step, list]) => {
        const t = ascending(list.map((s) => s.ms));
        return [
          step,
          String(list.length),
          ms(percentile(t, 50)),
          ms(percentile(t, 95)),
          mean(list.map((s) => s.trips)).toFixed(1),
          outcomes(step, list),
        ];
      }),
    );
    for (const [step, list] of bySteps) report.row(`  ${step}: round trips by command`, byCommand(list));
    for (const [name, r] of reportShares)
      report.row(
        `  ${name}: report counted behind`,
        `${r.commands} commands (${r.commands - r.reads} writes, ${r.reads} reads) over ${r.steps} measured steps ` +
          `(${(r.commands / Math.max(1, r.steps)).toFixed(2)} each, amortised): ` +
          [...r.byTarget].map(([k, n]) => `${k} ${n}`).join(', '),
      );
    // One run's commands in order, so each path's reads and writes can be read off one by one.
    for (const [step, list] of bySteps)
      report.row(
        `  ${step}: commands of the last run`,
        `\n      ${list.at(-1)?.commands.join('\n      ') ?? ''}`,
      );
  });
}

/** "find tickets 2.0, update approvals 1.0, …": each command's mean count per run, most first. */
function byCommand(list: Sample[]): string {
  const sums = new Map<string, number>();
  for (const s of list) for (const [k, n] of s.byTarget) sums.set(k, (sums.get(k) ?? 0) + n);
  return [...sums]
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ${(n / list.length).toFixed(1)}`)
    .join(', ');
}

async function llm(uri: string): Promise<void> {
  const fake = await startFakeOpenAi();
  const usage: ModelUsage = { calls: 0, tokensIn: 0, tokensOut: 0 };
  try {
    await withApp(uri, fake.baseURL, async (app, trips) => {
      const bySteps = await runScenarios(app, trips, usage, LLM_RUNS, (scenario, i) => {
        // Enough answers for any stage sequence (understand, tool rounds, repair, escalate).
        const answer = scriptedModel(scenario.model(i), usage);
        fake.script(...Array.from({ length: 12 }, () => answer));
      });
      const p = (xs: number[], q: number) => percentile(ascending(xs), q);
      report.table(
        `LLM engine against the scripted server, per scenario step (${LLM_RUNS} runs each)`,
        [
          'step',
          'p50',
          'calls p50/p90',
          'tokens in p50/p90',
          'tokens out p50/p90',
          'est. $ per 1,000',
          'outcomes',
        ],
        [...bySteps].map(([step, list]) => {
          const calls = list.map((s) => s.calls);
          const tin = list.map((s) => s.tokensIn);
          const tout = list.map((s) => s.tokensOut);
          const cost = (1000 * (mean(tin) * PRICE_IN + mean(tout) * PRICE_OUT)) / 1e6;
          return [
            step,
            ms(
              p(
                list.map((s) => s.ms),
                50,
              ),
            ),
            `${p(calls, 50)} / ${p(calls, 90)}`,
            `${p(tin, 50)} / ${p(tin, 90)}`,
            `${p(tout, 50)} / ${p(tout, 90)}`,
            `$${cost.toFixed(3)}`,
            outcomes(step, list),
          ];
        }),
      );
      // Every customer message (the Approve click is staff, not a message): the cost target's figures.
      const inbound = [...bySteps].filter(([step]) => step !== 'approve click').flatMap(([, list]) => list);
      const perMessage = inbound.map((s) => s.calls);
      const newQuestion = (bySteps.get('new question') ?? []).map((s) => s.tokensIn);
      report.row(
        '\n  per customer message',
        `model calls median ${p(perMessage, 50)} (p90 ${p(perMessage, 90)}, mean ${mean(perMessage).toFixed(2)}); ` +
          `new question tokens in median ${p(newQuestion, 50)} (mean ${mean(newQuestion).toFixed(0)})`,
      );
      report.row(
        '\n  cost estimate',
        `from token counts at $${PRICE_IN} in / $${PRICE_OUT} out per 1M tokens (BENCH_PRICE_IN / BENCH_PRICE_OUT); ` +
          'tokens ≈ characters / 4 of the prompts really sent and the scripted answers, not a provider bill',
      );
    });
  } finally {
    await fake.close();
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'switchboard-bench-'));
  // The embedded server at the priority `npm start` gives it (MONGO_COMPAT_NICE, validated as there).
  const nice = loadConfig({ MONGO_COMPAT_NICE: process.env.MONGO_COMPAT_NICE }).mongo.compatNice;
  const mongo = await startLocalMongo({ uri: process.env.MONGODB_URI, dataDir: dir, nice });
  report.row('MongoDB', mongo.kind);
  const started = performance.now();
  try {
    if (REPLICAS > 0) {
      await benchReplicas(mongo.uri, report, {
        replicas: REPLICAS,
        trials: Math.round(envNumber('BENCH_REPLICAS_TRIALS', 50)),
        restartEvery: Math.round(envNumber('BENCH_REPLICAS_RESTART_EVERY', 5)),
        gapMs: envNumber('BENCH_REPLICAS_GAP_MS', 50),
      });
    } else if (ONLY_SCALE) {
      await benchScale(mongo.uri, report, SCALE_SIZES, SCALE_QUESTIONS);
    } else if (ONLY === 'report') {
      await benchReport(mongo.uri, report, REPORT_TICKETS);
    } else if (ONLY === 'throughput') {
      await offline(mongo.uri, mongo.pid);
    } else if (ONLY === 'trips') {
      await offline(mongo.uri, mongo.pid);
      await offlineScenarios(mongo.uri);
    } else if (ONLY !== 'kb' && !ONLY_MEMORY) {
      await offline(mongo.uri, mongo.pid);
      await offlineScenarios(mongo.uri);
      await llm(mongo.uri);
    }
    const onlyPart = ONLY_SCALE || REPLICAS > 0;
    const onlyOffline = ONLY === 'trips' || ONLY === 'throughput';
    if (!ONLY_MEMORY && !onlyPart && ONLY !== 'report' && !onlyOffline)
      await benchKbImport(mongo.uri, report, KB_ARTICLES);
    if (!ONLY_MEMORY && !onlyPart && ONLY === undefined) await benchReport(mongo.uri, report, REPORT_TICKETS);
    if (ONLY !== 'kb' && ONLY !== 'report' && !onlyOffline && !onlyPart)
      await memoryBench(
        {
          mongoUri: mongo.uri,
          modelMs: MODEL_MS,
          waves: WAVES,
          heap: process.argv.includes('--heap'),
          heapAtMs: process.env.BENCH_HEAP_AT_MS ? envNumber('BENCH_HEAP_AT_MS', 0) : undefined,
          databasePid: mongo.pid,
        },
        report,
      );
  } finally {
    await mongo.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`\nSwitchboard bench (${new Date().toISOString()})\n`);
  report.print();
  console.log(
    `\nRan in ${((performance.now() - started) / 1000).toFixed(0)} s. Figures only: no timing is asserted anywhere.`,
  );
}

main().catch((err: unknown) => {
  console.error(`bench failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
