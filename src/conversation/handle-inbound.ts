import { threadTicketId } from '../domain/index.js';
import type { EngineDeps } from './engine-deps.js';
import { findTicket, preTicketKeys } from './find-ticket.js';
import { identifyCustomer } from './identify.js';
import type { InboundRunner } from './inbound-journal.js';
import type { TurnContext } from './handle-inbound.context.js';
import { onExisting, replyOnThreadTicket } from './handle-inbound.existing.js';
import { onUndecided } from './handle-inbound.new.js';
import { createKeyedQueue, QueueTimeoutError } from './keyed-queue.js';
import { handleInboundFailure } from './recovery.js';
import { LeaseLostError, withRun, type ThreadOrder, type ThreadRun } from './thread-order.js';
import type { InboundOutcome, ParsedInboundMessage } from './ports.js';
import type { WorkingOptions } from './working.js';
import { loadTenant, recordRevision, storePending, type InboundProgress, type Turn } from './turn.js';

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
    const ctx: TurnContext = { deps, run, queue, working: options.working };
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
      const hinted = progress.rerun ? null : await replyOnThreadTicket(ctx, turn);
      if (hinted) return hinted;
      if (progress.rerun && !msg.threadId && msg.author.isExternal) {
        const own = await stores.tickets.findByThread(
          msg.tenantId,
          msg.platform,
          msg.channelId,
          msg.messageId,
        );
        if (own) return queue.run(`ticket|${own.ticketId}`, () => onExisting(ctx, turn, own, own.thread));
      }
      const match = await findTicket(stores, msg, tenant.settings.joinWindowSeconds, customer?.customerId);
      if (match.kind === 'existing') {
        return queue.run(`ticket|${match.ticket.ticketId}`, () =>
          onExisting(ctx, turn, match.ticket, match.replyThread),
        );
      }
      // The thread's own id (issue 13): its ticket is then found by that `_id`, by a rerun of this
      // message or a reply weeks later, without a key written for the thread (see findByThread).
      const ticketId = threadTicketId(msg.tenantId, match.replyThread);
      // Nobody else knows this id yet; holding its key covers the moment after the insert.
      return queue.run(`ticket|${ticketId}`, () =>
        onUndecided(ctx, turn, ticketId, match.replyThread, match.openTickets, match.customerOpen),
      );
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
