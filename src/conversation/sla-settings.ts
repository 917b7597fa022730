import { z } from 'zod';
import {
  BusinessHoursSchema,
  PlanSchema,
  UrgencySchema,
  WEEKDAYS,
  type BusinessHours,
  type SlaTargets,
  type TenantSettings,
  type Weekday,
} from '../domain/index.js';

/**
 * What supervisors type for business hours and SLA targets (`/switchboard settings set …`, the
 * sandbox panel), parsed into the zod-checked values the SLA clocks use. One sentence per mistake.
 */

const DAY = /^(mon|tue|wed|thu|fri|sat|sun)(?:-(mon|tue|wed|thu|fri|sat|sun))?$/;
const RANGE = /^(\d{2}:\d{2})-(\d{2}:\d{2})$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function daysOf(token: string): Weekday[] | null {
  const m = DAY.exec(token);
  if (!m) return null;
  const from = WEEKDAYS.indexOf(m[1] as Weekday);
  const to = m[2] ? WEEKDAYS.indexOf(m[2] as Weekday) : from;
  return to >= from ? WEEKDAYS.slice(from, to + 1) : null;
}

/**
 * `Europe/Berlin mon-fri 09:00-17:00 sat 10:00-14:00 holidays 2026-12-25,2026-12-26`: a time zone,
 * then days (or ranges) each followed by one or more opening windows, then optional holidays.
 */
export function parseBusinessHours(
  input: string,
): { ok: true; value: BusinessHours } | { ok: false; message: string } {
  const tokens = input.trim().split(/\s+/).filter(Boolean);
  const [timeZone, ...rest] = tokens;
  if (!timeZone)
    return { ok: false, message: 'Give a time zone and hours, like Europe/Berlin mon-fri 09:00-17:00.' };
  const week: Partial<Record<Weekday, Array<{ start: string; end: string }>>> = {};
  const holidays: string[] = [];
  let days: Weekday[] | null = null;
  let inHolidays = false;
  for (const raw of rest) {
    const token = raw.toLowerCase();
    if (token === 'holidays') {
      inHolidays = true;
      continue;
    }
    if (inHolidays) {
      for (const d of token.split(',').filter(Boolean)) {
        if (!DATE.test(d)) return { ok: false, message: `“${d}” is not a date like 2026-12-25.` };
        holidays.push(d);
      }
      continue;
    }
    const range = RANGE.exec(token);
    if (range) {
      if (!days) return { ok: false, message: `Say which days ${token} is for, like mon-fri ${token}.` };
      for (const d of days) (week[d] ??= []).push({ start: range[1]!, end: range[2]! });
      continue;
    }
    const next = daysOf(token);
    if (!next) return { ok: false, message: `“${raw}” is neither days (mon-fri) nor hours (09:00-17:00).` };
    days = next;
  }
  const parsed = BusinessHoursSchema.safeParse({ timeZone, week, holidays });
  if (!parsed.success)
    return { ok: false, message: parsed.error.issues[0]?.message ?? 'Those hours are not valid.' };
  return { ok: true, value: parsed.data };
}

export function formatBusinessHours(hours: BusinessHours): string {
  const parts: string[] = [];
  for (const d of WEEKDAYS) {
    const windows = hours.week[d].map((o) => `${o.start}-${o.end}`).join(' ');
    if (windows) parts.push(`${d} ${windows}`);
  }
  const holidays = hours.holidays.length ? ` holidays ${hours.holidays.join(',')}` : '';
  return `${hours.timeZone} ${parts.join(' ') || '(closed)'}${holidays}`;
}

/** `enterprise critical 15 30 240`: first response, next response and resolution in business minutes. */
export function slaTargetInput(settings: TenantSettings): z.ZodType<SlaTargets, string> {
  return z.string().transform((raw, ctx): SlaTargets => {
    const [plan, urgency, ...minutes] = raw.trim().toLowerCase().split(/\s+/);
    const p = PlanSchema.safeParse(plan);
    const u = UrgencySchema.safeParse(urgency);
    const n = minutes.map(Number);
    if (
      !p.success ||
      !u.success ||
      n.length !== 3 ||
      n.some((x) => !Number.isInteger(x) || x < 1 || x > 525_600)
    ) {
      ctx.addIssue({
        code: 'custom',
        message:
          'Give plan, urgency and three whole minute targets (first response, next response, resolution), like enterprise critical 15 30 240.',
      });
      return z.NEVER;
    }
    const [firstResponse, nextResponse, resolution] = n as [number, number, number];
    if (firstResponse > resolution) {
      ctx.addIssue({
        code: 'custom',
        message: 'The first response target cannot be longer than the resolution target.',
      });
      return z.NEVER;
    }
    const targets = structuredClone(settings.slaTargets);
    targets[p.data][u.data] = { firstResponse, nextResponse, resolution };
    return targets;
  });
}

export function formatSlaTargets(targets: SlaTargets): string {
  return PlanSchema.options
    .map(
      (p) =>
        `${p}: ${UrgencySchema.options
          .map(
            (u) =>
              `${u} ${targets[p][u].firstResponse}/${targets[p][u].nextResponse}/${targets[p][u].resolution}`,
          )
          .join(', ')}`,
    )
    .join('; ');
}

/** `on` / `off` (also yes/no, true/false). */
export const onOff = (what: string) => () =>
  z
    .string()
    .trim()
    .toLowerCase()
    .transform((v, ctx) => {
      if (['on', 'yes', 'true'].includes(v)) return true;
      if (['off', 'no', 'false'].includes(v)) return false;
      ctx.addIssue({ code: 'custom', message: `${what} is on or off.` });
      return z.NEVER;
    });
