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
