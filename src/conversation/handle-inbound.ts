import {
  threadTicketId,
  transcriptOf,
  withKept,
  type Message,
  type Ticket,
  type ThreadRef,
} from '../domain/index.js';
import { applyConfirmationReply } from './apply-confirmation.js';
import { applyResult, newTicketState, plannedAnswer } from './apply-result.js';
import { recordMessage } from './delivery.js';
import type { EngineDeps } from './engine-deps.js';
import { findTicket, preTicketKeys } from './find-ticket.js';
import { finishEscalation } from './finish-escalation.js';
import { identifyCustomer } from './identify.js';
import type { InboundRunner } from './inbound-journal.js';
import { createKeyedQueue, QueueTimeoutError } from './keyed-queue.js';
import { isAnswered } from './answered.js';
import { dropUndelivered, handleInboundFailure } from './recovery.js';
import { LeaseLostError, withRun, type ThreadOrder, type ThreadRun } from './thread-order.js';
import type { InboundOutcome, ParsedInboundMessage } from './ports.js';
import type { WorkingOptions } from './working.js';
import { proposalStoresTicket, unstoredTicket } from './unstored-ticket.js';
import {
  failSafe,
  loadTenant,
  showWorking,
  newTicket,
  openTicketsOf,
  publishTicket,
  recordRevision,
  runAgent,
  errorCode,
  languageOf,
  staffActor,
  storeCustomerMessage,
  storePending,
  turnFacts,
  amendPending,
  customerMessageOf,
  type InboundProgress,
  type Turn,
} from './turn.js';

/** A run longer than this frees its thread for the next message and is escalated (3 min). */
export const DEFAULT_TASK_TIMEOUT_MS = 3 * 60_000;

export interface InboundHandlerOptions {
  /** Bound of one message's run on its ticket; the pre-ticket stage gets twice this. */
  taskTimeoutMs?: number;
  /** Per-thread turns across processes; within this process the keyed queue alone orders. */
  order?: ThreadOrder;
  /** When a "Looking into this…" placeholder appears (tests shorten it; 2 s by default). */
  working?: Pick<WorkingOptions, 'placeholderAfterMs'>;
}

/**
 * What happens to one inbound message the journal accepted and claimed: identify, find the ticket, respect who is
 * in charge, run the agent, apply. Messages of one thread (or one author's top level) and of one
 * ticket are processed in arrival order.
 */
