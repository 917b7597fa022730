import type { SlaClock, Ticket } from '../domain/index.js';

/**
 * The due-list of SLA clocks: one small document per ticket with a running clock (`_id` keyed),
 * holding when the sweep must next look at it. Removed when no clock runs, so the list stays as
 * short as the open tickets with clocks, whatever the history.
 */
export interface SlaTimerStore {
  /** Records when the ticket's clocks next need a look; null removes it (nothing running). */
  schedule(tenantId: string, ticketId: string, nextAt: Date | null): Promise<void>;
  /** Up to `limit` tickets due by `now`, earliest first, across organizations. */
  due(now: Date, limit: number): Promise<Array<{ tenantId: string; ticketId: string; nextAt: Date }>>;
}

/** A warning (75% of the target) or a breach, for the staff channel. */
export interface SlaAlert {
  kind: 'warning' | 'breach';
  clock: SlaClock;
}

/** How an alert reaches staff (the conversation layer posts it through the outbox, once per key). */
export type SlaAlertPoster = (ticket: Ticket, alert: SlaAlert, key: string) => Promise<void>;

/** What happens to a ticket whose clock breached, beside the alert (escalation to a person). */
export type SlaBreachHandler = (ticket: Ticket, clock: SlaClock) => Promise<void>;
