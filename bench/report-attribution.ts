import { AsyncLocalStorage } from 'node:async_hooks';
import type { ReportRecorder } from '../src/reports/recorder.js';

/**
 * The report's own commands, told apart from the step that happens to be running when they go
 * out. The recorder counts behind the messages: a recount starts once its ticket's events settle
 * (half a second on) and its write waits for the next flush, so its reads and writes land in a
 * later step's window, a setup's, or none. Every call into the recorder runs under this mark, and
 * so does everything it starts (its timers and promise chains inherit it), so each command the
 * driver sends is the report's or the step's, wherever it lands.
 */
const reportWork = new AsyncLocalStorage<true>();

/** Collections only the report reads and writes. */
const REPORT_COLLECTION = /^report_(facts|gaps|days)$/;

/** Whether the command being sent now is the report's (called from command monitoring). */
export function isReportCommand(collection: string): boolean {
  return reportWork.getStore() === true || REPORT_COLLECTION.test(collection);
}

/**
 * Marks everything `recorder` does as the report's. The event bus calls `recorder.onEvent` by
 * name (app.ts), so replacing the methods on the object reaches the bus's calls too.
 */
export function markReportWork(recorder: ReportRecorder): void {
  const methods = recorder as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of ['onEvent', 'recordTicket', 'recordApproval', 'flush', 'idle'] satisfies Array<
    keyof ReportRecorder
  >) {
    const inner = methods[name]!.bind(recorder);
    methods[name] = (...args: unknown[]) => reportWork.run(true, () => inner(...args));
  }
}
