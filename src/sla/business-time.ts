import { DateTime } from 'luxon';
import { WEEKDAYS, type BusinessHours } from '../domain/index.js';

/**
 * Business time over an organization's hours: local weekday openings in one IANA time zone (luxon
 * handles daylight-saving changes), minus holidays. Pure functions of their inputs.
 */

/** How far ahead a search goes before it gives up (a week with no openings at all, a year of holidays). */
const HORIZON_DAYS = 400;

interface Interval {
  start: number;
  end: number;
}

/** The opening intervals (epoch ms) of the local day that contains `day`, in order. */
function openingsOn(hours: BusinessHours, day: DateTime): Interval[] {
  if (hours.holidays.includes(day.toISODate() ?? '')) return [];
  const weekday = WEEKDAYS[day.weekday - 1];
  if (!weekday) return [];
  const at = (hhmm: string) =>
    hhmm === '24:00'
      ? day.plus({ days: 1 }).startOf('day')
      : day.set({
          hour: Number(hhmm.slice(0, 2)),
          minute: Number(hhmm.slice(3, 5)),
          second: 0,
          millisecond: 0,
        });
  return hours.week[weekday]
    .map((o) => ({ start: at(o.start).toMillis(), end: at(o.end).toMillis() }))
    .filter((i) => i.end > i.start)
    .sort((a, b) => a.start - b.start);
}

/** Days whose openings are worked out at once and kept per organization's hours. */
const WINDOW_DAYS = 14;
/** Windows kept (per hours, a few: an old clock start and today may be far apart). */
const MAX_WINDOWS = 64;

interface DayOpenings {
  /** The local day's start (epoch ms). */
  start: number;
  intervals: Interval[];
}

/** WINDOW_DAYS consecutive local days' openings, and the day after them (where a search goes on). */
interface Window {
  days: DayOpenings[];
  end: number;
  after: DateTime;
}

/**
 * Worked-out openings by the hours they come from (as JSON: a tenant's settings are read afresh per
 * message, so the object differs while its content does not). Every message asks whether the team
 * is at work and every SLA clock when it is due: luxon's zone arithmetic for each day, each time,
 * was about 1.5 ms of a message's CPU in `npm run bench`. A memo of pure data of the hours (never
 * stale), not state: bounded, and shared by every organization with the same hours.
 */
const windows = new Map<string, Window[]>();

/** The window holding `fromMs` (built when none does) and the index of its local day there. */
function windowAt(hours: BusinessHours, fromMs: number): { window: Window; index: number } {
  const key = JSON.stringify(hours);
  const kept = windows.get(key) ?? [];
  let window = kept.find((w) => w.days[0]!.start <= fromMs && fromMs < w.end);
  if (!window) {
    let day = DateTime.fromMillis(fromMs, { zone: hours.timeZone }).startOf('day');
    const days: DayOpenings[] = [];
    for (let i = 0; i < WINDOW_DAYS; i++) {
      days.push({ start: day.toMillis(), intervals: openingsOn(hours, day) });
      day = day.plus({ days: 1 }).startOf('day');
    }
    window = { days, end: day.toMillis(), after: day };
    windows.delete(key);
    windows.set(key, [window, ...kept].slice(0, 4));
    if (windows.size > MAX_WINDOWS) windows.delete(windows.keys().next().value!);
  }
  let index = window.days.length - 1;
  while (index > 0 && window.days[index]!.start > fromMs) index--;
  return { window, index };
}

/** Business intervals from the local day of `from` on, one day at a time, clipped to start at `from`. */
function* intervalsFrom(hours: BusinessHours, from: Date): Generator<Interval> {
  if (WEEKDAYS.every((d) => hours.week[d].length === 0)) return;
  const fromMs = from.getTime();
  const { window, index } = windowAt(hours, fromMs);
  for (let i = index; i < window.days.length; i++) {
    for (const interval of window.days[i]!.intervals) {
      if (interval.end <= fromMs) continue;
      yield { start: Math.max(interval.start, fromMs), end: interval.end };
    }
  }
  let day = window.after;
  for (let i = window.days.length - index; i < HORIZON_DAYS; i++) {
    for (const interval of openingsOn(hours, day)) yield interval;
    day = day.plus({ days: 1 }).startOf('day');
  }
}

/** Business milliseconds between two instants (0 when `to` is not after `from`). */
export function businessMsBetween(hours: BusinessHours, from: Date, to: Date): number {
  const toMs = to.getTime();
  if (toMs <= from.getTime()) return 0;
  let total = 0;
  for (const interval of intervalsFrom(hours, from)) {
    if (interval.start >= toMs) break;
    total += Math.min(interval.end, toMs) - interval.start;
  }
  return total;
}

/**
 * The instant at which `ms` business milliseconds have passed since `from`; undefined when the
 * hours never open again within the horizon (then nothing is ever due).
 */
export function addBusinessMs(hours: BusinessHours, from: Date, ms: number): Date | undefined {
  let left = Math.max(0, ms);
  for (const interval of intervalsFrom(hours, from)) {
    const length = interval.end - interval.start;
    if (left <= length) return new Date(interval.start + left);
    left -= length;
  }
  return undefined;
}

/** True when `at` falls inside business hours. */
export function isOpenAt(hours: BusinessHours, at: Date): boolean {
  const first = intervalsFrom(hours, at).next();
  return !first.done && first.value.start === at.getTime();
}

/** When the team is next at work (`at` itself when open now); undefined when never. */
export function nextOpening(hours: BusinessHours, at: Date): Date | undefined {
  const first = intervalsFrom(hours, at).next();
  return first.done ? undefined : new Date(first.value.start);
}

/**
 * "Monday 09:00" (or "today 09:00" / "tomorrow 09:00" words from the caller's phrase table) in the
 * organization's time zone and the customer's language.
 */
export function describeOpening(
  hours: BusinessHours,
  at: Date,
  now: Date,
  language: string,
): { day: string; time: string; timeZone: string; relative: 'today' | 'tomorrow' | 'later' } {
  const local = DateTime.fromJSDate(at, { zone: hours.timeZone }).setLocale(language);
  const today = DateTime.fromJSDate(now, { zone: hours.timeZone }).startOf('day');
  const days = Math.round(local.startOf('day').diff(today, 'days').days);
  return {
    day:
      days >= 7
        ? local.toLocaleString({ weekday: 'long', month: 'long', day: 'numeric' })
        : local.toFormat('cccc'),
    time: local.toLocaleString(DateTime.TIME_SIMPLE),
    timeZone: hours.timeZone,
    relative: days <= 0 ? 'today' : days === 1 ? 'tomorrow' : 'later',
  };
}
