/**
 * The offline agent alone over the golden messages, for its CPU and for a before/after check that
 * a performance change decides nothing differently:
 *
 *   OUT=/tmp/decisions.json npx tsx bench/agent-cpu.ts     # then diff two runs' files
 *
 * `SPLITS` (comma-separated; by default every split training may read, `TRAINING_SPLITS`: held-out
 * ones — test, the newest blind set, any later one — are never read here) are run once through `agent.run` against the seeded demo store, and every result is
 * written to `OUT` without its timings. Then `PASSES` (3) timed passes print, per message, the
 * wall time of `agent.run` and the CPU time of `understandOffline` alone (pure code, no I/O, so
 * the least noisy figure).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { MongoClient } from 'mongodb';
import pino from 'pino';
import { createDemoOrderSystem } from '../src/commerce/demo-order-system.js';
import { createIdGenerator, systemClock } from '../src/domain/index.js';
import { ensureIndexes } from '../src/memory/indexes.js';
import { startLocalMongo } from '../src/memory/local-mongo.js';
import { createMongoStores } from '../src/memory/mongo-stores.js';
import { seedDemo } from '../src/memory/seed.js';
import { createAgent } from '../src/agent/create-agent.js';
import { createKnowledgeBase } from '../src/agent/knowledge-base.js';
import { loadGoldenSet, TRAINING_SPLITS, type GoldenMessage } from '../src/agent/eval/golden.js';
import { createAgentTools } from '../src/agent/tools.js';
import { toAgentCustomer, type AgentResult } from '../src/agent/types.js';
import { understandOffline } from '../src/agent/understand.js';

const readable = new Set<string>(TRAINING_SPLITS);
const splits = (process.env.SPLITS?.split(',') ?? [...TRAINING_SPLITS]).filter((s) => readable.has(s));
const PASSES = Number(process.env.PASSES ?? 3);
const logger = pino({ level: 'silent' });

/** A result as a decision: everything but how long things took and when. */
function decisionOf(r: AgentResult): unknown {
  return {
    ...r,
    record: {
      ...r.record,
      stages: r.record.stages.map(({ name, ok, note }) => ({ name, ok, note })),
      tools: r.record.tools.map(({ durationMs: _d, ...t }) => t),
      modelCalls: { ...r.record.modelCalls, latencyMs: 0 },
    },
  };
}

const messages: GoldenMessage[] = [];
for (const s of splits) messages.push(...(await loadGoldenSet(path.resolve(`test/golden/${s}.jsonl`))));
const dataDir = mkdtempSync(path.join(tmpdir(), 'agent-cpu-'));
const mongo = await startLocalMongo({ dataDir, logger, buildIfMissing: true });
const client = new MongoClient(mongo.uri, { ignoreUndefined: true });
try {
  await client.connect();
  const db = client.db(`agent_cpu_${randomBytes(4).toString('hex')}`);
  const clock = systemClock;
  await ensureIndexes(db, logger);
  const stores = createMongoStores(db, { logger, clock });
  const tenantId = 'demo';
  await seedDemo({ stores, tenantId, clock, logger });
  const tenant = (await stores.tenants.get(tenantId))!;
  const kb = createKnowledgeBase({ source: stores.kbArticles });
  const agent = createAgent({ kb, logger, clock });
  const orders = createDemoOrderSystem({ orders: stores.orders, clock, ids: createIdGenerator() });
  const customers = new Map<string, Awaited<ReturnType<typeof stores.customers.findByEmail>>>();
  for (const m of messages)
    if (m.customerEmail && !customers.has(m.customerEmail))
      customers.set(m.customerEmail, await stores.customers.findByEmail(tenantId, m.customerEmail));

  const runAll = async (): Promise<{ results: AgentResult[]; ms: number }> => {
    const results: AgentResult[] = [];
    let ms = 0;
    for (const [n, message] of messages.entries()) {
      const customer = message.customerEmail ? (customers.get(message.customerEmail) ?? null) : null;
      const tools = createAgentTools({
        tenantId,
        customer,
        orders,
        customers: stores.customers,
        interactions: stores.interactions,
        settings: tenant.settings,
        clock,
      });
      const t0 = performance.now();
      results.push(
        await agent.run({
          tenantId,
          settings: tenant.settings,
          ticket: {
            ticketId: `TKT-EVAL${String(n % 100).padStart(2, '0')}`,
            status: 'open',
            isNew: !message.thread,
          },
          text: message.text,
          history: [...(message.thread ?? []), { role: 'customer' as const, text: message.text }],
          customer: toAgentCustomer(customer),
          openTickets: [],
          tools,
          kb,
          allowedEmails: customer?.contactEmails ?? [],
        }),
      );
      ms += performance.now() - t0;
    }
    return { results, ms };
  };

  const first = await runAll();
  if (process.env.OUT) {
    writeFileSync(process.env.OUT, JSON.stringify(first.results.map(decisionOf), null, 1));
    console.log(`wrote ${messages.length} decisions (${splits.join(',')}) to ${process.env.OUT}`);
  }
  for (let p = 0; p < PASSES; p++) {
    const r0 = process.cpuUsage();
    const { ms } = await runAll();
    const r = process.cpuUsage(r0);
    const c0 = process.cpuUsage();
    for (const m of messages) understandOffline({ text: m.text, isNewTicket: !m.thread, openTickets: [] });
    const c = process.cpuUsage(c0);
    console.log(
      `pass ${p + 1}: agent.run ${(ms / messages.length).toFixed(3)} ms/msg wall, process ${((r.user + r.system) / 1000 / messages.length).toFixed(3)} ms/msg cpu; understandOffline ${((c.user + c.system) / 1000 / messages.length).toFixed(3)} ms/msg cpu`,
    );
  }
} finally {
  await client.close();
  await mongo.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
