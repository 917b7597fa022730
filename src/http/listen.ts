import type { Server } from 'node:http';
import type express from 'express';

export interface Listening {
  /** The bound port (the real one when 0 was asked for). */
  port: number;
  close(): Promise<void>;
}

/** Starts the HTTP server and resolves once it accepts connections. */
export function listen(app: express.Express, port: number, host: string): Promise<Listening> {
  return new Promise((resolve, reject) => {
    const server: Server = app.listen(port, host);
    server.once('error', reject);
    server.once('listening', () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : port;
      resolve({
        port: bound,
        close: () =>
          new Promise<void>((done) => {
            // Keep-alive sockets would hold close() open; end idle ones now.
            server.closeIdleConnections();
            server.close(() => done());
            setTimeout(() => server.closeAllConnections(), 2000).unref();
          }),
      });
    });
  });
}
