import type {
  BusinessHours,
  Plan,
  SlaClock,
  SlaMetric,
  SlaState,
  SlaTargets,
  TicketSla,
  Urgency,
} from '../domain/index.js';
import { SLA_METRICS } from '../domain/index.js';
import { addBusinessMs, businessMsBetween } from './business-time.js';

/**
 * SLA clocks as pure state transitions: what a ticket's `sla` becomes when a customer writes, a
 * person answers, the ticket is resolved, or time passes. Stored on the ticket, so nothing here
 * lives in memory between calls.
 */

const MINUTE = 60_000;
/** Share of the target at which a warning goes out. */
export const WARN_AT = 0.75;

export interface SlaPolicy {
  hours: BusinessHours;
  targets: SlaTargets;
}

/** Business milliseconds a clock has counted by `now`. */
export function usedMs(clock: SlaClock, hours: BusinessHours, now: Date): number {
  return clock.usedMs + (clock.runningSince ? businessMsBetween(hours, clock.runningSince, now) : 0);
}

function withDueTimes(clock: SlaClock, hours: BusinessHours): SlaClock {
  if (!clock.runningSince) {
    const { warnAt: _w, dueAt: _d, ...rest } = clock;
    return rest;
  }
  const target = clock.targetMinutes * MINUTE;
  const warnAt = addBusinessMs(hours, clock.runningSince, Math.max(0, WARN_AT * target - clock.usedMs));
  const dueAt = addBusinessMs(hours, clock.runningSince, Math.max(0, target - clock.usedMs));
  return { ...clock, ...(warnAt ? { warnAt } : {}), ...(dueAt ? { dueAt } : {}) };
}

function startClock(metric: SlaMetric, targetMinutes: number, hours: BusinessHours, now: Date): SlaClock {
  return withDueTimes({ metric, targetMinutes, startedAt: now, usedMs: 0, runningSince: now }, hours);
}

function pauseClock(clock: SlaClock, hours: BusinessHours, now: Date): SlaClock {
  if (!clock.runningSince) return clock;
  const { runningSince: _r, warnAt: _w, dueAt: _d, ...rest } = clock;
  return { ...rest, usedMs: usedMs(clock, hours, now) };
}

function resumeClock(clock: SlaClock, hours: BusinessHours, now: Date): SlaClock {
  if (clock.runningSince || clock.stoppedAt) return clock;
  return withDueTimes({ ...clock, runningSince: now }, hours);
}

/** Stops a clock; one that went past its target is recorded as breached (when its due time was). */
function stopClock(sla: TicketSla, metric: SlaMetric, hours: BusinessHours, now: Date): TicketSla {
  const clock = sla.clocks[metric];
  if (!clock || clock.stoppedAt) return sla;
  const dueAt = clock.dueAt;
  const paused = pauseClock(clock, hours, now);
  const over = paused.usedMs >= clock.targetMinutes * MINUTE;
  const stopped: SlaClock = {
    ...paused,
    stoppedAt: now,
    ...(over && !clock.breachedAt ? { breachedAt: dueAt && dueAt < now ? dueAt : now } : {}),
  };
  return withBreach({ ...sla, clocks: { ...sla.clocks, [metric]: stopped } }, stopped);
}

/** Adds the clock's breach to `breaches` once (breach alerts and stops both come here). */
export function withBreach(sla: TicketSla, clock: SlaClock): TicketSla {
  if (!clock.breachedAt) return sla;
  const known = sla.breaches.some(
    (b) => b.metric === clock.metric && b.at.getTime() === clock.breachedAt?.getTime(),
  );
  if (known) return sla;
  return {
    ...sla,
    breaches: [
      ...sla.breaches,
      { metric: clock.metric, targetMinutes: clock.targetMinutes, at: clock.breachedAt },
    ],
  };
}

/** A ticket's SLA from its first customer message: first response and resolution clocks running. */
export function openSla(policy: SlaPolicy, plan: Plan, urgency: Urgency, at: Date): TicketSla {
  const target = policy.targets[plan][urgency];
  return {
    plan,
    urgency,
    clocks: {
      firstResponse: startClock('firstResponse', target.firstResponse, policy.hours, at),
      resolution: startClock('resolution', target.resolution, policy.hours, at),
    },
    breaches: [],
    waitingOnCustomer: false,
  };
}

