import { DateTime } from 'luxon';
import type { TenantStore } from '../conversation/stores.js';
import { WEEKDAYS, type Clock, type GapsDigestSchedule } from '../domain/index.js';
import type { Logger } from '../logger.js';
import type { KnowledgeGapsReport, ReportService } from './report-service.js';

/**
 * Which organizations exist, and the week claims of the digest. Implemented over MongoDB in
 * src/memory/gap-digest-repository.ts: a claim is an insert under `_id` `${org}:${isoWeek}`, which
 * the unique `_id` index lets exactly one process win, across restarts and processes.
 */
export interface GapDigestStore {
  organizations(): Promise<string[]>;
  /** True for the one caller that claimed this organization's digest of this ISO week. */
  claim(tenantId: string, week: string, at: Date): Promise<boolean>;
}

/** Posts a digest to the organization's staff channels (the conversation layer, via the outbox). */
export type GapDigestPoster = (tenantId: string, week: string, digest: KnowledgeGapsReport) => Promise<void>;

export interface GapDigestDeps {
  store: GapDigestStore;
  tenants: Pick<TenantStore, 'get'>;
  reports: Pick<ReportService, 'knowledgeGaps'>;
  post: GapDigestPoster;
  clock: Clock;
  logger: Logger;
}

export interface GapDigest {
  /** Sends every digest that is due now and not yet claimed; returns how many were sent. */
  run(): Promise<{ checked: number; sent: number }>;
}

/** A digest is sent at its hour or within a day after (a process down at 09:00 still sends it). */
const LATE_BY_MS = 24 * 3_600_000;

/**
 * The ISO week (`2026-W48`) whose digest is due at `now`, in the organization's time zone: from
 * the scheduled weekday and hour for a day. Null when none is due (or the digest is off).
 */
export function dueDigestWeek(schedule: GapsDigestSchedule, timeZone: string, now: Date): string | null {
  if (schedule === 'off') return null;
  const local = DateTime.fromJSDate(now, { zone: timeZone });
  if (!local.isValid) return null;
  const at = local
    .startOf('week')
    .plus({ days: WEEKDAYS.indexOf(schedule.day) })
    .set({ hour: schedule.hour, minute: 0, second: 0, millisecond: 0 });
  const since = local.toMillis() - at.toMillis();
  if (since < 0 || since >= LATE_BY_MS) return null;
  return `${at.weekYear}-W${String(at.weekNumber).padStart(2, '0')}`;
}

/**
 * The weekly knowledge-gaps digest: the last seven days' largest groups of unanswered questions,
 * with counts, an example and the closest article. Run by the periodic sweep; the week is claimed
 * in the database before anything is posted, so it goes out once however many processes run.
 */
export function createGapDigest(deps: GapDigestDeps): GapDigest {
  return {
    async run() {
      const now = deps.clock.now();
      const result = { checked: 0, sent: 0 };
      for (const tenantId of await deps.store.organizations()) {
        result.checked++;
        try {
          const tenant = await deps.tenants.get(tenantId);
          if (!tenant || tenant.staffChannels.length === 0) continue;
          const { gapsDigest, businessHours } = tenant.settings;
          const week = dueDigestWeek(gapsDigest, businessHours.timeZone, now);
          if (!week || !(await deps.store.claim(tenantId, week, now))) continue;
          const digest = await deps.reports.knowledgeGaps(tenantId, { since: '7d' });
          // An empty week is claimed and not posted: nothing to read is not worth a message.
          if (digest.groups.length === 0) continue;
          await deps.post(tenantId, week, digest);
          result.sent++;
        } catch (err) {
          deps.logger.error({ err, tenantId }, 'knowledge-gaps digest failed');
        }
      }
      return result;
    },
  };
}
