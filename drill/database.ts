/**
 * The database goes away under the real built process (issue 12, cases 1 and 3). A TCP proxy on
 * loopback sits between the process and the MongoDB-wire server, so the drill can:
 * - **cut** it (connections reset, new ones refused) for 3 s while 20 Slack messages arrive:
 *   what Slack is told must be the truth (200 only for stored messages; otherwise an error status,
 *   and Slack retries);
 * - **stall** it (bytes held, as a paused or overloaded server) while messages arrive, then kill the
 *   process with `kill -9`, bring the database back and start a new process.
 * Every acknowledged message must be answered, none twice, nothing left unfinished.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startLocalMongo } from '../src/memory/local-mongo.js';
import { ROOT, ensureBuilt } from '../test/support/built-server.js';
import {
  deliver,
  drillMessages,
  redeliverUntilTaken,
  startDrillServer,
  startDrillSlack,
  tally,
  type DrillMessage,
} from './slack-process.js';
import { trialsFor, type Drill, type DrillResult } from './types.js';

interface Proxy {
  uri: string;
  /** Resets every connection and refuses new ones. */
  cut(): void;
  /** Holds every byte in both directions (connections stay open), new connections too. */
  stall(): void;
  /** Back to normal. */
  restore(): Promise<void>;
  close(): void;
}

export async function startProxy(targetUri: string): Promise<Proxy> {
  const target = new URL(targetUri);
  const pairs = new Set<[net.Socket, net.Socket]>();
  let mode: 'up' | 'stalled' = 'up';
  let server: net.Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = net.createServer((inbound) => {
        const outbound = net.connect(Number(target.port), target.hostname);
        const pair: [net.Socket, net.Socket] = [inbound, outbound];
        pairs.add(pair);
        const drop = () => {
          inbound.destroy();
          outbound.destroy();
          pairs.delete(pair);
        };
        inbound.on('error', drop).on('close', drop);
        outbound.on('error', drop).on('close', drop);
        if (mode === 'stalled') {
          inbound.pause();
          outbound.pause();
        }
        inbound.pipe(outbound).pipe(inbound);
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as net.AddressInfo).port;
        server = s;
        resolve();
      });
    });
  await listen();
  const uri = new URL(targetUri);
  uri.host = `127.0.0.1:${port}`;
  const cut = () => {
    server?.close();
    server = undefined;
    for (const [a, b] of pairs) {
      a.destroy();
      b.destroy();
    }
    pairs.clear();
  };
  return {
    uri: uri.toString(),
    cut,
    stall() {
      mode = 'stalled';
      for (const [a, b] of pairs) {
        a.pause();
        b.pause();
      }
    },
    async restore() {
      if (mode === 'stalled') {
        mode = 'up';
        // Stalled connections are cut: what they carried is gone, as after a server restart.
        for (const [a, b] of pairs) {
          a.destroy();
          b.destroy();
        }
        pairs.clear();
      }
      if (!server) await listen();
    },
    close: cut,
  };
}

function blank(name: string, trials: number): DrillResult {
  return { name, trials, lost: 0, duplicated: 0, stuck: 0, serverErrors: 0, leaks: 0, notes: [] };
}

function add(
  result: DrillResult,
  t: number,
  counts: Awaited<ReturnType<typeof tally>>,
  messages: DrillMessage[],
) {
  result.lost += counts.lost + messages.filter((m) => !m.acked).length;
  result.duplicated += counts.duplicated;
  result.stuck += counts.stuck;
  for (const e of counts.examples) if (result.notes.length < 8) result.notes.push(`trial ${t}: ${e}`);
}

async function run(trials: number): Promise<DrillResult[]> {
  ensureBuilt();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'drill-database-'));
  const mongo = await startLocalMongo({ uri: process.env.MONGODB_URI, dataDir });
  const slack = await startDrillSlack();
  const cut = blank('database cut for 3 s with 20 Slack messages arriving', trials);
  const stalled = blank('database stalled, then kill -9, database back, restart', trials);
  const statusesDuringCut = new Map<number, number>();
  try {
    for (let t = 0; t < trials; t++) {
      // The cut: the process stays up; Slack hears the truth and retries.
      {
        const proxy = await startProxy(mongo.uri);
        const dbName = `drill_cut_${Date.now().toString(36)}_${t}`;
        const server = await startDrillServer(ROOT, { mongoUri: proxy.uri, dbName, slackUrl: slack.url });
        try {
          const messages = drillMessages(2000 + t, 20);
          const first = messages.slice(0, 5).map((m) => deliver(server.baseUrl, m));
          await sleep(100 + t * 50);
          proxy.cut();
          const during = await Promise.all(messages.slice(5, 15).map((m) => deliver(server.baseUrl, m)));
          for (const s of during) statusesDuringCut.set(s, (statusesDuringCut.get(s) ?? 0) + 1);
          cut.serverErrors += during.filter((s) => s >= 500 && s !== 503).length;
          await sleep(3000);
          await proxy.restore();
          await Promise.all(first);
          await Promise.all(messages.slice(15).map((m) => deliver(server.baseUrl, m)));
          await redeliverUntilTaken(server.baseUrl, messages);
          add(cut, t, await tally(slack, mongo.uri, dbName, messages), messages);
        } finally {
          server.child.kill('SIGTERM');
          await server.exited;
          if (process.env.DRILL_LOGS)
            writeFileSync(`${process.env.DRILL_LOGS}/cut-${t}.log`, server.output());
          proxy.close();
        }
      }
      // The stall and the kill: whatever was acknowledged before must survive both.
      {
        const proxy = await startProxy(mongo.uri);
        const dbName = `drill_stall_${Date.now().toString(36)}_${t}`;
        const opts = { mongoUri: proxy.uri, dbName, slackUrl: slack.url };
        let server = await startDrillServer(ROOT, opts);
        const messages = drillMessages(3000 + t, 10);
        const sends = messages.map((m) => deliver(server.baseUrl, m));
        await sleep(50 + ((t * 97) % 300));
        proxy.stall();
        await sleep(1500);
        server.child.kill('SIGKILL');
        await server.exited;
        await Promise.all(sends);
        await proxy.restore();
        server = await startDrillServer(ROOT, opts);
        try {
          await redeliverUntilTaken(server.baseUrl, messages);
          add(stalled, t, await tally(slack, mongo.uri, dbName, messages), messages);
        } finally {
          server.child.kill('SIGTERM');
          await server.exited;
          proxy.close();
        }
      }
    }
    cut.notes.unshift(
      `what Slack heard during the cut: ${[...statusesDuringCut]
        .map(([s, n]) => `${s || 'cut'}×${n}`)
        .join(', ')}`,
    );
    return [cut, stalled];
  } finally {
    await slack.close();
    await mongo.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const databaseDrill: Drill = {
  id: 'database',
  run: ({ quick }) => run(trialsFor(quick, 2, 8)),
};
