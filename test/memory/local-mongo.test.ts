import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, inject } from 'vitest';
import { MongoClient } from 'mongodb';
import { safeHost, startLocalMongo } from '../../src/memory/local-mongo.js';

/** A process's nice value, from /proc (Linux). */
const niceOf = (pid: number) =>
  Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);

describe('local MongoDB', () => {
  it('runs the tests against a real MongoDB-wire server', async () => {
    const client = new MongoClient(inject('mongoUri'));
    await client.connect();
    const info = await client.db('admin').command({ buildInfo: 1 });
    expect(typeof info.version).toBe('string');
    await client.close();
  });

  it('never puts credentials in the host it reports', () => {
    expect(safeHost('mongodb://user:s3cret@db.example.com:27017/x')).toBe('db.example.com:27017');
    expect(safeHost('mongodb+srv://u:p@cluster0.abc.mongodb.net/?retryWrites=true')).toBe(
      'cluster0.abc.mongodb.net',
    );
  });

  const embedded =
    process.platform === 'linux' &&
    !process.env.MONGODB_URI &&
    spawnSync('sh', ['-c', 'command -v mongod'], { stdio: 'ignore' }).status !== 0;
  it.runIf(embedded)('starts the embedded server below the app’s priority, by `nice`', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'switchboard-nice-'));
    try {
      const server = await startLocalMongo({ dataDir, buildIfMissing: false, nice: 7 });
      try {
        expect(server.kind).toBe('mongo-compat');
        expect(niceOf(server.pid!) - niceOf(process.pid)).toBe(7);
        const client = new MongoClient(server.uri);
        await client.connect();
        await client
          .db('x')
          .collection('y')
          .insertOne({ _id: 'one' } as never);
        expect(await client.db('x').collection('y').countDocuments()).toBe(1);
        await client.close();
      } finally {
        await server.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
