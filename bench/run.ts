/**
 * `npm run bench`: figures, not pass/fail. Throughput and handleInbound latency with the offline
 * agent on the real MongoDB-wire server, knowledge-base search latency, and model calls and tokens
 * per message against a scripted local OpenAI-compatible server.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { MongoClient, type CommandStartedEvent } from 'mongodb';
import pino from 'pino';
import { createApp, type App } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { InboundMessage } from '../src/conversation/ports.js';
import { createIdGenerator, systemClock } from '../src/domain/index.js';
import { DEMO } from '../src/memory/demo-data.js';
import { startLocalMongo } from '../src/memory/local-mongo.js';
import { seedDemo } from '../src/memory/seed.js';
import { createTestChannel, testChannelAdapter } from '../test/support/test-channel.js';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const LLM_MESSAGES = 40;
const logger = pino({ level: 'silent' });

const AUTHORS = [
  {
    userId: DEMO.customers.bluebird.userId,
    name: 'Maya Ortiz',
    email: DEMO.customers.bluebird.email,
    isExternal: true,
  },
  {
    userId: DEMO.customers.cobalt.userId,
    name: 'Priya Nair',
    email: DEMO.customers.cobalt.email,
    isExternal: true,
  },
  {
    userId: DEMO.customers.acme.userId,
    name: 'Jordan Lee',
    email: DEMO.customers.acme.email,
    isExternal: true,
  },
];
// Read-only questions, so repeated runs do not change the store (no refunds).
const QUESTIONS = [
  'Where is order 1042?',
  'Can I still return order 1043?',
  'How long does standard shipping take?',
  'How do I reset my password?',
  'Do you ship internationally?',
  'What is your return policy?',
  'When will order 1045 arrive?',
  'How do I update my billing address?',
];

let seq = 0;
function message(i: number): InboundMessage {
  seq += 1;
  return {
    platform: 'sandbox',
    tenantId: DEMO.tenantId,
    eventId: `bench-ev-${Date.now()}-${seq}`,
    channelId: DEMO.customerChannelId,
    messageId: `bench-m-${Date.now()}-${seq}`,
    author: AUTHORS[i % AUTHORS.length]!,
    text: QUESTIONS[i % QUESTIONS.length]!,
    receivedAt: new Date(),
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const rows: Array<[string, string]> = [];
const row = (name: string, value: string) => rows.push([name, value]);
const ms = (n: number) => `${n.toFixed(1)} ms`;

/** Database round trips seen by the driver's command monitoring, by command and collection. */
interface RoundTrips {
  total: number;
  byTarget: Map<string, number>;
  reset(): void;
}

function countRoundTrips(client: MongoClient): RoundTrips {
  const counter: RoundTrips = {
    total: 0,
    byTarget: new Map(),
    reset() {
      counter.total = 0;
      counter.byTarget.clear();
    },
  };
  client.on('commandStarted', (e: CommandStartedEvent) => {
    counter.total += 1;
    const target = e.command[e.commandName] as unknown;
    const key = `${e.commandName} ${typeof target === 'string' ? target : ''}`.trim();
    counter.byTarget.set(key, (counter.byTarget.get(key) ?? 0) + 1);
  });
  return counter;
}

async function withApp<T>(
  uri: string,
  openaiBaseURL: string | undefined,
  fn: (app: App, trips: RoundTrips) => Promise<T>,
): Promise<T> {
  const client = new MongoClient(uri, { monitorCommands: true });
  const trips = countRoundTrips(client);
  await client.connect();
  const db = client.db(`bench_${Date.now().toString(36)}`);
  const base = loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'never' });
  const config = openaiBaseURL
    ? { ...base, openai: { apiKey: 'bench', baseURL: openaiBaseURL, model: 'bench-model', timeoutMs: 5000 } }
    : base;
  const channel = createTestChannel();
  const app = await createApp({
    config,
    logger,
    db,
    adapters: [testChannelAdapter(channel)],
    clock: systemClock,
    ids: createIdGenerator(),
    sweepIntervalMs: 3_600_000,
  });
  await seedDemo({ stores: app.stores, tenantId: DEMO.tenantId, clock: systemClock });
  try {
    return await fn(app, trips);
  } finally {
    await app.stop();
    await db.dropDatabase().catch(() => undefined);
    await client.close();
  }
}

