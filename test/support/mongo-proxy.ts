import net from 'node:net';
import { MongoClient, type Db } from 'mongodb';
import { inject } from 'vitest';

/**
 * A TCP proxy on loopback in front of the run's real MongoDB-wire server, so a test can take the
 * database away from one app (its connections cut, new ones refused) and give it back, while
 * every other test keeps using the server. The driver sees what it sees in production: a reset
 * socket, then connection refused.
 */
export interface MongoProxy {
  /** A client through the proxy (short server selection, so a fault shows within a second). */
  connect(dbName: string): Promise<{ client: MongoClient; db: Db }>;
  /** Cuts every open connection and refuses new ones until `up()`. */
  down(): void;
  /**
   * The server stops reading what the open connections send (a hung server, a full network):
   * their writes back up, and nothing is cut until the client cuts them itself (its monitor's
   * timeout or its socket timeout).
   */
  stall(): void;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startMongoProxy(): Promise<MongoProxy> {
  const target = new URL(inject('mongoUri'));
  const sockets = new Set<net.Socket>();
  const inbounds = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const clients: MongoClient[] = [];

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = net.createServer((inbound) => {
        const outbound = net.connect(Number(target.port), target.hostname);
        sockets.add(inbound).add(outbound);
        inbounds.add(inbound);
        const drop = () => {
          inbound.destroy();
          outbound.destroy();
          sockets.delete(inbound);
          sockets.delete(outbound);
          inbounds.delete(inbound);
        };
        inbound.on('error', drop).on('close', drop);
        outbound.on('error', drop).on('close', drop);
        inbound.pipe(outbound).pipe(inbound);
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as net.AddressInfo).port;
        server = s;
        resolve();
      });
    });
  await listen();
  const down = () => {
    server?.close();
    server = undefined;
    for (const s of sockets) s.destroy();
    sockets.clear();
    inbounds.clear();
  };

  return {
    async connect(dbName) {
      const uri = new URL(target.toString());
      uri.host = `127.0.0.1:${port}`;
      const client = new MongoClient(uri.toString(), {
        serverSelectionTimeoutMS: 1000,
        // Bounded like the app's own client (src/memory/connect.ts), shorter: a grouped command
        // the driver never ends fails within commandDeadlineMs (10 s here, group-send.ts).
        connectTimeoutMS: 1000,
        socketTimeoutMS: 3000,
        heartbeatFrequencyMS: 500,
        ignoreUndefined: true,
        directConnection: true,
      });
      await client.connect();
      clients.push(client);
      return { client, db: client.db(dbName) };
    },
    down,
    stall() {
      for (const inbound of inbounds) {
        inbound.unpipe();
        inbound.pause();
      }
    },
    async up() {
      if (!server) await listen();
    },
    async close() {
      down();
      await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
    },
  };
}
