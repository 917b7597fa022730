/**
 * Teams throttles bots with 429 (and sometimes 503 while busy). Calls are retried with an
 * exponential backoff; a `Retry-After` (seconds or an HTTP date) is waited out as given, up to
 * `maxRetryAfterMs`. A longer one is not waited for in process: the error goes back to the
 * engine, whose outbox sends the message again later. The last error is rethrown for the caller.
 *
 * Only where a retry cannot post twice: a 429 means Teams did not process the request (documented),
 * so any call may repeat it; a 503 may come after the activity was created, so only an update
 * (PUT, idempotent) repeats on it. A new post that failed otherwise is left to the engine's outbox.
 */

export interface RetryOptions {
  /** Total attempts, first included. */
  attempts: number;
  /** First wait when Teams names none; doubles each time. */
  baseDelayMs: number;
  /** Upper bound on one backoff wait when Teams sends no Retry-After. */
  maxDelayMs: number;
  /**
   * Longest Retry-After waited in process (TEAMS_MAX_RETRY_AFTER_MS). Beyond it the call fails
   * at once and the outbox retries the message later, so a long throttle holds no request open.
   */
  maxRetryAfterMs: number;
  /** Waits; `setTimeout` by default, a recording fake in tests. */
  sleep?: (ms: number) => Promise<void>;
  /** Current time in epoch ms, for Retry-After given as an HTTP date. */
  now?: () => number;
}

export const DEFAULT_RETRY: RetryOptions = {
  attempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
};

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

/**
 * RFC 9110 §10.2.3: `Retry-After` is delay-seconds (digits only) or an HTTP-date. A date in the
 * past means "now"; anything else unreadable is ignored (the backoff applies).
 */
export function parseRetryAfter(header: string | undefined, nowMs: number): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // An HTTP-date names a day and month ("Fri, 20 Nov 2026 10:00:35 GMT"); Date.parse alone
  // would take "-3" or "1.5" for dates.
  if (!/[A-Za-z]{3}/.test(value)) return undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

function retryAfterHeader(err: unknown): string | undefined {
  return (err as HttpishError | undefined)?.response?.headers?.get?.('retry-after') ?? undefined;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function withRetry<T>(
  kind: CallKind,
  op: () => Promise<T>,
  options: RetryOptions = DEFAULT_RETRY,
  onRetry?: (attempt: number, err: unknown, delayMs: number) => void,
): Promise<T> {
  const sleep = options.sleep ?? realSleep;
  const now = options.now ?? Date.now;
  for (let attempt = 1; ; attempt++) {
    try {
      return await op();
    } catch (err) {
      if (attempt >= options.attempts || !isRetryable(kind, statusOf(err))) throw err;
      const retryAfter = parseRetryAfter(retryAfterHeader(err), now());
      // Longer than we hold a message in process: the outbox tries again after it.
      if (retryAfter !== undefined && retryAfter > options.maxRetryAfterMs) throw err;
      const delayMs = retryAfter ?? Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (attempt - 1));
      onRetry?.(attempt, err, delayMs);
      await sleep(delayMs);
    }
  }
}
