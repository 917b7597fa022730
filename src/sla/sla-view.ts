import type { SlaClock, SlaMetric, SlaState, TicketSla } from '../domain/index.js';

/**
 * How a ticket's SLA reads for people (staff cards, App Home, the sandbox), from what is stored on
 * the ticket alone: the wall-clock warning and due times were computed in business time when the
 * clock last moved, so no policy is needed to show it.
 */

export const METRIC_LABELS: Record<SlaMetric, string> = {
  firstResponse: 'First response',
  nextResponse: 'Next response',
  resolution: 'Resolution',
};

export const STATE_LABELS: Record<SlaState, string> = {
  on_track: 'on track',
  at_risk: 'at risk',
  breached: 'breached',
  met: 'met',
  paused: 'paused (waiting on the customer)',
};

export interface SlaView {
  state: SlaState;
  metric: SlaMetric;
  dueAt?: Date;
  /** "First response at risk — due Nov 23, 14:05 UTC" */
  text: string;
}

function stateOf(clock: SlaClock, now: Date): SlaState {
  if (clock.breachedAt || (clock.dueAt && clock.runningSince && now >= clock.dueAt)) return 'breached';
  if (clock.stoppedAt) return 'met';
  if (!clock.runningSince) return 'paused';
  return clock.warnedAt || (clock.warnAt && now >= clock.warnAt) ? 'at_risk' : 'on_track';
}

function utc(d: Date): string {
  const day = d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return `${day}, ${d.toISOString().slice(11, 16)} UTC`;
}

/** The clock that matters now: a running response clock, else resolution. */
export function headline(sla: TicketSla): SlaClock | undefined {
  const c = sla.clocks;
  return [c.firstResponse, c.nextResponse].find((x) => x && !x.stoppedAt) ?? c.resolution ?? c.firstResponse;
}

export function viewSla(sla: TicketSla | undefined, now: Date): SlaView | undefined {
  if (!sla) return undefined;
  const clock = headline(sla);
  if (!clock) return undefined;
  const state = sla.breaches.length > 0 && stateOf(clock, now) === 'met' ? 'breached' : stateOf(clock, now);
  const label = METRIC_LABELS[clock.metric];
  const due = clock.runningSince && clock.dueAt ? ` — due ${utc(clock.dueAt)}` : '';
  const breached =
    sla.breaches.length > 0 && clock.metric !== sla.breaches.at(-1)?.metric
      ? ` (${METRIC_LABELS[sla.breaches.at(-1)!.metric].toLowerCase()} breached)`
      : '';
  return {
    state,
    metric: clock.metric,
    ...(clock.dueAt ? { dueAt: clock.dueAt } : {}),
    text: `${label} ${STATE_LABELS[stateOf(clock, now)]}${due}${breached}`,
  };
}
