/**
 * `kill -9` with Slack messages in flight (issue 12, cases 1–3): the real built process gets 20
 * signed Slack messages at once and is killed at a spread delay; Slack retries what never got a
 * 200; a new process starts on the same database. Every acknowledged message must be answered,
 * none twice, and no inbound record or outbox entry left unfinished.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startLocalMongo } from '../src/memory/local-mongo.js';
import { ROOT, ensureBuilt, type BuiltServer } from '../test/support/built-server.js';
import {
  deliver,
  drillMessages,
  median,
  redeliverUntilTaken,
  startDrillServer,
  startDrillSlack,
  tally,
} from './slack-process.js';
import { trialsFor, type Drill, type DrillResult } from './types.js';

const IN_FLIGHT = 20;

async function kill9(server: BuiltServer): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

async function run(trials: number): Promise<DrillResult> {
  ensureBuilt();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'drill-kill-'));
  const mongo = await startLocalMongo({ uri: process.env.MONGODB_URI, dataDir });
  const slack = await startDrillSlack();
  const result: DrillResult = {
    name: `kill -9 with ${IN_FLIGHT} Slack messages in flight`,
    trials,
    lost: 0,
    duplicated: 0,
    stuck: 0,
    serverErrors: 0,
    leaks: 0,
    notes: [],
  };
  const ackedBeforeKill: number[] = [];
  const recoveryMs: number[] = [];
  try {
    for (let t = 0; t < trials; t++) {
      const dbName = `drill_kill_${Date.now().toString(36)}_${t}`;
      const opts = { mongoUri: mongo.uri, dbName, slackUrl: slack.url };
      let server = await startDrillServer(ROOT, opts);
      // Warm: the workspace and the customer known, as in a running install.
      const [warm] = drillMessages(t + 500, 1);
      await deliver(server.baseUrl, warm!);
      await tally(slack, mongo.uri, dbName, [warm!], 20_000).catch(() => undefined);

      const messages = drillMessages(t, IN_FLIGHT);
      // Spread over the first ~1.5 s: before, during and after the acknowledgements and the runs.
      const killAfter = 20 + ((t * 337 + 600) % 1500);
      const sends = messages.map((m) => deliver(server.baseUrl, m));
      await sleep(killAfter);
      await kill9(server);
      if (process.env.DRILL_LOGS)
        writeFileSync(`${process.env.DRILL_LOGS}/kill-${t}-first.log`, server.output());
      const statuses = await Promise.all(sends);
      result.serverErrors += statuses.filter((s) => s >= 500 && s !== 503).length;
      ackedBeforeKill.push(messages.filter((m) => m.acked).length);

      const restarted = Date.now();
      server = await startDrillServer(ROOT, opts);
      try {
        await redeliverUntilTaken(server.baseUrl, messages);
        // Slack also retries some that did get a 200 (it did not see it in time): must not double.
        await Promise.all(messages.filter((_, i) => i % 3 === 0).map((m) => deliver(server.baseUrl, m, 9)));
        const counts = await tally(slack, mongo.uri, dbName, messages);
        recoveryMs.push(Date.now() - restarted);
        result.lost += counts.lost + messages.filter((m) => !m.acked).length;
        result.duplicated += counts.duplicated;
        result.stuck += counts.stuck;
        for (const e of counts.examples) if (result.notes.length < 8) result.notes.push(`trial ${t}: ${e}`);
      } finally {
        server.child.kill('SIGTERM');
        await server.exited;
        if (process.env.DRILL_LOGS)
          writeFileSync(`${process.env.DRILL_LOGS}/kill-${t}-second.log`, server.output());
      }
    }
    result.notes.unshift(
      `acknowledged before the kill: ${ackedBeforeKill.join(', ')} of ${IN_FLIGHT}`,
      `restart to all answered: median ${(median(recoveryMs) / 1000).toFixed(1)} s (inbound lease 3 s, sweep 0.5 s)`,
    );
    return result;
  } finally {
    await slack.close();
    await mongo.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const killDrill: Drill = {
  id: 'kill',
  async run({ quick }) {
    return [await run(trialsFor(quick, 1, 16))];
  },
};
