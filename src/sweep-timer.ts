import type { ApprovalService } from './approvals/api.js';
import type { OutboxSweepResult } from './conversation/outbox-sweep.js';
import type { Logger } from './logger.js';

type Counts = Record<string, number>;

export interface PeriodicTask {
  stop(): Promise<void>;
  /** Resolves when no pass is running (the one started at once included). */
  idle(): Promise<void>;
}

/**
 * Runs `pass` now and every `intervalMs`, never two at once (a tick while one runs is skipped).
 * The timer only wakes the work: what is due is read from the database each pass. `pass` must not
 * reject; it logs its own failures.
 */
export function startPeriodic(pass: () => Promise<void>, intervalMs: number): PeriodicTask {
  let running: Promise<void> | undefined;
  let stopped = false;
  const tick = () => {
    if (stopped || running) return;
    running = pass().finally(() => {
      running = undefined;
    });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
    async idle() {
      while (running) await running;
    },
  };
}

/**
 * Runs the approval sweep, the outbox sweep and the inbound recovery now (work that survived a
 * restart) and on a timer. Approvals first: a card it posts goes through the outbox, which the
 * second sweep retries. Each pass logs one summary line with the counts of all three (the first
 * one "start-up recovery done", which is also when `startupDone()` turns true for /readyz; idle
 * passes at debug); a part that failed is logged with its error and named in the summary.
 */
function didWork(summary: Record<string, Counts>): boolean {
  return Object.values(summary).some((counts) =>
    Object.values(counts).some((v) => typeof v === 'number' && v > 0),
  );
}

export function startSweep(
  approvals: ApprovalService,
  outbox: { sweep(): Promise<OutboxSweepResult> },
  recovery: { sweep(): Promise<{ checked: number; escalated: number }> },
  logger: Logger,
  intervalMs: number,
): PeriodicTask & { startupDone(): boolean } {
  let passes = 0;
  const parts: Array<[string, () => Promise<Counts>]> = [
    ['approvals', () => approvals.sweep()],
    ['outbox', () => outbox.sweep() as unknown as Promise<Counts>],
    ['inbound', () => recovery.sweep()],
  ];
  async function pass(): Promise<void> {
    const started = performance.now();
    const summary: Record<string, Counts> = {};
    const failed: string[] = [];
    for (const [name, run] of parts) {
      try {
        summary[name] = await run();
      } catch (err) {
        failed.push(name);
        logger.error({ err }, `${name} sweep failed; will retry`);
      }
    }
    const startup = passes === 0;
    passes += 1;
    const line = { ...summary, failed, ms: Math.round(performance.now() - started), intervalMs };
    if (startup) logger.info(line, 'start-up recovery done');
    else if ((summary.inbound?.escalated ?? 0) > 0 || failed.length > 0) logger.warn(line, 'recovery sweep');
    else if (didWork(summary)) logger.info(line, 'recovery sweep');
    // An idle pass (every SWEEP_INTERVAL_MS) is not news.
    else logger.debug(line, 'recovery sweep');
  }
  return { ...startPeriodic(pass, intervalMs), startupDone: () => passes > 0 };
}
