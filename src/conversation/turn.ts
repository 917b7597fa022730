import { createHash } from 'node:crypto';
import type { AgentHooks, AgentResult, AgentTools } from '../agent/types.js';
import { toAgentCustomer } from '../agent/types.js';
import type {
  ChannelMode,
  Customer,
  Message,
  Order,
  PostedRef,
  Tenant,
  Ticket,
  ThreadRef,
} from '../domain/index.js';
import { announceMessage, recordMessage, sendToCustomer } from './delivery.js';
import { escalateTicket } from './escalate-ticket.js';
import { startWorking, type PlaceholderSlot, type Working, type WorkingOptions } from './working.js';
import type { EngineDeps } from './engine-deps.js';
import type { InboundOutcome, ParsedInboundMessage } from './ports.js';
import type { RunFinish } from './thread-order.js';

/** One inbound message with what the engine learned about it before finding its ticket. */
export interface Turn {
  msg: ParsedInboundMessage;
  tenant: Tenant;
  mode: ChannelMode;
  customer: Customer | null;
  /** The order system could not be asked who the author is: order questions escalate with that reason. */
  ordersUnreachable?: boolean;
  /** What this message has stored so far: what a failure must escalate or may release. */
  progress?: InboundProgress;
  /** The customer's orders as the agent's run read them, if it did (a refund proposal counts from it). */
  customerOrdersRead?: () => Order[] | undefined;
}

/**
 * How far one inbound message got. When processing fails, a stored customer message is escalated
 * (a person sees it) and a message that stored nothing releases its event for redelivery.
 */
export interface InboundProgress {
  /** The event id was claimed by this delivery. */
  claimed?: boolean;
  /** A run of this event started before and stored nothing (its process died): this one runs it again. */
  rerun?: boolean;
  /** Something of this message was stored (a redelivery would store it twice). */
  stored?: boolean;
  /** The customer message (stored, or `pending`), filed under the ticket it belongs to. */
  message?: Message;
  /**
   * The customer message while not stored yet (issue 13): it rides in the insert of the bot's
   * message the turn posts, or is stored alone at the turn's end (`storePending`). Meanwhile it is
   * durable in the journal record, and the ticket's own writes keep it on the recent transcript.
   */
  pending?: { message: Message; carried: boolean };
  /** The new ticket this message opens, not stored until the agent has run. */
  pendingTicket?: Ticket;
  /** Progress shown while the agent runs (a placeholder or typing); released when the message is done. */
  working?: Working;
  /** Makes a placeholder this run showed durable (the journal notes it on the event's record). */
  onPlaceholder?: (ref: PostedRef) => Promise<void>;
  /**
   * The journal's hold on the event: the run's end finishes the record in the write that gives
   * the thread's turn back, and says so (`finished`), so the journal does not write again.
   */
  journal?: RunFinish<InboundOutcome>;
  /**
   * The run outlived its bound and was handed to a person (the customer was told one will follow
   * up): if it wakes up later it must not answer too.
   */
  abandoned?: boolean;
}

export async function runAgent(
  deps: EngineDeps,
  turn: Turn,
  ticket: Ticket,
  isNew: boolean,
  history: Array<{ role: 'customer' | 'bot' | 'staff' | 'system'; text: string }>,
  open: Ticket[],
): Promise<AgentResult | null> {
  const { msg, tenant, customer } = turn;
  const hooks: AgentHooks = {
    onStage: (stage, phase, ok) =>
      deps.events.publish({
        type: 'stage',
        tenantId: msg.tenantId,
        ticketId: ticket.ticketId,
        stage,
        phase,
        ok,
        at: deps.clock.now(),
      }),
  };
  const tools = deps.toolsFor(msg.tenantId, customer, tenant.settings);
  turn.customerOrdersRead = tools.customerOrdersRead?.bind(tools);
  try {
    return await deps.agent.run(
      {
        tenantId: msg.tenantId,
        settings: tenant.settings,
        ticket: { ticketId: ticket.ticketId, status: ticket.status, isNew },
        text: msg.text,
        history: history.map((h) => ({ role: h.role, text: h.text })),
        customer: toAgentCustomer(customer),
        authorName: msg.author.name,
        openTickets: open.map((t) => ({ ticketId: t.ticketId, subject: t.subject, intent: t.intent })),
        tools: withUnreachable(tools, turn.ordersUnreachable),
        kb: deps.kb,
      },
      hooks,
    );
  } catch (err) {
    deps.logger.error(
      { err, code: errorCode(err), eventId: msg.eventId, ticketId: ticket.ticketId },
      'the agent failed; escalating',
    );
    return null;
  }
}

