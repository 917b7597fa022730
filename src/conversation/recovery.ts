import { transcriptKey, transcriptOf, type Message, type Ticket } from '../domain/index.js';
import { answeredCheck } from './answered.js';
import { channelMode } from './bot-voice.js';
import { escalateTicket } from './escalate-ticket.js';
import type { EngineDeps } from './engine-deps.js';
import { QueueTimeoutError } from './keyed-queue.js';
import type { InboundOutcome, ParsedInboundMessage } from './ports.js';
import { adoptRiddenPost } from './ridden-posts.js';
import { errorCode, storePending, type InboundProgress } from './turn.js';
import type { PlaceholderSlot } from './working.js';

/** What staff read on a ticket whose message no run finished. */
export const UNPROCESSED_SUMMARY = 'The assistant could not process this message.';

export interface InboundRecoveryOptions {
  /**
   * How old a stored customer message must be before the sweep treats it as abandoned: longer
   * than any run can legitimately take (the inbound queue's bound is 3 min), so a slow model
   * call in this or another instance is never mistaken for a crash. 10 min by default.
   */
  graceMs?: number;
  /** How far back each sweep looks; 2 h by default. */
  lookbackMs?: number;
  /** How far back the first sweep after start-up looks (the process may have been down); 24 h. */
  startupLookbackMs?: number;
  /** Messages read per page. */
  pageSize?: number;
  /**
   * Messages whose run this process still has (waiting for a slot, then running): never
   * abandoned, whatever their age (see admission.ts). Looked at again by a later sweep.
   */
  inProcess?: (message: Message) => boolean;
}

export interface InboundRecoveryResult {
  /** Stored customer messages looked at for the first time. */
  checked: number;
  /** Tickets escalated because a message of theirs was never answered. */
  escalated: number;
}

export interface InboundRecovery {
  sweep(): Promise<InboundRecoveryResult>;
}

const MAX_PAGES = 20;

/**
 * Finds customer messages that were stored but that no run finished (the process stopped while
 * the agent ran, or a run hung, or the database went away between the decision and the reply):
 * not answered, queued for an answer or handed to a person (see answered.ts). Each such ticket is
 * escalated, so the message is seen by a person and the customer is told one will follow up.
 * Messages judged once are remembered in memory until they leave the window, so a steady sweep
 * reads each message's decisions only once.
 */
export function createInboundRecovery(
  deps: EngineDeps,
  options: InboundRecoveryOptions = {},
): InboundRecovery {
  const graceMs = options.graceMs ?? 10 * 60_000;
  const lookbackMs = options.lookbackMs ?? 2 * 3_600_000;
  const startupLookbackMs = options.startupLookbackMs ?? 24 * 3_600_000;
  const pageSize = options.pageSize ?? 200;
  const settled = new Map<string, number>();
  let first = true;

  async function candidates(from: Date, to: Date): Promise<Message[]> {
    const found: Message[] = [];
    let cursor = from;
    for (let page = 0; page < MAX_PAGES; page++) {
      const batch = await deps.stores.messages.listCustomerBetween(cursor, to, pageSize);
      found.push(...batch.filter((m) => !settled.has(m.messageId) && !options.inProcess?.(m)));
      const last = batch.at(-1);
      if (batch.length < pageSize || !last || last.createdAt.getTime() <= cursor.getTime()) break;
      // Same-millisecond messages at a page edge are re-read, not skipped: `settled` dedupes.
      cursor = new Date(last.createdAt.getTime() - 1);
    }
    return [...new Map(found.map((m) => [m.messageId, m])).values()];
  }

  return {
    async sweep() {
      const now = deps.clock.now().getTime();
      const from = new Date(now - (first ? startupLookbackMs : lookbackMs));
      const to = new Date(now - graceMs);
      first = false;
      for (const [id, at] of settled) if (at <= from.getTime()) settled.delete(id);
      const found = await candidates(from, to);
      const byTicket = new Map<string, Message[]>();
      for (const m of found) {
        const key = `${m.tenantId}|${m.ticketId ?? ''}`;
        byTicket.set(key, [...(byTicket.get(key) ?? []), m]);
      }
      let escalated = 0;
      for (const messages of byTicket.values()) {
        try {
          if (await recoverTicket(deps, messages)) escalated++;
          for (const m of messages) settled.set(m.messageId, m.createdAt.getTime());
        } catch (err) {
          // Not settled: the next sweep tries again.
          const first = messages[0];
          deps.logger.error(
            { err, tenantId: first?.tenantId, ticketId: first?.ticketId },
            'recovering an unanswered message failed; will retry',
          );
        }
      }
      if (escalated > 0) deps.logger.warn({ escalated }, 'escalated customer messages no run finished');
      return { checked: found.length, escalated };
    },
  };
}

