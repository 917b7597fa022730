import { createPutBarrier, type PutParty } from './put-barrier.js';
import type { ApprovalStore } from '../approvals/ports.js';
import type { LiveEvent } from '../conversation/ports.js';
import type { MessageStore, TicketStore } from '../conversation/stores.js';
import type { ApprovalRequest, Clock, Ticket } from '../domain/index.js';
import type { Logger } from '../logger.js';
import { difference, type Counters } from './counters.js';
import {
  ApprovalFactSchema,
  TicketFactSchema,
  approvalCounters,
  approvalFact,
  escalationCategory,
  ticketCounters,
  ticketFact,
  type CsatInput,
  type CsatRating,
  type SlaTargets,
  type SeenReplies,
  type TicketFact,
} from './facts.js';
import type { GapEntry, ReportStore, StoredFact } from './ports.js';

export interface ReportRecorderDeps {
  store: ReportStore;
  /** `recent`: the ticket as this process last wrote it, read instead of the database when current. */
  tickets: Pick<TicketStore, 'get' | 'recent'>;
  messages: Pick<MessageStore, 'listByTicket'>;
  approvals: Pick<ApprovalStore, 'get' | 'listByTicket'>;
  clock: Clock;
  logger: Logger;
  /** The ticket's SLA targets, when SLA policies are configured (the sla module). */
  slaTargets?: (ticket: Ticket) => Promise<SlaTargets | null>;
  /** The customer's rating of the ticket and who had resolved it, when CSAT is on (the csat module). */
  csatRating?: (tenantId: string, ticketId: string) => Promise<CsatInput | CsatRating | null>;
  /**
   * An event's recount waits this long for more events about the same ticket or approval (500 ms),
   * so one message's run (its customer message, the ticket change, the reply: several events
   * within a few hundred milliseconds) costs one recount instead of one each. 0 recounts at once.
   */
  settleMs?: number;
  /**
   * However busy a ticket stays, its recount waits at most this long (3 s), plus the wait for the
   * next shared beat (half of settleMs: recounts due within one beat start together).
   */
  maxWaitMs?: number;
  /**
   * Write-behind: a recount's write waits up to this long (1 s) for the next flush, where every
   * write waiting goes in one command (up to 50 statements, report-repository.ts) — many tickets'
   * facts and their days' counters summed. A report read (`flush`) and `idle` write at once. 0
   * writes at once.
   */
  flushMs?: number;
}

export interface ReportRecorder {
  /** Event-bus listener: queues the recount of the ticket or approval the event is about. */
  onEvent(event: LiveEvent): void;
  /**
   * Recounts one ticket (and its approvals) now and writes it at once; safe to call any number of
   * times. `strict`: rejects when the recount failed (otherwise logged and left for the next
   * change or the sweep). `batched`: its write waits for the next flush with the others (the
   * sweep recounts many tickets at a time). `swept`: the sweep's recount (see countTicket).
   */
  recordTicket(
    tenantId: string,
    ticketId: string,
    options?: { strict?: boolean; batched?: boolean; swept?: boolean },
  ): Promise<void>;
  recordApproval(tenantId: string, approvalId: string): Promise<void>;
  /**
   * Starts every recount still settling, writes what waits for the next flush at once, and
   * resolves once those and the running ones are done (a report read).
   */
  flush(): Promise<void>;
  /** Like flush, until nothing is left at all (tests, shutdown). */
  idle(): Promise<void>;
}

/** How many messages of a ticket are read for its first response (the earliest are what count). */
const MESSAGE_WINDOW = 200;
const MAX_ATTEMPTS = 5;
/** Facts (and tickets with approvals) a recorder remembers between recounts; the oldest go first. */
const FACTS_REMEMBERED = 5_000;

const ticketFactId = (ticketId: string) => `t:${ticketId}`;
/** Queue and settling keys: one recount at a time per ticket or approval. */
const ticketKey = (tenantId: string, ticketId: string) => `${tenantId}|t|${ticketId}`;
const approvalKey = (tenantId: string, approvalId: string) => `${tenantId}|a|${approvalId}`;
const approvalFactId = (approvalId: string) => `a:${approvalId}`;
/** Requests in these states never change again. */
const FINAL = new Set<ApprovalRequest['status']>(['executed', 'failed', 'rejected', 'expired']);

