/**
 * `npx tsx bench/id-lookup.ts`: what one `_id` lookup costs on the embedded server as a collection
 * grows, straight through the driver (no app). Filters of the shapes the stores use: `_id` alone,
 * `_id` plus the tenant, `_id` with `$in`, and secondary fields (strings, compared in SQL; a number,
 * matched in Go) for comparison. Figures only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { MongoClient, ObjectId } from 'mongodb';
import { startLocalMongo } from '../src/memory/local-mongo.js';
import { ascending, ms, percentile } from './stats.js';

const SIZES = (process.env.BENCH_ID_SIZES ?? '1000,20000').split(',').map(Number);
const LOOKUPS = 40;

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'switchboard-idbench-'));
  const mongo = await startLocalMongo({ uri: process.env.MONGODB_URI, dataDir: dir });
  const client = new MongoClient(mongo.uri);
  await client.connect();
  console.log(`MongoDB: ${mongo.kind}`);
  try {
    const db = client.db(`idbench_${Date.now().toString(36)}`);
    const strings = db.collection<{ _id: string; tenantId: string; n: number; ref: string; body: string }>(
      'strings',
    );
    const oids = db.collection<{ _id: ObjectId; tenantId: string; n: number; ref: string; body: string }>(
      'oids',
    );
    const body = 'x'.repeat(400);
    let have = 0;
    const oidList: ObjectId[] = [];
    for (const size of SIZES) {
      const docs = Array.from({ length: size - have }, (_, i) => ({
        n: have + i,
        ref: `ref-${have + i}`,
        tenantId: 't1',
        body,
      }));
      for (let i = 0; i < docs.length; i += 1000) {
        const chunk = docs.slice(i, i + 1000);
        await strings.insertMany(chunk.map((d) => ({ ...d, _id: `doc-${d.n}` })));
        const withOid = chunk.map((d) => ({ ...d, _id: new ObjectId() }));
        oidList.push(...withOid.map((d) => d._id));
        await oids.insertMany(withOid);
      }
      have = size;
      const pick = (i: number) => (i * 7919) % size;
      const time = async (label: string, op: (i: number) => Promise<unknown>, runs = LOOKUPS) => {
        const t: number[] = [];
        for (let i = 0; i < runs; i++) {
          const t0 = performance.now();
          await op(i);
          t.push(performance.now() - t0);
        }
        const s = ascending(t);
        console.log(
          `  ${String(size).padStart(6)} docs  ${label.padEnd(44)} p50 ${ms(percentile(s, 50))}  p90 ${ms(percentile(s, 90))}`,
        );
      };
      const sid = (i: number) => `doc-${pick(i)}`;
      await time('findOne {_id} (string)', (i) => strings.findOne({ _id: sid(i) }));
      await time('findOne {_id} (ObjectId)', (i) => oids.findOne({ _id: oidList[pick(i)]! }));
      await time('findOne {_id, tenantId}', (i) => strings.findOne({ _id: sid(i), tenantId: 't1' }));
      await time('findOne {_id: {$eq}}', (i) => strings.findOne({ _id: { $eq: sid(i) } }));
      await time('find {_id: {$in: [3 ids]}}', (i) =>
        strings.find({ _id: { $in: [sid(i), sid(i + 1), sid(i + 2)] } }).toArray(),
      );
      await time('updateOne {_id} $set', (i) => strings.updateOne({ _id: sid(i) }, { $set: { seen: i } }));
      await time('updateOne {_id, tenantId} $inc', (i) =>
        strings.updateOne({ _id: sid(i), tenantId: 't1' }, { $inc: { n: 1 } }),
      );
      await time('findOneAndUpdate {_id, tenantId}', (i) =>
        strings.findOneAndUpdate({ _id: sid(i), tenantId: 't1' }, { $set: { seen: -i } }),
      );
      await time('deleteOne {_id, tenantId} (missing)', (i) =>
        strings.deleteOne({ _id: `none-${i}`, tenantId: 't1' }),
      );
      await time('countDocuments {_id}', (i) => strings.countDocuments({ _id: sid(i) }));
      await time(
        'findOne {tenantId, ref} (strings, SQL scan)',
        (i) => strings.findOne({ tenantId: 't1', ref: `ref-${pick(i)}` }),
        8,
      );
      await time('findOne {n} (secondary field, scan)', (i) => strings.findOne({ n: pick(i) }), 8);
    }
    await db.dropDatabase();
  } finally {
    await client.close();
    await mongo.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
