import { randomBytes } from 'node:crypto';
import { MongoClient, type CommandStartedEvent, type Db } from 'mongodb';
import { inject } from 'vitest';

export interface TestDb {
  client: MongoClient;
  db: Db;
  uri: string;
  dbName: string;
  close(): Promise<void>;
}

/** A fresh database on the run's real MongoDB-wire server; dropped on close. */
export async function createTestDb(prefix = 't'): Promise<TestDb> {
  const uri = inject('mongoUri');
  const dbName = `${prefix}_${randomBytes(5).toString('hex')}`;
  // As src/memory/connect.ts: undefined optional fields are left out, not stored as null.
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 5000, ignoreUndefined: true });
  await client.connect();
  const db = client.db(dbName);
  return {
    client,
    db,
    uri,
    dbName,
    async close() {
      await db.dropDatabase().catch(() => undefined);
      await client.close();
    },
  };
}

/**
 * A second client on a test database's server that records into `started` every command named
 * `commandName` it sends (the caller closes it): for counting what a piece of code sends.
 */
export async function monitoredClient(
  t: TestDb,
  commandName: string,
  started: CommandStartedEvent[],
): Promise<MongoClient> {
  const client = new MongoClient(t.uri, { monitorCommands: true, ignoreUndefined: true });
  client.on('commandStarted', (e) => {
    if (e.commandName === commandName) started.push(e);
  });
  await client.connect();
  return client;
}
