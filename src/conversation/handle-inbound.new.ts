import { transcriptOf, withKept, type ThreadRef, type Ticket } from '../domain/index.js';
import { applyResult, newTicketState, plannedAnswer } from './apply-result.js';
import { recordMessage } from './delivery.js';
import { abandonedOutcome, type TurnContext } from './handle-inbound.context.js';
import type { InboundOutcome } from './ports.js';
import {
  amendPending,
  failSafe,
  languageOf,
  newTicket,
  openTicketsOf,
  publishTicket,
  runAgent,
  showWorking,
  staffActor,
  storeCustomerMessage,
  turnFacts,
  type Turn,
} from './turn.js';
import { proposalStoresTicket, unstoredTicket } from './unstored-ticket.js';

/**
 * A message no ticket has yet: stored first (findable if the run dies), then understood; a
 * pleasantry opens nothing, a message that continues one of the customer's open tickets joins it,
 * anything else opens the ticket `ticketId` with the agent's decision.
 */
export async function onUndecided(
  ctx: TurnContext,
  turn: Turn,
  ticketId: string,
  replyThread: ThreadRef,
  requesterOpen: Ticket[],
  customerOpen: Ticket[] | undefined,
): Promise<InboundOutcome> {
  const { deps, queue } = ctx;
  const { stores, clock } = deps;
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
  const working = showWorking(deps, turn, replyThread, ctx.working);
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
