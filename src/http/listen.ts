import type { Server, ServerResponse } from 'node:http';
import type express from 'express';

export interface Listening {
  /** The bound port (the real one when 0 was asked for). */
  port: number;
  /**
   * Stops accepting connections and resolves once every request in progress has been answered:
   * a SIGTERM lets a customer's pending answer reach them. Event streams (the sandbox's live
   * updates) never finish on their own, so they are ended at once; `drainMs` bounds the rest.
   */
  close(): Promise<void>;
}

export interface ListenOptions {
  /** Longest wait for requests in progress before their connections are cut. Default 60 s. */
  drainMs?: number;
}

const isEventStream = (res: ServerResponse) =>
  String(res.getHeader('content-type') ?? '').startsWith('text/event-stream');

/** Starts the HTTP server and resolves once it accepts connections. */
export function listen(
  app: express.Express,
  port: number,
  host: string,
  options: ListenOptions = {},
): Promise<Listening> {
  const inFlight = new Set<ServerResponse>();
  return new Promise((resolve, reject) => {
    const server: Server = app.listen(port, host);
    server.on('request', (_req, res: ServerResponse) => {
      inFlight.add(res);
      res.once('close', () => inFlight.delete(res));
    });
    server.once('error', reject);
    server.once('listening', () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : port;
      resolve({
        port: bound,
        close: () =>
          new Promise<void>((done) => {
            for (const res of inFlight) if (isEventStream(res)) res.end();
            // Keep-alive sockets would hold close() open: end each one as soon as it is idle.
            // Sockets with a request in progress stay open until their response is sent.
            const sweep = setInterval(() => server.closeIdleConnections(), 100);
            const cut = setTimeout(() => server.closeAllConnections(), options.drainMs ?? 60_000);
            cut.unref();
            server.close(() => {
              clearInterval(sweep);
              clearTimeout(cut);
              done();
            });
            server.closeIdleConnections();
          }),
      });
    });
  });
}
