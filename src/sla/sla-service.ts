import type { CustomerStore, TenantStore, TicketStore } from '../conversation/stores.js';
import type { Clock, Ticket, TicketSla } from '../domain/index.js';
import type { Logger } from '../logger.js';
import {
  customerWrote,
  dueAlert,
  nextCheckAt,
  openSla,
  personResponded,
  runningClocks,
  ticketResolved,
  withBreach,
  type SlaPolicy,
} from './sla-clock.js';
import type { SlaAlertPoster, SlaBreachHandler, SlaTimerStore } from './sla-ports.js';

export interface SlaServiceDeps {
  tickets: TicketStore;
  tenants: TenantStore;
  customers: CustomerStore;
  timers: SlaTimerStore;
  postAlert: SlaAlertPoster;
  /**
   * After a breach alert: the conversation layer hands a ticket nobody holds to a person (reason
   * `sla`). Called once per breached clock, by the process that claimed the breach.
   */
  onBreach?: SlaBreachHandler;
  clock: Clock;
  logger: Logger;
}

/** What happened on a ticket, as far as its SLA clocks care. */
export type SlaEvent = 'opened' | 'customer_wrote' | 'person_responded' | 'resolved';

export interface SlaSweepResult {
  checked: number;
  warnings: number;
  breaches: number;
}

export interface SlaService {
  /** Moves a ticket's clocks; never throws (an SLA hiccup must not cost a customer their answer). */
  /**
   * `known`: the ticket as the caller just stored it, read instead of the database (a stale copy
   * only costs a retry: the write is conditional on its version).
   */
  record(tenantId: string, ticketId: string, event: SlaEvent, known?: Ticket): Promise<void>;
  /**
   * The clocks of a ticket about to be stored for the first time (stopped already when it is
   * stored resolved: a plain answer to a new question), so its insert is their first write.
   * Undefined when the organization has no SLA (or its settings cannot be read: then `record`
   * starts them later).
   */
  openingClocks(ticket: Ticket): Promise<TicketSla | undefined>;
  /**
   * The clocks of a ticket about to be resolved at `at`, stopped, so the resolving write carries
   * them and `record(…, 'resolved')` after it finds nothing left to write. Its due-list entry is
   * left to the sweep, which drops a resolved ticket's without an alert. Undefined when it has no
   * clocks yet or the organization has no SLA (then `record` stops them, as before); never throws.
   */
  resolvedClocks(ticket: Ticket, at: Date): Promise<TicketSla | undefined>;
  /** Puts a ticket stored with its clocks (openingClocks) on the due-list; never throws. */
  scheduleOpened(ticket: Ticket): Promise<void>;
  /** Posts due warnings and breach alerts, each once, however many processes sweep. */
  sweep(limit?: number): Promise<SlaSweepResult>;
}

const ATTEMPTS = 4;

/**
 * SLA clocks on tickets. Every state lives on the ticket (`Ticket.sla`) and the due-list
 * (`SlaTimerStore`); nothing in memory is the source of truth, so a restart or a second process
 * carries on where the first left off. Writes are conditional on the ticket's version.
 */
