/**
 * The bundled server's write path alone, without the app: updates of documents the size of a
 * thread's turn document (`SIZE_KB`, 45 by default; tens of KB, rewritten whole by every update),
 * one at a time and `C` (8) in flight on as many documents, plus inserts of small ones the same
 * way. For before/after pairs of a server build, with less of Node's CPU in the figures than
 * part 1 of `npm run bench`:
 *
 *   BIN=/tmp/old-mongo-compat npx tsx bench/server-writes.ts
 *
 * `BIN` runs another mongo-compat binary (default: the built one), `N` writes per block (2000).
 * It prints, per mode, writes/s, and the server's CPU per write (user + system, from /proc).
 * Figures only; timings are noisy on a shared machine: compare alternating runs.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { MongoClient } from 'mongodb';
import { MONGO_COMPAT_BIN } from '../src/memory/local-mongo.js';

const N = Number(process.env.N ?? 2000);
const C = Number(process.env.C ?? 8);
const SIZE_KB = Number(process.env.SIZE_KB ?? 45);

const cpuSeconds = (pid: number) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
};

const dir = mkdtempSync(path.join(tmpdir(), 'server-writes-'));
const port = 27000 + Math.floor(Math.random() * 1000);
const child = spawn(process.env.BIN ?? MONGO_COMPAT_BIN, ['-listen', `127.0.0.1:${port}`, '-dir', dir], {
  stdio: ['ignore', 'ignore', 'ignore'],
});
await new Promise((r) => setTimeout(r, 1500)); // the server listens within a few hundred ms
const client = new MongoClient(`mongodb://127.0.0.1:${port}/`, { maxPoolSize: C + 2 });
try {
  await client.connect();
  const db = client.db('writes');
  const turns = db.collection<{ _id: string; n: number; events: Record<string, string> }>('turns');
  const rows = db.collection<{ _id: string; slot: number; text: string }>('rows');
  // Fields of about 850 bytes, as a turn document's finished records.
  const events = Object.fromEntries(
    Array.from({ length: Math.round((SIZE_KB * 1024) / 900) }, (_, i) => [`e${i}`, 'x'.repeat(850)]),
  );
  await turns.insertMany(Array.from({ length: C }, (_, i) => ({ _id: `turn-${i}`, n: 0, events })));

  let inserted = 0;
  const write = async (slot: number) => {
    await turns.updateOne({ _id: `turn-${slot}` }, { $inc: { n: 1 }, $set: { owner: `w${slot}` } });
    await rows.insertOne({ _id: `row-${inserted++}`, slot, text: 'y'.repeat(600) });
  };
  const measure = async (label: string, run: () => Promise<void>) => {
    const s0 = cpuSeconds(child.pid!);
    const t0 = performance.now();
    await run();
    const seconds = (performance.now() - t0) / 1000;
    const serverMs = ((cpuSeconds(child.pid!) - s0) * 1000) / (2 * N);
    console.log(
      `${label}: ${((2 * N) / seconds).toFixed(0)} writes/s, server CPU ${serverMs.toFixed(2)} ms a write (an update of a ${SIZE_KB} KB document and an insert, ${N} each)`,
    );
  };

  for (let i = 0; i < 200; i++) await write(i % C); // warm-up
  for (let round = 0; round < 2; round++) {
    await measure('one at a time', async () => {
      for (let i = 0; i < N; i++) await write(i % C);
    });
    await measure(`${C} in flight`, async () => {
      let next = 0;
      await Promise.all(
        Array.from({ length: C }, async (_, slot) => {
          while (next++ < N) await write(slot);
        }),
      );
    });
  }
} finally {
  await client.close();
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  rmSync(dir, { recursive: true, force: true });
}
