import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MongoClient } from 'mongodb';
import type { Logger } from '../logger.js';

export type LocalMongoKind = 'uri' | 'mongod' | 'mongo-compat' | 'mongodb-memory-server';

export interface LocalMongo {
  uri: string;
  kind: LocalMongoKind;
  /** How long starting the embedded server took (absent for MONGODB_URI). */
  startMs?: number;
  /** The spawned server's process id (absent for MONGODB_URI and mongodb-memory-server). */
  pid?: number;
  stop(): Promise<void>;
}

export interface LocalMongoOptions {
  /** MONGODB_URI: used as is when set. */
  uri?: string;
  /** Where a spawned server keeps its data. */
  dataDir: string;
  logger?: Logger;
  /** Port for a spawned server; a free one when omitted. */
  port?: number;
  /** Build tools/mongo-compat with Go when its binary is missing or stale (default true). */
  buildIfMissing?: boolean;
  /**
   * The spawned mongo-compat's `nice` (0–19; default DEFAULT_COMPAT_NICE, `config.mongo.compatNice`). Lower priority than
   * the app: the app runs messages on one thread and waits on the server for every step, so the
   * server's threads waking on each command should not preempt that thread; the server still gets
   * the other core. The test suite passes 0: its many workers would starve a lower-priority server.
   */
  nice?: number;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Cached outside the tracked files (.cache is ignored by git). */
export const MONGO_COMPAT_BIN = path.join(ROOT, '.cache', 'mongo-compat', 'mongo-compat');
const MONGO_COMPAT_SRC = path.join(ROOT, 'tools', 'mongo-compat');
const BUILD_SCRIPT = path.join(ROOT, 'scripts', 'build-mongo-compat.mjs');

function onPath(cmd: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForServer(uri: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`server exited with code ${child.exitCode} before accepting connections`);
    const client = new MongoClient(uri, { serverSelectionTimeoutMS: 500, connectTimeoutMS: 500 });
    try {
      await client.connect();
      await client.db('admin').command({ ping: 1 });
      return;
    } catch (err) {
      lastError = err;
      await new Promise((r) => setTimeout(r, 150));
    } finally {
      await client.close().catch(() => undefined);
    }
  }
  throw new Error(`server did not accept connections within ${timeoutMs} ms: ${String(lastError)}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Builds the FerretDB-based server with Go when its binary is missing or older than its sources
 * (scripts/build-mongo-compat.mjs keeps a source hash beside the binary; about a minute the first
 * time, a few milliseconds when up to date). Returns whether a binary is there to run.
 */
export function buildMongoCompat(logger?: Logger): boolean {
  if (!existsSync(BUILD_SCRIPT) || !existsSync(path.join(MONGO_COMPAT_SRC, 'go.mod'))) {
    return existsSync(MONGO_COMPAT_BIN);
  }
  const res = spawnSync(process.execPath, [BUILD_SCRIPT, '--quiet'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const said = res.stdout?.toString().trim();
  if (said) logger?.info({ out: MONGO_COMPAT_BIN }, said);
  return existsSync(MONGO_COMPAT_BIN);
}

/** Below the app's priority unless told otherwise (see LocalMongoOptions.nice; MONGO_COMPAT_NICE's default). */
export const DEFAULT_COMPAT_NICE = 10;

async function spawnServer(kind: 'mongod' | 'mongo-compat', options: LocalMongoOptions): Promise<LocalMongo> {
  const started = performance.now();
  const port = options.port ?? (await freePort());
  const dir = path.resolve(options.dataDir, kind);
  mkdirSync(dir, { recursive: true });
  const [cmd, args] =
    kind === 'mongod'
      ? ['mongod', ['--dbpath', dir, '--port', String(port), '--bind_ip', '127.0.0.1', '--quiet']]
      : [MONGO_COMPAT_BIN, ['-listen', `127.0.0.1:${port}`, '-dir', dir]];
  const nice = kind === 'mongo-compat' ? (options.nice ?? DEFAULT_COMPAT_NICE) : 0;
  const child =
    nice > 0 && onPath('nice')
      ? spawn('nice', ['-n', String(nice), cmd, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let tail = '';
  const keep = (b: Buffer) => {
    tail = (tail + b.toString()).slice(-2000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const uri = `mongodb://127.0.0.1:${port}/`;
  try {
    await waitForServer(uri, child, 20_000);
  } catch (err) {
    await stopChild(child);
    throw new Error(`${kind} failed to start: ${(err as Error).message}\n${tail}`, { cause: err });
  }
  return {
    uri,
    kind,
    startMs: Math.round(performance.now() - started),
    pid: child.pid,
    stop: () => stopChild(child),
  };
}

/**
 * Zero-config MongoDB, in this order: MONGODB_URI; `mongod` on the PATH; the FerretDB-based
 * server from tools/mongo-compat (built with Go if needed); mongodb-memory-server (downloads a
 * real mongod, so it needs internet). Logs which one it chose.
 */
export async function startLocalMongo(options: LocalMongoOptions): Promise<LocalMongo> {
  const log = options.logger;
  if (options.uri) {
    log?.info({ mongo: 'uri', host: safeHost(options.uri) }, 'using MongoDB from MONGODB_URI');
    return { uri: options.uri, kind: 'uri', stop: async () => undefined };
  }
  if (onPath('mongod')) {
    const m = await spawnServer('mongod', options);
    log?.info({ mongo: m.kind, uri: m.uri, startMs: m.startMs }, `started a local mongod in ${m.startMs} ms`);
    return m;
  }
  if (options.buildIfMissing === false ? existsSync(MONGO_COMPAT_BIN) : buildMongoCompat(log)) {
    const m = await spawnServer('mongo-compat', options);
    log?.info(
      { mongo: m.kind, uri: m.uri, startMs: m.startMs },
      `started the MongoDB-compatible server (FerretDB on SQLite) in ${m.startMs} ms`,
    );
    return m;
  }
  log?.warn('no mongod and no Go toolchain: trying mongodb-memory-server, which downloads mongod');
  const started = performance.now();
  const { MongoMemoryServer } = await import('mongodb-memory-server-core');
  const server = await MongoMemoryServer.create();
  const startMs = Math.round(performance.now() - started);
  log?.info(
    { mongo: 'mongodb-memory-server', uri: server.getUri(), startMs },
    `started mongodb-memory-server in ${startMs} ms`,
  );
  return {
    uri: server.getUri(),
    kind: 'mongodb-memory-server',
    startMs,
    stop: async () => void (await server.stop()),
  };
}

/** The URI's host(s) without credentials, for log lines and error messages. */
export function safeHost(uri: string): string {
  const m = /^mongodb(?:\+srv)?:\/\/(?:[^@/]*@)?([^/?]+)/.exec(uri);
  return m?.[1] ?? '(unparseable URI)';
}