/** A person answered: the response clocks are met, resolution pauses while the customer replies. */
export function personResponded(sla: TicketSla, hours: BusinessHours, now: Date): TicketSla {
  let next = sla;
  const first = next.clocks.firstResponse;
  if (first && !first.stoppedAt) {
    next = stopClock(next, 'firstResponse', hours, now);
    next = { ...next, firstResponseMinutes: minutesOf(next.clocks.firstResponse) };
  }
  next = stopClock(next, 'nextResponse', hours, now);
  const resolution = next.clocks.resolution;
  if (resolution && !resolution.stoppedAt)
    next = { ...next, clocks: { ...next.clocks, resolution: pauseClock(resolution, hours, now) } };
  return { ...next, waitingOnCustomer: true };
}

/** The customer wrote again: resolution counts again, and after a person's answer the next response is due. */
export function customerWrote(sla: TicketSla, policy: SlaPolicy, now: Date): TicketSla {
  if (!sla.waitingOnCustomer) return sla;
  const clocks = { ...sla.clocks };
  if (clocks.resolution) clocks.resolution = resumeClock(clocks.resolution, policy.hours, now);
  const target = policy.targets[sla.plan][sla.urgency].nextResponse;
  if (clocks.firstResponse?.stoppedAt && !(clocks.nextResponse && !clocks.nextResponse.stoppedAt))
    clocks.nextResponse = startClock('nextResponse', target, policy.hours, now);
  return { ...sla, clocks, waitingOnCustomer: false };
}

/**
 * The ticket is resolved: every clock stops. The bot's answer counts as the first response only
 * here, when it resolved the ticket; a person's resolution is their response too.
 */
export function ticketResolved(sla: TicketSla, hours: BusinessHours, now: Date): TicketSla {
  let next = sla;
  if (next.clocks.firstResponse && !next.clocks.firstResponse.stoppedAt) {
    next = stopClock(next, 'firstResponse', hours, now);
    next = { ...next, firstResponseMinutes: minutesOf(next.clocks.firstResponse) };
  }
  next = stopClock(next, 'nextResponse', hours, now);
  // A resolution paused while waiting on the customer stops at what it had counted.
  const resolution = next.clocks.resolution;
  if (resolution && !resolution.stoppedAt) {
    next = stopClock(next, 'resolution', hours, now);
    next = { ...next, resolutionMinutes: minutesOf(next.clocks.resolution) };
  }
  return { ...next, waitingOnCustomer: false };
}

function minutesOf(clock: SlaClock | undefined): number | undefined {
  return clock ? Math.round((clock.usedMs / MINUTE) * 10) / 10 : undefined;
}

/** Running clocks, in metric order. */
export function runningClocks(sla: TicketSla): SlaClock[] {
  return SLA_METRICS.map((m) => sla.clocks[m]).filter((c): c is SlaClock => !!c?.runningSince);
}

/** The next moment the sweep must look at this ticket (a warning or a breach), if any. */
export function nextCheckAt(sla: TicketSla): Date | undefined {
  let next: Date | undefined;
  for (const clock of runningClocks(sla)) {
    const at = clock.breachedAt ? undefined : clock.warnedAt ? clock.dueAt : clock.warnAt;
    if (at && (!next || at < next)) next = at;
  }
  return next;
}

/** What is due now on a running clock: a warning, a breach alert, or nothing. */
export function dueAlert(clock: SlaClock, hours: BusinessHours, now: Date): 'warning' | 'breach' | null {
  if (!clock.runningSince || clock.breachedAt) return null;
  const used = usedMs(clock, hours, now);
  const target = clock.targetMinutes * MINUTE;
  if (used >= target) return 'breach';
  if (used >= WARN_AT * target && !clock.warnedAt) return 'warning';
  return null;
}

/** How one clock reads now. */
export function clockState(clock: SlaClock, hours: BusinessHours, now: Date): SlaState {
  const used = usedMs(clock, hours, now);
  const target = clock.targetMinutes * MINUTE;
  if (clock.breachedAt || used >= target) return 'breached';
  if (clock.stoppedAt) return 'met';
  if (!clock.runningSince) return 'paused';
  return used >= WARN_AT * target ? 'at_risk' : 'on_track';
}

/** Business minutes left on a clock (negative when past its target). */
export function minutesLeft(clock: SlaClock, hours: BusinessHours, now: Date): number {
  return Math.round((clock.targetMinutes * MINUTE - usedMs(clock, hours, now)) / MINUTE);
}
