import { z } from 'zod';

const DAY_MS = 86_400_000;
/** The longest period one report covers: a year of daily rollups is 366 `_id` reads. */
export const MAX_REPORT_DAYS = 366;

/** `30d` (that many days back from today), `2026-11-01` (a UTC day), or an ISO timestamp. */
const MomentSchema = z
  .string()
  .trim()
  .max(40)
  .regex(
    /^(\d{1,3}d|\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?)$/,
    'a number of days like 30d, or a date like 2026-11-01',
  );

/** A report's period as people type it (query string, command line). */
export const ReportPeriodQuerySchema = z.object({
  since: MomentSchema.default('30d'),
  until: MomentSchema.optional(),
});
export type ReportPeriodQuery = z.input<typeof ReportPeriodQuerySchema>;

export interface ReportPeriod {
  /** First day counted, `YYYY-MM-DD` (UTC). */
  since: string;
  /** The day after the last counted, `YYYY-MM-DD` (exclusive). */
  until: string;
  days: string[];
}

function toDay(value: string, now: Date): Date | null {
  const rel = /^(\d{1,3})d$/.exec(value);
  if (rel) {
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    // `Nd` is the end of the day N days ago: `--since 30d` is the 30 days ending today, and
    // `--until 0d` (the default) includes today.
    return new Date(today - Number(rel[1]) * DAY_MS + DAY_MS);
  }
  const at = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(at.getTime())) return null;
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

/**
 * The days a report covers, or a sentence saying what is wrong with the period. `since: 30d`
 * is the last 30 days including today; `until` defaults to the end of today.
 */
export function resolvePeriod(
  query: z.output<typeof ReportPeriodQuerySchema>,
  now: Date,
): ReportPeriod | string {
  const since = toDay(query.since, now);
  const until = query.until ? toDay(query.until, now) : toDay('0d', now);
  if (!since) return `"${query.since}" is not a date.`;
  if (!until) return `"${query.until}" is not a date.`;
  const count = Math.round((until.getTime() - since.getTime()) / DAY_MS);
  if (count <= 0) return 'The start of the period must be before its end.';
  if (count > MAX_REPORT_DAYS)
    return `A report covers at most ${MAX_REPORT_DAYS} days; choose a shorter period.`;
  const days = Array.from({ length: count }, (_, i) =>
    new Date(since.getTime() + i * DAY_MS).toISOString().slice(0, 10),
  );
  return { since: days[0]!, until: until.toISOString().slice(0, 10), days };
}
