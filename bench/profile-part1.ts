/**
 * Part 1 of `npm run bench` alone (new knowledge-base questions, command monitoring off), for
 * profiling both processes and for CPU figures side by side with another server build:
 *
 *   node --import tsx --cpu-prof bench/profile-part1.ts            # V8 profile of Node's side
 *   PPROF=127.0.0.1:6060 READY=1 npx tsx bench/profile-part1.ts    # then, once it prints READY:
 *   curl -o server.pprof 'http://127.0.0.1:6060/debug/pprof/profile?seconds=20'
 *   go tool pprof -top .cache/mongo-compat/mongo-compat server.pprof
 *
 * `N` questions (300) one at a time, then 8 in flight (`MODE=sequential|inflight` for one of
 * them); `BIN` runs another mongo-compat binary (an older build, for a before/after pair);
 * `STATS=1` prints each collection's document count and sizes at the end. It prints msg/s, CPU
 * per message of Node and of the server (user + system, system in brackets), and how busy the
 * event loop, each process and the machine's two cores were.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { MONGO_COMPAT_BIN } from '../src/memory/local-mongo.js';
import { questionFrom, withApp } from './harness.js';

const N = Number(process.env.N ?? 300);
const C = 8;
const MODE = process.env.MODE ?? 'both';
const q = questionFrom;
const cpu = (pid: number) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
};
const cpuSys = (pid: number) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(f[12]) / 100;
};

const machine = () => {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  return { idle: f[3]! + f[4]!, total: f.reduce((a, b) => a + b, 0) };
};
const util = () => {
  const m0 = machine();
  const e0 = performance.eventLoopUtilization();
  const t0 = performance.now();
  return (nodeMs: number, dbS: number) => {
    const m1 = machine();
    const wall = (performance.now() - t0) / 1000;
    const elu = performance.eventLoopUtilization(e0);
    return `util: event loop ${(elu.utilization * 100).toFixed(0)}%, node ${((nodeMs / 1000 / wall) * 100).toFixed(0)}% of a core, db ${((dbS / wall) * 100).toFixed(0)}% of a core, machine busy ${((1 - (m1.idle - m0.idle) / (m1.total - m0.total)) * 100).toFixed(0)}% of 2 cores`;
  };
};
const dir = mkdtempSync(path.join(tmpdir(), 'prof-'));
const port = 27000 + Math.floor(Math.random() * 1000);
const pprof = process.env.PPROF ?? '';
const child = spawn(
  process.env.BIN ?? MONGO_COMPAT_BIN,
  ['-listen', `127.0.0.1:${port}`, '-dir', dir, ...(pprof ? ['-pprof', pprof] : [])],
  {
    stdio: ['ignore', 'ignore', 'ignore'],
  },
);
await new Promise((r) => setTimeout(r, 1500)); // the server listens within a few hundred ms
try {
  await withApp(
    `mongodb://127.0.0.1:${port}/`,
    undefined,
    async (app, _trips, db) => {
      for (let i = 0; i < 10; i++) await app.engine.handleInbound(q(0, i));
      await app.reports.recorder.idle();
      if (process.env.READY) console.log('READY');
      if (MODE !== 'inflight') {
        const n0 = process.cpuUsage();
        const s0 = cpu(child.pid!);
        const y0 = cpuSys(child.pid!);
        const u = util();
        const t0 = performance.now();
        for (let i = 0; i < N; i++) await app.engine.handleInbound(q(i % C, i));
        const s = (performance.now() - t0) / 1000;
        await app.reports.recorder.idle();
        const nu = process.cpuUsage(n0);
        console.log(u((nu.user + nu.system) / 1000, cpu(child.pid!) - s0));
        console.log(
          `sequential ${(N / s).toFixed(1)} msg/s node ${((nu.user + nu.system) / 1000 / N).toFixed(1)} ms (sys ${(nu.system / 1000 / N).toFixed(1)}) db ${(((cpu(child.pid!) - s0) * 1000) / N).toFixed(1)} ms (sys ${(((cpuSys(child.pid!) - y0) * 1000) / N).toFixed(1)})`,
        );
      }
      if (MODE !== 'sequential') {
        const n0 = process.cpuUsage();
        const s0 = cpu(child.pid!);
        const y0 = cpuSys(child.pid!);
        const u = util();
        const t0 = performance.now();
        let next = 0;
        await Promise.all(
          Array.from({ length: C }, async (_, slot) => {
            while (next < N) await app.engine.handleInbound(q(slot, next++));
          }),
        );
        const s = (performance.now() - t0) / 1000;
        await app.reports.recorder.idle();
        const nu = process.cpuUsage(n0);
        console.log(u((nu.user + nu.system) / 1000, cpu(child.pid!) - s0));
        console.log(
          `in flight ${(N / s).toFixed(1)} msg/s node ${((nu.user + nu.system) / 1000 / N).toFixed(1)} ms (sys ${(nu.system / 1000 / N).toFixed(1)}) db ${(((cpu(child.pid!) - s0) * 1000) / N).toFixed(1)} ms (sys ${(((cpuSys(child.pid!) - y0) * 1000) / N).toFixed(1)}) wall ${s.toFixed(1)} s`,
        );
      }
      if (process.env.STATS) {
        const { calculateObjectSize } = await import('bson');
        for (const c of await db.listCollections().toArray()) {
          const docs = await db.collection(c.name).find().toArray();
          const sizes = docs.map((d) => calculateObjectSize(d)).sort((a, b) => b - a);
          const sum = sizes.reduce((a, b) => a + b, 0);
          console.log(
            `${c.name}: ${docs.length} docs, avg ${Math.round(sum / Math.max(1, docs.length))} B, max ${sizes[0] ?? 0} B`,
          );
        }
      }
    },
    { monitor: false },
  );
} finally {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  rmSync(dir, { recursive: true, force: true });
}