export function createInboundHandler(deps: EngineDeps, options: InboundHandlerOptions = {}): InboundRunner {
  const { stores, logger, clock } = deps;
  const taskTimeoutMs = options.taskTimeoutMs ?? DEFAULT_TASK_TIMEOUT_MS;
  const queue = createKeyedQueue({
    timeoutMs: taskTimeoutMs,
    onTimeout: (keys, ms) =>
      logger.error({ keys, timeoutMs: ms }, 'an inbound task hung; the next message of its thread goes on'),
  });

  const order = options.order;
  function process(msg: ParsedInboundMessage, progress: InboundProgress): Promise<InboundOutcome> {
    if (!order) return turnSteps(deps, undefined)(msg, progress);
    return order.run(
      msg,
      async (run) => {
        const outcome = await turnSteps(withRun(deps, run), run)(msg, progress);
        // The thread's next run finds this ticket without a lookup (see ThreadTicket).
        if (run && outcome.ticketId) {
          const written = stores.tickets.recent?.(msg.tenantId, outcome.ticketId);
          run.noteTicket({
            ticketId: outcome.ticketId,
            resolved: written?.ticket.status === 'resolved',
          });
        }
        // No "Looking into this…" outlives the message: taken down before its record is finished
        // (by the write that ends the turn), as a run that dies before that leaves it to the sweep.
        await progress.working?.release();
        return outcome;
      },
      progress.journal,
    );
  }

  /**
   * One run's steps over its own deps: inside a thread's turn, a ticket store fenced by the run's
   * lease and the outbox that keeps its posts' sent marks for the turn's end (see withRun).
   */
  function turnSteps(deps: EngineDeps, run: ThreadRun | undefined) {
    const { stores } = deps;
    async function processInTurn(
      msg: ParsedInboundMessage,
      progress: InboundProgress,
    ): Promise<InboundOutcome> {
      const outcome = await runTurn(msg, progress);
      // A turn that posted nothing stores its customer message alone, before its record ends.
      await storePending(deps, progress);
      // A reopening leaves the open-ticket keys to the turn's next change of status; a turn that
      // ends with the ticket still open lists it now, before its record is finished. A rerun of a
      // killed run's message does too: the reopening may have been the dead run's.
      if (outcome.ticketId)
        await stores.tickets.listOpen?.(msg.tenantId, outcome.ticketId, { rerun: progress.rerun === true });
      return outcome;
    }

    async function runTurn(msg: ParsedInboundMessage, progress: InboundProgress): Promise<InboundOutcome> {
      if (msg.kind !== 'message') return recordRevision(deps, msg);
      const tenant = await loadTenant(deps, msg);
      const channel = await stores.channels.get(msg.tenantId, msg.platform, msg.channelId);
      if (channel?.kind === 'staff') return { status: 'ignored', reason: 'staff channel' };
      const mode = channel?.mode ?? tenant.settings.defaultChannelMode;
      if (!channel) {
        await stores.channels.upsert({
          tenantId: msg.tenantId,
          platform: msg.platform,
          channelId: msg.channelId,
          kind: 'customer',
          mode,
          updatedAt: clock.now(),
        });
      }
      const { customer, ordersUnreachable } = await identifyCustomer(stores.customers, msg, {
        directory: deps.customerDirectory,
        logger,
      });
      const turn: Turn = { msg, tenant, mode, customer, ordersUnreachable, progress };
      // A rerun of a killed run finds its ticket by its thread (the dead run may have stored it),
      // and is checked against what that run did before anything is written.
      const hinted = progress.rerun ? null : await replyOnThreadTicket(turn);
      if (hinted) return hinted;
      if (progress.rerun && !msg.threadId && msg.author.isExternal) {
        const own = await stores.tickets.findByThread(
          msg.tenantId,
          msg.platform,
          msg.channelId,
          msg.messageId,
        );
        if (own) return queue.run(`ticket|${own.ticketId}`, () => onExisting(turn, own, own.thread));
      }
      const match = await findTicket(stores, msg, tenant.settings.joinWindowSeconds, customer?.customerId);
      if (match.kind === 'existing') {
        return queue.run(`ticket|${match.ticket.ticketId}`, () =>
          onExisting(turn, match.ticket, match.replyThread),
        );
      }
      // The thread's own id (issue 13): its ticket is then found by that `_id`, by a rerun of this
      // message or a reply weeks later, without a key written for the thread (see findByThread).
      const ticketId = threadTicketId(msg.tenantId, match.replyThread);
      // Nobody else knows this id yet; holding its key covers the moment after the insert.
      return queue.run(`ticket|${ticketId}`, () =>
        onUndecided(turn, ticketId, match.replyThread, match.openTickets, match.customerOpen),
      );
    }

    /**
     * A customer's reply in a thread whose ticket the thread's turn named (see ThreadTicket): the
     * ticket is found by its first write, which also reopens it, instead of looking up the thread's
     * key, reading the ticket and then writing it. Null when there is no such hint or the ticket is
     * gone: the message then finds its ticket as any other.
     */
    async function replyOnThreadTicket(turn: Turn): Promise<InboundOutcome | null> {
      const { msg } = turn;
      const hint = msg.threadId && msg.author.isExternal ? run?.threadTicket() : undefined;
      if (!hint || !msg.threadId) return null;
      const replyThread: ThreadRef = {
        platform: msg.platform,
        channelId: msg.channelId,
        threadId: msg.threadId,
      };
      return queue.run(`ticket|${hint.ticketId}`, async () => {
        // The customer message rides on this first write to the ticket's recent transcript.
        const keep = customerMessageOf(msg, hint.ticketId, replyThread);
        const touched = await touchTicket(msg, hint.ticketId, hint.resolved, keep);
        return touched ? onExisting(turn, touched.ticket, replyThread, touched) : null;
      });
    }

    /**
     * The customer wrote on this ticket: its last message moves and a resolved ticket reopens, in
     * one conditional write when the guess (`resolved`) is right. Null when the ticket is not there.
     */
    async function touchTicket(
      msg: ParsedInboundMessage,
      ticketId: string,
      resolved: boolean,
      keep: Message,
    ): Promise<{ ticket: Ticket; reopened: boolean; kept: Message } | null> {
      const now = clock.now();
      const moved = { lastMessageAt: msg.receivedAt, updatedAt: now };
      const reopen = () =>
        stores.tickets.update(
          msg.tenantId,
          ticketId,
          { status: 'open', ...moved },
          { from: ['resolved'], keep, listLater: true },
        );
      if (resolved) {
        const reopened = await reopen();
        if (reopened) return { ticket: reopened, reopened: true, kept: keep };
      }
      const ticket = await stores.tickets.update(msg.tenantId, ticketId, moved, { keep });
      if (!ticket) return null;
      if (ticket.status !== 'resolved') return { ticket, reopened: false, kept: keep };
      const reopened = await reopen();
      if (reopened) return { ticket: reopened, reopened: true, kept: keep };
      const now2 = await stores.tickets.get(msg.tenantId, ticketId);
      return now2 ? { ticket: now2, reopened: false, kept: keep } : null;
    }

    async function onExisting(
      turn: Turn,
      found: Ticket,
      replyThread: ThreadRef,
      /**
       * The ticket's write for this message was made already (touchTicket): `found` is its answer,
       * and it kept `kept` (the customer message) on the ticket's recent transcript.
       */
      touched?: { reopened: boolean; kept: Message },
    ): Promise<InboundOutcome> {
      const { msg } = turn;
      let ticket: Ticket | null = found;
      let reopened = touched?.reopened ?? false;
      if (turn.progress?.rerun && msg.author.isExternal) {
        // The killed run got this far: what it queued or handed over stands, and its customer
        // message is stored now (issue 13: it rides in the turn's last insert, after the outbox
        // entry). What it kept on the ticket but never queued is taken back before answering again.
        const m = customerMessageOf(msg, found.ticketId, replyThread);
        if (await isAnswered(deps, m)) {
          await stores.messages.ensureKept(m);
          turn.progress.pending = { message: m, carried: true };
          turn.progress.message = m;
          // Escalated by the killed run, which may have died before telling anyone: finished now.
          const finished = await finishEscalation(deps, m);
          return finished && (finished.told || finished.carded)
            ? {
                status: 'escalated',
                ticketId: found.ticketId,
                reason: 'escalation finished after its run stopped',
              }
            : { status: 'recorded', ticketId: found.ticketId, reason: 'finished before the crash' };
        }
        await dropUndelivered(deps, found, m);
      }
      if (!touched) {
        // Under the ticket's lock now: re-read if a message this process ran meanwhile changed it (the
        // thread's earlier messages, in any process, finished before this run read it: it holds the
        // thread's turn).
        const written = stores.tickets.recent?.(msg.tenantId, found.ticketId);
        ticket =
          written && written.ticket.version > found.version
            ? await stores.tickets.get(msg.tenantId, found.ticketId)
            : found;
        if (!ticket) return { status: 'ignored', reason: 'ticket vanished' };
        if (!msg.author.isExternal) return onStaffMessage(turn, ticket);
      }
      // The ticket's own write keeps the message on its recent transcript: the touch made before
      // (when it kept this very message), else the write below. A run that dies in between is
      // picked up as unanswered, and the recovery keeps the message then (escalateUnprocessed).
      const carried = touched ? sameMessage(touched.kept, ticket, msg) : true;
      const stored = await storeCustomerMessage(deps, turn, ticket.ticketId, ticket.thread, {
        ticketStored: true,
        ticket,
        ticketCarries: carried,
      });
      if (!touched) {
        const now = clock.now();
        reopened = ticket.status === 'resolved';
        ticket =
          (await stores.tickets.update(
            msg.tenantId,
            ticket.ticketId,
            reopened
              ? { status: 'open', lastMessageAt: msg.receivedAt, updatedAt: now }
              : { lastMessageAt: msg.receivedAt, updatedAt: now },
            { keep: stored, listLater: reopened },
          )) ?? ticket;
      }
      // As its transcript is now: this run's write of the ticket may have come before the message.
      ticket = withKept(ticket, stored);
      if (ticket.status === 'human')
        return { status: 'recorded', ticketId: ticket.ticketId, reason: 'a person has this ticket' };
      if (turn.mode === 'off')
        return { status: 'recorded', ticketId: ticket.ticketId, reason: 'channel is off' };
      if (turn.mode === 'auto') {
        // "yes" / "no" to a refund the bot asked the customer to confirm: code answers, no agent.
        const confirmed = await applyConfirmationReply(deps, {
          ticket,
          customer: turn.customer,
          message: msg,
          replyThread,
        });
        if (confirmed) return confirmed;
      }
      // The model's history is the transcript the ticket keeps, as this run's own write returned it
      // (no read of its own; `messages` for a ticket stored before it kept one).
      const history = await stores.messages.listByTicket(
        msg.tenantId,
        ticket.ticketId,
        turn.tenant.settings.historyWindow,
        ticket,
      );
      const working = showWorking(deps, turn, replyThread, options.working);
      const result = await runAgent(deps, turn, ticket, false, history, []);
      const placeholder = await working.stop();
      if (turn.progress?.abandoned) return abandonedOutcome(ticket);
      if (!result) return failSafe(deps, turn, ticket, placeholder, replyThread);
      if (reopened && result.route === 'ignore') {
        // "thanks!" after an answer closes nothing new: the ticket stays resolved.
        ticket =
          (await stores.tickets.update(
            msg.tenantId,
            ticket.ticketId,
            { status: 'resolved', updatedAt: clock.now() },
            { from: ['open'] },
          )) ?? ticket;
      }
      return applyResult(deps, {
        ...turnFacts(turn, stored.messageId),
        ticket,
        result,
        replyThread,
        placeholder,
      });
    }

    async function onUndecided(
      turn: Turn,
      ticketId: string,
      replyThread: ThreadRef,
      requesterOpen: Ticket[],
      customerOpen: Ticket[] | undefined,
    ): Promise<InboundOutcome> {
      const { msg } = turn;
      if (!msg.author.isExternal) {
        await recordMessage(deps, {
          tenantId: msg.tenantId,
          thread: replyThread,
          role: 'staff',
          author: staffActor(msg),
          text: msg.text,
          platformMessageId: msg.messageId,
        });
        if (turn.progress) turn.progress.stored = true;
        return { status: 'recorded', reason: 'staff message outside a ticket' };
      }
      const draftTicket = newTicket(deps, turn, ticketId, replyThread);
      // The message is stored before anything else, filed under the ticket it will most likely
      // open, so from here on a failure or a crash leaves it findable: the catch in handleInbound
      // or the recovery sweep escalates it (creating that ticket) instead of it being lost behind
      // an already-claimed event id. The ticket itself is still stored once, after the agent.
      if (turn.progress) turn.progress.pendingTicket = draftTicket;
      const stored = await storeCustomerMessage(deps, turn, ticketId, replyThread, { ticketStored: false });
      if (turn.mode === 'off') {
        await stores.tickets.insert({ ...draftTicket, transcript: transcriptOf([stored]) });
        publishTicket(deps, draftTicket);
        await deps.lifecycle?.ticketOpened(draftTicket);
        return { status: 'recorded', ticketId, reason: 'channel is off' };
      }
      const open = await openTicketsOf(deps, turn, requesterOpen, customerOpen);
      const working = showWorking(deps, turn, replyThread, options.working);
      const history = [{ role: 'customer' as const, text: msg.text }];
      const result = await runAgent(deps, turn, draftTicket, true, history, open);
      const placeholder = await working.stop();
      if (turn.progress?.abandoned) return abandonedOutcome(draftTicket);
      const u = result?.understanding;
      if (result && u && (result.route === 'ignore' || u.isPleasantry)) {
        // Recorded under no ticket: a pleasantry opens none.
        // Filed under a ticket never stored: no transcript to take it from.
        amendPending(turn.progress, { ticketId: undefined, language: u.language });
        if (turn.progress) turn.progress.message = undefined;
        return { status: 'recorded', reason: 'pleasantry' };
      }
      const linkedId = u?.continuesTicketId;
      const linked = linkedId ? open.find((t) => t.ticketId === linkedId) : undefined;
      if (result && linked) {
        return queue.run(`ticket|${linked.ticketId}`, async () => {
          const read = (await stores.tickets.get(msg.tenantId, linked.ticketId)) ?? linked;
          // Re-filed from a ticket never stored: it joins the linked ticket's transcript now, and
          // `messages` with the turn's last insert.
          const refiled = { ...stored, ticketId: read.ticketId, ...languageOf(u) };
          amendPending(turn.progress, refiled);
          await stores.messages.ensureKept(refiled);
          const current = withKept(read, refiled);
          if (turn.progress) {
            turn.progress.pendingTicket = undefined;
            if (turn.progress.message)
              turn.progress.message = { ...turn.progress.message, ticketId: current.ticketId };
          }
          await stores.tickets.update(msg.tenantId, current.ticketId, {
            lastMessageAt: msg.receivedAt,
            updatedAt: clock.now(),
          });
          if (current.status === 'human')
            return { status: 'recorded', ticketId: current.ticketId, reason: 'a person has this ticket' };
          const prefix = deps.agent.phrase('linked_ticket', result.understanding.language, {
            ticketId: current.ticketId,
          });
          return applyResult(deps, {
            ...turnFacts(turn, stored.messageId),
            ticket: current,
            result,
            replyThread,
            placeholder,
            prefix,
          });
        });
      }
      const decided = result
        ? newTicketState(draftTicket, result, turn.mode, msg.text, clock.now())
        : draftTicket;
      const annotation = languageOf(u);
      const clocked = (await deps.lifecycle?.withOpeningClocks(decided)) ?? decided;
      // Its insert carries the customer message into its transcript, as understood, and the
      // answer of a ticket stored resolved (see plannedAnswer).
      const answer =
        result && clocked.status === 'resolved'
          ? plannedAnswer(deps, clocked, result, turn.mode, replyThread)
          : undefined;
      const ticket = { ...clocked, transcript: transcriptOf([{ ...stored, ...annotation }], answer) };
      const opened = async (t: Ticket) => {
        await stores.tickets.insert(t);
        if (turn.progress) turn.progress.pendingTicket = undefined;
        publishTicket(deps, t);
        if (t.status !== 'resolved') await deps.lifecycle?.ticketOpened(t);
      };
      // A proposal stores it, as it leaves it (issue 13); until then the recovery stores it from
      // `pendingTicket` if the run dies.
      const unstored =
        result && proposalStoresTicket(result, turn.mode, turn.customer !== null)
          ? unstoredTicket(ticket, opened)
          : undefined;
      if (!unstored) await opened(ticket);
      if (annotation.language || annotation.englishText) amendPending(turn.progress, annotation);
      if (turn.progress?.abandoned) {
        await unstored?.store();
        return abandonedOutcome(ticket);
      }
      if (!result) return failSafe(deps, turn, ticket, placeholder, replyThread);
      return applyResult(deps, {
        ...turnFacts(turn, stored.messageId),
        isNew: true,
        ...(unstored ? { unstored } : {}),
        ...(answer ? { answer } : {}),
        ticket,
        result,
        replyThread,
        placeholder,
      });
    }

    async function onStaffMessage(turn: Turn, current: Ticket): Promise<InboundOutcome> {
      const { msg } = turn;
      // A person answering in a closed thread reopens it: they are handling it now.
      const ticket =
        current.status === 'resolved'
          ? ((await stores.tickets.update(
              msg.tenantId,
              current.ticketId,
              { status: 'open', updatedAt: clock.now() },
              { from: ['resolved'] },
            )) ?? current)
          : current;
      await recordMessage(deps, {
        tenantId: msg.tenantId,
        ticketId: ticket.ticketId,
        thread: ticket.thread,
        role: 'staff',
        author: staffActor(msg),
        text: msg.text,
        platformMessageId: msg.messageId,
      });
      if (turn.progress) turn.progress.stored = true;
      try {
        await deps.takeover.implicitTakeover(ticket, {
          platform: msg.platform,
          tenantId: msg.tenantId,
          userId: msg.author.userId,
          name: msg.author.name,
          isExternal: false,
        });
      } catch (err) {
        logger.error(
          { err, code: errorCode(err), eventId: msg.eventId, ticketId: ticket.ticketId },
          'implicit takeover failed',
        );
      }
      return { status: 'recorded', ticketId: ticket.ticketId, reason: 'staff wrote in the thread' };
    }

    return processInTurn;
  }

  /** The queue's bound, for a task whose place was taken earlier (see reserve). */
  function bounded<T>(keys: string[], task: () => Promise<T>): Promise<T> {
    const ms = taskTimeoutMs * 2;
    if (ms <= 0) return task();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        logger.error({ keys, timeoutMs: ms }, 'an inbound task hung; the next message of its thread goes on');
        reject(new QueueTimeoutError(keys, ms));
      }, ms);
    });
    return Promise.race([task(), late]).finally(() => clearTimeout(timer));
  }

  function settle(msg: ParsedInboundMessage, progress: InboundProgress, run: Promise<InboundOutcome>) {
    return run
      .catch((err: unknown) =>
        // Another process took the thread over (this one paused past its lease) and runs the
        // message itself: escalating it here too would say things twice.
        err instanceof LeaseLostError
          ? { status: 'recorded' as const, reason: 'another process took the thread over' }
          : handleInboundFailure(deps, msg, progress, err),
      )
      .finally(async () => {
        // Whatever happened, no "Looking into this…" outlives the message it was for.
        await progress.working?.release();
      });
  }

  return {
    run(msg, progress) {
      const run = queue.run(preTicketKeys(msg), () => process(msg, progress), {
        // This task waits for the ticket's own queued task, which has the plain bound.
        timeoutMs: taskTimeoutMs * 2,
      });
      return settle(msg, progress, run);
    },
    reserve(msg) {
      // Queued synchronously, before any await, so arrival order is processing order even though
      // the event is stored (and claimed) in the journal before it runs.
      let go: (progress: InboundProgress | null) => void = () => undefined;
      const signal = new Promise<InboundProgress | null>((resolve) => (go = resolve));
      // A place nobody claims (an adapter that never called run or cancel) is given up in time.
      const abandon = setTimeout(() => go(null), taskTimeoutMs * 2);
      abandon.unref();
      const keys = preTicketKeys(msg);
      const forget = order?.reserve(msg);
      const queued = queue.run(
        keys,
        async (): Promise<InboundOutcome> => {
          const progress = await signal;
          clearTimeout(abandon);
          // The bound starts when the run does, not while the event is being stored.
          return progress ? bounded(keys, () => process(msg, progress)) : { status: 'duplicate' };
        },
        { timeoutMs: 0 },
      );
      if (forget) void queued.then(forget, forget);
      queued.catch(() => undefined);
      return {
        run(progress) {
          go(progress);
          return settle(msg, progress, queued);
        },
        cancel: () => go(null),
      };
    },
  };
}

/**
 * A run that outlived its bound was already escalated to a person, and the customer told one
 * will follow up: if it wakes up later, it records nothing more and says nothing.
 */
function abandonedOutcome(ticket: { ticketId: string }): InboundOutcome {
  return {
    status: 'recorded',
    ticketId: ticket.ticketId,
    reason: 'run abandoned after its time bound; a person has it',
  };
}

/** Whether the message a touch kept is the one stored under `ticket` (same ticket, same thread). */
function sameMessage(kept: Message, ticket: Ticket, msg: ParsedInboundMessage): boolean {
  const a = kept.thread;
  const b = ticket.thread;
  return (
    kept.ticketId === ticket.ticketId &&
    kept.tenantId === msg.tenantId &&
    a.platform === b.platform &&
    a.channelId === b.channelId &&
    a.threadId === b.threadId
  );
}
