import type { Logger } from '../logger.js';
import type { AuditEvent } from '../domain/index.js';
import type { AuditLog } from './ports.js';

/** An audit log that holds events until `flush`, then writes them in one round trip. */
export interface AuditBatch {
  /** Records into the batch; reads pass through to the real log. */
  log: AuditLog;
  /**
   * Writes what is held (in order, one insertMany where the log has it); logs a failure, never
   * throws. False when the write failed.
   */
  flush(): Promise<boolean>;
  /**
   * Hands what is held to a write that stores it itself (a request's insert or its card's
   * reference, issue 13); `restore` gives them back if that write failed.
   */
  take(): AuditEvent[];
  restore(events: readonly AuditEvent[]): void;
}

/**
 * Steps of one operation share one audit write, made before the operation answers. A proposal
 * flushes before an automatic refund leaves the process and once at its end (a request for staff
 * moves no money: its card and notice go through the outbox); a decision flushes once, at the end:
 * the request's status (`approved`, then `executed` with its effects due) is stored before the
 * money moves, so a process dying before that write leaves the effects due, and the sweep writes
 * what the trail lacks, the decision included (approval-finish.ts). A click that was only stalled
 * (past the sweep's grace) flushes after the sweep wrote those: the decision and outcome are keyed
 * per approval in the store, so its copies are refused as already written and the rest go in.
 * Callers flush in a `finally`, so nothing is left unwritten.
 */
export function createAuditBatch(audit: AuditLog, logger: Logger): AuditBatch {
  let held: AuditEvent[] = [];
  return {
    log: {
      async record(event) {
        held.push(event);
      },
      listForTicket: (tenantId, ticketId) => audit.listForTicket(tenantId, ticketId),
      listForApproval: (tenantId, approvalId) => audit.listForApproval(tenantId, approvalId),
    },
    take() {
      const events = held;
      held = [];
      return events;
    },
    restore(events) {
      held = [...events, ...held];
    },
    async flush() {
      const events = held;
      held = [];
      if (events.length === 0) return true;
      try {
        if (audit.recordMany) await audit.recordMany(events);
        else for (const event of events) await audit.record(event);
        return true;
      } catch (err) {
        logger.error(
          {
            err,
            actions: events.map((e) => e.action),
            ticketId: events[0]?.ticketId,
            approvalId: events.find((e) => e.approvalId)?.approvalId,
          },
          'audit write failed',
        );
        return false;
      }
    },
  };
}
