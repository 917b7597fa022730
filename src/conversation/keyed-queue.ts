import { AppError } from '../errors.js';

/**
 * Runs tasks one at a time per key, in call order; tasks with no key in common run concurrently.
 * A task with several keys claims them all at the moment it is queued, so arrival order decides
 * and two multi-key tasks can never wait on each other. Keys are forgotten once idle.
 *
 * Every task is bounded: one that has not settled `timeoutMs` after it started (a database call
 * on a dead socket, a platform call that never answers) stops holding its keys, so the next
 * message of that thread is not blocked forever, and its caller gets a `QueueTimeoutError`.
 * Whatever the stuck task does later is ignored by the queue. That is safe for inbound messages
 * because their event id is already claimed (a redelivery is a duplicate, never a second run) and
 * the caller escalates the stored customer message on the timeout, so a person sees it; the
 * stuck task can at worst still finish its own work late, which writes through the same
 * conditional ticket updates and outbox keys as any other run.
 */
export interface KeyedQueue {
  run<T>(keys: string | string[], task: () => Promise<T>, options?: RunOptions): Promise<T>;
  /** Keys with a task running or waiting (for tests and diagnostics). */
  readonly size: number;
}

export interface RunOptions {
  /** Overrides the queue's timeout for this task (e.g. a task that waits on inner queued work). */
  timeoutMs?: number;
}

export interface KeyedQueueOptions {
  /** How long one task may hold its keys once started; 0 or omitted means unbounded. */
  timeoutMs?: number;
  /** Told when a task is abandoned, with its keys (to log which thread or ticket hung). */
  onTimeout?: (keys: string[], timeoutMs: number) => void;
}

/** A queued task ran longer than its bound; it may still be running, but no longer holds its keys. */
export class QueueTimeoutError extends AppError {
  readonly code = 'queue_timeout';
  constructor(
    readonly keys: string[],
    readonly timeoutMs: number,
  ) {
    super(`A queued task for ${keys.join(', ')} did not settle within ${timeoutMs} ms`);
  }
}

export function createKeyedQueue(options: KeyedQueueOptions = {}): KeyedQueue {
  const tails = new Map<string, Promise<unknown>>();
  return {
    run<T>(keys: string | string[], task: () => Promise<T>, runOptions: RunOptions = {}): Promise<T> {
      const list = [...new Set(Array.isArray(keys) ? keys : [keys])];
      const timeoutMs = runOptions.timeoutMs ?? options.timeoutMs ?? 0;
      const previous = Promise.all(list.map((k) => tails.get(k) ?? Promise.resolve()));
      const bounded = () => withTimeout(task, list, timeoutMs, options.onTimeout);
      // The next task waits for this one whether it succeeds, fails or times out.
      const result = previous.then(bounded, bounded);
      const tail = result.then(
        () => undefined,
        () => undefined,
      );
      for (const key of list) tails.set(key, tail);
      void tail.then(() => {
        for (const key of list) if (tails.get(key) === tail) tails.delete(key);
      });
      return result;
    },
    get size() {
      return tails.size;
    },
  };
}

function withTimeout<T>(
  task: () => Promise<T>,
  keys: string[],
  timeoutMs: number,
  onTimeout: KeyedQueueOptions['onTimeout'],
): Promise<T> {
  const running = Promise.resolve().then(task);
  if (timeoutMs <= 0) return running;
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      onTimeout?.(keys, timeoutMs);
      reject(new QueueTimeoutError(keys, timeoutMs));
    }, timeoutMs);
    // A timer must not keep a stopping process alive just to report a hang.
    timer.unref?.();
    running.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}