async function offline(uri: string): Promise<void> {
  await withApp(uri, undefined, async (app, trips) => {
    for (let i = 0; i < 10; i++) await app.engine.handleInbound(message(i)); // warm-up (KB index, JIT)
    trips.reset();
    const latencies: number[] = [];
    const started = performance.now();
    for (let i = 0; i < MESSAGES; i++) {
      const t0 = performance.now();
      await app.engine.handleInbound(message(i));
      latencies.push(performance.now() - t0);
    }
    const sequentialS = (performance.now() - started) / 1000;
    const perMessage = trips.total / MESSAGES;
    const top = [...trips.byTarget.entries()]
      .sort((a, b) => b[1] - a[1])
      .filter(([, n]) => n / MESSAGES >= 0.05)
      .map(([k, n]) => `${k} ${(n / MESSAGES).toFixed(1)}`)
      .join(', ');
    latencies.sort((a, b) => a - b);
    row('offline: messages (sequential)', String(MESSAGES));
    row('offline: throughput, sequential', `${(MESSAGES / sequentialS).toFixed(1)} msg/s`);
    row('offline: handleInbound p50', ms(percentile(latencies, 50)));
    row('offline: handleInbound p95', ms(percentile(latencies, 95)));
    row('offline: handleInbound p99', ms(percentile(latencies, 99)));
    row('offline: database round trips per message', perMessage.toFixed(1));
    row('offline: round trips by command', top);

    let next = 0;
    const t1 = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < MESSAGES) await app.engine.handleInbound(message(next++));
      }),
    );
    row(
      `offline: throughput, ${CONCURRENCY} in flight`,
      `${(MESSAGES / ((performance.now() - t1) / 1000)).toFixed(1)} msg/s`,
    );

    const kbTimes: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t0 = performance.now();
      await app.kb.search(DEMO.tenantId, QUESTIONS[i % QUESTIONS.length]!, { limit: 5 });
      kbTimes.push(performance.now() - t0);
    }
    kbTimes.sort((a, b) => a - b);
    row('kb search p50 (200 queries)', ms(percentile(kbTimes, 50)));
    row('kb search p95', ms(percentile(kbTimes, 95)));
  });
}

async function llm(uri: string): Promise<void> {
  const fakePath = path.resolve('test/support/fake-openai.ts');
  if (!existsSync(fakePath)) {
    row('llm: model calls per message', 'skipped (no test/support/fake-openai.ts)');
    return;
  }
  const { startFakeOpenAi, say } = await import('../test/support/fake-openai.js');
  const fake = await startFakeOpenAi();
  try {
    await withApp(uri, fake.baseURL, async (app) => {
      const calls: number[] = [];
      let tokensIn = 0;
      let tokensOut = 0;
      for (let i = 0; i < LLM_MESSAGES; i++) {
        // A scripted model: understanding, then an answer (usage figures shaped like a small model's).
        fake.script(
          say(
            {
              language: 'en',
              intent: 'order_status',
              urgency: 'medium',
              sentiment: 'neutral',
              orderIds: ['1042'],
              wantsHuman: false,
              securityConcern: false,
              isPleasantry: false,
              continuesTicketId: null,
            },
            { prompt: 450, completion: 60 },
          ),
          say(
            { reply: 'Order 1042 shipped with UPS.', citations: [], needsEscalation: false },
            { prompt: 900, completion: 80 },
          ),
        );
        const out = await app.engine.handleInbound(message(0));
        if (!out.ticketId) continue;
        const decisions = await app.stores.decisions.listByTicket(DEMO.tenantId, out.ticketId);
        const d = decisions.at(-1);
        if (!d) continue;
        calls.push(d.modelCalls.count);
        tokensIn += d.modelCalls.tokensIn;
        tokensOut += d.modelCalls.tokensOut;
      }
      calls.sort((a, b) => a - b);
      row('llm (scripted server): messages', String(calls.length));
      row('llm: model calls per message, median', String(percentile(calls, 50)));
      row('llm: model calls per message, p90', String(percentile(calls, 90)));
      row(
        'llm: tokens in / out per message',
        `${(tokensIn / Math.max(1, calls.length)).toFixed(0)} / ${(tokensOut / Math.max(1, calls.length)).toFixed(0)}`,
      );
    });
  } finally {
    await fake.close();
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'switchboard-bench-'));
  const mongo = await startLocalMongo({ uri: process.env.MONGODB_URI, dataDir: dir });
  row('MongoDB', mongo.kind);
  try {
    await offline(mongo.uri);
    await llm(mongo.uri);
  } finally {
    await mongo.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log(`\nSwitchboard bench (${new Date().toISOString()})\n`);
  for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
  console.log('\nFigures only: no timing is asserted anywhere.');
}

main().catch((err: unknown) => {
  console.error(`bench failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