/** One ticket's unsettled messages: escalates when one of them was left unanswered. */
async function recoverTicket(deps: EngineDeps, messages: Message[]): Promise<boolean> {
  const { tenantId, ticketId } = messages[0] ?? {};
  if (!tenantId || !ticketId) return false;
  const answered = await answeredCheck(deps, tenantId, ticketId);
  const open = messages.filter((m) => !answered(m));
  // An answer whose turn carried its outbox entry in its own insert (issue 13) was queued when it
  // was stored, for its message and every earlier one: one read by key per message that looks
  // unanswered, newest first; an entry its turn never saw through goes to the outbox on the way.
  let last: Message | undefined;
  for (const m of [...open].reverse()) {
    if (await ridden(deps, m)) break;
    last ??= m;
  }
  if (!last) return false;
  // Null when another path (a concurrent sweep, the failure handler) escalated it first.
  return (await escalateUnprocessed(deps, last, { reason: 'interrupted before an answer' })) !== null;
}

/** Whether the turn of customer message `m` stored an answer carrying its outbox entry. */
async function ridden(deps: EngineDeps, m: Message): Promise<boolean> {
  return (await adoptRiddenPost(deps, m.tenantId, m.messageId)) !== null;
}

/**
 * Puts a stored customer message that no run finished in front of a person: the ticket (created
 * from `fallback` or the message when it was never stored) is escalated with a reason, and the
 * customer in an `auto` channel is told a person will follow up. A ticket a person has is left
 * to them. Returns the ticket as it ends up, or null when another path escalated this message first.
 */
export async function escalateUnprocessed(
  deps: EngineDeps,
  message: Message,
  input: {
    reason: string;
    fallback?: Ticket;
    /** The placeholder the run showed: the "a person will follow up" replaces it. */
    placeholder?: PlaceholderSlot;
  },
): Promise<Ticket | null> {
  if (!message.ticketId) return null;
  let ticket = await deps.stores.tickets.get(message.tenantId, message.ticketId);
  // A run that died between storing the message and keeping it on the ticket: kept now.
  if (ticket?.transcript && !ticket.transcript.entries[transcriptKey(message.messageId)])
    await deps.stores.messages.ensureKept(message);
  if (!ticket) {
    const base = input.fallback?.ticketId === message.ticketId ? input.fallback : ticketFrom(message);
    // The message was filed under this ticket before it was stored: its insert carries it.
    const fresh = { ...base, transcript: transcriptOf([message]) };
    try {
      await deps.stores.tickets.insert(fresh);
      ticket = fresh;
      await deps.lifecycle?.ticketOpened(fresh);
    } catch (err) {
      // Another run or instance stored it meanwhile: use theirs.
      ticket = await deps.stores.tickets.get(message.tenantId, message.ticketId);
      if (!ticket) throw err;
    }
  }
  if (ticket.status === 'human') return ticket;
  await dropUndelivered(deps, ticket, message);
  // Escalated already since this message (the failing run did it before it threw): saying "a
  // person will follow up" again would be the same words twice in the customer's thread.
  if (ticket.status === 'escalated' && (ticket.escalation?.at.getTime() ?? -1) >= message.createdAt.getTime())
    return null;
  // One escalation per unanswered message, whoever gets there first: the failure path, this
  // process's sweep or another instance's. The unique index on processed events is the claim.
  const claimed = await deps.stores.processedEvents.markProcessed(
    message.tenantId,
    message.thread.platform,
    `recovery:${message.messageId}`,
    deps.clock.now(),
  );
  if (!claimed) return null;
  try {
    // The history entry its run's decision carried (turn-record.ts) told of an answer or an
    // escalation the customer never got: taken back; the escalation below records its own.
    await deps.stores.decisions.dropInteraction(message.tenantId, {
      ticketId: ticket.ticketId,
      messageId: message.messageId,
    });
    return await escalateClaimed(deps, ticket, message, input.reason, input.placeholder);
  } catch (err) {
    // Give the claim back so the next sweep can try again; a kept claim would bury the message.
    await deps.stores.processedEvents
      .release(message.tenantId, message.thread.platform, `recovery:${message.messageId}`)
      .catch(() => undefined);
    throw err;
  }
}

async function escalateClaimed(
  deps: EngineDeps,
  ticket: Ticket,
  message: Message,
  reason: string,
  placeholder: PlaceholderSlot | undefined,
): Promise<Ticket | null> {
  const mode = await channelMode(deps, ticket.tenantId, ticket.thread);
  const customerMessage =
    mode === 'auto' ? deps.agent.phrase('escalated', ticket.language, { ticketId: ticket.ticketId }) : null;
  return escalateTicket(deps, deps.takeover, ticket, {
    summary: `${UNPROCESSED_SUMMARY} The customer wrote: “${excerpt(message.text)}”`,
    reason: `assistant failure: ${reason}`,
    customerMessage,
    placeholder,
  });
}

