import type { MessageStore, TicketStore } from '../conversation/stores.js';
import type { Clock, Ticket } from '../domain/index.js';
import type { ApprovalRecount } from './approval-recount.js';
import type { ApplyFact } from './fact-writer.js';
import {
  TicketFactSchema,
  escalationCategory,
  ticketCounters,
  ticketFact,
  type CsatInput,
  type CsatRating,
  type SlaTargets,
  type TicketFact,
} from './facts.js';
import type { GapEntry, ReportStore } from './ports.js';
import { createPutBarrier } from './put-barrier.js';
import type { RecountHints } from './recount-hints.js';
import { approvalKey, ticketFactId } from './recount-keys.js';
import type { RecountQueue } from './recount-queue.js';
import type { RememberedFacts } from './remembered-facts.js';

/** How many messages of a ticket are read for its first response (the earliest are what count). */
const MESSAGE_WINDOW = 200;

export interface TicketRecountDeps {
  store: Pick<ReportStore, 'getFact' | 'setGap'>;
  tickets: Pick<TicketStore, 'get' | 'recent'>;
  messages: Pick<MessageStore, 'listByTicket'>;
  clock: Clock;
  slaTargets?: (ticket: Ticket) => Promise<SlaTargets | null>;
  csatRating?: (tenantId: string, ticketId: string) => Promise<CsatInput | CsatRating | null>;
  apply: ApplyFact;
  facts: Pick<RememberedFacts, 'get' | 'has'>;
  hints: RecountHints;
  /** The ticket's requests are recounted with it, each in its own queue. */
  approvals: ApprovalRecount;
  queue: Pick<RecountQueue, 'run'>;
}

/** Tickets' facts, and with them their approval requests' (which copy the ticket's dimensions). */
export interface TicketRecount {
  /**
   * Recounts a ticket. `explicit` (a recount asked for: `npm run report --rebuild`, an SLA breach)
   * reads everything; a recount an event caused reads only what the events did not tell: the ticket
   * when this process did not write it last (or wrote an older version than the one counted), the
   * rating only after a rating event, the approvals only when the ticket has or may have some.
   * `swept` (the report sweep: a ticket whose fact is behind it) reads the ticket as stored and,
   * only when it was never counted, its rating and approvals too: most such tickets changed in a
   * way no event announced and need only their version counted.
   */
  count(tenantId: string, ticketId: string, explicit: boolean, swept?: boolean): Promise<void>;
  /**
   * A message can be a ticket's first response after its last status change (a new ticket is
   * stored resolved before its answer is recorded): recount while no response is counted yet.
   * Once it is, a message costs one `_id` read.
   */
  countMessage(tenantId: string, ticketId: string): Promise<void>;
}

const parseTicket = (raw: unknown) => {
  const p = TicketFactSchema.safeParse(raw);
  return p.success ? p.data : null;
};

