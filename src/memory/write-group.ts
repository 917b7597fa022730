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
): (items: I[]) => Promise<R | undefined> {
  let busy = false;
  const queue: Waiting<I, R>[] = [];

  /** The next callers whose items fit one command together. */
  function take(): Waiting<I, R>[] {
    const batch: Waiting<I, R>[] = [queue.shift()!];
    let n = batch[0]!.items.length;
    while (queue.length > 0 && n + queue[0]!.items.length <= max) {
      n += queue[0]!.items.length;
      batch.push(queue.shift()!);
    }
    return batch;
  }

  async function drain(): Promise<void> {
    while (queue.length > 0) {
      const batch = take();
      let open = true;
      const again = new Set<Waiting<I, R>>();
      // A command that ends after its callers were failed must not send them again.
      const requeue = (rest: Waiting<I, R>[]) => {
        if (!open) return;
        rest.forEach((p) => again.add(p));
        queue.unshift(...rest);
      };
      await sendSettled(
        () => send(batch, requeue),
        // Callers sent back to the queue are still waiting for their own command.
        (err) => batch.forEach((p) => again.has(p) || p.reject(err)),
        deadlineMs,
      );
      open = false;
    }
    busy = false;
  }

  return (items) => {
    if (items.length === 0) return Promise.resolve(undefined);
    return new Promise<R>((resolve, reject) => {
      queue.push({ items, resolve, reject });
      if (busy) return;
      busy = true;
      // Sent in the loop's check phase: callers woken by the replies read in the same poll join it.
      setImmediate(() => void drain());
    });
  };
}
