/**
 * Teams throttles bots with 429 (and sometimes 503 while busy). Calls are retried with an
 * exponential backoff that honours `Retry-After`; the last error is rethrown for the caller to log.
 *
 * Only where a retry cannot post twice: a 429 means Teams did not process the request (documented),
 * so any call may repeat it; a 503 may come after the activity was created, so only an update
 * (PUT, idempotent) repeats on it. A new post that failed otherwise is left to the engine's outbox.
 */

export interface RetryOptions {
  /** Total attempts, first included. */
  attempts: number;
  /** First wait; doubles each time. */
  baseDelayMs: number;
  /** Upper bound on one wait, whatever Retry-After says. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryOptions = { attempts: 4, baseDelayMs: 500, maxDelayMs: 8_000 };

/** `post` creates an activity (not idempotent); `update` replaces one (idempotent). */
export type CallKind = 'post' | 'update';

const RETRYABLE: Record<CallKind, ReadonlySet<number>> = {
  post: new Set([429]),
  update: new Set([429, 502, 503, 504]),
};

/** Whether a failed call of this kind may be repeated without doing its work twice. */
export function isRetryable(kind: CallKind, status: number | undefined): boolean {
  return status !== undefined && RETRYABLE[kind].has(status);
}

interface HttpishError {
  statusCode?: number;
  response?: { headers?: { get?(name: string): string | undefined } };
}

export function statusOf(err: unknown): number | undefined {
  const e = err as HttpishError | undefined;
  return typeof e?.statusCode === 'number' ? e.statusCode : undefined;
}

function retryAfterMs(err: unknown): number | undefined {
  const header = (err as HttpishError | undefined)?.response?.headers?.get?.('retry-after');
  if (header === undefined) return undefined;
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

export async function withRetry<T>(
  kind: CallKind,
  op: () => Promise<T>,
  options: RetryOptions = DEFAULT_RETRY,
  onRetry?: (attempt: number, err: unknown, delayMs: number) => void,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await op();
    } catch (err) {
      if (attempt >= options.attempts || !isRetryable(kind, statusOf(err))) throw err;
      const backoff = options.baseDelayMs * 2 ** (attempt - 1);
      const delayMs = Math.min(options.maxDelayMs, Math.max(backoff, retryAfterMs(err) ?? 0));
      onRetry?.(attempt, err, delayMs);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}