/** A ticket for a message whose ticket was never stored (the run stopped before it could be). */
function ticketFrom(message: Message): Ticket {
  const author = message.author;
  return {
    tenantId: message.tenantId,
    ticketId: message.ticketId ?? '',
    requester: {
      platform: message.thread.platform,
      userId: (author.kind === 'customer' ? author.userId : undefined) ?? 'unknown',
      name: author.kind === 'customer' ? author.name : undefined,
    },
    thread: message.thread,
    status: 'open',
    urgency: 'medium',
    intent: 'other',
    language: message.language ?? 'en',
    subject: excerpt(message.text),
    version: 0,
    createdAt: message.createdAt,
    updatedAt: message.createdAt,
    lastMessageAt: message.createdAt,
  };
}

function excerpt(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > 80 ? `${oneLine.slice(0, 79)}…` : oneLine;
}

/**
 * The top of one inbound message's processing failed (an exception, or its run hung past the
 * queue's bound): logged once with every id; a stored customer message is escalated so a person
 * sees it; when nothing was stored the error goes on to the inbound journal, which puts the event
 * back for a redelivery or the recovery sweep.
 */
export async function handleInboundFailure(
  deps: EngineDeps,
  msg: ParsedInboundMessage,
  progress: InboundProgress,
  err: unknown,
): Promise<InboundOutcome> {
  // Whatever happens below, a run that wakes up after this must not answer as well.
  progress.abandoned = true;
  const ticketId = progress.message?.ticketId ?? progress.pendingTicket?.ticketId;
  const ids = { eventId: msg.eventId, tenantId: msg.tenantId, platform: msg.platform, ticketId };
  deps.logger.error({ err, code: errorCode(err), ...ids }, 'inbound message failed');
  if (progress.pending) {
    // Not stored yet (it rides in the turn's last insert): stored now, for a person to see. If the
    // store does not answer either, nothing is stored and the journal runs the event again.
    try {
      await storePending(deps, progress);
    } catch (storeErr) {
      deps.logger.error(
        { err: storeErr, code: errorCode(storeErr), ...ids },
        'storing a failed message failed',
      );
      throw err;
    }
  }
  if (progress.message?.ticketId) {
    try {
      const ticket = await escalateUnprocessed(deps, progress.message, {
        reason: err instanceof QueueTimeoutError ? 'took too long' : 'error while processing',
        fallback: progress.pendingTicket,
        // The run's placeholder (shown or still being posted, none from now on): replaced by the
        // handoff; the run, if it wakes up, finds it taken. Released (deleted) if nothing is said.
        placeholder: await progress.working?.stop(),
      });
      return { status: 'escalated', ticketId: ticket?.ticketId ?? ticketId, reason: 'engine failure' };
    } catch (escalationErr) {
      // The message is stored: the recovery sweep escalates it once the store answers again.
      deps.logger.error(
        { err: escalationErr, code: errorCode(escalationErr), ...ids },
        'escalating a failed message failed; the recovery sweep will retry',
      );
      return { status: 'recorded', ticketId, reason: 'engine failure; escalation pending' };
    }
  }
  if (progress.stored) return { status: 'recorded', ticketId, reason: 'engine failure after recording' };
  // Nothing stored: the journal puts the event back for a redelivery or the sweep.
  throw err;
}

/**
 * Answers to `message` its ticket's resolving write kept ahead of their delivery (see
 * `TranscriptEntry.carried`) and that were never queued: the run died first, so the customer never
 * saw them, and the model's and staff's history must not show them as said.
 */
export async function dropUndelivered(deps: EngineDeps, ticket: Ticket, message: Message): Promise<void> {
  const carried = Object.values(ticket.transcript?.entries ?? {}).filter(
    (e) => e.carried && e.createdAt.getTime() >= message.createdAt.getTime(),
  );
  if (carried.length === 0 || !deps.stores.messages.dropCarried) return;
  const queued = await deps.stores.outbox.list(ticket.tenantId, { ticketId: ticket.ticketId, limit: 200 });
  const keys = new Set(queued.map((e) => e.key));
  // An answer carrying its own outbox entry (issue 13) was queued when it was stored.
  const rode = await deps.stores.messages.riddenPost?.(message.tenantId, message.messageId);
  if (rode) keys.add(rode.key);
  for (const e of carried)
    if (!keys.has(`reply:${e.messageId}`))
      await deps.stores.messages.dropCarried(ticket.tenantId, ticket.ticketId, e.messageId);
}
