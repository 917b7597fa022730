import type { ApprovalStore } from '../approvals/ports.js';
import type { LiveEvent } from '../conversation/ports.js';
import type { MessageStore, TicketStore } from '../conversation/stores.js';
import type { Clock, Ticket } from '../domain/index.js';
import type { Logger } from '../logger.js';
import { difference, type Counters } from './counters.js';
import {
  ApprovalFactSchema,
  TicketFactSchema,
  approvalCounters,
  approvalFact,
  ticketCounters,
  ticketFact,
  type CsatInput,
  type CsatRating,
  type SlaTargets,
  type TicketFact,
} from './facts.js';
import type { GapEntry, ReportStore } from './ports.js';

export interface ReportRecorderDeps {
  store: ReportStore;
  tickets: Pick<TicketStore, 'get'>;
  messages: Pick<MessageStore, 'listByTicket'>;
  approvals: Pick<ApprovalStore, 'get' | 'listByTicket'>;
  clock: Clock;
  logger: Logger;
  /** The ticket's SLA targets, when SLA policies are configured (the sla module). */
  slaTargets?: (ticket: Ticket) => Promise<SlaTargets | null>;
  /** The customer's rating of the ticket and who had resolved it, when CSAT is on (the csat module). */
  csatRating?: (tenantId: string, ticketId: string) => Promise<CsatInput | CsatRating | null>;
}

export interface ReportRecorder {
  /** Event-bus listener: queues the recount of the ticket or approval the event is about. */
  onEvent(event: LiveEvent): void;
  /** Recounts one ticket (and its approvals) now; safe to call any number of times. */
  recordTicket(tenantId: string, ticketId: string): Promise<void>;
  recordApproval(tenantId: string, approvalId: string): Promise<void>;
  /** Resolves when every queued recount has finished (tests, shutdown). */
  idle(): Promise<void>;
}

/** How many messages of a ticket are read for its first response (the earliest are what count). */
const MESSAGE_WINDOW = 200;
const MAX_ATTEMPTS = 5;

const ticketFactId = (ticketId: string) => `t:${ticketId}`;
const approvalFactId = (approvalId: string) => `a:${approvalId}`;

/**
 * Keeps the report's rollups current at write time. Each ticket or approval is one fact doc
 * holding what it counted last; a change is applied to its day's rollup as the difference
 * (`$inc`), after the fact was stored under a compare-and-set, so two processes recounting the
 * same ticket at once count it once. Listens on the engine's event bus: no engine file knows it.
 */
