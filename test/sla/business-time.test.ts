import { describe, expect, it } from 'vitest';
import { BusinessHoursSchema, DEFAULT_SLA_TARGETS, type BusinessHours } from '../../src/domain/index.js';
import { addBusinessMs, businessMsBetween, isOpenAt, nextOpening } from '../../src/sla/business-time.js';
import {
  clockState,
  customerWrote,
  dueAlert,
  nextCheckAt,
  openSla,
  personResponded,
  ticketResolved,
} from '../../src/sla/sla-clock.js';

const MIN = 60_000;
const nineToFive = [{ start: '09:00', end: '17:00' }];
const berlin: BusinessHours = BusinessHoursSchema.parse({
  timeZone: 'Europe/Berlin',
  week: { mon: nineToFive, tue: nineToFive, wed: nineToFive, thu: nineToFive, fri: nineToFive },
  holidays: ['2026-12-25'],
});
const policy = { hours: berlin, targets: DEFAULT_SLA_TARGETS };

describe('business time', () => {
  it('counts only opening hours in the organization’s time zone', () => {
    // Friday 16:00 Berlin (15:00 UTC in winter) to Monday 10:00 Berlin: 1 h Friday + 1 h Monday.
    const from = new Date('2026-11-20T15:00:00Z');
    const to = new Date('2026-11-23T09:00:00Z');
    expect(businessMsBetween(berlin, from, to)).toBe(120 * MIN);
    expect(addBusinessMs(berlin, from, 90 * MIN)).toEqual(new Date('2026-11-23T08:30:00Z'));
  });

  it('skips holidays and follows daylight saving time', () => {
    // Thursday 24 Dec 16:30 Berlin → the next hour ends Monday 28 Dec 09:30 (25th is a holiday, 26–27 a weekend).
    expect(addBusinessMs(berlin, new Date('2026-12-24T15:30:00Z'), 60 * MIN)).toEqual(
      new Date('2026-12-28T08:30:00Z'),
    );
    // Summer: 09:00 Berlin is 07:00 UTC.
    expect(nextOpening(berlin, new Date('2026-07-04T12:00:00Z'))).toEqual(new Date('2026-07-06T07:00:00Z'));
  });

  it('knows when the team is at work', () => {
    expect(isOpenAt(berlin, new Date('2026-11-23T09:00:00Z'))).toBe(true);
    expect(isOpenAt(berlin, new Date('2026-11-23T17:00:00Z'))).toBe(false);
    expect(nextOpening(berlin, new Date('2026-11-23T09:00:00Z'))).toEqual(new Date('2026-11-23T09:00:00Z'));
  });

  it('answers the same from any instant, in any order, across weeks, holidays and the change of clocks', () => {
    // Openings are worked out a fortnight at a time per organization's hours: ask from inside one
    // such stretch, past its end, and from long before it, with an equal copy of the hours.
    const copy: BusinessHours = JSON.parse(JSON.stringify(berlin)) as BusinessHours;
    expect(isOpenAt(berlin, new Date('2026-12-01T09:00:00Z'))).toBe(true);
    // Monday 30 Nov 10:00 → Monday 4 Jan 10:00 Berlin: 25 weekdays less the 25th, 8 h each.
    const monthish = businessMsBetween(
      copy,
      new Date('2026-11-30T09:00:00Z'),
      new Date('2027-01-04T09:00:00Z'),
    );
    expect(monthish).toBe(24 * 8 * 60 * MIN);
    // Back before that stretch (summer time: 09:00 Berlin is 07:00 UTC), then into it again.
    expect(nextOpening(copy, new Date('2026-03-27T18:00:00Z'))).toEqual(new Date('2026-03-30T07:00:00Z'));
    expect(addBusinessMs(berlin, new Date('2026-12-24T15:30:00Z'), 60 * MIN)).toEqual(
      new Date('2026-12-28T08:30:00Z'),
    );
    expect(isOpenAt(copy, new Date('2026-12-01T17:00:00Z'))).toBe(false);
  });

  it('never comes due when the week has no hours at all', () => {
    const closed = BusinessHoursSchema.parse({ timeZone: 'UTC', week: {} });
    expect(addBusinessMs(closed, new Date('2026-11-23T09:00:00Z'), MIN)).toBeUndefined();
    expect(nextOpening(closed, new Date('2026-11-23T09:00:00Z'))).toBeUndefined();
  });
});

describe('SLA clocks', () => {
  const monday10 = new Date('2026-11-23T09:00:00Z'); // 10:00 Berlin

  it('warns at 75% and breaches at the target, in business time', () => {
    const sla = openSla(policy, 'enterprise', 'critical', monday10); // 15 min first response
    const first = sla.clocks.firstResponse!;
    expect(first.warnAt).toEqual(new Date(monday10.getTime() + 11.25 * MIN));
    expect(first.dueAt).toEqual(new Date(monday10.getTime() + 15 * MIN));
    expect(dueAlert(first, berlin, new Date(monday10.getTime() + 11 * MIN))).toBeNull();
    expect(dueAlert(first, berlin, new Date(monday10.getTime() + 12 * MIN))).toBe('warning');
    expect(dueAlert({ ...first, warnedAt: monday10 }, berlin, new Date(monday10.getTime() + 16 * MIN))).toBe(
      'breach',
    );
    expect(nextCheckAt(sla)).toEqual(first.warnAt);
  });

  it('pauses resolution while waiting on the customer and starts the next-response clock when they write', () => {
    let sla = openSla(policy, 'pro', 'high', monday10);
    sla = personResponded(sla, berlin, new Date(monday10.getTime() + 20 * MIN));
    expect(sla.firstResponseMinutes).toBe(20);
    expect(clockState(sla.clocks.firstResponse!, berlin, monday10)).toBe('met');
    expect(sla.clocks.resolution!.runningSince).toBeUndefined();
    // A day of waiting on the customer does not count.
    const nextDay = new Date(monday10.getTime() + 24 * 60 * MIN);
    expect(clockState(sla.clocks.resolution!, berlin, nextDay)).toBe('paused');
    sla = customerWrote(sla, policy, nextDay);
    expect(sla.clocks.nextResponse?.targetMinutes).toBe(DEFAULT_SLA_TARGETS.pro.high.nextResponse);
    sla = ticketResolved(sla, berlin, new Date(nextDay.getTime() + 40 * MIN));
    expect(sla.resolutionMinutes).toBe(60);
    expect(sla.breaches).toEqual([]);
  });

  it('records a breach when a clock stops past its target', () => {
    let sla = openSla(policy, 'enterprise', 'critical', monday10);
    sla = ticketResolved(sla, berlin, new Date(monday10.getTime() + 30 * MIN));
    expect(sla.breaches.map((b) => b.metric)).toEqual(['firstResponse']);
    expect(sla.breaches[0]?.at).toEqual(new Date(monday10.getTime() + 15 * MIN));
  });
});
