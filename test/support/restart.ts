import { createApp, type App, type AppOptions } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { SeededEnv } from './seeded.js';
import { testChannelAdapter, type TestChannel } from './test-channel.js';

/**
 * One process of the app on `env`'s database, posting to `channel`, its sweep timer idle (an hour):
 * the test runs the sweeps. Two processes given one channel share the platform, which outlives
 * them. `extra.db`: a freezing handle on that database (freezing-db.ts), for the process that is
 * killed. Resolves once its start-up sweep is done.
 */
export async function startProcess(
  env: SeededEnv,
  channel: TestChannel,
  extra: Partial<Omit<AppOptions, 'adapters'>> = {},
): Promise<App> {
  const app = await createApp({
    config: loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'never', LOG_LEVEL: 'silent' }),
    logger: env.logger,
    db: env.db,
    clock: env.clock,
    ids: env.ids,
    sweepIntervalMs: 3_600_000,
    adapters: [testChannelAdapter(channel)],
    ...extra,
  });
  await app.sweepsIdle();
  return app;
}

/**
 * Past what a dead process holds: the recovery's grace for a run that may still be going (10
 * minutes), its journal lease and its poster's outbox lease (5 minutes); by a minute.
 */
export const PAST_LEASES_MS = 11 * 60_000;

/**
 * What a process that takes over from a killed one does once the dead one's leases ran out: the
 * clock moved past them, then the recovery of unanswered messages, the outbox sweep and (with
 * `approvals`) the approval sweep, in that order, `rounds` times (twice by default: what one
 * sweep queues, the next one's finds).
 */
export async function sweepPastLeases(
  app: Pick<App, 'engine' | 'outbox' | 'approvals'>,
  clock: { advance(ms: number): void },
  options: { approvals?: boolean; rounds?: number } = {},
): Promise<void> {
  clock.advance(PAST_LEASES_MS);
  for (let i = 0; i < (options.rounds ?? 2); i++) {
    await app.engine.recoverUnanswered?.();
    await app.outbox.sweep();
    if (options.approvals) await app.approvals.sweep();
  }
}
