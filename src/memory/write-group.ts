import { sendSettled } from './group-send.js';

/** One caller's items waiting in a write group, and how its promise is settled (with `R`). */
export interface Waiting<I, R = void> {
  items: I[];
  resolve: (result: R) => void;
  reject: (err: unknown) => void;
}

/**
 * Sends one batch and settles every caller in it; callers it did not write (an ordered command
 * stopped before them) go back to the head of the queue through `requeue`, ahead of newer ones.
 */
export type SendBatch<I, R = void> = (
  batch: Waiting<I, R>[],
  requeue: (rest: Waiting<I, R>[]) => void,
) => Promise<void>;

/** How a write group sends. */
export interface WriteGroupOptions {
  /**
   * Callers never wait behind a command on its way: the callers of one turn of the event loop
   * leave together at its check phase, whatever is still on its way (several commands may be).
   * For writes on the path of a message's latency, where waiting a round trip costs more than a
   * command shared saves. Default: callers wait while a command is on its way, and leave together.
   */
  overlap?: boolean;
}

/** The next callers of `queue` whose items fit one command of at most `max` items together. */
function takeBatch<I, R>(queue: Waiting<I, R>[], max: number): Waiting<I, R>[] {
  const batch: Waiting<I, R>[] = [queue.shift()!];
  let n = batch[0]!.items.length;
  while (queue.length > 0 && n + queue[0]!.items.length <= max) {
    n += queue[0]!.items.length;
    batch.push(queue.shift()!);
  }
  return batch;
}

/** Sends `batch` and settles its callers however the command ends; requeued callers go to `retry`. */
async function sendBatch<I, R>(
  batch: Waiting<I, R>[],
  send: SendBatch<I, R>,
  deadlineMs: number | undefined,
  retry: (rest: Waiting<I, R>[]) => void,
): Promise<void> {
  let open = true;
  const again = new Set<Waiting<I, R>>();
  // A command that ends after its callers were failed must not send them again.
  const requeue = (rest: Waiting<I, R>[]) => {
    if (!open) return;
    rest.forEach((p) => again.add(p));
    retry(rest);
  };
  await sendSettled(
    () => send(batch, requeue),
    // Callers sent back to the queue are still waiting for their own command.
    (err) => batch.forEach((p) => again.has(p) || p.reject(err)),
    deadlineMs,
  );
  open = false;
}

/** The `overlap` form of createWriteGroup: one flush per check phase, commands side by side. */
function overlapping<I, R>(
  max: number,
  send: SendBatch<I, R>,
  deadlineMs: number | undefined,
): (items: I[]) => Promise<R | undefined> {
  const queue: Waiting<I, R>[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    while (queue.length > 0) void sendBatch(takeBatch(queue, max), send, deadlineMs, later);
  };
  // Callers sent back (an ordered command stopped before them) leave with the next flush, first.
  function later(rest: Waiting<I, R>[]) {
    queue.unshift(...rest);
    schedule();
  }
  function schedule() {
    if (scheduled) return;
    scheduled = true;
    setImmediate(flush);
  }
  return (items) => joinQueue(queue, items, schedule);
}

/** A caller joins `queue` with its items, and `kick` has the queue sent; no items, nothing sent. */
function joinQueue<I, R>(queue: Waiting<I, R>[], items: I[], kick: () => void): Promise<R | undefined> {
  if (items.length === 0) return Promise.resolve(undefined);
  return new Promise<R>((resolve, reject) => {
    queue.push({ items, resolve, reject });
    kick();
  });
}

/**
 * The queue the group commits of this folder share (issue 13): a caller's items leave at once
 * when nothing is on its way; while something is, callers wait and leave together, in the order
 * they came, up to `max` items a command (a larger caller goes alone). Callers in the same turn of
 * the event loop leave together. One caller alone is sent exactly as its own command would have been. A caller
 * with no items is sent nothing and gets `undefined`. A command that throws, or that has not ended
 * after `deadlineMs` (commandDeadlineMs, group-send.ts), fails its callers and the queue goes on.
 */
export function createWriteGroup<I, R = void>(
  max: number,
  send: SendBatch<I, R>,
  /** commandDeadlineMs(collection) of the collection `send` writes to: required, so no group can forget it. */
  deadlineMs: number | undefined,
  options: WriteGroupOptions = {},
): (items: I[]) => Promise<R | undefined> {
  if (options.overlap) return overlapping(max, send, deadlineMs);
  let busy = false;
  const queue: Waiting<I, R>[] = [];

  async function drain(): Promise<void> {
    while (queue.length > 0) {
      await sendBatch(takeBatch(queue, max), send, deadlineMs, (rest) => queue.unshift(...rest));
    }
    busy = false;
  }

  return (items) =>
    joinQueue(queue, items, () => {
      if (busy) return;
      busy = true;
      // Sent in the loop's check phase: callers woken by the replies read in the same poll join it.
      setImmediate(() => void drain());
    });
}
