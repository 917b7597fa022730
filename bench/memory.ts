/**
 * `npm run bench -- --memory` (also the last part of a full `npm run bench`): the BUILT server
 * (`node dist/main.js`, one process) with the LLM engine on a scripted OpenAI-compatible model that
 * answers each call after BENCH_MODEL_MS (800). Prints idle RSS, then for BENCH_WAVES (100, 1000)
 * conversations in flight at once, each a different customer's new question sent through the
 * sandbox HTTP API: peak RSS, throughput, latency and latency over the model's own time.
 * `--heap` also writes a heap snapshot after the last wave and prints bench/heap-report.mjs on it;
 * with BENCH_HEAP_AT_MS=<ms> the snapshot is taken that long into the last wave instead (what the
 * messages in flight hold), and the wave's peak RSS is the one before the snapshot.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { appendFileSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { MongoClient } from 'mongodb';
import pino from 'pino';
import { systemClock, type Customer } from '../src/domain/index.js';
import { createCustomerRepository } from '../src/memory/customer-repository.js';
import { freePort, ensureBuilt, ROOT } from '../test/support/built-server.js';
import { startFakeOpenAi } from '../test/support/fake-openai.js';
import { scriptedModel } from './scripted-model.js';
import { startWireCensus, type WireCensus } from './wire-census.js';
import { ascending, percentile, procCpuSeconds, type ModelUsage, type Report } from './stats.js';

export interface MemoryBenchOptions {
  mongoUri: string;
  modelMs: number;
  waves: number[];
  /** Also take a heap snapshot after the last wave (written to the project root) and report it. */
  heap: boolean;
  /** Take that snapshot this long into the last wave instead (the load's own holders). */
  heapAtMs?: number;
  /** The database server's process, when the bench started it: its CPU per message is shown too. */
  databasePid?: number;
}

const QUESTION = 'How long does standard shipping take?';
const REPLY = 'Standard delivery takes 3–5 business days after dispatch.';
const TOKEN = 'bench-token';
const MB = 1024 * 1024;

/** Resident set size of a process in bytes (Linux /proc; ps elsewhere). */
function rssOf(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    if (m) return Number(m[1]) * 1024;
  } catch {
    // not Linux
  }
  const ps = spawnSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' });
  return Number(ps.stdout.trim()) * 1024;
}

const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;

