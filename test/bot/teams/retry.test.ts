import { describe, expect, it } from 'vitest';
import {
  parseRetryAfter,
  withRetry,
  type CallKind,
  type RetryOptions,
} from '../../../src/bot/teams/retry.js';

const FAST = { attempts: 3, baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 60_000 };

/** Runs a call that fails with `status` the first time, and counts how often it was made. */
async function attemptsFor(kind: CallKind, status: number): Promise<{ calls: number; ok: boolean }> {
  let calls = 0;
  try {
    await withRetry(
      kind,
      async () => {
        calls += 1;
        if (calls === 1) throw Object.assign(new Error(`status ${status}`), { statusCode: status });
        return 'posted';
      },
      FAST,
    );
    return { calls, ok: true };
  } catch {
    return { calls, ok: false };
  }
}

describe('Teams retry policy', () => {
  it('repeats a new post only on 429 (Teams did not process it), never on 503', async () => {
    expect(await attemptsFor('post', 429)).toEqual({ calls: 2, ok: true });
    expect(await attemptsFor('post', 503)).toEqual({ calls: 1, ok: false });
    expect(await attemptsFor('post', 500)).toEqual({ calls: 1, ok: false });
  });

  it('repeats an update (idempotent PUT) on 429 and 503', async () => {
    expect(await attemptsFor('update', 429)).toEqual({ calls: 2, ok: true });
    expect(await attemptsFor('update', 503)).toEqual({ calls: 2, ok: true });
    expect(await attemptsFor('update', 400)).toEqual({ calls: 1, ok: false });
  });
});

/** An error shaped like @azure/core-rest-pipeline's RestError, as the Bot Connector client throws it. */
function throttled(status: number, retryAfter?: string): Error {
  const headers = new Map(retryAfter === undefined ? [] : [['retry-after', retryAfter]]);
  return Object.assign(new Error(`status ${status}`), {
    statusCode: status,
    response: { status, headers: { get: (name: string) => headers.get(name.toLowerCase()) } },
  });
}

/** Fails once with `err`, then succeeds; returns the waits taken (no real time passes). */
async function waitsFor(err: Error, options: Partial<RetryOptions> = {}) {
  const waits: number[] = [];
  let calls = 0;
  const NOW = Date.parse('2026-11-20T10:00:00Z');
  const result = await withRetry(
    'post',
    async () => {
      calls += 1;
      if (calls === 1) throw err;
      return 'posted';
    },
    {
      ...FAST,
      baseDelayMs: 500,
      maxDelayMs: 8_000,
      sleep: async (ms) => void waits.push(ms),
      now: () => NOW,
      ...options,
    },
  ).catch((e: unknown) => e);
  return { waits, calls, result };
}

describe('Retry-After', () => {
  it('waits the seconds Teams names, beyond the backoff cap (measured: 20 s was retried after 8 s)', async () => {
    expect(await waitsFor(throttled(429, '20'))).toEqual({ waits: [20_000], calls: 2, result: 'posted' });
  });

  it('honours an HTTP-date Retry-After (measured: ignored before)', async () => {
    const { waits, result } = await waitsFor(throttled(429, 'Fri, 20 Nov 2026 10:00:35 GMT'));
    expect(waits).toEqual([35_000]);
    expect(result).toBe('posted');
  });

  it('a date already past means retry now; an unreadable value falls back to the backoff', async () => {
    expect((await waitsFor(throttled(429, 'Fri, 20 Nov 2026 09:59:00 GMT'))).waits).toEqual([0]);
    expect((await waitsFor(throttled(429, 'soon'))).waits).toEqual([500]);
    expect((await waitsFor(throttled(429))).waits).toEqual([500]);
  });

  it('beyond the maximum wait, does not wait at all: the error goes back for the outbox to retry', async () => {
    const err = throttled(429, '120');
    const { waits, calls, result } = await waitsFor(err, { maxRetryAfterMs: 60_000 });
    expect(waits).toEqual([]);
    expect(calls).toBe(1);
    expect(result).toBe(err);
  });

  it('parses both forms (RFC 9110)', () => {
    const now = Date.parse('2026-11-20T10:00:00Z');
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter(' 7 ', now)).toBe(7_000);
    expect(parseRetryAfter('Fri, 20 Nov 2026 10:01:00 GMT', now)).toBe(60_000);
    expect(parseRetryAfter('-3', now)).toBeUndefined();
    expect(parseRetryAfter('1.5', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});
