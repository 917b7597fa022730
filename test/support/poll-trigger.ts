import net from 'node:net';

/** Runs operations at a chosen instant of Node's event loop, right after a poll that read I/O. */
export interface PollTrigger {
  /**
   * Runs `ops` from the I/O callback that reads a byte written now (the next poll), or, with
   * `immediate`, from a `setImmediate` queued by that callback (after the poll, before the close
   * phase: where a socket the poll saw end is destroyed but not yet closed). `settled` is their
   * outcomes, handled from the start (a rejection is never left unhandled meanwhile).
   */
  fire<T>(
    ops: () => Promise<T>[],
    immediate?: boolean,
  ): Promise<{ settled: Promise<PromiseSettledResult<T>[]> }>;
  close(): void;
}

/** A loopback socket pair whose byte, written on `fire`, wakes the next poll. */
export async function pollTrigger(): Promise<PollTrigger> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const accepted = new Promise<net.Socket>((resolve) => server.once('connection', resolve));
  const out = net.connect((server.address() as net.AddressInfo).port, '127.0.0.1');
  await new Promise((resolve) => out.once('connect', resolve));
  const inbound = await accepted;
  return {
    fire: (ops, immediate = false) =>
      new Promise((resolve) => {
        const run = () => resolve({ settled: Promise.allSettled(ops()) });
        inbound.once('data', () => (immediate ? setImmediate(run) : run()));
        out.write('x');
      }),
    close() {
      out.destroy();
      inbound.destroy();
      server.close();
    },
  };
}
