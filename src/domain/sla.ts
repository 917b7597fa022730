import { z } from 'zod';
import { DateSchema, PlanSchema, UrgencySchema, type Plan, type Urgency } from './common.js';

/**
 * SLA policies and the SLA state stored on each ticket. Shared contract: the analytics report reads
 * `Ticket.sla` (clocks, breaches) as declared here, so fields are only ever added.
 */

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const TIME = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/** One opening window on a weekday, local time, `end` after `start` (`24:00` = midnight). */
export const OpeningSchema = z
  .object({
    start: z.string().regex(TIME, { error: 'Times are HH:MM, like 09:00.' }),
    end: z.string().regex(TIME, { error: 'Times are HH:MM, like 17:30.' }),
  })
  .refine((o) => minutesOf(o.end) > minutesOf(o.start), { error: 'An opening ends after it starts.' });
export type Opening = z.infer<typeof OpeningSchema>;

// Zones already checked: every stored ticket's SLA clocks carry business hours, and building an
// Intl.DateTimeFormat to check one costs ~50 µs. Bounded: a caller passing many names starts over.
const checkedZones = new Map<string, boolean>();

export function isTimeZone(zone: string): boolean {
  const known = checkedZones.get(zone);
  if (known !== undefined) return known;
  let valid: boolean;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    valid = zone.length > 0;
  } catch {
    valid = false;
  }
  if (checkedZones.size >= 1000) checkedZones.clear();
  checkedZones.set(zone, valid);
  return valid;
}

/** When the team works: per weekday, in one IANA time zone, minus holidays (local dates). */
export const BusinessHoursSchema = z.object({
  timeZone: z.string().refine(isTimeZone, { error: 'The time zone is an IANA name, like Europe/Berlin.' }),
  week: z.object(
    Object.fromEntries(WEEKDAYS.map((d) => [d, z.array(OpeningSchema).max(4).default([])])) as Record<
      Weekday,
      z.ZodDefault<z.ZodArray<typeof OpeningSchema>>
    >,
  ),
  holidays: z
    .array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Holidays are dates like 2026-12-25.' }))
    .max(366)
    .default([]),
});
export type BusinessHours = z.infer<typeof BusinessHoursSchema>;

const nineToFive = [{ start: '09:00', end: '17:00' }];
export const DEFAULT_BUSINESS_HOURS: BusinessHours = BusinessHoursSchema.parse({
  timeZone: 'UTC',
  week: { mon: nineToFive, tue: nineToFive, wed: nineToFive, thu: nineToFive, fri: nineToFive },
  holidays: [],
});

export const SlaMetricSchema = z.enum(['firstResponse', 'nextResponse', 'resolution']);
export type SlaMetric = z.infer<typeof SlaMetricSchema>;
export const SLA_METRICS = SlaMetricSchema.options;

/** Targets in business minutes for one plan and urgency. */
export const SlaTargetSchema = z.object({
  firstResponse: z.number().int().positive().max(525_600),
  nextResponse: z.number().int().positive().max(525_600),
  resolution: z.number().int().positive().max(525_600),
});
export type SlaTarget = z.infer<typeof SlaTargetSchema>;

export const SlaTargetsSchema = z.object(
  Object.fromEntries(
    PlanSchema.options.map((p) => [
      p,
      z.object(Object.fromEntries(UrgencySchema.options.map((u) => [u, SlaTargetSchema]))),
    ]),
  ) as Record<Plan, z.ZodObject<Record<Urgency, typeof SlaTargetSchema>>>,
);
export type SlaTargets = Record<Plan, Record<Urgency, SlaTarget>>;

const t = (firstResponse: number, nextResponse: number, resolution: number): SlaTarget => ({
  firstResponse,
  nextResponse,
  resolution,
});
/** Business minutes. Enterprise + critical is the tightest; free + low the loosest. */
export const DEFAULT_SLA_TARGETS: SlaTargets = {
  enterprise: {
    critical: t(15, 30, 240),
    high: t(30, 60, 480),
    medium: t(60, 120, 960),
    low: t(240, 480, 2400),
  },
  pro: { critical: t(30, 60, 480), high: t(60, 120, 960), medium: t(240, 480, 1440), low: t(480, 960, 2880) },
  free: {
    critical: t(60, 120, 960),
    high: t(240, 480, 1440),
    medium: t(480, 960, 2880),
    low: t(960, 1440, 4800),
  },
};

/**
 * One running or finished SLA clock. Business time is counted in milliseconds: `usedMs` is what
 * elapsed before `runningSince` (the clock pauses while the ticket waits on the customer).
 */
export const SlaClockSchema = z.object({
  metric: SlaMetricSchema,
  /** Target in business minutes, fixed when the clock started. */
  targetMinutes: z.number().int().positive(),
  startedAt: DateSchema,
  /** Business milliseconds counted before the current run (all of it once stopped). */
  usedMs: z.number().nonnegative().default(0),
  /** Set while counting; absent while paused or stopped. */
  runningSince: DateSchema.optional(),
  /** Wall-clock times of 75% and 100% of the target for the current run (absent when not running). */
  warnAt: DateSchema.optional(),
  dueAt: DateSchema.optional(),
  /** When the clock stopped: the response was given, or the ticket was resolved. */
  stoppedAt: DateSchema.optional(),
  /** When the 75% warning / breach alert was claimed (each posted once). */
  warnedAt: DateSchema.optional(),
  breachedAt: DateSchema.optional(),
});
export type SlaClock = z.infer<typeof SlaClockSchema>;

/** A clock that went past its target (kept when the clock is replaced by the next one). */
export const SlaBreachSchema = z.object({
  metric: SlaMetricSchema,
  targetMinutes: z.number().int().positive(),
  at: DateSchema,
});
export type SlaBreach = z.infer<typeof SlaBreachSchema>;

/** The SLA state on a ticket (`Ticket.sla`). */
export const TicketSlaSchema = z.object({
  plan: PlanSchema,
  urgency: UrgencySchema,
  /**
   * The clocks by metric: first response, next response (restarted by each customer message after
   * a person's answer; a replaced clock's breach stays in `breaches`) and resolution.
   */
  clocks: z
    .object({
      firstResponse: SlaClockSchema.optional(),
      nextResponse: SlaClockSchema.optional(),
      resolution: SlaClockSchema.optional(),
    })
    .default({}),
  breaches: z.array(SlaBreachSchema).default([]),
  /** Business minutes to the first response / to resolution, set when each was met or finished. */
  firstResponseMinutes: z.number().nonnegative().optional(),
  resolutionMinutes: z.number().nonnegative().optional(),
  /** True while the ticket waits on the customer (clocks paused). */
  waitingOnCustomer: z.boolean().default(false),
});
export type TicketSla = z.infer<typeof TicketSlaSchema>;

/** How an SLA clock reads on a staff card: on track, at risk (past 75%), breached, met, paused. */
export const SlaStateSchema = z.enum(['on_track', 'at_risk', 'breached', 'met', 'paused']);
export type SlaState = z.infer<typeof SlaStateSchema>;
