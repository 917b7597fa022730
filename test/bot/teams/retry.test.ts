import { describe, expect, it } from 'vitest';
import { withRetry, type CallKind } from '../../../src/bot/teams/retry.js';

const FAST = { attempts: 3, baseDelayMs: 1, maxDelayMs: 5 };

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
