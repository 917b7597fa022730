import type { Logger } from '../logger.js';
import { startPeriodic, type PeriodicTask } from '../sweep-timer.js';
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
): PeriodicTask {
  return startPeriodic(
    () =>
      sla
        .sweep()
        .then((r) => {
          if (r.warnings + r.breaches > 0) logger.info({ sla: r }, 'SLA sweep');
        })
        .catch((err: unknown) => logger.error({ err }, 'SLA sweep failed; will retry')),
    intervalMs,
  );
}
