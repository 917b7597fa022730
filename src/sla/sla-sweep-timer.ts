import type { Logger } from '../logger.js';
import type { SlaService } from './sla-service.js';

/**
 * Looks for due SLA warnings and breaches now and on a timer. The timer only wakes the sweep: what
 * is due is read from the database each time, so a restart or a second process loses nothing, and
 * an alert claimed by one process is not posted by another.
 */
export function startSlaSweep(
  sla: Pick<SlaService, 'sweep'>,
  logger: Logger,
  intervalMs: number,
): { stop(): Promise<void>; idle(): Promise<void> } {
  let running: Promise<void> | undefined;
  let stopped = false;
  const tick = () => {
    if (stopped || running) return;
    running = sla
      .sweep()
      .then((r) => {
        if (r.warnings + r.breaches > 0) logger.info({ sla: r }, 'SLA sweep');
      })
      .catch((err: unknown) => logger.error({ err }, 'SLA sweep failed; will retry'))
      .finally(() => {
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
