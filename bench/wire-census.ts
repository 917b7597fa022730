/**
 * A loopback TCP proxy in front of the database that counts what another process (the built
 * server) sends it: commands by command, collection and filter keys (values left out), and the
 * time each took from the proxy's forwarding to the server's answer (waiting on a collection lock
 * included). The bench turns it on with BENCH_WIRE=1, to see which queries grow with the load.
 */
import net from 'node:net';
import { BSON, type Document } from 'mongodb';
import { shapeOf } from './stats.js';

const OP_MSG = 2013;

export interface WireCensus {
  /** A connection string like `uri` that goes through the proxy. */
  uri: string;
  /** Count and total milliseconds by command shape since the last reset. */
  shapes(): Map<string, { n: number; ms: number }>;
  reset(): void;
  close(): Promise<void>;
}

/** The command of one OP_MSG body (its kind-1 sections folded in under their identifiers). */
function commandOf(body: Buffer): Document | undefined {
  let at = 4; // flagBits
  let command: Document | undefined;
  const sequences: Record<string, Document[]> = {};
  while (at < body.length) {
    const kind = body[at]!;
    at += 1;
    if (kind === 0) {
      const size = body.readInt32LE(at);
      command = BSON.deserialize(body.subarray(at, at + size));
      at += size;
    } else if (kind === 1) {
      const size = body.readInt32LE(at);
      const end = at + size;
      let p = at + 4;
      const nul = body.indexOf(0, p);
      const id = body.toString('utf8', p, nul);
      p = nul + 1;
      const docs: Document[] = [];
      while (p < end) {
        const n = body.readInt32LE(p);
        docs.push(BSON.deserialize(body.subarray(p, p + n)));
        p += n;
      }
      sequences[id] = docs;
      at = end;
    } else break; // a checksum or something unknown: the command is read already
  }
  return command ? { ...command, ...sequences } : undefined;
}

function labelOf(command: Document): string {
  const name = Object.keys(command)[0] ?? '?';
  const target = command[name] as unknown;
  return `${name} ${typeof target === 'string' ? target : ''}`.trim() + shapeOf(command);
}

/**
 * `serial`: one command at a time across all connections (the others wait in the proxy), so each
 * command's time is its own cost on the server, not the time it waited behind others.
 */
export async function startWireCensus(uri: string, { serial = false } = {}): Promise<WireCensus> {
  const target = new URL(uri);
  const shapes = new Map<string, { n: number; ms: number }>();
  const sockets = new Set<net.Socket>();
  /** Serial mode: messages waiting for the server, and whether one is on its way. */
  const line: Array<() => void> = [];
  let busy = false;
  const pump = () => {
    if (busy) return;
    const next = line.shift();
    if (!next) return;
    busy = true;
    next();
  };
  const server = net.createServer((inbound) => {
    const outbound = net.connect(Number(target.port || 27017), target.hostname);
    sockets.add(inbound).add(outbound);
    const pending = new Map<number, { label: string; at: number; serial: boolean }>();
    let buffered: Buffer = Buffer.alloc(0);
    inbound.on('data', (chunk: Buffer) => {
      buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
      while (buffered.length >= 16) {
        const length = buffered.readInt32LE(0);
        if (buffered.length < length) break;
        const message = Buffer.from(buffered.subarray(0, length));
        buffered = buffered.subarray(length);
        const requestId = message.readInt32LE(4);
        const opCode = message.readInt32LE(12);
        let label = '?';
        if (opCode === OP_MSG) {
          try {
            const command = commandOf(message.subarray(16));
            if (command) label = labelOf(command);
          } catch {
            // not ours to judge: forwarded as it came
          }
        }
        // The driver's monitoring (an awaitable hello waits on the server for seconds) is not queued.
        const queued = serial && !/^(hello|isMaster|ismaster)\b/.test(label);
        const send = () => {
          pending.set(requestId, { label, at: performance.now(), serial: queued });
          outbound.write(message);
        };
        if (queued) {
          line.push(send);
          pump();
        } else send();
      }
    });
    let answers: Buffer = Buffer.alloc(0);
    outbound.on('data', (chunk: Buffer) => {
      inbound.write(chunk);
      answers = answers.length ? Buffer.concat([answers, chunk]) : chunk;
      while (answers.length >= 16) {
        const length = answers.readInt32LE(0);
        if (answers.length < length) break;
        const responseTo = answers.readInt32LE(8);
        const sent = pending.get(responseTo);
        if (sent) {
          pending.delete(responseTo);
          const t = shapes.get(sent.label) ?? { n: 0, ms: 0 };
          shapes.set(sent.label, { n: t.n + 1, ms: t.ms + performance.now() - sent.at });
          if (sent.serial) {
            busy = false;
            pump();
          }
        }
        answers = answers.subarray(length);
      }
    });
    const drop = () => {
      inbound.destroy();
      outbound.destroy();
      sockets.delete(inbound);
      sockets.delete(outbound);
    };
    inbound.on('error', drop).on('close', drop);
    outbound.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxied = new URL(uri);
  proxied.host = `127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  if (!proxied.searchParams.has('directConnection')) proxied.searchParams.set('directConnection', 'true');
  return {
    uri: proxied.toString(),
    shapes: () => new Map(shapes),
    reset: () => shapes.clear(),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
