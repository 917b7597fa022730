/**
 * Part 1's throughput pass: new knowledge-base questions one at a time and `concurrency` in flight,
 * measured on the same database size and warm state. A warm-up (JIT, the KB index, the caches,
 * the batching paths) runs first, then `rounds` rounds of one block of each mode, the order of
 * each round the reverse of the one before (seq, in flight | in flight, seq | …), so neither mode
 * always runs on the larger database. Each block is timed from its first message to its last;
 * the report's recounts left behind are awaited between blocks, outside the timing, and counted
 * in the CPU of the block that caused them. Both modes run the same code: nothing is slowed.
 */
import { performance } from 'node:perf_hooks';
import type { App } from '../src/app.js';
import { questionFrom } from './harness.js';
import { ascending, cpuMeter, machineBusySeconds, type RoundTrips } from './stats.js';

export interface ThroughputOptions {
  /** Messages per block. */
  block: number;
  /** Rounds of one sequential and one in-flight block each. */
  rounds: number;
  concurrency: number;
  /** Messages before the first measured block, half of them in flight. */
  warmup: number;
  serverPid: number | undefined;
}

/** One mode's figures over all its blocks. */
export interface ModeFigures {
  /** msg/s of each block, in the order run. */
  rates: number[];
  median: number;
  /** CPU per message over all its blocks, recounts included. */
  cpu: { node: number; server: number };
  /** Round trips per message (zero with command monitoring off). */
  trips: number;
  /** Round trips per message by command and collection, over all its blocks. */
  byTarget: Map<string, number>;
  /** Write statements per message by collection (see RoundTrips.statements). */
  statements: Map<string, number>;
  /**
   * By command kind (command, collection and first statement's filter keys, see stats.shapeOf,
   * without its statement count): commands per message, and statements per command (a command
   * shared by runs in flight carries several runs' statements).
   */
  byKind: Map<string, { commands: number; statements: number }>;
  /** Bytes on the wire per message by command kind (see RoundTrips.bytes), over all its blocks. */
  bytes: Map<string, { request: number; reply: number }>;
  /**
   * Cores busy while its blocks ran: this bench's two processes, and the whole machine (other
   * work on it included: a machine busy beyond the bench's own share was measuring its neighbours).
   */
  cores: { bench: number; machine: number };
}

export interface ThroughputFigures {
  sequential: ModeFigures;
  inFlight: ModeFigures;
  /** Median in-flight rate over median sequential rate. */
  ratio: number;
  /** Each round's in-flight rate over its sequential one. */
  roundRatios: number[];
  /** handleInbound latency of every sequential message, ascending. */
  latencies: number[];
  messages: number;
}

