import { createServer } from 'node:net';
import { describe, expect, it, inject } from 'vitest';
import pino from 'pino';
import { connectDatabase } from '../../src/memory/connect.js';
import { UpstreamError } from '../../src/errors.js';

async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

describe('connectDatabase', () => {
  it('connects to the run server and pings', async () => {
    const conn = await connectDatabase({
      uri: inject('mongoUri'),
      dbName: 'connect_ok',
      logger: pino({ level: 'silent' }),
    });
    expect((await conn.db.command({ ping: 1 })).ok).toBe(1);
    await conn.close();
  });

  it('fails an unreachable server with one line naming the host, never the password', async () => {
    const port = await closedPort();
    const started = Date.now();
    const err = await connectDatabase({
      uri: `mongodb://switchboard:hunter2secret@127.0.0.1:${port}/app`,
      dbName: 'app',
      logger: pino({ level: 'silent' }),
      serverSelectionTimeoutMS: 1500,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamError);
    const message = (err as Error).message;
    expect(message).toContain(`127.0.0.1:${port}`);
    expect(message).not.toContain('hunter2secret');
    expect(message).not.toContain('\n');
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