/**
 * Keeps the report's rollups current, written behind the messages: a ticket's recount starts once
 * its events settle and its write waits for the next flush (at most `flushMs`), where the writes
 * of every ticket waiting go in one command; a report read flushes first, and a process killed
 * meanwhile leaves its tickets to the report sweep (report-sweep.ts). Each ticket or approval is
 * one fact doc holding what it counted last; a change is applied to its day's rollup as the difference
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

  /**
   * `strict`: the returned promise rejects when the recount failed (the report sweep advances past
   * a ticket only once it is counted), and it is not merged into a recount already waiting.
   */
  function queue(
    key: string,
    work: (full: boolean) => Promise<void>,
    full = true,
    strict = false,
  ): Promise<void> {
    const already = strict ? undefined : waiting.get(key);
    if (already) {
      already.full ||= full;
      return already.done;
    }
    const entry = { done: Promise.resolve(), full };
    const prev = chains.get(key) ?? Promise.resolve();
    const run = prev.then(() => {
      if (waiting.get(key) === entry) waiting.delete(key);
      return work(entry.full);
    });
    const next = run.catch((err: unknown) => logger.warn({ err, key }, 'report rollup update failed'));
    entry.done = next;
    chains.set(key, next);
    if (!strict) waiting.set(key, entry);
    void next.then(() => {
      if (chains.get(key) === next) chains.delete(key);
    });
    return strict ? run : next;
  }

  /**
   * The facts this process stored or read last, by tenant and fact id: the next recount of the same
   * ticket starts from them instead of reading them again. A stale one (another process recounted
   * since) only costs a lost compare-and-set, after which the fact is read afresh.
   */
  const facts = new Map<string, StoredFact>();
  const factKey = (tenantId: string, factId: string) => `${tenantId}|${factId}`;
  function keepFact(tenantId: string, factId: string, stored: StoredFact | null): void {
    const k = factKey(tenantId, factId);
    facts.delete(k);
    if (!stored) return;
    facts.set(k, stored);
    if (facts.size > FACTS_REMEMBERED) facts.delete(facts.keys().next().value!);
  }

  /**
   * Stores `compute(previous)` under compare-and-set and applies the counters' difference, with
   * the fact in one command (the store's `putFact`: applied only if the fact won).
   * `fresh`: nobody can have counted this yet (a ticket this process created and never counted):
   * the fact is stored without reading first, and read only if that write loses.
   */
  async function apply<F extends { day: string }>(
    tenantId: string,
    factId: string,
    parse: (raw: unknown) => F | null,
    compute: (previous: F | null) => Promise<{ fact: F; counters: Counters } | null>,
    afterWrite?: (fact: F, previous: F | null) => Promise<void>,
    fresh = false,
    /** Its first write waits for the other recounts of the same barrier (put-barrier.ts). */
    party?: PutParty,
  ): Promise<void> {
    try {
      await applyOnce(tenantId, factId, parse, compute, afterWrite, fresh, party);
    } finally {
      party?.leave();
    }
  }

  async function applyOnce<F extends { day: string }>(
    tenantId: string,
    factId: string,
    parse: (raw: unknown) => F | null,
    compute: (previous: F | null) => Promise<{ fact: F; counters: Counters } | null>,
    afterWrite: ((fact: F, previous: F | null) => Promise<void>) | undefined,
    fresh: boolean,
    party: PutParty | undefined,
  ): Promise<void> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const remembered = attempt === 0 ? facts.get(factKey(tenantId, factId)) : undefined;
      const stored = remembered ?? (attempt === 0 && fresh ? null : await store.getFact(tenantId, factId));
      if (!remembered && stored) keepFact(tenantId, factId, stored);
      const previous = stored ? parse(stored.fact) : null;
      const next = await compute(previous);
      if (!next) return;
      const before = stored?.counters ?? {};
      const delta = difference(next.counters, before);
      const sameDay = !stored || stored.day === next.fact.day;
      // A fact also records the ticket version it counted, even when nothing else changed: the
      // report sweep recounts a ticket whose fact is behind its ticket (report-sweep.ts).
      if (
        Object.keys(delta).length === 0 &&
        sameDay &&
        JSON.stringify(previous) === JSON.stringify(next.fact)
      )
        return;
      const value = { fact: next.fact, counters: next.counters, day: next.fact.day };
      // What the fact changes in its day (or, moved, in its old and its new day).
      const changes = sameDay
        ? Object.keys(delta).length
          ? [{ day: next.fact.day, delta }]
          : []
        : [
            { day: stored.day, delta: difference({}, before) },
            { day: next.fact.day, delta: next.counters },
          ];
      await party?.atPut();
      await nextFlush();
      const won = await store.putFact(tenantId, factId, value, stored?.rev ?? 0, changes);
      if (!won) {
        keepFact(tenantId, factId, null);
        continue;
      }
      keepFact(tenantId, factId, { ...value, rev: (stored?.rev ?? 0) + 1 });
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

  /**
   * Recounts a ticket. `explicit` (a recount asked for: `npm run report --rebuild`, an SLA breach)
   * reads everything; a recount an event caused reads only what the events did not tell: the ticket
   * when this process did not write it last (or wrote an older version than the one counted), the
   * rating only after a rating event, the approvals only when the ticket has or may have some.
   * `swept` (the report sweep: a ticket whose fact is behind it) reads the ticket as stored and,
   * only when it was never counted, its rating and approvals too: most such tickets changed in a
   * way no event announced and need only their version counted.
   */
  async function recordTicketNow(
    tenantId: string,
    ticketId: string,
    explicit = true,
    swept = false,
  ): Promise<void> {
    await countTicket(tenantId, ticketId, explicit, swept);
  }

  async function countTicket(
    tenantId: string,
    ticketId: string,
    explicit: boolean,
    swept = false,
  ): Promise<void> {
    let ticket: Ticket | null = null;
    let hasApprovals = false;
    const key = ticketKey(tenantId, ticketId);
    const hint = seenReplies.get(key);
    seenReplies.delete(key);
    const ratedBefore = ratedHints.delete(key) || explicit;
    const recent = explicit || swept ? undefined : deps.tickets.recent?.(tenantId, ticketId);
    const fresh = recent?.inserted === true && !facts.has(factKey(tenantId, ticketFactId(ticketId)));
    // A ticket created here and waiting on staff (a refund request), or one this process saw
    // requests of (a click's): its requests are listed first, so its fact and theirs are written
    // in one tick, one command (put-barrier.ts), each request counted with the ticket as counted.
    // Listed by key from the ticket as written here (Ticket.approvals): no scan.
    const early =
      recent && (approvalTickets.has(key) || (fresh && recent.ticket.status === 'pending_approval'))
        ? await listApprovals(tenantId, ticketId, recent.ticket)
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
        hasApprovals =
          explicit ||
          (swept && previous === null) ||
          previous?.approvals === true ||
          approvalTickets.has(key) ||
          ticket.status === 'pending_approval' ||
          (previous !== null && previous.dims.intent !== fact.dims.intent);
        const counted: TicketFact = {
          ...fact,
          version: ticket.version,
          ...(previous?.approvals || approvalTickets.has(key) ? { approvals: true } : {}),
        };
        return { fact: counted, counters: ticketCounters(counted) };
      },
      (fact, previous) => syncGap(tenantId, fact, previous),
      fresh,
      parties[0],
    );
    // A recount that failed before choosing its ticket: its requests read the ticket themselves.
    void counting.finally(() => chose(null)).catch(() => undefined);
    if (early) {
      if (early.length > 0) rememberApprovalTicket(key);
      const known = chosen;
      await Promise.all([
        counting,
        ...early.map((a, i) => {
          const party = parties[i + 1]!;
          // A recount merged into one already queued never reaches the barrier: it leaves it then.
          return queue(approvalKey(tenantId, a.approvalId), () =>
            recordApprovalNow(tenantId, a.approvalId, known, a, party, fresh),
          ).finally(() => party.leave());
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
    const approvals = await listApprovals(tenantId, ticketId, counted);
    if (approvals.length > 0) rememberApprovalTicket(key);
    for (const a of approvals) {
      await queue(approvalKey(tenantId, a.approvalId), () =>
        recordApprovalNow(tenantId, a.approvalId, counted, a),
      );
    }
  }

  /**
   * Recounts one approval request: `listed` is the request as just read (a ticket's recount), read
   * otherwise.
   */
  async function recordApprovalNow(
    tenantId: string,
    approvalId: string,
    /** The request's ticket as its ticket's recount counted it (null: read it). */
    known?: Ticket | Promise<Ticket | null>,
    listed?: ApprovalRequest,
    party?: PutParty,
    /**
     * Its ticket was created here and never counted: nor were its requests (a click that came
     * before its request's recount, decided already), whatever their status now.
     */
    ticketFresh = false,
  ): Promise<void> {
    const k = approvalKey(tenantId, approvalId);
    // A request nobody counted yet (new here, still pending) is inserted without reading its fact
    // first; if another process counted it meanwhile, the insert loses and the fact is read.
    const fresh =
      listed !== undefined &&
      ((listed.status === 'pending' && !approvalTicketOf.has(k)) || ticketFresh) &&
      !facts.has(factKey(tenantId, approvalFactId(approvalId)));
    await apply(
      tenantId,
      approvalFactId(approvalId),
      parseApproval,
      async () => {
        const approval = listed ?? (await deps.approvals.get(tenantId, approvalId));
        if (!approval) return null;
        rememberApproval(k, approval.ticketId);
        rememberApprovalTicket(ticketKey(tenantId, approval.ticketId));
        const ticket = (await known) ?? (await deps.tickets.get(tenantId, approval.ticketId));
        const fact = approvalFact(approval, ticket);
        return { fact, counters: approvalCounters(fact) };
      },
      undefined,
      fresh,
      party,
    );
  }

  /**
   * A message can be a ticket's first response after its last status change (a new ticket is
   * stored resolved before its answer is recorded): recount while no response is counted yet.
   * Once it is, a message costs one `_id` read.
   */
  async function recordMessageNow(tenantId: string, ticketId: string): Promise<void> {
    const stored =
      facts.get(factKey(tenantId, ticketFactId(ticketId))) ??
      (await store.getFact(tenantId, ticketFactId(ticketId)));
    const fact = stored ? parseTicket(stored.fact) : null;
    if (fact && fact.firstResponseMs !== undefined && (!fact.escalated || fact.firstStaffAt)) {
      // Counted already: what the events saw adds nothing.
      seenReplies.delete(ticketKey(tenantId, ticketId));
      return;
    }
    await recordTicketNow(tenantId, ticketId, false);
  }

  /**
   * The ticket of each approval request this process counted (a request never changes ticket):
   * an event about one is recounted with its ticket, which reads the ticket's requests anyway.
   */
  const approvalTicketOf = new Map<string, string>();
  function rememberApproval(key: string, ticketId: string): void {
    approvalTicketOf.delete(key);
    approvalTicketOf.set(key, ticketId);
    if (approvalTicketOf.size > FACTS_REMEMBERED)
      approvalTicketOf.delete(approvalTicketOf.keys().next().value!);
  }

  /**
   * Final requests as the events announced them (a click's outcome), until their ticket's recount
   * takes them: counted from the event instead of read (issue 13). Only final ones: a final request
   * never changes again, so the copy is as good as a read whenever the recount comes.
   */
  const announced = new Map<string, ApprovalRequest>();
  function announce(tenantId: string, approval: ApprovalRequest): void {
    if (!FINAL.has(approval.status)) return;
    const k = approvalKey(tenantId, approval.approvalId);
    announced.delete(k);
    announced.set(k, approval);
    if (announced.size > FACTS_REMEMBERED) announced.delete(announced.keys().next().value!);
  }

  /**
   * The ticket's requests (`counted`: the ticket as counted): those the events announced when they
   * are all the ticket lists, else read by key from its list (approval-repository.ts).
   */
  async function listApprovals(
    tenantId: string,
    ticketId: string,
    counted: Ticket,
  ): Promise<ApprovalRequest[]> {
    const ids = counted.approvals?.whole ? counted.approvals.ids : [];
    const held = ids.map((id) => announced.get(approvalKey(tenantId, id)));
    if (ids.length === 0 || held.some((a) => a === undefined))
      return deps.approvals.listByTicket(tenantId, ticketId, counted);
    for (const id of ids) announced.delete(approvalKey(tenantId, id));
    return (held as ApprovalRequest[]).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  /** Tickets whose last event was a rating, until their next recount reads it. */
  const ratedHints = new Set<string>();
  /** Tickets this process saw approvals of (their recounts recount the approvals too). */
  const approvalTickets = new Set<string>();
  function rememberApprovalTicket(key: string): void {
    approvalTickets.add(key);
    if (approvalTickets.size > FACTS_REMEMBERED)
      approvalTickets.delete(approvalTickets.values().next().value!);
  }

  const flushMs = deps.flushMs ?? 1000;
  /** Flushes and idles running: writes go at once meanwhile. */
  let urgent = 0;
  /** The next flush: the writes waiting for it, released together (one tick, one command). */
  let gate: { opened: Promise<void>; open(): void } | undefined;
  function nextFlush(): Promise<void> {
    if (urgent > 0 || flushMs <= 0) return Promise.resolve();
    if (!gate) {
      let release!: () => void;
      const opened = new Promise<void>((resolve) => (release = resolve));
      const g = {
        opened,
        open() {
          clearTimeout(timer);
          if (gate === g) gate = undefined;
          release();
        },
      };
      const timer = setTimeout(() => g.open(), flushMs);
      // A write must not keep a stopping process alive; shutdown flushes through idle().
      timer.unref();
      gate = g;
    }
    return gate.opened;
  }
  /** Runs `work` with every write going at once, those waiting for the next flush first. */
  async function promptly(work: () => Promise<void>): Promise<void> {
    urgent += 1;
    try {
      gate?.open();
      await work();
    } finally {
      urgent -= 1;
    }
  }

  const settleMs = deps.settleMs ?? 500;
  /**
   * Recounts start on a shared beat (half the settle time): the tickets that settle within one
   * beat are recounted together, so their fact inserts leave as one `insertMany`
   * (insert-batching.ts) and their day counters as one `$inc` per day (report-repository.ts)
   * instead of two round trips per ticket.
   */
  const beatMs = Math.max(1, Math.floor(settleMs / 2));
  /** Replies the events announced per ticket key, until its next recount takes them. */
  const seenReplies = new Map<string, SeenReplies>();
  const maxWaitMs = deps.maxWaitMs ?? 3000;
  /** Events not yet queued, by key: their recount starts on the first beat once the key has been quiet settleMs. */
  const settling = new Map<
    string,
    { due: number; firstAt: number; full: boolean; work: (full: boolean) => Promise<void> }
  >();
  /** The keys due on each beat, and its timer. */
  const beats = new Map<number, { keys: Set<string>; timer: NodeJS.Timeout }>();

  /** Takes `key` off the beat `due` (and the beat off the clock when nothing is left on it). */
  function leaveBeat(key: string, due: number): void {
    const beat = beats.get(due);
    if (!beat) return;
    beat.keys.delete(key);
    if (beat.keys.size > 0) return;
    clearTimeout(beat.timer);
    beats.delete(due);
  }

  function start(key: string): void {
    const entry = settling.get(key);
    if (!entry) return;
    settling.delete(key);
    leaveBeat(key, entry.due);
    void queue(key, entry.work, entry.full);
  }

  function onBeat(due: number): void {
    const beat = beats.get(due);
    if (!beat) return;
    // Every due key starts in this one callback: their first writes meet in one batch.
    for (const key of [...beat.keys]) start(key);
  }

  function later(key: string, work: (full: boolean) => Promise<void>, full: boolean): void {
    if (settleMs <= 0) {
      void queue(key, work, full);
      return;
    }
    const now = Date.now();
    const entry = settling.get(key);
    const firstAt = entry?.firstAt ?? now;
    const at = Math.max(now, Math.min(now + settleMs, firstAt + maxWaitMs));
    const due = Math.ceil(at / beatMs) * beatMs;
    if (entry && entry.due !== due) leaveBeat(key, entry.due);
    let beat = beats.get(due);
    if (!beat) {
      const timer = setTimeout(() => onBeat(due), Math.max(0, due - now));
      // A recount must not keep a stopping process alive; shutdown flushes through idle().
      timer.unref();
      beat = { keys: new Set(), timer };
      beats.set(due, beat);
    }
    beat.keys.add(key);
    settling.set(key, { due, firstAt, full: (entry?.full ?? false) || full, work });
  }

  return {
    onEvent(event) {
      if (event.type === 'message' && event.ticketId) {
        const { tenantId, ticketId } = event;
        if (event.by === 'bot' || event.by === 'person') {
          const key = ticketKey(tenantId, ticketId);
          const seen = seenReplies.get(key) ?? {};
          const field = event.by === 'bot' ? 'botAt' : 'personAt';
          if (!seen[field] || event.at < seen[field]) seen[field] = event.at;
          seenReplies.set(key, seen);
        }
        later(
          ticketKey(tenantId, ticketId),
          (full) =>
            full ? recordTicketNow(tenantId, ticketId, false) : recordMessageNow(tenantId, ticketId),
          false,
        );
      } else if (event.type === 'ticket') {
        const { tenantId, ticketId } = event;
        if (event.rated) ratedHints.add(ticketKey(tenantId, ticketId));
        later(
          ticketKey(tenantId, ticketId),
          (full) =>
            full ? recordTicketNow(tenantId, ticketId, false) : recordMessageNow(tenantId, ticketId),
          true,
        );
      } else if (event.type === 'approval') {
        const { tenantId, approvalId } = event;
        // The event names the ticket (a click's): its recount lists the ticket's requests, this one
        // among them, so the request, its ticket and its fact are not read apart (issue 13: those
        // reads landed in the next click's window when a click came within the settle time).
        if (event.ticketId) {
          rememberApproval(approvalKey(tenantId, approvalId), event.ticketId);
          rememberApprovalTicket(ticketKey(tenantId, event.ticketId));
        }
        if (event.approval?.approvalId === approvalId) announce(tenantId, event.approval);
        const ticketId = approvalTicketOf.get(approvalKey(tenantId, approvalId));
        // With its ticket when known: a click changes both, and one recount reads the request in
        // the ticket's list (fresh), counts both and adds both to their day in one write.
        if (ticketId) {
          later(
            ticketKey(tenantId, ticketId),
            (full) =>
              full ? recordTicketNow(tenantId, ticketId, false) : recordMessageNow(tenantId, ticketId),
            true,
          );
        } else
          later(
            approvalKey(tenantId, approvalId),
            async () => {
              // Its ticket's recount may have met the request while this one settled (a click
              // right after the request): then that ticket's recount counts it, read in its list,
              // rather than this one reading the request, its ticket and its fact by themselves.
              // Not awaited: that recount may queue this request's own, behind this one.
              const known = approvalTicketOf.get(approvalKey(tenantId, approvalId));
              if (known)
                void queue(ticketKey(tenantId, known), (full) =>
                  full ? recordTicketNow(tenantId, known, false) : recordMessageNow(tenantId, known),
                );
              else await recordApprovalNow(tenantId, approvalId);
            },
            true,
          );
      }
    },
    recordTicket: (tenantId, ticketId, options) => {
      const recount = () =>
        queue(
          ticketKey(tenantId, ticketId),
          () => recordTicketNow(tenantId, ticketId, !options?.swept, options?.swept === true),
          true,
          options?.strict === true,
        );
      return options?.batched ? recount() : promptly(recount);
    },
    recordApproval: (tenantId, approvalId) =>
      promptly(() => queue(approvalKey(tenantId, approvalId), () => recordApprovalNow(tenantId, approvalId))),
    flush: () =>
      promptly(async () => {
        for (const key of [...settling.keys()]) start(key);
        // Twice: a request's recount may hand its ticket's a recount while it runs.
        for (let round = 0; round < 2 && chains.size > 0; round++) await Promise.all([...chains.values()]);
      }),
    idle: () =>
      promptly(async () => {
        for (const key of [...settling.keys()]) start(key);
        while (chains.size) await Promise.all([...chains.values()]);
      }),
  };
}