async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; baseUrl: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--heapsnapshot-signal=SIGUSR2', 'dist/main.js'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', process.env.BENCH_MEMORY_LOG ? 'pipe' : 'ignore', 'inherit'],
  });
  // BENCH_MEMORY_LOG=<file>: the server's own log (it writes to stdout), to read a failure after the fact.
  const logFile = process.env.BENCH_MEMORY_LOG;
  if (logFile) child.stdout?.on('data', (d: Buffer) => appendFileSync(logFile, d));
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`dist/main.js exited with ${child.exitCode}`);
    if (
      await fetch(`${baseUrl}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, baseUrl };
    if (i > 300) throw new Error('dist/main.js was not healthy within 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Copies of one demo customer account with their own contact, so every conversation is a new
 * customer's. Stored through the app's customer repository (keyed ids and email keys, as the
 * app itself and the CSV import store them).
 */
async function addCustomers(mongoUri: string, dbName: string, count: number): Promise<string[]> {
  const client = await MongoClient.connect(mongoUri, { ignoreUndefined: true });
  try {
    const db = client.db(dbName);
    const raw = await db.collection('customers').findOne({ 'contacts.0': { $exists: true } });
    if (!raw) throw new Error('the demo seed wrote no customer with contacts');
    const repository = createCustomerRepository({
      db,
      logger: pino({ level: 'silent' }),
      clock: systemClock,
    });
    const template = await repository.get(String(raw.tenantId), String(raw.customerId));
    if (!template) throw new Error('the demo seed wrote an unreadable customer');
    const customers: Customer[] = Array.from({ length: count }, (_, i) => ({
      ...template,
      customerId: `bench-${i}`,
      name: `Bench Customer ${i}`,
      contactEmails: [contactOf(`bench-${i}`)],
      contacts: [{ name: `Buyer ${i}`, email: contactOf(`bench-${i}`) }],
      domain: `bench${i}.example`,
      // Its own sandbox organization, so no message is taken for the template's account.
      externalOrgs: [{ platform: 'sandbox', orgId: `O-BENCH-${i}` }],
    }));
    for (let i = 0; i < customers.length; i += 25)
      await Promise.all(customers.slice(i, i + 25).map((c) => repository.insertIfMissing(c)));
    return customers.map((c) => c.customerId);
  } finally {
    await client.close();
  }
}

/**
 * POSTs JSON with node:http: fetch (undici) gives up on a response after 300 s, and a slow
 * database must show as latency, not as failures of the bench's own client.
 */
function postJson(url: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const data = JSON.stringify(body);
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${TOKEN}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(data),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          let json: unknown = undefined;
          try {
            json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            // not JSON: the status says enough
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
      },
    );
    req.on('error', () => resolve({ status: 0, json: undefined }));
    req.end(data);
  });
}

const contactOf = (customerId: string) => {
  const i = customerId.slice('bench-'.length);
  return `buyer${i}@bench${i}.example`;
};

/** The wave's database commands by shape, most server time first: per message, and in total. */
function printCensus(census: WireCensus, messages: number): void {
  const rows = [...census.shapes()].sort((a, b) => b[1].ms - a[1].ms);
  const total = rows.reduce((s, [, t]) => ({ n: s.n + t.n, ms: s.ms + t.ms }), { n: 0, ms: 0 });
  const lines = rows
    .slice(0, 40)
    .map(
      ([shape, t]) =>
        `  ${(t.n / messages).toFixed(2).padStart(7)}/msg ${String(t.n).padStart(7)} ${(t.ms / 1000).toFixed(1).padStart(8)} s ${(t.ms / t.n).toFixed(1).padStart(8)} ms  ${shape}`,
    );
  console.log(
    `\nDatabase commands, ${messages} in flight: ${total.n} (${(total.n / messages).toFixed(1)}/msg), ${(total.ms / 1000).toFixed(1)} s summed\n   per msg   count    total      mean  command\n${lines.join('\n')}`,
  );
}

interface Wave {
  inFlight: number;
  wallMs: number;
  latencies: number[];
  statuses: Map<string, number>;
  peakRss: number;
  afterRss: number;
  modelCalls: number;
  /** CPU seconds the server and the database process used during the wave. */
  cpu: { server: number; database: number };
}

async function wave(
  baseUrl: string,
  pid: number,
  customers: string[],
  usage: ModelUsage,
  databasePid: number | undefined,
  snapshotAtMs?: number,
): Promise<Wave> {
  const callsBefore = usage.calls;
  const cpu = () => ({
    server: procCpuSeconds(pid) ?? NaN,
    database: databasePid === undefined ? NaN : (procCpuSeconds(databasePid) ?? NaN),
  });
  const cpu0 = cpu();
  let peakRss = rssOf(pid);
  let sampling = true;
  const sampler = setInterval(() => sampling && (peakRss = Math.max(peakRss, rssOf(pid))), 100);
  // Writing a snapshot takes memory of its own: the peak is the one before it.
  const snapshot =
    snapshotAtMs === undefined
      ? undefined
      : setTimeout(() => {
          sampling = false;
          process.kill(pid, 'SIGUSR2');
        }, snapshotAtMs);
  const statuses = new Map<string, number>();
  const started = performance.now();
  const latencies = await Promise.all(
    customers.map(async (customerId) => {
      const t0 = performance.now();
      const res = await postJson(`${baseUrl}/sandbox/api/customer-messages`, {
        customerId,
        contactEmail: contactOf(customerId),
        text: QUESTION,
      });
      const body = res.json as { outcome?: { status: string } } | undefined;
      const status = res.status === 201 ? (body?.outcome?.status ?? '?') : `HTTP ${res.status}`;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      return performance.now() - t0;
    }),
  );
  const wallMs = performance.now() - started;
  const cpu1 = cpu();
  clearInterval(sampler);
  clearTimeout(snapshot);
  return {
    inFlight: customers.length,
    wallMs,
    latencies: ascending(latencies),
    statuses,
    peakRss: sampling ? Math.max(peakRss, rssOf(pid)) : peakRss,
    afterRss: rssOf(pid),
    modelCalls: usage.calls - callsBefore,
    cpu: { server: cpu1.server - cpu0.server, database: cpu1.database - cpu0.database },
  };
}

export async function memoryBench(options: MemoryBenchOptions, report: Report): Promise<void> {
  ensureBuilt();
  const usage: ModelUsage = { calls: 0, tokensIn: 0, tokensOut: 0 };
  const model = await startFakeOpenAi({
    latencyMs: options.modelMs,
    otherwise: scriptedModel({ understanding: { intent: 'shipping' }, reply: REPLY }, usage),
    recordRequests: false,
  });
  const dbName = `bench_memory_${Date.now()}`;
  // BENCH_WIRE=1: the server's database commands counted and timed by shape, per wave; `serial`:
  // one at a time, so each one's time is its own cost (slower, but nothing waits behind another).
  const wire = process.env.BENCH_WIRE;
  const census = wire ? await startWireCensus(options.mongoUri, { serial: wire === 'serial' }) : undefined;
  const started = performance.now();
  const { child, baseUrl } = await startServer({
    NODE_ENV: 'production',
    MONGODB_URI: census?.uri ?? options.mongoUri,
    MONGODB_DB: dbName,
    SANDBOX: 'on',
    SANDBOX_TOKEN: TOKEN,
    OPENAI_API_KEY: 'sk-bench-scripted-model',
    OPENAI_BASE_URL: model.baseURL,
    LOG_LEVEL: 'warn',
    // The admission limit to measure with (the server's default when unset).
    ...(process.env.INBOUND_CONCURRENCY ? { INBOUND_CONCURRENCY: process.env.INBOUND_CONCURRENCY } : {}),
  });
  const pid = child.pid!;
  try {
    const startMs = performance.now() - started;
    await new Promise((r) => setTimeout(r, 3000));
    const idle = rssOf(pid);
    report.row('built server', `node dist/main.js, LLM engine, model answers after ${options.modelMs} ms`);
    report.row('start-up (new database, seeded)', `${(startMs / 1000).toFixed(1)} s to a healthy /healthz`);
    report.row('idle RSS', `${mb(idle)} (target ≤ 150 MB)`);

    const total = options.waves.reduce((s, n) => s + n, 0) + 3;
    const ids = await addCustomers(options.mongoUri, dbName, total);
    // Warm-up: the first answers load lazily imported code and fill caches.
    await wave(baseUrl, pid, ids.slice(0, 3), usage, options.databasePid);
    let next = 3;
    const rows: string[][] = [];
    const before = new Set(readdirSync(ROOT));
    for (const [i, n] of options.waves.entries()) {
      process.stderr.write(`memory bench: ${n} conversations in flight…\n`);
      const last = i === options.waves.length - 1;
      const snapshotAt = options.heap && last ? options.heapAtMs : undefined;
      census?.reset();
      const w = await wave(baseUrl, pid, ids.slice(next, next + n), usage, options.databasePid, snapshotAt);
      if (census) printCensus(census, n);
      next += n;
      const callsPerMessage = w.modelCalls / n;
      const modelTime = callsPerMessage * options.modelMs;
      const p = (q: number) => `${(percentile(w.latencies, q) / 1000).toFixed(2)} s`;
      rows.push([
        String(n),
        mb(w.peakRss),
        mb(w.afterRss),
        `${(n / (w.wallMs / 1000)).toFixed(1)} msg/s`,
        `${p(50)} / ${p(95)} / ${(w.latencies.at(-1)! / 1000).toFixed(2)} s`,
        `${((w.latencies.at(-1)! - modelTime) / 1000).toFixed(2)} s`,
        callsPerMessage.toFixed(1),
        `${((w.cpu.server * 1000) / n).toFixed(0)} / ${Number.isNaN(w.cpu.database) ? 'n/a' : ((w.cpu.database * 1000) / n).toFixed(0)} ms`,
        [...w.statuses].map(([s, c]) => `${s} ${c}`).join(', '),
      ]);
    }
    report.table(
      'Conversations in flight (each a new customer question through the sandbox API)',
      [
        'In flight',
        'Peak RSS',
        'RSS after',
        'Throughput',
        'Latency p50 / p95 / max',
        'Max over model',
        'Model calls/msg',
        'CPU/msg server / database',
        'Outcomes',
      ],
      rows,
    );
    if (options.heap) {
      if (options.heapAtMs === undefined) child.kill('SIGUSR2');
      let file: string | undefined;
      for (let i = 0; i < 600 && !file; i++) {
        await new Promise((r) => setTimeout(r, 500));
        const created = readdirSync(ROOT).find((f) => f.endsWith('.heapsnapshot') && !before.has(f));
        // Written when its size stops changing.
        if (created) {
          const size = () => readFileSync(path.join(ROOT, created)).length;
          const a = size();
          await new Promise((r) => setTimeout(r, 2000));
          if (a > 0 && size() === a) file = path.join(ROOT, created);
        }
      }
      if (file) {
        const out = spawnSync(
          process.execPath,
          ['--max-old-space-size=4096', 'bench/heap-report.mjs', file],
          {
            cwd: ROOT,
            encoding: 'utf8',
          },
        );
        const when =
          options.heapAtMs === undefined
            ? 'after the last wave'
            : `${options.heapAtMs / 1000} s into the last wave`;
        console.log(`\nHeap ${when} (${path.relative(ROOT, file)}):\n${out.stdout}`);
      }
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await model.close();
    await census?.close();
    const client = await MongoClient.connect(options.mongoUri);
    await client
      .db(dbName)
      .dropDatabase()
      .catch(() => undefined);
    await client.close();
  }
}
