import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startLocalMongo } from '../src/memory/local-mongo.js';
import { Writable } from 'node:stream';
import { MongoClient } from 'mongodb';
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createIdGenerator, systemClock } from '../src/domain/index.js';
import { createLogger } from '../src/logger.js';
import { DEMO } from '../src/memory/demo-data.js';
import { seedDemo } from '../src/memory/seed.js';
import { createTestChannel, testChannelAdapter } from '../test/support/test-channel.js';
import { message } from './harness.js';
let logged = 0;
const sink = new Writable({ write(chunk, _e, cb) { logged += chunk.length; cb(); } });
async function withApp(uri: string, _x: undefined, fn: (app: Awaited<ReturnType<typeof createApp>>) => Promise<void>) {
  const client = new MongoClient(uri, { ignoreUndefined: true });
  await client.connect();
  const db = client.db(`probe_${Date.now().toString(36)}`);
  const app = await createApp({
    config: loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'never' }),
    logger: createLogger({ level: 'debug', destination: sink }),
    db, adapters: [testChannelAdapter(createTestChannel())], clock: systemClock, ids: createIdGenerator(), sweepIntervalMs: 3_600_000,
  });
  await seedDemo({ stores: app.stores, tenantId: DEMO.tenantId, clock: systemClock });
  try { await fn(app); } finally { await app.stop(); await db.dropDatabase(); await client.close(); console.log('log bytes', logged); }
}

const N = Number(process.env.PROBE_N ?? 40_000);
const ATTACKS: Record<string, string> = {
  letters: 'a'.repeat(N),
  digits: '1'.repeat(N),
  dotdigits: '1.'.repeat(N / 2),
  dashdigits: '1-'.repeat(N / 2),
  spacedigits: '1 '.repeat(N / 2),
  atletters: 'a@'.repeat(N / 2),
  dotletters: 'a.'.repeat(N / 2),
  dollar: '$1,'.repeat(N / 3),
  commadigits: '1,'.repeat(N / 2),
  mixed: 'a1'.repeat(N / 2),
  hash: '#1'.repeat(N / 2),
  excl: '!.'.repeat(N / 2),
  newlines: 'a\n'.repeat(N / 2),
  spaces: 'a' + ' '.repeat(N - 2) + 'b',
  thankyou: 'thanks ' + 'thank you '.repeat(N / 10 - 2),
  xthanks: 'thanks' + '!'.repeat(N - 7) + 'x',
  lt: '<'.repeat(N),
  ltat: '<at>'.repeat(N / 4),
  paren: '(1'.repeat(N / 2),
  plusdigits: '+1'.repeat(N / 2),
  emailish: 'a.a@'.repeat(N / 4),
  emaildom: 'a@' + 'a.'.repeat(N / 2 - 1),
};
const only = process.argv[2];
const dir = mkdtempSync(path.join(tmpdir(), 'probe-'));
const mongo = await startLocalMongo({ uri: process.env.MONGODB_URI, dataDir: dir });
try {
  await withApp(mongo.uri, undefined, async (app) => {
    await app.engine.handleInbound(message('maya', 'Where is order 1042?'));
    for (const [name, text] of Object.entries(ATTACKS)) {
      if (only && name !== only) continue;
      const t = performance.now();
      await app.engine.handleInbound(message('maya', text));
      console.log(name.padEnd(12), Math.round(performance.now() - t), 'ms');
    }
  });
} finally {
  await mongo.stop();
}
