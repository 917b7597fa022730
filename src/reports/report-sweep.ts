import type { Clock } from '../domain/index.js';
import type { Logger } from '../logger.js';
import type { ReportStore } from './ports.js';
import type { ReportRecorder } from './recorder.js';

/** Recounts of one pass running together (their reads at once, their writes in one flush). */
const RECOUNTS_AT_ONCE = 16;

export interface ReportSweepOptions {
  /** This process, as the sweep's holder. */
  owner: string;
  /**
   * Tickets changed this recently are left to the recorder of the process that changed them (30 s):
   * its write-behind counts them within a few seconds (settle, at most 3 s, then the next beat).
   */
  graceMs?: number;
  /** How long one pass may hold the sweep before another process may take it over (5 min). */
  leaseMs?: number;
  /** Tickets read per page (500). */
  pageSize?: number;
}

export interface ReportSweepResult {
  /** Tickets changed in the window the pass looked at. */
  checked: number;
  /** Of them, recounted because their fact was behind (a recorder died with them queued). */
  recounted: number;
  /** 1 when another process held the sweep (this pass did nothing). */
  skipped: number;
}

export interface ReportSweep {
  sweep(): Promise<ReportSweepResult>;
}

/**
 * Recounts what a recorder that died (or lost its database) left queued. The recorder writes
 * behind the messages: a ticket's fact and its day's counters go seconds after the ticket changed,
 * many tickets per command, and a process killed meanwhile takes them with it. Every ticket write
 * bumps the ticket's `version` and `updatedAt`, and every fact records the version it counted,
 * so a ticket whose fact is behind (or missing) is one a recorder never finished. One process at
 * a time sweeps (a lease on the sweep's document), from where the last pass got to, up to `graceMs`
 * ago. A recount here reads the ticket as stored (and, for one never counted, its transcript,
 * rating and approval requests), under the same compare-and-set, so a live recorder counting the
 * same ticket meanwhile does not count it twice.
 */
export function createReportSweep(
  deps: {
    store: ReportStore;
    recorder: Pick<ReportRecorder, 'recordTicket'>;
    clock: Clock;
    logger: Logger;
  },
  options: ReportSweepOptions,
): ReportSweep {
  const graceMs = options.graceMs ?? 30_000;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const pageSize = options.pageSize ?? 500;
  const { store, recorder, clock, logger } = deps;

  return {
    async sweep() {
      const started = clock.now();
      const claim = await store.claimSweep(options.owner, started, leaseMs);
      if (!claim) return { checked: 0, recounted: 0, skipped: 1 };
      const to = new Date(started.getTime() - graceMs);
      // The first sweep ever starts now: what recorders left before it existed is the rebuild's.
      let through = claim.through ?? to;
      let checked = 0;
      let recounted = 0;
      try {
        while (through < to) {
          const page = await store.ticketsBehind(through, to, pageSize);
          checked += page.scanned;
          // A few at a time, their writes batched: one command for each group's facts.
          for (let i = 0; i < page.behind.length; i += RECOUNTS_AT_ONCE) {
            const group = page.behind.slice(i, i + RECOUNTS_AT_ONCE);
            await Promise.all(
              group.map((t) =>
                recorder.recordTicket(t.tenantId, t.ticketId, { strict: true, batched: true, swept: true }),
              ),
            );
            recounted += group.length;
          }
          if (page.scanned < pageSize || !page.last) {
            through = to;
            break;
          }
          // A full page: the next starts at its newest change (a ticket seen twice is recounted
          // at most once more, and only if still behind), past it if the page held nothing else.
          through = page.last.getTime() > through.getTime() ? page.last : new Date(through.getTime() + 1);
          // Well inside the lease: another process must not take the sweep over while this runs.
          if (clock.now().getTime() - started.getTime() > leaseMs / 2) break;
        }
      } finally {
        // How far every ticket was counted; a failed recount leaves its page for the next pass.
        await store
          .releaseSweep(options.owner, through)
          .catch((err: unknown) => logger.warn({ err }, 'report sweep release failed'));
      }
      if (recounted > 0)
        logger.warn({ checked, recounted }, 'report sweep recounted tickets a recorder left');
      return { checked, recounted, skipped: 0 };
    },
  };
}
