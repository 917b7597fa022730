import { withKept, type Message, type ThreadRef, type Ticket } from '../domain/index.js';
import { isAnswered } from './answered.js';
import { applyConfirmationReply } from './apply-confirmation.js';
import { applyResult } from './apply-result.js';
import { finishEscalation } from './finish-escalation.js';
import { abandonedOutcome, type TurnContext } from './handle-inbound.context.js';
import { onStaffMessage } from './handle-inbound.staff.js';
import type { InboundOutcome, ParsedInboundMessage } from './ports.js';
import { dropUndelivered } from './recovery.js';
import {
  customerMessageOf,
  failSafe,
  runAgent,
  showWorking,
  storeCustomerMessage,
  turnFacts,
  type Turn,
} from './turn.js';

/**
 * A customer's reply in a thread whose ticket the thread's turn named (see ThreadTicket): the
 * ticket is found by its first write, which also reopens it, instead of looking up the thread's
 * key, reading the ticket and then writing it. Null when there is no such hint or the ticket is
 * gone: the message then finds its ticket as any other.
 */
export async function replyOnThreadTicket(ctx: TurnContext, turn: Turn): Promise<InboundOutcome | null> {
  const { run, queue } = ctx;
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
    const touched = await touchTicket(ctx, msg, hint.ticketId, hint.resolved, keep);
    return touched ? onExisting(ctx, turn, touched.ticket, replyThread, touched) : null;
  });
}

/**
 * The customer wrote on this ticket: its last message moves and a resolved ticket reopens, in
 * one conditional write when the guess (`resolved`) is right. Null when the ticket is not there.
 */
async function touchTicket(
  ctx: TurnContext,
  msg: ParsedInboundMessage,
  ticketId: string,
  resolved: boolean,
  keep: Message,
): Promise<{ ticket: Ticket; reopened: boolean; kept: Message } | null> {
  const { stores, clock } = ctx.deps;
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

/** A message on a ticket that exists: kept on it, then answered, confirmed or left to the person who has it. */
export async function onExisting(
  ctx: TurnContext,
  turn: Turn,
  found: Ticket,
  replyThread: ThreadRef,
  /**
   * The ticket's write for this message was made already (touchTicket): `found` is its answer,
   * and it kept `kept` (the customer message) on the ticket's recent transcript.
   */
  touched?: { reopened: boolean; kept: Message },
): Promise<InboundOutcome> {
  const { deps } = ctx;
  const { stores, clock } = deps;
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
    if (!msg.author.isExternal) return onStaffMessage(ctx, turn, ticket);
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
  if (turn.mode === 'off') return { status: 'recorded', ticketId: ticket.ticketId, reason: 'channel is off' };
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
  const working = showWorking(deps, turn, replyThread, ctx.working);
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