/** The agent failed: a person takes it from here, and the customer is told so. */
export async function failSafe(
  deps: EngineDeps,
  turn: Turn,
  ticket: Ticket,
  placeholder: PlaceholderSlot | undefined,
  replyThread: ThreadRef,
): Promise<InboundOutcome> {
  const text = deps.agent.phrase('escalated', ticket.language, { ticketId: ticket.ticketId });
  const silent = turn.mode !== 'auto';
  if (!silent) {
    await sendToCustomer(
      deps,
      { tenantId: ticket.tenantId, ticketId: ticket.ticketId, thread: replyThread },
      text,
      { placeholder },
    );
  }
  await escalateTicket(deps, deps.takeover, ticket, {
    summary: 'The assistant could not process this message.',
    reason: 'agent failure',
    customerMessage: null,
  });
  return { status: 'escalated', ticketId: ticket.ticketId, reason: 'agent failure' };
}

/**
 * Progress while the agent works on a question: Slack gets a "Looking into this…" placeholder if
 * the answer takes more than about 2 s (the answer then replaces it), Teams the typing indicator.
 * The handler releases it when the message is done, removing a placeholder no reply took.
 */
export function showWorking(
  deps: EngineDeps,
  turn: Turn,
  thread: ThreadRef,
  options: Pick<WorkingOptions, 'placeholderAfterMs'> = {},
): Working {
  const port = deps.ports.get(turn.msg.platform);
  // Short pleasantries get none: there may be nothing to say.
  if (!port || turn.mode !== 'auto' || !looksLikeQuestion(turn.msg.text)) return NOT_WORKING;
  const working = startWorking(deps, port, turn.msg.tenantId, thread, {
    ...options,
    // A model takes seconds: typing at once. The offline engine answers at once: typing only if slow.
    indicatorAfterMs: deps.agent.kind === 'llm' ? 0 : undefined,
    onPlaceholder: turn.progress?.onPlaceholder,
  });
  if (turn.progress) turn.progress.working = working;
  return working;
}

const NOT_WORKING: Working = {
  stop: async () => ({ take: () => undefined }),
  release: async () => undefined,
};

/**
 * The transcript message of an inbound customer message, as it will be stored. Its id comes from
 * the platform event, so a run started again after a crash (nothing stored yet) keeps the same
 * message on the ticket's recent transcript, not a second copy of it.
 */
export function customerMessageOf(
  msg: ParsedInboundMessage,
  ticketId: string,
  thread: ThreadRef,
  u?: AgentResult['understanding'],
): Message {
  return {
    tenantId: msg.tenantId,
    messageId: customerMessageIdOf(msg),
    ticketId,
    thread,
    role: 'customer',
    author: customerActor(msg),
    text: msg.text,
    ...(u?.language !== undefined ? { language: u.language } : {}),
    ...(u?.englishText !== undefined ? { englishText: u.englishText } : {}),
    platformMessageId: msg.messageId,
    edited: false,
    deleted: false,
    createdAt: msg.receivedAt,
  };
}

/** The transcript id of an inbound customer message: derived from its event, as its journal record is. */
export function customerMessageIdOf(
  msg: Pick<ParsedInboundMessage, 'tenantId' | 'platform' | 'eventId'>,
): string {
  const key = createHash('sha256').update(`${msg.tenantId}\n${msg.platform}\n${msg.eventId}`).digest('hex');
  return `msg_${key.slice(0, 20)}`;
}

export async function storeCustomerMessage(
  deps: EngineDeps,
  turn: Turn,
  ticketId: string,
  thread: ThreadRef,
  options: { ticketStored: boolean; ticket?: Ticket; ticketCarries?: boolean },
  u?: AgentResult['understanding'],
): Promise<Message> {
  const progress = turn.progress;
  if (!progress?.journal) {
    // No journal record holds the message meanwhile: stored now.
    const {
      messageId: _id,
      edited: _e,
      deleted: _d,
      ...input
    } = customerMessageOf(turn.msg, ticketId, thread, u);
    const m = await recordMessage(deps, { ...input, messageId: _id }, options);
    if (progress) {
      progress.stored = true;
      progress.message = m;
    }
    return m;
  }
  // Its journal record holds it until the turn ends: stored with the turn's last insert.
  const m = customerMessageOf(turn.msg, ticketId, thread, u);
  if (options.ticketStored) await deps.lifecycle?.messageRecorded(m, options.ticket);
  progress.message = m;
  progress.pending = {
    message: m,
    carried: options.ticketStored === false || options.ticketCarries === true,
  };
  return m;
}

/** The pending customer message, to ride in a bot message's insert (taken once). */
export function takePending(progress: InboundProgress | undefined): Message | undefined {
  const p = progress?.pending;
  if (!p || !p.carried) return undefined;
  progress.pending = undefined;
  progress.stored = true;
  return p.message;
}

/**
 * What the result of a turn's agent run is applied with that comes from the turn itself: the
 * channel's mode, the message and its stored id, the customer and the orders the run read.
 */
export function turnFacts(turn: Turn, customerMessageId: string) {
  return {
    mode: turn.mode,
    message: turn.msg,
    customerMessageId,
    customerPending: () => takePending(turn.progress),
    customer: turn.customer,
    customerOrdersRead: turn.customerOrdersRead,
  };
}