export function createReportRecorder(deps: ReportRecorderDeps): ReportRecorder {
  const { store, logger } = deps;
  const chains = new Map<string, Promise<void>>();
  /**
   * Recounts queued but not started: a burst of events for one key is one recount. `full` is
   * raised by any event that needs the whole recount (a status change beats a message).
   */
  const waiting = new Map<string, { done: Promise<void>; full: boolean }>();

  function queue(key: string, work: (full: boolean) => Promise<void>, full = true): Promise<void> {
    const already = waiting.get(key);
    if (already) {
      already.full ||= full;
      return already.done;
    }
    const entry = { done: Promise.resolve(), full };
    const prev = chains.get(key) ?? Promise.resolve();
    const next = prev
      .then(() => {
        waiting.delete(key);
        return work(entry.full);
      })
      .catch((err: unknown) => logger.warn({ err, key }, 'report rollup update failed'));
    entry.done = next;
    chains.set(key, next);
    waiting.set(key, entry);
    void next.then(() => {
      if (chains.get(key) === next) chains.delete(key);
    });
    return next;
  }

  /** Stores `compute(previous)` under compare-and-set and applies the counters' difference. */
  async function apply<F extends { day: string }>(
    tenantId: string,
    factId: string,
    parse: (raw: unknown) => F | null,
    compute: (previous: F | null) => Promise<{ fact: F; counters: Counters } | null>,
    afterWrite?: (fact: F, previous: F | null) => Promise<void>,
  ): Promise<void> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const stored = await store.getFact(tenantId, factId);
      const previous = stored ? parse(stored.fact) : null;
      const next = await compute(previous);
      if (!next) return;
      const before = stored?.counters ?? {};
      const delta = difference(next.counters, before);
      const sameDay = !stored || stored.day === next.fact.day;
      if (
        Object.keys(delta).length === 0 &&
        sameDay &&
        JSON.stringify(previous) === JSON.stringify(next.fact)
      )
        return;
      const won = await store.putFact(
        tenantId,
        factId,
        { fact: next.fact, counters: next.counters, day: next.fact.day },
        stored?.rev ?? 0,
      );
      if (!won) continue;
      if (sameDay) {
        if (Object.keys(delta).length) await store.addToDay(tenantId, next.fact.day, delta);
      } else {
        await store.addToDay(tenantId, stored.day, difference({}, before));
        await store.addToDay(tenantId, next.fact.day, next.counters);
      }
      await afterWrite?.(next.fact, previous);
      return;
    }
    logger.warn({ tenantId, factId }, 'report fact kept changing under us; left for the next event');
  }

  const parseTicket = (raw: unknown) => {
    const p = TicketFactSchema.safeParse(raw);
    return p.success ? p.data : null;
  };
  const parseApproval = (raw: unknown) => {
    const p = ApprovalFactSchema.safeParse(raw);
    return p.success ? p.data : null;
  };

  async function syncGap(tenantId: string, fact: TicketFact, previous: TicketFact | null): Promise<void> {
    const entry: GapEntry | null = fact.question
      ? {
          ticketId: fact.ticketId,
          question: fact.question,
          intent: fact.dims.intent,
          ...(fact.language ? { language: fact.language } : {}),
          why: fact.escalationReason === 'low_confidence' ? 'low_confidence' : 'not_good',
          at: deps.clock.now(),
        }
      : null;
    if (!entry && !previous?.question) return;
    if (entry && previous?.question === entry.question) return;
    await store.setGap(tenantId, fact.day, fact.ticketId, entry);
  }

  async function recordTicketNow(tenantId: string, ticketId: string): Promise<void> {
    let ticket: Ticket | null = null;
    await apply(
      tenantId,
      ticketFactId(ticketId),
      parseTicket,
      async (previous) => {
        ticket = await deps.tickets.get(tenantId, ticketId);
        if (!ticket) return null;
        const [messages, targets, csat] = await Promise.all([
          deps.messages.listByTicket(tenantId, ticketId, MESSAGE_WINDOW),
          deps.slaTargets?.(ticket) ?? null,
          deps.csatRating?.(tenantId, ticketId) ?? null,
        ]);
        const fact = ticketFact({ ticket, messages, previous, now: deps.clock.now(), targets, csat });
        return { fact, counters: ticketCounters(fact) };
      },
      (fact, previous) => syncGap(tenantId, fact, previous),
    );
    if (!ticket) return;
    // Approval decisions move the ticket too: recount its approvals with it.
    const approvals = await deps.approvals.listByTicket(tenantId, ticketId);
    for (const a of approvals) await recordApprovalNow(tenantId, a.approvalId, ticket);
  }

  async function recordApprovalNow(tenantId: string, approvalId: string, known?: Ticket): Promise<void> {
    await apply(tenantId, approvalFactId(approvalId), parseApproval, async () => {
      const approval = await deps.approvals.get(tenantId, approvalId);
      if (!approval) return null;
      const ticket = known ?? (await deps.tickets.get(tenantId, approval.ticketId));
      const fact = approvalFact(approval, ticket);
      return { fact, counters: approvalCounters(fact) };
    });
  }

  /**
   * A message can be a ticket's first response after its last status change (a new ticket is
   * stored resolved before its answer is recorded): recount while no response is counted yet.
   * Once it is, a message costs one `_id` read.
   */
  async function recordMessageNow(tenantId: string, ticketId: string): Promise<void> {
    const stored = await store.getFact(tenantId, ticketFactId(ticketId));
    const fact = stored ? parseTicket(stored.fact) : null;
    if (fact && fact.firstResponseMs !== undefined && (!fact.escalated || fact.firstStaffAt)) return;
    await recordTicketNow(tenantId, ticketId);
  }

  return {
    onEvent(event) {
      if (event.type === 'message' && event.ticketId) {
        const { tenantId, ticketId } = event;
        void queue(
          `${tenantId}|t|${ticketId}`,
          (full) => (full ? recordTicketNow(tenantId, ticketId) : recordMessageNow(tenantId, ticketId)),
          false,
        );
      } else if (event.type === 'ticket') {
        void queue(`${event.tenantId}|t|${event.ticketId}`, () =>
          recordTicketNow(event.tenantId, event.ticketId),
        );
      } else if (event.type === 'approval') {
        void queue(`${event.tenantId}|a|${event.approvalId}`, () =>
          recordApprovalNow(event.tenantId, event.approvalId),
        );
      }
    },
    recordTicket: (tenantId, ticketId) =>
      queue(`${tenantId}|t|${ticketId}`, () => recordTicketNow(tenantId, ticketId)),
    recordApproval: (tenantId, approvalId) =>
      queue(`${tenantId}|a|${approvalId}`, () => recordApprovalNow(tenantId, approvalId)),
    async idle() {
      while (chains.size) await Promise.all([...chains.values()]);
    },
  };
}
