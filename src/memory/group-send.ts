import type { MongoClient } from 'mongodb';
import { UnavailableError } from '../errors.js';

/**
 * How long one grouped command may take before its callers are told the database did not answer:
 * the driver's own bounds for a command added up (choosing the server, opening a connection, a
 * silent socket), twice for the one retry it makes, so a command the driver would still finish is
 * never cut short. Undefined (no bound) when the client sets no socket timeout: it then waits as
 * long as a command runs, and the group cannot know better.
 */
export function commandDeadlineMs(col: object): number | undefined {
  // The handle's client is the driver's own field (typed internal, public on `Db`); without it
  // (another driver version) groups wait as before.
  const client = (col as unknown as { client?: MongoClient }).client;
  const options = client?.options;
  if (!options?.socketTimeoutMS) return undefined;
  return 2 * (options.serverSelectionTimeoutMS + options.connectTimeoutMS + options.socketTimeoutMS);
}

/**
 * Sends one group's command and returns once its callers are settled, however it ends, so the
 * group goes on to the next callers. `send` settles its callers itself; when it throws instead,
 * or does not end within `deadlineMs`, `fail` gives every caller of the batch the error (a caller
 * already settled keeps its outcome). A command still running after it returned must not requeue
 * its callers: they were told it failed.
 *
 * Why a deadline: the driver (mongodb 7.9) as published never settles a command written to a
 * socket that Node has already destroyed on the server's end-of-stream but whose `close` it has
 * not yet emitted. The write returns false without an error, the driver waits for a `drain` that
 * never comes, and the `close` that follows fails only a pending read. `setImmediate` runs exactly in that window
 * (check phase, between the poll that read the end and the close phase), and the groups send
 * from it; socketTimeoutMS does not help (Node ignores a timeout on a destroyed socket), and the
 * driver's `timeoutMS` has no effect in 7.x. Without this a whole group stayed stuck: every later
 * caller queued behind the command that never ended. The driver is now patched at the root
 * (patches/mongodb+7.9.0.patch fails such a write); the deadline stays as a second line of
 * defence, for an install that skipped the patch or a hang of another cause.
 */
export async function sendSettled(
  send: () => Promise<void>,
  fail: (err: unknown) => void,
  deadlineMs: number | undefined,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const sent = Promise.resolve().then(send);
  try {
    if (deadlineMs === undefined) {
      await sent;
      return;
    }
    const expired = new Promise<'expired'>((resolve) => {
      timer = setTimeout(() => resolve('expired'), deadlineMs);
    });
    if ((await Promise.race([sent, expired])) === 'expired') {
      // Still running: whatever it ends with later is nobody's to hear.
      sent.catch(() => undefined);
      fail(
        new UnavailableError(`the database did not answer a grouped command within ${deadlineMs} ms`, {
          publicMessage: 'The database did not answer in time; please try again in a moment.',
        }),
      );
    }
  } catch (err) {
    fail(err);
  } finally {
    clearTimeout(timer);
  }
}