/** Changes the pending customer message (its ticket, its language) before it is stored. */
export function amendPending(progress: InboundProgress | undefined, change: Partial<Message>): void {
  if (progress?.pending)
    progress.pending = { ...progress.pending, message: { ...progress.pending.message, ...change } };
  if (progress?.message) progress.message = { ...progress.message, ...change };
}

/** Stores the pending customer message alone (a turn that posted nothing), before its record ends. */
export async function storePending(deps: EngineDeps, progress: InboundProgress | undefined): Promise<void> {
  const p = progress?.pending;
  if (!p || !progress) return;
  // Found stored (a rerun of a run that got this far), it is left as it is. Its SLA clocks moved
  // when the turn took it (storeCustomerMessage): only watchers are told now.
  await deps.stores.messages.insert(p.message, { once: true, ticketCarries: p.carried });
  announceMessage(deps, p.message);
  progress.pending = undefined;
  progress.stored = true;
}

/** The `code` of an AppError (or a driver error), for the one log line at the top. */
export function errorCode(err: unknown): string {
  if (err && typeof err === 'object' && 'code' in err) {
    const code = (err as { code: unknown }).code;
    if (typeof code === 'string' || typeof code === 'number') return String(code);
  }
  return 'internal';
}

export async function openTicketsOf(
  deps: EngineDeps,
  turn: Turn,
  requesterOpen: Ticket[],
  /** The account's open tickets when read already (with the requester's, see findTicket). */
  customerOpen?: Ticket[],
): Promise<Ticket[]> {
  const byCustomer =
    customerOpen ??
    (turn.customer
      ? await deps.stores.tickets.listOpenForCustomer(turn.msg.tenantId, turn.customer.customerId)
      : []);
  const seen = new Map<string, Ticket>();
  for (const t of [...requesterOpen, ...byCustomer]) seen.set(t.ticketId, t);
  return [...seen.values()].slice(0, 10);
}

export function newTicket(deps: EngineDeps, turn: Turn, ticketId: string, thread: ThreadRef): Ticket {
  const { msg } = turn;
  const now = deps.clock.now();
  return {
    tenantId: msg.tenantId,
    ticketId,
    customerId: turn.customer?.customerId,
    requester: {
      platform: msg.platform,
      userId: msg.author.userId,
      name: msg.author.name,
      orgId: msg.author.orgId,
    },
    thread,
    status: 'open',
    urgency: 'medium',
    intent: 'other',
    language: 'en',
    subject: '',
    version: 0,
    createdAt: now,
    updatedAt: now,
    lastMessageAt: msg.receivedAt,
  };
}

export function publishTicket(deps: EngineDeps, t: Ticket): void {
  deps.events.publish({
    type: 'ticket',
    tenantId: t.tenantId,
    ticketId: t.ticketId,
    status: t.status,
    at: deps.clock.now(),
  });
}

export async function loadTenant(deps: EngineDeps, msg: ParsedInboundMessage): Promise<Tenant> {
  const found = await deps.stores.tenants.get(msg.tenantId);
  if (found) return found;
  // Never the author's organization name: that is a customer's (a Slack Connect guest's team).
  return deps.stores.tenants.ensure({
    tenantId: msg.tenantId,
    name: (msg.tenantId === deps.org.id ? deps.org.name : undefined) ?? msg.tenantId,
    platform: msg.platform,
  });
}

export async function recordRevision(deps: EngineDeps, msg: ParsedInboundMessage): Promise<InboundOutcome> {
  const original = await deps.stores.messages.findByPlatformId(msg.tenantId, msg.platform, msg.messageId);
  if (!original) return { status: 'ignored', reason: 'unknown message' };
  if (msg.kind === 'edit') await deps.stores.messages.markEdited(msg.tenantId, original.messageId, msg.text);
  else await deps.stores.messages.markDeleted(msg.tenantId, original.messageId);
  return { status: 'recorded', ticketId: original.ticketId, reason: msg.kind };
}

export function customerActor(msg: ParsedInboundMessage) {
  return {
    kind: 'customer' as const,
    platform: msg.platform,
    userId: msg.author.userId,
    name: msg.author.name,
  };
}

export function staffActor(msg: ParsedInboundMessage) {
  return { kind: 'staff' as const, platform: msg.platform, userId: msg.author.userId, name: msg.author.name };
}

/** Pleasantries are short and ask nothing; anything else may take a model call to answer. */
export function looksLikeQuestion(text: string): boolean {
  return /[?\d]/.test(text) || text.trim().split(/\s+/).length > 3;
}

/** English rendering and language of a message, only where they add something to the text. */
export function languageOf(u: AgentResult['understanding'] | undefined): {
  language?: string;
  englishText?: string;
} {
  if (!u) return {};
  return {
    language: u.language !== 'en' ? u.language : undefined,
    englishText: u.englishText,
  };
}

/** The tools, marked when identification could not reach the order system. */
function withUnreachable(tools: AgentTools, unreachable: boolean | undefined): AgentTools {
  return unreachable ? { ...tools, ordersUnreachable: true } : tools;
}
