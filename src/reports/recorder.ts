import type { ApprovalStore } from '../approvals/ports.js';
import type { LiveEvent } from '../conversation/ports.js';
import type { MessageStore, TicketStore } from '../conversation/stores.js';
import type { Clock, Ticket } from '../domain/index.js';
import type { Logger } from '../logger.js';
import { createApprovalRecount } from './approval-recount.js';
import { createFactWriter } from './fact-writer.js';
import type { CsatInput, CsatRating, SlaTargets } from './facts.js';
import { createFlushGate } from './flush-gate.js';
import type { ReportStore } from './ports.js';
import { createRecountHints } from './recount-hints.js';
import { approvalKey, ticketKey } from './recount-keys.js';
import { createRecountQueue, type Recount } from './recount-queue.js';
import { createRememberedFacts } from './remembered-facts.js';
import { createSettler } from './settle-beats.js';
import { createTicketRecount } from './ticket-recount.js';

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
   * sweep recounts many tickets at a time). `swept`: the sweep's recount (see TicketRecount.count).
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

/**
 * Keeps the report's rollups current, written behind the messages: a ticket's recount starts once
 * its events settle (settle-beats.ts) and its write waits for the next flush (flush-gate.ts, at
 * most `flushMs`), where the writes of every ticket waiting go in one command; a report read
 * flushes first, and a process killed meanwhile leaves its tickets to the report sweep
 * (report-sweep.ts). Each ticket or approval is one fact doc holding what it counted last
 * (ticket-recount.ts, approval-recount.ts); a change is applied to its day's rollup as the
 * difference (`$inc`), after the fact was stored under a compare-and-set (fact-writer.ts), so two
 * processes recounting the same ticket at once count it once. Listens on the engine's event bus:
 * no engine file knows it.
 */
export function createReportRecorder(deps: ReportRecorderDeps): ReportRecorder {
  const queue = createRecountQueue(deps.logger);
  const gate = createFlushGate(deps.flushMs ?? 1000);
  const settler = createSettler({
    settleMs: deps.settleMs ?? 500,
    maxWaitMs: deps.maxWaitMs ?? 3000,
    start: (key, work, full) => void queue.run(key, work, full),
  });
  const facts = createRememberedFacts();
  const hints = createRecountHints();
  const apply = createFactWriter({ store: deps.store, facts, nextFlush: gate.next, logger: deps.logger });
  const approvals = createApprovalRecount({
    approvals: deps.approvals,
    tickets: deps.tickets,
    apply,
    facts,
    hints,
  });
  const tickets = createTicketRecount({
    store: deps.store,
    tickets: deps.tickets,
    messages: deps.messages,
    clock: deps.clock,
    slaTargets: deps.slaTargets,
    csatRating: deps.csatRating,
    apply,
    facts,
    hints,
    approvals,
    queue,
  });

  /** An event's recount of a ticket: the whole recount, or the cheaper one a message needs. */
  const ticketWork =
    (tenantId: string, ticketId: string): Recount =>
    (full) =>
      full ? tickets.count(tenantId, ticketId, false) : tickets.countMessage(tenantId, ticketId);

  return {
    onEvent(event) {
      if (event.type === 'message' && event.ticketId) {
        const { tenantId, ticketId } = event;
        if (event.by === 'bot' || event.by === 'person')
          hints.sawReply(tenantId, ticketId, event.by, event.at);
        settler.later(ticketKey(tenantId, ticketId), ticketWork(tenantId, ticketId), false);
      } else if (event.type === 'ticket') {
        const { tenantId, ticketId } = event;
        if (event.rated) hints.sawRating(tenantId, ticketId);
        settler.later(ticketKey(tenantId, ticketId), ticketWork(tenantId, ticketId), true);
      } else if (event.type === 'approval') {
        const { tenantId, approvalId } = event;
        // The event names the ticket (a click's): its recount lists the ticket's requests, this one
        // among them, so the request, its ticket and its fact are not read apart (issue 13: those
        // reads landed in the next click's window when a click came within the settle time).
        if (event.ticketId) hints.linkApproval(tenantId, approvalId, event.ticketId);
        if (event.approval?.approvalId === approvalId) hints.announce(tenantId, event.approval);
        const ticketId = hints.ticketOf(tenantId, approvalId);
        // With its ticket when known: a click changes both, and one recount reads the request in
        // the ticket's list (fresh), counts both and adds both to their day in one write.
        if (ticketId) settler.later(ticketKey(tenantId, ticketId), ticketWork(tenantId, ticketId), true);
        else
          settler.later(
            approvalKey(tenantId, approvalId),
            async () => {
              // Its ticket's recount may have met the request while this one settled (a click
              // right after the request): then that ticket's recount counts it, read in its list,
              // rather than this one reading the request, its ticket and its fact by themselves.
              // Not awaited: that recount may queue this request's own, behind this one.
              const known = hints.ticketOf(tenantId, approvalId);
              if (known) void queue.run(ticketKey(tenantId, known), ticketWork(tenantId, known));
              else await approvals.recount(tenantId, approvalId);
            },
            true,
          );
      }
    },
    recordTicket: (tenantId, ticketId, options) => {
      const recount = () =>
        queue.run(
          ticketKey(tenantId, ticketId),
          () => tickets.count(tenantId, ticketId, !options?.swept, options?.swept === true),
          true,
          options?.strict === true,
        );
      return options?.batched ? recount() : gate.promptly(recount);
    },
    recordApproval: (tenantId, approvalId) =>
      gate.promptly(() =>
        queue.run(approvalKey(tenantId, approvalId), () => approvals.recount(tenantId, approvalId)),
      ),
    flush: () =>
      gate.promptly(async () => {
        settler.startAll();
        // Twice: a request's recount may hand its ticket's a recount while it runs.
        await queue.drain(2);
      }),
    idle: () =>
      gate.promptly(async () => {
        settler.startAll();
        await queue.drain();
      }),
  };
}
