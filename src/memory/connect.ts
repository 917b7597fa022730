import { MongoClient, type Db } from 'mongodb';
import { UpstreamError } from '../errors.js';
import { redactText, type Logger } from '../logger.js';
import { safeHost } from './local-mongo.js';

export interface ConnectOptions {
  uri: string;
  dbName: string;
  logger: Logger;
  /** How long to wait for a reachable server; start-up must fail well within 15 s. */
  serverSelectionTimeoutMS?: number;
  /** How long one operation may wait on a silent socket; 30 s by default. */
  socketTimeoutMS?: number;
}

export interface DatabaseConnection {
  client: MongoClient;
  db: Db;
  close(): Promise<void>;
}

/**
 * Connects and pings once, so an unreachable server fails start-up with one line naming the
 * host (never the password) instead of failing later on the first customer message.
 */
export async function connectDatabase(options: ConnectOptions): Promise<DatabaseConnection> {
  const host = safeHost(options.uri);
  const timeout = options.serverSelectionTimeoutMS ?? 10_000;
  let client: MongoClient | undefined;
  try {
    // Optional fields left undefined must be absent, not null: the schemas reject null on the way out.
    client = new MongoClient(options.uri, {
      serverSelectionTimeoutMS: timeout,
      // A call on a socket that went silent fails after this instead of waiting forever and
      // holding a ticket's queue; longer than any query we run (the recovery sweep's included).
      socketTimeoutMS: options.socketTimeoutMS ?? 30_000,
      appName: 'switchboard',
      ignoreUndefined: true,
    });
    await client.connect();
    await client.db(options.dbName).command({ ping: 1 });
  } catch (err) {
    await client?.close().catch(() => undefined);
    const reason = redactText(firstLine(err)).replace(options.uri, host);
    throw new UpstreamError(`Cannot reach MongoDB at ${host} within ${timeout / 1000} s: ${reason}`, {
      cause: err,
      publicMessage: 'The database is unreachable.',
    });
  }
  const db = client.db(options.dbName);
  options.logger.info({ host, db: options.dbName }, 'connected to MongoDB');
  const connected = client;
  return { client: connected, db, close: () => connected.close() };
}

function firstLine(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  // Strip any credentials the driver might echo back before anything else sees the message.
  return (message.split('\n')[0] ?? '').replace(/\/\/[^@/\s]*@/g, '//');
}

export interface ConnectionWatchOptions {
  uri: string;
  dbName: string;
  logger: Logger;
  /** How often the connection is pinged. 5 s. */
  intervalMs?: number;
  /** Consecutive failed pings before a fresh connection is tried beside it. 3 (15 s). */
  failuresBeforeProbe?: number;
  /** How long one ping or probe may take. 2 s. */
  timeoutMs?: number;
}

/**
 * Heals a client that stays cut off after the database came back. The fault drill
 * (`npm run drill -- --only database`) saw the driver keep failing server selection with the
 * error of the moment the database went away ("connection N … closed") for over a minute after
 * it was back, in about half the trials: nothing could be stored, so every platform delivery got
 * 503 until a restart. Every `intervalMs` the client is pinged; after `failuresBeforeProbe`
 * failures in a row a separate short-lived client tries the same server: when that one gets
 * through, the stuck client is closed and connected again (the app's `Db` handles stay valid;
 * operations in the gap fail as during the outage and are retried as then). When the probe fails
 * too, the database is really down and nothing is done.
 */
export function watchConnection(client: MongoClient, options: ConnectionWatchOptions): { stop(): void } {
  const intervalMs = options.intervalMs ?? 5000;
  const limit = options.failuresBeforeProbe ?? 3;
  const timeoutMs = options.timeoutMs ?? 2000;
  const host = safeHost(options.uri);
  let failures = 0;
  let busy = false;
  // A client whose pool hands connections back is working, however slow its pings: under load a
  // ping waits behind the queued operations, and reconnecting would fail every one of them.
  let progressed = false;
  const onProgress = () => {
    progressed = true;
  };
  client.on('connectionCheckedIn', onProgress);
  const within = <T>(p: Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      p.then(
        (v) => {
          clearTimeout(timer);
          resolve(v);
        },
        (err: unknown) => {
          clearTimeout(timer);
          reject(err instanceof Error ? err : new Error(String(err)));
        },
      );
    });
  async function reachableAfresh(): Promise<boolean> {
    const probe = new MongoClient(options.uri, {
      serverSelectionTimeoutMS: timeoutMs,
      connectTimeoutMS: timeoutMs,
      appName: 'switchboard-probe',
    });
    try {
      await within(probe.connect().then(() => probe.db(options.dbName).command({ ping: 1 })));
      return true;
    } catch {
      return false;
    } finally {
      await probe.close().catch(() => undefined);
    }
  }
  async function check(): Promise<void> {
    if (busy) return;
    busy = true;
    try {
      await within(client.db(options.dbName).command({ ping: 1 }));
      failures = 0;
    } catch {
      if (progressed) {
        // Busy, not stuck.
        progressed = false;
        failures = 0;
        return;
      }
      failures += 1;
      if (failures < limit) return;
      if (!(await reachableAfresh())) return;
      options.logger.warn(
        { host, failedPings: failures },
        'the database answers a new connection but not this one: reconnecting',
      );
      failures = 0;
      await client.close().catch(() => undefined);
      await client.connect().catch((err: unknown) => {
        options.logger.error({ err, host }, 'reconnecting to the database failed; will try again');
      });
    } finally {
      busy = false;
    }
  }
  const timer = setInterval(() => {
    void check().finally(() => {
      progressed = false;
    });
  }, intervalMs);
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
      client.off('connectionCheckedIn', onProgress);
    },
  };
}
