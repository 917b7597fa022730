import type { ApprovalService } from './approvals/api.js';
import type { OutboxSweepResult } from './conversation/outbox-sweep.js';
import type { Logger } from './logger.js';

/**
 * Runs the approval sweep, the outbox sweep and the inbound recovery now (work that survived a
 * restart) and on a timer. Approvals first: a card it posts goes through the outbox, which the
 * second sweep retries.
 */
export function startSweep(
  approvals: ApprovalService,
  outbox: { sweep(): Promise<OutboxSweepResult> },
  recovery: { sweep(): Promise<{ checked: number; escalated: number }> },
  logger: Logger,
  intervalMs: number,
): { stop(): Promise<void>; idle(): Promise<void> } {
  let running: Promise<void> | undefined;
  let stopped = false;
  const approvalSweep = () =>
    approvals
      .sweep()
      .then((r) => {
        if (r.expired + r.posted + r.executed > 0) logger.info({ sweep: r }, 'approval sweep');
      })
      .catch((err: unknown) => logger.error({ err }, 'approval sweep failed; will retry'));
  const outboxSweep = () =>
    outbox
      .sweep()
      .then((r) => {
        if (r.sent + r.retrying + r.failed > 0) logger.info({ outbox: r }, 'outbox sweep');
      })
      .catch((err: unknown) => logger.error({ err }, 'outbox sweep failed; will retry'));
  const recoverySweep = () =>
    recovery
      .sweep()
      .then((r) => {
        if (r.escalated > 0) logger.warn({ recovery: r }, 'unanswered customer messages escalated');
      })
      .catch((err: unknown) => logger.error({ err }, 'inbound recovery sweep failed; will retry'));
  const tick = () => {
    if (stopped || running) return;
    running = approvalSweep()
      .then(outboxSweep)
      .then(recoverySweep)
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
    /** Resolves when no sweep is running (the one started with the app included). */
    async idle() {
      while (running) await running;
    },
  };
}