const median = (xs: number[]) => {
  const s = ascending(xs);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

type Mode = 'sequential' | 'inFlight';

export async function throughputPass(
  app: App,
  trips: RoundTrips,
  opts: ThroughputOptions,
): Promise<ThroughputFigures> {
  const { block, concurrency: c } = opts;
  let n = 0; // question number, so every block asks the same mix of questions and people
  const sequentialBlock = async (count: number, latencies?: number[]) => {
    for (let i = 0; i < count; i++, n++) {
      const t0 = performance.now();
      // The same people as the in-flight blocks, one after the other.
      await app.engine.handleInbound(questionFrom(n % c, n));
      latencies?.push(performance.now() - t0);
    }
  };
  const inFlightBlock = async (count: number) => {
    const end = n + count;
    await Promise.all(
      Array.from({ length: c }, async (_, slot) => {
        while (n < end) await app.engine.handleInbound(questionFrom(slot, n++));
      }),
    );
  };

  await sequentialBlock(Math.ceil(opts.warmup / 2));
  await inFlightBlock(Math.floor(opts.warmup / 2));
  await app.reports.recorder.idle();

  const latencies: number[] = [];
  const blank = () => ({
    rates: [] as number[],
    node: 0,
    server: 0,
    trips: 0,
    byTarget: new Map<string, number>(),
    statements: new Map<string, number>(),
    kinds: new Map<string, { n: number; statements: number }>(),
    bytes: new Map<string, { request: number; reply: number }>(),
    seconds: 0,
    machine: 0,
  });
  const acc = { sequential: blank(), inFlight: blank() };
  const run = async (mode: Mode) => {
    trips.reset();
    const cpu = cpuMeter(opts.serverPid);
    const busy0 = machineBusySeconds() ?? NaN;
    const t0 = performance.now();
    if (mode === 'sequential') await sequentialBlock(block, latencies);
    else await inFlightBlock(block);
    const seconds = (performance.now() - t0) / 1000;
    // Recounts still settling belong to these messages' round trips and CPU, not the next block's.
    await app.reports.recorder.idle();
    const used = cpu.perUnit(1);
    const a = acc[mode];
    a.seconds += (performance.now() - t0) / 1000;
    a.machine += (machineBusySeconds() ?? NaN) - busy0;
    a.rates.push(block / seconds);
    a.node += used.node;
    a.server += used.server;
    a.trips += trips.total;
    for (const [k, v] of trips.byTarget) a.byTarget.set(k, (a.byTarget.get(k) ?? 0) + v);
    for (const [k, v] of trips.statements) a.statements.set(k, (a.statements.get(k) ?? 0) + v);
    for (const [k, v] of trips.bytes) {
      const b = a.bytes.get(k) ?? { request: 0, reply: 0 };
      a.bytes.set(k, { request: b.request + v.request, reply: b.reply + v.reply });
    }
    for (const [shape, { n }] of trips.timeByShape) {
      const [, kind, times] = /^(.*?)(?: ×(\d+))?$/.exec(shape)!;
      const k = a.kinds.get(kind!) ?? { n: 0, statements: 0 };
      a.kinds.set(kind!, { n: k.n + n, statements: k.statements + n * Number(times ?? 1) });
    }
  };
  for (let r = 0; r < opts.rounds; r++) {
    const order: Mode[] = r % 2 === 0 ? ['sequential', 'inFlight'] : ['inFlight', 'sequential'];
    for (const mode of order) await run(mode);
  }

  const messages = block * opts.rounds;
  const figures = (mode: Mode): ModeFigures => {
    const a = acc[mode];
    return {
      rates: a.rates,
      median: median(a.rates),
      cpu: { node: a.node / messages, server: a.server / messages },
      trips: a.trips / messages,
      byTarget: new Map([...a.byTarget].map(([k, v]) => [k, v / messages])),
      statements: new Map([...a.statements].map(([k, v]) => [k, v / messages])),
      byKind: new Map(
        [...a.kinds].map(([k, v]) => [k, { commands: v.n / messages, statements: v.statements / v.n }]),
      ),
      bytes: new Map(
        [...a.bytes].map(([k, v]) => [k, { request: v.request / messages, reply: v.reply / messages }]),
      ),
      cores: { bench: (a.node + a.server) / 1000 / a.seconds, machine: a.machine / a.seconds },
    };
  };
  const sequential = figures('sequential');
  const inFlight = figures('inFlight');
  return {
    sequential,
    inFlight,
    ratio: inFlight.median / sequential.median,
    roundRatios: sequential.rates.map((s, i) => inFlight.rates[i]! / s),
    latencies: ascending(latencies),
    messages,
  };
}

/** "124.9 msg/s median (118.2–131.0 over 7 blocks; cores busy: bench 1.12, machine 1.20)". */
export const rateText = (m: ModeFigures): string =>
  `${m.median.toFixed(1)} msg/s median (${Math.min(...m.rates).toFixed(1)}–${Math.max(...m.rates).toFixed(1)} over ${m.rates.length} block${m.rates.length === 1 ? '' : 's'}; ` +
  `cores busy: bench ${cores(m.cores.bench)}, whole machine ${cores(m.cores.machine)})`;

/** NaN where a figure is unknown (a server this bench did not start, no /proc). */
const cores = (n: number) => (Number.isNaN(n) ? 'n/a' : n.toFixed(2));

/** "find tickets 1.0, insert messages 1.0, …": per message, most first, the rare ones left out. */
export const byCommandText = (m: ModeFigures, counts = m.byTarget): string =>
  [...counts]
    .sort((a, b) => b[1] - a[1])
    .filter(([, v]) => v >= 0.05)
    .map(([k, v]) => `${k} ${v.toFixed(1)}`)
    .join(', ');

/** "7.0 (thread_leases 4.0, messages 3.0, …)": write statements per message, by collection. */
export const statementsText = (m: ModeFigures): string =>
  `${[...m.statements.values()].reduce((a, b) => a + b, 0).toFixed(1)} (${byCommandText(m, m.statements)})`;

/**
 * One line per command kind, most first: "update thread_leases {_id,…}: 1.000 a message, 1.0
 * statements each". Reads count one statement; the kinds under 0.01 a message are left out.
 */
export const byKindLines = (m: ModeFigures): string[] =>
  [...m.byKind]
    .sort((a, b) => b[1].commands - a[1].commands)
    .filter(([, v]) => v.commands >= 0.01)
    .map(([k, v]) => `${v.commands.toFixed(3)} a message, ${v.statements.toFixed(2)} statements each: ${k}`);

/** "12,281 B sent, 1,006 B received": bytes on the wire per message, all commands. */
export const bytesText = (m: ModeFigures): string => {
  const all = [...m.bytes.values()].reduce(
    (a, b) => ({ request: a.request + b.request, reply: a.reply + b.reply }),
    {
      request: 0,
      reply: 0,
    },
  );
  return `${Math.round(all.request).toLocaleString('en')} B sent, ${Math.round(all.reply).toLocaleString('en')} B received`;
};

/** One line per command kind, most bytes first: "4,076 B sent, 20 B received: insert messages". */
export const bytesLines = (m: ModeFigures): string[] =>
  [...m.bytes]
    .sort((a, b) => b[1].request + b[1].reply - a[1].request - a[1].reply)
    .filter(([, v]) => v.request + v.reply >= 10)
    .map(
      ([k, v]) =>
        `${Math.round(v.request).toLocaleString('en')} B sent, ${Math.round(v.reply).toLocaleString('en')} B received: ${k}`,
    );
