/**
 * Hostile input against the real built process (issue 12, cases 5, 6 and 8): `node dist/main.js`
 * with Slack (a fake Web API on loopback), Teams (emulator mode) and the sandbox on the embedded
 * MongoDB-wire server. Sends 1,000 malformed or hostile requests across every route (quick: 200),
 * counts 5xx answers, scans every response and both output streams for the card number and the
 * email address planted in the bodies and for stack traces, then measures a normal message's
 * latency alone and with a 40,000-character message in flight.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startLocalMongo } from '../src/memory/local-mongo.js';
import { ROOT, ensureBuilt, startBuiltServer, type BuiltServer } from '../test/support/built-server.js';
import { startFakeSlackApi } from '../test/support/fake-slack-api.js';
import {
  CARD_DIGITS,
  EMAIL,
  MAYA,
  PRIYA,
  SECRET,
  STACK,
  TEAM,
  json,
  shapes,
  type Shot,
} from './hostile-requests.js';
import type { Drill, DrillResult } from './types.js';

interface Answer {
  status: number;
  text: string;
}

async function send(base: string, shot: Shot): Promise<Answer> {
  try {
    const res = await fetch(base + shot.path, {
      method: shot.method,
      headers: shot.headers,
      body: shot.body,
    });
    return { status: res.status, text: await res.text() };
  } catch (err) {
    // The server cut the connection (a body over its limit can be refused before it is read).
    return { status: 0, text: err instanceof Error ? err.message : String(err) };
  }
}

async function customerMessage(
  base: string,
  text: string,
  who: typeof MAYA = MAYA,
): Promise<{ ms: number; status: string }> {
  const started = performance.now();
  const res = await send(base, {
    method: 'POST',
    path: '/sandbox/api/customer-messages',
    headers: json,
    body: JSON.stringify({ ...who, text }),
  });
  const ms = performance.now() - started;
  const status =
    res.status === 201
      ? (JSON.parse(res.text) as { outcome: { status: string } }).outcome.status
      : `HTTP ${res.status}`;
  return { ms, status };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function run(total: number): Promise<DrillResult> {
  ensureBuilt();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'drill-hostile-'));
  const mongo = await startLocalMongo({ uri: process.env.MONGODB_URI, dataDir });
  const slackApi = await startFakeSlackApi({
    team: { id: TEAM, name: 'Northwind Supply Co.', domain: 'northwind' },
    users: [{ id: 'U0DANA001', teamId: TEAM, name: 'Dana Whitfield', email: 'dana@northwind.example' }],
  });
  let server: BuiltServer | undefined;
  try {
    server = await startBuiltServer(ROOT, {
      NODE_ENV: 'development',
      MONGODB_URI: mongo.uri,
      MONGODB_DB: `drill_hostile_${Date.now().toString(36)}`,
      SEED_DEMO: 'always',
      SANDBOX: 'on',
      LOG_LEVEL: 'info',
      SLACK_BOT_TOKEN: 'xoxb-1111111111-2222222222-drilltokenvalue0000000',
      SLACK_SIGNING_SECRET: SECRET,
      SLACK_API_URL: slackApi.url,
      TEAMS_STAFF_CONVERSATION_ID: '19:drill-staff@thread.tacv2',
    });
    const base = server.baseUrl;
    // Ready: start-up recovery done and the database answering.
    for (
      let i = 0;
      i < 100 && (await send(base, { method: 'GET', path: '/readyz', headers: {} })).status !== 200;
      i++
    )
      await new Promise((r) => setTimeout(r, 200));

    const list = shapes();
    const statuses = new Map<number, number>();
    let serverErrors = 0;
    let leaks = 0;
    const examples: string[] = [];
    for (let i = 0; i < total; i += 10) {
      // Ten at a time, as a burst of traffic would arrive.
      const picks = Array.from({ length: Math.min(10, total - i) }, (_, k) => (i + k) % list.length);
      const batch = picks.map((n) => list[n]!());
      const answers = await Promise.all(batch.map((shot) => send(base, shot)));
      answers.forEach((a, k) => {
        statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
        const shot = batch[k]!;
        if (a.status >= 500) {
          serverErrors += 1;
          if (examples.length < 5)
            examples.push(`${a.status} ${shot.method} ${shot.path} (shape ${picks[k]})`);
        }
        if (CARD_DIGITS.test(a.text) || a.text.includes(EMAIL) || STACK.test(a.text)) {
          leaks += 1;
          if (examples.length < 5)
            examples.push(`leak in the answer to ${shot.method} ${shot.path}: ${a.text.slice(0, 120)}`);
        }
      });
    }

    // A normal message's latency: alone, then with a 40,000-character message in flight.
    const question = 'How long does standard shipping take?';
    const alone: number[] = [];
    for (let i = 0; i < 5; i++) alone.push((await customerMessage(base, question, PRIYA)).ms);
    const beside: number[] = [];
    const hostileMs: number[] = [];
    let lost = 0;
    for (const hostile of ['1.'.repeat(19_995), 'a1'.repeat(19_995), 'a'.repeat(39_990)]) {
      const long = customerMessage(base, hostile);
      await new Promise((r) => setTimeout(r, 20));
      const normal = await customerMessage(base, question, PRIYA);
      beside.push(normal.ms);
      const done = await long;
      hostileMs.push(done.ms);
      // Lost: not taken in, or taken in and neither answered nor handed to a person.
      if (normal.status !== 'answered') lost += 1;
      if (!['answered', 'escalated', 'drafted', 'recorded'].includes(done.status)) lost += 1;
      if (normal.status !== 'answered' || done.status.startsWith('HTTP'))
        examples.push(`normal message: ${normal.status}; 40,000-character one: ${done.status}`);
    }

    const output = server.output();
    const streamLeaks = [
      CARD_DIGITS.test(output),
      output.includes(EMAIL),
      /\n[ \t]+at [^\n(]*\(\/[^\n:]+:\d+:\d+\)/.test(output),
    ];
    leaks += streamLeaks.filter(Boolean).length;
    if (streamLeaks[0]) examples.push('the card number in stdout/stderr');
    if (streamLeaks[1]) examples.push('the email address in stdout/stderr');
    if (streamLeaks[2]) examples.push('a stack trace in stdout/stderr');
    const longestLine = Math.max(...output.split('\n').map((l) => l.length));

    return {
      name: `hostile input: ${total} malformed requests on every route`,
      trials: total,
      lost,
      duplicated: 0,
      stuck: 0,
      serverErrors,
      leaks,
      notes: [
        `statuses: ${[...statuses]
          .sort(([a], [b]) => a - b)
          .map(([s, n]) => `${s || 'cut'}×${n}`)
          .join(', ')}`,
        `normal message alone: median ${median(alone).toFixed(0)} ms (${alone.map((m) => m.toFixed(0)).join(', ')})`,
        `normal message with a 40,000-character one in flight: median ${median(beside).toFixed(0)} ms (${beside.map((m) => m.toFixed(0)).join(', ')})`,
        `the 40,000-character messages themselves: ${hostileMs.map((m) => m.toFixed(0)).join(', ')} ms`,
        `longest output line: ${longestLine} characters`,
        ...examples,
      ],
    };
  } finally {
    if (server) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await slackApi.close();
    await mongo.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const hostileDrill: Drill = {
  id: 'hostile',
  async run({ quick }) {
    return [await run(quick ? 200 : 1000)];
  },
};
