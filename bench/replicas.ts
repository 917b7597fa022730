/**
 * `npm run bench -- --replicas 2`: several built processes (`node dist/main.js`, Slack over HTTP
 * with a loopback Slack Web API) on one database, as a company scales out or a deploy restarts
 * one while the other runs (issue 13). The processes are started together on a fresh database
 * (the start-up race), every BENCH_REPLICAS_RESTART_EVERY trials again. Each trial is one Slack
 * thread: a top-level message and five replies in its thread, sent quickly (each once the
 * previous one was acknowledged) and alternately to the processes. Counted:
 * - ordering violations: trials whose messages were not processed in the order they were asked
 *   (the customer messages stored, and the bot's replies posted, out of order);
 * - split threads: trials whose thread ended up with more than one ticket;
 * - start-up failures: processes that did not come up (or died) when started together;
 * - throughput: messages answered per second over the trials.
 * Figures only.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { MongoClient } from 'mongodb';
import { startDrillServer, startDrillSlack } from '../drill/slack-process.js';
import { ROOT, ensureBuilt, type BuiltServer } from '../test/support/built-server.js';
import type { FakeSlackApi } from '../test/support/fake-slack-api.js';
import { SLACK, slackMessageEvent } from '../test/support/slack-builders.js';
import { deliverToSlackEndpoint } from '../test/support/slack-delivery.js';
import type { Report } from './stats.js';

/** Six questions the offline engine answers (none a pleasantry, so each is a turn of the ticket). */
const QUESTIONS = [
  'Where is my order 1042?',
  'How long does standard shipping take?',
  'What is your returns policy?',
  'Can you check on order 1043 for me?',
  'Do you ship internationally?',
  'How do I get a return shipping label?',
];

export interface ReplicasOptions {
  replicas: number;
  trials: number;
  /** Start the processes again (together, on a fresh database) every this many trials. */
  restartEvery: number;
  /** Pause after each acknowledgement before the customer's next message (typing). */
  gapMs: number;
}

interface Sent {
  ts: string;
  eventId: string;
  acked: boolean;
}

async function send(baseUrl: string, event: Record<string, unknown>): Promise<boolean> {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const res = await deliverToSlackEndpoint(
        baseUrl,
        { kind: 'event', payload: event },
        {
          timestamp: Math.floor(Date.now() / 1000),
          ...(attempt > 0 ? { retryNum: attempt } : {}),
        },
      );
      await res.text();
      if (res.status === 200) return true;
    } catch {
      // Slack retries a delivery that failed.
    }
    await sleep(300);
  }
  return false;
}

interface Pair {
  servers: BuiltServer[];
  dbName: string;
}

async function startTogether(
  n: number,
  opts: { mongoUri: string; slackUrl: string },
  round: number,
): Promise<{ pair: Pair; failures: string[] }> {
  const dbName = `bench_replicas_${Date.now().toString(36)}_${round}`;
  const started = await Promise.allSettled(
    Array.from({ length: n }, () => startDrillServer(ROOT, { ...opts, dbName })),
  );
  const servers: BuiltServer[] = [];
  const failures: string[] = [];
  for (const s of started) {
    if (s.status === 'fulfilled') servers.push(s.value);
    else {
      failures.push(firstError(String(s.reason)));
      if (process.env.BENCH_REPLICAS_LOGS)
        writeFileSync(
          path.join(process.env.BENCH_REPLICAS_LOGS, `start-${Date.now()}.log`),
          String(s.reason),
        );
    }
  }
  return { pair: { servers, dbName }, failures };
}

function firstError(output: string): string {
  const line = output.split('\n').find((l) => /E11000|Error|error/.test(l)) ?? output.split('\n')[0] ?? '';
  return line.slice(0, 200);
}

async function stopAll(pair: Pair): Promise<string[]> {
  const died: string[] = [];
  for (const s of pair.servers) {
    if (s.child.exitCode !== null) {
      died.push(`died while running (exit ${s.child.exitCode}): ${firstError(s.output())}`);
      if (process.env.BENCH_REPLICAS_LOGS)
        writeFileSync(path.join(process.env.BENCH_REPLICAS_LOGS, `died-${Date.now()}.log`), s.output());
    }
    s.child.kill('SIGTERM');
    await s.exited;
  }
  return died;
}

/** The bot's visible replies in a thread (placeholders left out). */
function replies(slack: FakeSlackApi, threadTs: string): number {
  return slack
    .threadMessages(SLACK.sharedChannel, threadTs)
    .filter((m) => m.text === undefined || !/^Looking into this/.test(m.text)).length;
}