export function createSlaService(deps: SlaServiceDeps): SlaService {
  const { tickets, clock, logger } = deps;

  async function policyFor(tenantId: string): Promise<SlaPolicy | null> {
    const tenant = await deps.tenants.get(tenantId);
    if (!tenant?.settings.slaEnabled) return null;
    return { hours: tenant.settings.businessHours, targets: tenant.settings.slaTargets };
  }

  async function planOf(ticket: Ticket) {
    if (!ticket.customerId) return 'free' as const;
    return (await deps.customers.get(ticket.tenantId, ticket.customerId))?.plan ?? 'free';
  }

  /** Applies `change` to the stored SLA under the ticket's version; retried when another write won. */
  async function mutate(
    tenantId: string,
    ticketId: string,
    change: (sla: TicketSla, policy: SlaPolicy, now: Date) => TicketSla,
    known?: Ticket,
  ): Promise<{ ticket: Ticket; changed: boolean } | null> {
    const policy = await policyFor(tenantId);
    if (!policy) return null;
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const ticket =
        attempt === 0 && known?.tenantId === tenantId && known.ticketId === ticketId
          ? known
          : await tickets.get(tenantId, ticketId);
      if (!ticket) return null;
      const now = clock.now();
      const current = ticket.sla ?? openSla(policy, await planOf(ticket), ticket.urgency, ticket.createdAt);
      const next = change(current, policy, now);
      if (ticket.sla && JSON.stringify(next) === JSON.stringify(ticket.sla))
        return { ticket, changed: false };
      const updated = await tickets.update(
        tenantId,
        ticketId,
        { sla: next, updatedAt: ticket.updatedAt },
        { expectedVersion: ticket.version },
      );
      if (!updated) continue;
      const due = nextCheckAt(next) ?? null;
      // A ticket without clocks until now has no due-list entry to remove (one is written only
      // after its clocks are; they are never removed from a ticket).
      if (due || ticket.sla) await deps.timers.schedule(tenantId, ticketId, due);
      return { ticket: updated, changed: true };
    }
    logger.warn({ ticketId }, 'SLA update kept losing to other writes; the sweep catches up');
    return null;
  }

  const transitions: Record<SlaEvent, (sla: TicketSla, policy: SlaPolicy, now: Date) => TicketSla> = {
    opened: (sla) => sla,
    customer_wrote: (sla, policy, now) => customerWrote(sla, policy, now),
    person_responded: (sla, policy, now) => personResponded(sla, policy.hours, now),
    resolved: (sla, policy, now) => ticketResolved(sla, policy.hours, now),
  };

  /** Claims and posts what is due on one ticket. */
  async function check(tenantId: string, ticketId: string): Promise<{ warnings: number; breaches: number }> {
    const counts = { warnings: 0, breaches: 0 };
    const policy = await policyFor(tenantId);
    const ticket = await tickets.get(tenantId, ticketId);
    if (!policy || !ticket?.sla || ticket.status === 'resolved') {
      await deps.timers.schedule(tenantId, ticketId, null);
      return counts;
    }
    const now = clock.now();
    let latest = ticket;
    for (const clockNow of runningClocks(ticket.sla)) {
      const due = dueAlert(clockNow, policy.hours, now);
      if (!due) continue;
      // Claimed on the ticket first (a conditional write: one process wins), then posted through
      // the outbox under a key that is unique per clock run, so even a lost claim posts once.
      let claimedClock = clockNow;
      const claimed = await mutate(tenantId, ticketId, (sla) => {
        const c = sla.clocks[clockNow.metric];
        if (!c || c.startedAt.getTime() !== clockNow.startedAt.getTime()) return sla;
        if (due === 'breach' && c.breachedAt) return sla;
        if (due === 'warning' && c.warnedAt) return sla;
        claimedClock =
          due === 'breach'
            ? { ...c, breachedAt: c.dueAt && c.dueAt < now ? c.dueAt : now, warnedAt: c.warnedAt ?? now }
            : { ...c, warnedAt: now };
        const next = { ...sla, clocks: { ...sla.clocks, [c.metric]: claimedClock } };
        return due === 'breach' ? withBreach(next, claimedClock) : next;
      });
      if (!claimed) continue;
      latest = claimed.ticket;
      if (!claimed.changed) continue;
      const key = `sla:${due}:${ticketId}:${clockNow.metric}:${clockNow.startedAt.getTime()}`;
      try {
        await deps.postAlert(claimed.ticket, { kind: due, clock: claimedClock }, key);
      } catch (err) {
        logger.error(
          { err, ticketId, metric: clockNow.metric },
          'posting the SLA alert failed; the outbox retries',
        );
      }
      if (due === 'breach') {
        counts.breaches++;
        try {
          await deps.onBreach?.(claimed.ticket, claimedClock);
        } catch (err) {
          logger.error(
            { err, ticketId, metric: clockNow.metric },
            'handing the breached ticket to a person failed',
          );
        }
      } else counts.warnings++;
    }
    // Another process may have claimed what was due: the due-list moves on either way.
    await deps.timers.schedule(tenantId, ticketId, (latest.sla && nextCheckAt(latest.sla)) ?? null);
    return counts;
  }

  return {
    async record(tenantId, ticketId, event, known) {
      try {
        await mutate(tenantId, ticketId, transitions[event], known);
      } catch (err) {
        logger.error({ err, ticketId, event }, 'recording the SLA event failed');
      }
    },
    async openingClocks(ticket) {
      try {
        const policy = await policyFor(ticket.tenantId);
        if (!policy) return undefined;
        const opened = openSla(policy, await planOf(ticket), ticket.urgency, ticket.createdAt);
        return ticket.status === 'resolved' ? ticketResolved(opened, policy.hours, clock.now()) : opened;
      } catch (err) {
        logger.error({ err, ticketId: ticket.ticketId }, 'working out the SLA clocks failed');
        return undefined;
      }
    },
    async resolvedClocks(ticket, at) {
      if (!ticket.sla) return undefined;
      try {
        const policy = await policyFor(ticket.tenantId);
        return policy ? ticketResolved(ticket.sla, policy.hours, at) : undefined;
      } catch (err) {
        logger.error({ err, ticketId: ticket.ticketId }, 'working out the stopped SLA clocks failed');
        return undefined;
      }
    },
    async scheduleOpened(ticket) {
      const due = ticket.sla && nextCheckAt(ticket.sla);
      if (!due) return;
      try {
        await deps.timers.schedule(ticket.tenantId, ticket.ticketId, due);
      } catch (err) {
        logger.error({ err, ticketId: ticket.ticketId }, 'scheduling the SLA checks failed');
      }
    },
    async sweep(limit = 200) {
      const due = await deps.timers.due(clock.now(), limit);
      const result: SlaSweepResult = { checked: due.length, warnings: 0, breaches: 0 };
      for (const { tenantId, ticketId } of due) {
        try {
          const counts = await check(tenantId, ticketId);
          result.warnings += counts.warnings;
          result.breaches += counts.breaches;
        } catch (err) {
          logger.error({ err, ticketId }, 'SLA check failed; will retry');
        }
      }
      return result;
    },
  };
}