export function createTicketRecount(deps: TicketRecountDeps): TicketRecount {
  const { apply, hints, queue } = deps;

  /** Keeps the ticket's unanswered question on its day (knowledge gaps), or forgets it. */
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
    await deps.store.setGap(tenantId, fact.day, fact.ticketId, entry);
  }

  async function count(tenantId: string, ticketId: string, explicit: boolean, swept = false): Promise<void> {
    let ticket: Ticket | null = null;
    let hasApprovals = false;
    const hint = hints.takeReplies(tenantId, ticketId);
    const ratedBefore = hints.takeRating(tenantId, ticketId) || explicit;
    const recent = explicit || swept ? undefined : deps.tickets.recent?.(tenantId, ticketId);
    const fresh = recent?.inserted === true && !deps.facts.has(tenantId, ticketFactId(ticketId));
    // A ticket created here and waiting on staff (a refund request), or one this process saw
    // requests of (a click's): its requests are listed first, so its fact and theirs are written
    // in one tick, one command (put-barrier.ts), each request counted with the ticket as counted.
    // Listed by key from the ticket as written here (Ticket.approvals): no scan.
    const early =
      recent &&
      (hints.hasApprovals(tenantId, ticketId) || (fresh && recent.ticket.status === 'pending_approval'))
        ? await deps.approvals.list(tenantId, ticketId, recent.ticket)
        : undefined;
    const parties = early ? createPutBarrier(1 + early.length) : [];
    let chose: (t: Ticket | null) => void = () => undefined;
    const chosen = new Promise<Ticket | null>((resolve) => (chose = resolve));
    const counting = apply(
      tenantId,
      ticketFactId(ticketId),
      parseTicket,
      async (previous) => {
        const rated = ratedBefore || (swept && previous === null);
        // What this process wrote last, unless the fact counted a later version (another process's).
        ticket =
          recent && recent.ticket.version >= (previous?.version ?? 0)
            ? recent.ticket
            : await deps.tickets.get(tenantId, ticketId);
        chose(ticket);
        if (!ticket) return null;
        // The transcript is read only for what neither the last count nor the events tell: when
        // the first reply came, or the question of a ticket the bot could not answer.
        const replied = previous?.firstBotAt ?? previous?.firstStaffAt ?? hint?.botAt ?? hint?.personAt;
        // Only a gap keeps its question: escalated for want of an answer, or rated "Not good".
        const gap =
          (ticket.escalation !== undefined &&
            escalationCategory(ticket.escalation.reason) === 'low_confidence') ||
          previous?.escalationReason === 'low_confidence' ||
          rated ||
          previous?.csat === 'not_good';
        const needsQuestion = gap && !previous?.question;
        const [messages, targets, csat] = await Promise.all([
          replied && !needsQuestion
            ? Promise.resolve([])
            : deps.messages.listByTicket(tenantId, ticketId, MESSAGE_WINDOW),
          deps.slaTargets?.(ticket) ?? null,
          // A rating arrives with its own event (csat.ts); otherwise the last count holds it.
          rated ? (deps.csatRating?.(tenantId, ticketId) ?? null) : null,
        ]);
        const fact = ticketFact({
          ticket,
          messages,
          previous,
          now: deps.clock.now(),
          targets,
          csat,
          seen: hint,
        });
        // Approval facts copy the ticket's intent and channel: they are recounted with the ticket
        // when it has (or may just have got) approvals, or when what they copy changed.
        const seenApprovals = hints.hasApprovals(tenantId, ticketId);
        hasApprovals =
          explicit ||
          (swept && previous === null) ||
          previous?.approvals === true ||
          seenApprovals ||
          ticket.status === 'pending_approval' ||
          (previous !== null && previous.dims.intent !== fact.dims.intent);
        const counted: TicketFact = {
          ...fact,
          version: ticket.version,
          ...(previous?.approvals || seenApprovals ? { approvals: true } : {}),
        };
        return { fact: counted, counters: ticketCounters(counted) };
      },
      { afterWrite: (fact, previous) => syncGap(tenantId, fact, previous), fresh, party: parties[0] },
    );
    // A recount that failed before choosing its ticket: its requests read the ticket themselves.
    void counting.finally(() => chose(null)).catch(() => undefined);
    if (early) {
      if (early.length > 0) hints.markHasApprovals(tenantId, ticketId);
      const known = chosen;
      await Promise.all([
        counting,
        ...early.map((a, i) => {
          const party = parties[i + 1]!;
          // A recount merged into one already queued never reaches the barrier: it leaves it then.
          return queue
            .run(approvalKey(tenantId, a.approvalId), () =>
              deps.approvals.recount(tenantId, a.approvalId, {
                known,
                listed: a,
                party,
                ticketFresh: fresh,
              }),
            )
            .finally(() => party.leave());
        }),
      ]);
      return;
    }
    await counting;
    if (!ticket || !hasApprovals) return;
    // Approval decisions move the ticket too: recount its approvals with it, each as just listed,
    // in its own queue: after (not beside) a recount its own event started, which leaves this one
    // nothing to write.
    // By key from the ticket as counted (none read when it lists none).
    const counted: Ticket = ticket;
    const approvals = await deps.approvals.list(tenantId, ticketId, counted);
    if (approvals.length > 0) hints.markHasApprovals(tenantId, ticketId);
    for (const a of approvals) {
      await queue.run(approvalKey(tenantId, a.approvalId), () =>
        deps.approvals.recount(tenantId, a.approvalId, { known: counted, listed: a }),
      );
    }
  }

  async function countMessage(tenantId: string, ticketId: string): Promise<void> {
    const stored =
      deps.facts.get(tenantId, ticketFactId(ticketId)) ??
      (await deps.store.getFact(tenantId, ticketFactId(ticketId)));
    const fact = stored ? parseTicket(stored.fact) : null;
    if (fact && fact.firstResponseMs !== undefined && (!fact.escalated || fact.firstStaffAt)) {
      // Counted already: what the events saw adds nothing.
      hints.forgetReplies(tenantId, ticketId);
      return;
    }
    await count(tenantId, ticketId, false);
  }

  return { count, countMessage };
}