export async function benchReplicas(
  mongoUri: string,
  report: Report,
  options: ReplicasOptions,
): Promise<void> {
  ensureBuilt();
  const slack = await startDrillSlack();
  const client = await MongoClient.connect(mongoUri);
  const examples: string[] = [];
  let violations = 0;
  let splits = 0;
  let startFailures = 0;
  let starts = 0;
  let unanswered = 0;
  let answered = 0;
  let busyMs = 0;
  let pair: Pair | undefined;
  try {
    for (let t = 0; t < options.trials; t++) {
      if (!pair || t % options.restartEvery === 0) {
        if (pair) {
          const died = await stopAll(pair);
          startFailures += died.length;
          for (const d of died) if (examples.length < 8) examples.push(d);
        }
        let up = await startTogether(options.replicas, { mongoUri, slackUrl: slack.url }, t);
        starts += options.replicas;
        startFailures += up.failures.length;
        for (const f of up.failures) if (examples.length < 8) examples.push(`start-up: ${f}`);
        while (up.pair.servers.length < options.replicas) {
          // Run the trials anyway: what failed to start is counted above.
          await stopAll(up.pair);
          up = await startTogether(options.replicas, { mongoUri, slackUrl: slack.url }, t + 10_000);
          starts += options.replicas;
          startFailures += up.failures.length;
          for (const f of up.failures) if (examples.length < 8) examples.push(`start-up: ${f}`);
        }
        pair = up.pair;
      }
      const base = Math.floor(Date.now() / 1000);
      const user = `U0BR${t.toString(36).toUpperCase().padStart(5, '0')}`;
      slack.addUser({
        id: user,
        teamId: SLACK.customerTeam,
        name: `Bench Customer ${t}`,
        email: `bench${t}@bluebirdcafe.example`,
      });
      const rootTs = `${base}.${String(t).padStart(5, '0')}0`;
      const sent: Sent[] = QUESTIONS.map((_, i) => ({
        ts: i === 0 ? rootTs : `${base}.${String(t).padStart(5, '0')}${i}`,
        eventId: `Ev0REPL${base.toString(36)}x${t}x${i}`,
        acked: false,
      }));
      const began = performance.now();
      for (const [i, m] of sent.entries()) {
        const server = pair.servers[i % pair.servers.length]!;
        m.acked = await send(
          server.baseUrl,
          slackMessageEvent({
            text: `${QUESTIONS[i]!} (${t}.${i + 1})`,
            ts: m.ts,
            ...(i > 0 ? { threadTs: rootTs } : {}),
            eventId: m.eventId,
            user,
          }),
        );
        if (options.gapMs > 0) await sleep(options.gapMs);
      }
      // Done when the thread holds an answer to each message (or a minute passed).
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline && replies(slack, rootTs) < sent.length) await sleep(100);
      busyMs += performance.now() - began;
      const got = Math.min(replies(slack, rootTs), sent.length);
      answered += got;
      unanswered += sent.length - got;
      if (got < sent.length && examples.length < 8)
        examples.push(
          `trial ${t}: ${sent.length - got} unanswered (${sent.filter((m) => !m.acked).length} never acknowledged)`,
        );

      const db = client.db(pair.dbName);
      const stored = await db
        .collection('messages')
        .find({ role: 'customer', platformMessageId: { $in: sent.map((m) => m.ts) } })
        .toArray();
      // Processing order: when each customer message was stored by the run that took it.
      const order = stored
        .sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime())
        .map((d) => sent.findIndex((m) => m.ts === d.platformMessageId) + 1);
      const inOrder = order.every((n, i) => i === 0 || n > order[i - 1]!);
      if (!inOrder) {
        violations += 1;
        if (examples.length < 8) examples.push(`trial ${t}: processed ${order.join(',')}`);
      }
      const tickets = new Set(stored.map((d) => d.ticketId as string | undefined).filter(Boolean));
      const byThread = await db.collection('tickets').countDocuments({ 'thread.threadId': rootTs });
      if (tickets.size > 1 || byThread > 1) {
        splits += 1;
        if (examples.length < 8)
          examples.push(`trial ${t}: ${Math.max(tickets.size, byThread)} tickets for one thread`);
      }
    }
    if (pair) {
      const died = await stopAll(pair);
      startFailures += died.length;
      for (const d of died) if (examples.length < 8) examples.push(d);
    }
  } finally {
    await client.close();
    await slack.close();
  }
  const messages = options.trials * QUESTIONS.length;
  report.table(
    `\n${options.replicas} processes on one database (${options.trials} threads of ${QUESTIONS.length} messages, sent alternately)`,
    ['figure', 'value'],
    [
      ['ordering violations (threads)', `${violations} of ${options.trials}`],
      ['split threads (more than one ticket)', `${splits} of ${options.trials}`],
      ['start-up failures and deaths (started together)', `${startFailures} of ${starts} processes`],
      ['messages without an answer', `${unanswered} of ${messages}`],
      ['throughput', `${((answered / busyMs) * 1000).toFixed(1)} messages/s (one thread at a time)`],
    ],
  );
  for (const e of examples) report.row('  example', e);
}
