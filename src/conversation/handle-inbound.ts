import type { AgentHooks, AgentResult } from '../agent/types.js';
import type { ChannelMode, Customer, PostedRef, Tenant, Ticket, ThreadRef } from '../domain/index.js';
import { describeZodIssues, ValidationError } from '../errors.js';
import { applyResult } from './apply-result.js';
import { escalateTicket, recordMessage, sendToCustomer } from './delivery.js';
import type { EngineDeps } from './engine-deps.js';
import { findTicket, preTicketKeys } from './find-ticket.js';
import { identifyCustomer } from './identify.js';
import { createKeyedQueue } from './keyed-queue.js';
import { InboundMessageSchema, type InboundMessage, type InboundOutcome, type ParsedInboundMessage } from './ports.js';

interface Turn {
  msg: ParsedInboundMessage;
  tenant: Tenant;
  mode: ChannelMode;
  customer: Customer | null;
}

/**
 * What happens to one inbound message: de-duplicate, identify, find the ticket, respect who is
 * in charge, run the agent, apply. Messages of one thread (or one author's top level) and of one
 * ticket are processed in arrival order.
 */
export function createInboundHandler(deps: EngineDeps): (input: InboundMessage) => Promise<InboundOutcome> {
  const queue = createKeyedQueue();
  const { stores, logger, clock } = deps;

  async function process(msg: ParsedInboundMessage): Promise<InboundOutcome> {
    if (msg.kind !== 'message') return recordRevision(msg);
    const tenant = await loadTenant(msg);
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
    const { customer } = await identifyCustomer(stores.customers, msg);
    const turn: Turn = { msg, tenant, mode, customer };
    const match = await findTicket(stores, msg, tenant.settings.joinWindowSeconds);
    if (match.kind === 'existing') {
      return queue.run(`ticket|${match.ticket.ticketId}`, () => onExisting(turn, match.ticket.ticketId, match.replyThread));
    }
    const ticketId = deps.ids.ticketId();
    // Nobody else knows this id yet; holding its key covers the moment after the insert.
    return queue.run(`ticket|${ticketId}`, () => onUndecided(turn, ticketId, match.replyThread, match.openTickets));
  }

  async function onExisting(turn: Turn, ticketId: string, replyThread: ThreadRef): Promise<InboundOutcome> {
    const { msg } = turn;
    // Re-read under the ticket's lock: the previous message may have changed it.
    let ticket = await stores.tickets.get(msg.tenantId, ticketId);
    if (!ticket) return { status: 'ignored', reason: 'ticket vanished' };
    if (!msg.author.isExternal) return onStaffMessage(turn, ticket);
    const stored = await storeCustomerMessage(turn, ticket.ticketId, ticket.thread);
    const now = clock.now();
    const reopened = ticket.status === 'resolved';
    ticket =
      (await stores.tickets.update(
        msg.tenantId,
        ticket.ticketId,
        reopened ? { status: 'open', lastMessageAt: msg.receivedAt, updatedAt: now } : { lastMessageAt: msg.receivedAt, updatedAt: now },
      )) ?? ticket;
    if (ticket.status === 'human') return { status: 'recorded', ticketId: ticket.ticketId, reason: 'a person has this ticket' };
    if (turn.mode === 'off') return { status: 'recorded', ticketId: ticket.ticketId, reason: 'channel is off' };
    const history = await stores.messages.listByTicket(msg.tenantId, ticket.ticketId, turn.tenant.settings.historyWindow);
    const placeholder = await maybeShowWorking(turn, replyThread);
    const result = await runAgent(turn, ticket, false, history, []);
    if (!result) return failSafe(turn, ticket, placeholder, replyThread);
    return applyResult(deps, { ticket, result, mode: turn.mode, message: msg, customerMessageId: stored, customer: turn.customer, replyThread, placeholder });
  }

  async function onUndecided(turn: Turn, ticketId: string, replyThread: ThreadRef, requesterOpen: Ticket[]): Promise<InboundOutcome> {
    const { msg } = turn;
    if (!msg.author.isExternal) {
      await recordMessage(deps, { tenantId: msg.tenantId, thread: replyThread, role: 'staff', author: staffActor(msg), text: msg.text, platformMessageId: msg.messageId });
      return { status: 'recorded', reason: 'staff message outside a ticket' };
    }
    const draftTicket = newTicket(turn, ticketId, replyThread);
    if (turn.mode === 'off') {
      await stores.tickets.insert(draftTicket);
      await storeCustomerMessage(turn, ticketId, replyThread);
      publishTicket(draftTicket);
      return { status: 'recorded', ticketId, reason: 'channel is off' };
    }
    const open = await openTicketsOf(turn, requesterOpen);
    const placeholder = await maybeShowWorking(turn, replyThread);
    const history = [{ role: 'customer' as const, text: msg.text }];
    const result = await runAgent(turn, draftTicket, true, history, open);
    if (result && (result.route === 'ignore' || result.understanding.isPleasantry)) {
      await recordMessage(deps, { tenantId: msg.tenantId, thread: replyThread, role: 'customer', author: customerActor(msg), text: msg.text, platformMessageId: msg.messageId, language: result.understanding.language });
      return { status: 'recorded', reason: 'pleasantry' };
    }
    const linkedId = result?.understanding.continuesTicketId;
    const linked = linkedId ? open.find((t) => t.ticketId === linkedId) : undefined;
    if (result && linked) {
      return queue.run(`ticket|${linked.ticketId}`, async () => {
        const current = (await stores.tickets.get(msg.tenantId, linked.ticketId)) ?? linked;
        const stored = await storeCustomerMessage(turn, current.ticketId, replyThread);
        await stores.tickets.update(msg.tenantId, current.ticketId, { lastMessageAt: msg.receivedAt, updatedAt: clock.now() });
        if (current.status === 'human') return { status: 'recorded', ticketId: current.ticketId, reason: 'a person has this ticket' };
        const prefix = deps.agent.phrase('linked_ticket', result.understanding.language, { ticketId: current.ticketId });
        return applyResult(deps, { ticket: current, result, mode: turn.mode, message: msg, customerMessageId: stored, customer: turn.customer, replyThread, placeholder, prefix });
      });
    }
    await stores.tickets.insert(draftTicket);
    publishTicket(draftTicket);
    const stored = await storeCustomerMessage(turn, ticketId, replyThread, result?.understanding);
    if (!result) return failSafe(turn, draftTicket, placeholder, replyThread);
    return applyResult(deps, { ticket: draftTicket, result, mode: turn.mode, message: msg, customerMessageId: stored, customer: turn.customer, replyThread, placeholder });
  }

  async function onStaffMessage(turn: Turn, current: Ticket): Promise<InboundOutcome> {
    const { msg } = turn;
    // A person answering in a closed thread reopens it: they are handling it now.
    const ticket =
      current.status === 'resolved'
        ? ((await stores.tickets.update(msg.tenantId, current.ticketId, { status: 'open', updatedAt: clock.now() }, { from: ['resolved'] })) ?? current)
        : current;
    await recordMessage(deps, { tenantId: msg.tenantId, ticketId: ticket.ticketId, thread: ticket.thread, role: 'staff', author: staffActor(msg), text: msg.text, platformMessageId: msg.messageId });
    try {
      await deps.takeover.implicitTakeover(ticket, { platform: msg.platform, tenantId: msg.tenantId, userId: msg.author.userId, name: msg.author.name, isExternal: false });
    } catch (err) {
      logger.error({ err, ticketId: ticket.ticketId }, 'implicit takeover failed');
    }
    return { status: 'recorded', ticketId: ticket.ticketId, reason: 'staff wrote in the thread' };
  }

  async function runAgent(
    turn: Turn,
    ticket: Ticket,
    isNew: boolean,
    history: Array<{ role: 'customer' | 'bot' | 'staff' | 'system'; text: string }>,
    open: Ticket[],
  ): Promise<AgentResult | null> {
    const { msg, tenant, customer } = turn;
    const hooks: AgentHooks = {
      onStage: (stage, phase, ok) =>
        deps.events.publish({ type: 'stage', tenantId: msg.tenantId, ticketId: ticket.ticketId, stage, phase, ok, at: clock.now() }),
    };
    try {
      return await deps.agent.run(
        {
          tenantId: msg.tenantId,
          settings: tenant.settings,
          ticket: { ticketId: ticket.ticketId, status: ticket.status, isNew },
          text: msg.text,
          history: history.map((h) => ({ role: h.role, text: h.text })),
          customer: customer ? { customerId: customer.customerId, name: customer.name, plan: customer.plan, preferences: customer.preferences } : null,
          authorName: msg.author.name,
          openTickets: open.map((t) => ({ ticketId: t.ticketId, subject: t.subject, intent: t.intent })),
          tools: deps.toolsFor(msg.tenantId, customer, tenant.settings),
          kb: deps.kb,
        },
        hooks,
      );
    } catch (err) {
      logger.error({ err, ticketId: ticket.ticketId }, 'the agent failed; escalating');
      return null;
    }
  }

  /** The agent failed: a person takes it from here, and the customer is told so. */
  async function failSafe(turn: Turn, ticket: Ticket, placeholder: PostedRef | undefined, replyThread: ThreadRef): Promise<InboundOutcome> {
    const text = deps.agent.phrase('escalated', ticket.language, { ticketId: ticket.ticketId });
    const silent = turn.mode !== 'auto';
    if (!silent) {
      await sendToCustomer(deps, { tenantId: ticket.tenantId, ticketId: ticket.ticketId, thread: replyThread }, text, { placeholder });
    }
    await escalateTicket(deps, deps.takeover, ticket, { summary: 'The assistant could not process this message.', reason: 'agent failure', customerMessage: null });
    return { status: 'escalated', ticketId: ticket.ticketId, reason: 'agent failure' };
  }

  async function maybeShowWorking(turn: Turn, thread: ThreadRef): Promise<PostedRef | undefined> {
    // Only a model call takes long enough to need a placeholder, and short pleasantries get none
    // (a placeholder cannot be taken back when there turns out to be nothing to say).
    if (deps.agent.kind !== 'llm' || turn.mode !== 'auto' || !looksLikeQuestion(turn.msg.text)) return undefined;
    const port = deps.ports.get(turn.msg.platform);
    if (!port?.showWorking) return undefined;
    try {
      return await port.showWorking(turn.msg.tenantId, thread);
    } catch (err) {
      logger.warn({ err }, 'showing progress failed');
      return undefined;
    }
  }

  async function storeCustomerMessage(turn: Turn, ticketId: string, thread: ThreadRef, u?: AgentResult['understanding']): Promise<string> {
    const m = await recordMessage(deps, {
      tenantId: turn.msg.tenantId,
      ticketId,
      thread,
      role: 'customer',
      author: customerActor(turn.msg),
      text: turn.msg.text,
      language: u?.language,
      englishText: u?.englishText,
      platformMessageId: turn.msg.messageId,
      createdAt: turn.msg.receivedAt,
    });
    return m.messageId;
  }

  async function openTicketsOf(turn: Turn, requesterOpen: Ticket[]): Promise<Ticket[]> {
    const byCustomer = turn.customer ? await stores.tickets.listOpenForCustomer(turn.msg.tenantId, turn.customer.customerId) : [];
    const seen = new Map<string, Ticket>();
    for (const t of [...requesterOpen, ...byCustomer]) seen.set(t.ticketId, t);
    return [...seen.values()].slice(0, 10);
  }

  function newTicket(turn: Turn, ticketId: string, thread: ThreadRef): Ticket {
    const { msg } = turn;
    const now = clock.now();
    return {
      tenantId: msg.tenantId,
      ticketId,
      customerId: turn.customer?.customerId,
      requester: { platform: msg.platform, userId: msg.author.userId, name: msg.author.name, orgId: msg.author.orgId },
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

  function publishTicket(t: Ticket): void {
    deps.events.publish({ type: 'ticket', tenantId: t.tenantId, ticketId: t.ticketId, status: t.status, at: clock.now() });
  }

  async function loadTenant(msg: ParsedInboundMessage): Promise<Tenant> {
    const found = await stores.tenants.get(msg.tenantId);
    if (found) return found;
    return stores.tenants.ensure({ tenantId: msg.tenantId, name: msg.author.orgName ?? msg.tenantId, platform: msg.platform });
  }

  async function recordRevision(msg: ParsedInboundMessage): Promise<InboundOutcome> {
    const original = await stores.messages.findByPlatformId(msg.tenantId, msg.platform, msg.messageId);
    if (!original) return { status: 'ignored', reason: 'unknown message' };
    if (msg.kind === 'edit') await stores.messages.markEdited(msg.tenantId, original.messageId, msg.text);
    else await stores.messages.markDeleted(msg.tenantId, original.messageId);
    return { status: 'recorded', ticketId: original.ticketId, reason: msg.kind };
  }

  return async function handleInbound(input: InboundMessage): Promise<InboundOutcome> {
    const parsed = InboundMessageSchema.safeParse(input);
    if (!parsed.success) throw new ValidationError(`Invalid inbound message: ${describeZodIssues(parsed.error.issues)}`);
    const msg = parsed.data;
    // Queued synchronously, before any await, so arrival order is processing order.
    return queue.run(preTicketKeys(msg), async () => {
      // Claimed before processing: a redelivery while the first is still running is a duplicate too.
      const fresh = await stores.processedEvents.markProcessed(msg.tenantId, msg.platform, msg.eventId, clock.now());
      if (!fresh) return { status: 'duplicate' };
      return process(msg);
    });
  };
}

function customerActor(msg: ParsedInboundMessage) {
  return { kind: 'customer' as const, platform: msg.platform, userId: msg.author.userId, name: msg.author.name };
}

function staffActor(msg: ParsedInboundMessage) {
  return { kind: 'staff' as const, platform: msg.platform, userId: msg.author.userId, name: msg.author.name };
}

/** Pleasantries are short and ask nothing; anything else may take a model call to answer. */
function looksLikeQuestion(text: string): boolean {
  return /[?\d]/.test(text) || text.trim().split(/\s+/).length > 3;
}
