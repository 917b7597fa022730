import type { Ticket, ThreadRef } from '../domain/index.js';
import { describeZodIssues, ValidationError } from '../errors.js';
import { applyResult, newTicketState } from './apply-result.js';
import { recordMessage } from './delivery.js';
import type { EngineDeps } from './engine-deps.js';
import { findTicket, preTicketKeys } from './find-ticket.js';
import { identifyCustomer } from './identify.js';
import { createKeyedQueue } from './keyed-queue.js';
import {
  InboundMessageSchema,
  type InboundMessage,
  type InboundOutcome,
  type ParsedInboundMessage,
} from './ports.js';
import {
  customerActor,
  failSafe,
  loadTenant,
  maybeShowWorking,
  newTicket,
  openTicketsOf,
  publishTicket,
  recordRevision,
  runAgent,
  staffActor,
  storeCustomerMessage,
  type Turn,
} from './turn.js';

/**
 * What happens to one inbound message: de-duplicate, identify, find the ticket, respect who is
 * in charge, run the agent, apply. Messages of one thread (or one author's top level) and of one
 * ticket are processed in arrival order.
 */
export function createInboundHandler(deps: EngineDeps): (input: InboundMessage) => Promise<InboundOutcome> {
  const queue = createKeyedQueue();
  const { stores, logger, clock } = deps;

  async function process(msg: ParsedInboundMessage): Promise<InboundOutcome> {
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
    const { customer } = await identifyCustomer(stores.customers, msg);
    const turn: Turn = { msg, tenant, mode, customer };
    const match = await findTicket(stores, msg, tenant.settings.joinWindowSeconds);
    if (match.kind === 'existing') {
      return queue.run(`ticket|${match.ticket.ticketId}`, () =>
        onExisting(turn, match.ticket.ticketId, match.replyThread),
      );
    }
    const ticketId = deps.ids.ticketId();
    // Nobody else knows this id yet; holding its key covers the moment after the insert.
    return queue.run(`ticket|${ticketId}`, () =>
      onUndecided(turn, ticketId, match.replyThread, match.openTickets),
    );
  }

  async function onExisting(turn: Turn, ticketId: string, replyThread: ThreadRef): Promise<InboundOutcome> {
    const { msg } = turn;
    // Re-read under the ticket's lock: the previous message may have changed it.
    let ticket = await stores.tickets.get(msg.tenantId, ticketId);
    if (!ticket) return { status: 'ignored', reason: 'ticket vanished' };
    if (!msg.author.isExternal) return onStaffMessage(turn, ticket);
    const stored = await storeCustomerMessage(deps, turn, ticket.ticketId, ticket.thread);
    const now = clock.now();
    const reopened = ticket.status === 'resolved';
    ticket =
      (await stores.tickets.update(
        msg.tenantId,
        ticket.ticketId,
        reopened
          ? { status: 'open', lastMessageAt: msg.receivedAt, updatedAt: now }
          : { lastMessageAt: msg.receivedAt, updatedAt: now },
      )) ?? ticket;
    if (ticket.status === 'human')
      return { status: 'recorded', ticketId: ticket.ticketId, reason: 'a person has this ticket' };
    if (turn.mode === 'off')
      return { status: 'recorded', ticketId: ticket.ticketId, reason: 'channel is off' };
    const history = await stores.messages.listByTicket(
      msg.tenantId,
      ticket.ticketId,
      turn.tenant.settings.historyWindow,
    );
    const placeholder = await maybeShowWorking(deps, turn, replyThread);
    const result = await runAgent(deps, turn, ticket, false, history, []);
    if (!result) return failSafe(deps, turn, ticket, placeholder, replyThread);
    return applyResult(deps, {
      ticket,
      result,
      mode: turn.mode,
      message: msg,
      customerMessageId: stored,
      customer: turn.customer,
      replyThread,
      placeholder,
    });
  }

  async function onUndecided(
    turn: Turn,
    ticketId: string,
    replyThread: ThreadRef,
    requesterOpen: Ticket[],
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
      return { status: 'recorded', reason: 'staff message outside a ticket' };
    }
    const draftTicket = newTicket(deps, turn, ticketId, replyThread);
    if (turn.mode === 'off') {
      await stores.tickets.insert(draftTicket);
      await storeCustomerMessage(deps, turn, ticketId, replyThread);
      publishTicket(deps, draftTicket);
      return { status: 'recorded', ticketId, reason: 'channel is off' };
    }
    const open = await openTicketsOf(deps, turn, requesterOpen);
    const placeholder = await maybeShowWorking(deps, turn, replyThread);
    const history = [{ role: 'customer' as const, text: msg.text }];
    const result = await runAgent(deps, turn, draftTicket, true, history, open);
    if (result && (result.route === 'ignore' || result.understanding.isPleasantry)) {
      await recordMessage(deps, {
        tenantId: msg.tenantId,
        thread: replyThread,
        role: 'customer',
        author: customerActor(msg),
        text: msg.text,
        platformMessageId: msg.messageId,
        language: result.understanding.language,
      });
      return { status: 'recorded', reason: 'pleasantry' };
    }
    const linkedId = result?.understanding.continuesTicketId;
    const linked = linkedId ? open.find((t) => t.ticketId === linkedId) : undefined;
    if (result && linked) {
      return queue.run(`ticket|${linked.ticketId}`, async () => {
        const current = (await stores.tickets.get(msg.tenantId, linked.ticketId)) ?? linked;
        const stored = await storeCustomerMessage(deps, turn, current.ticketId, replyThread);
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
          ticket: current,
          result,
          mode: turn.mode,
          message: msg,
          customerMessageId: stored,
          customer: turn.customer,
          replyThread,
          placeholder,
          prefix,
        });
      });
    }
    const ticket = result
      ? newTicketState(draftTicket, result, turn.mode, msg.text, clock.now())
      : draftTicket;
    await stores.tickets.insert(ticket);
    publishTicket(deps, ticket);
    const stored = await storeCustomerMessage(deps, turn, ticketId, replyThread, result?.understanding);
    if (!result) return failSafe(deps, turn, ticket, placeholder, replyThread);
    return applyResult(deps, {
      isNew: true,
      ticket,
      result,
      mode: turn.mode,
      message: msg,
      customerMessageId: stored,
      customer: turn.customer,
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
    try {
      await deps.takeover.implicitTakeover(ticket, {
        platform: msg.platform,
        tenantId: msg.tenantId,
        userId: msg.author.userId,
        name: msg.author.name,
        isExternal: false,
      });
    } catch (err) {
      logger.error({ err, ticketId: ticket.ticketId }, 'implicit takeover failed');
    }
    return { status: 'recorded', ticketId: ticket.ticketId, reason: 'staff wrote in the thread' };
  }

  return async function handleInbound(input: InboundMessage): Promise<InboundOutcome> {
    const parsed = InboundMessageSchema.safeParse(input);
    if (!parsed.success)
      throw new ValidationError(`Invalid inbound message: ${describeZodIssues(parsed.error.issues)}`);
    const msg = parsed.data;
    // Queued synchronously, before any await, so arrival order is processing order.
    return queue.run(preTicketKeys(msg), async () => {
      // Claimed before processing: a redelivery while the first is still running is a duplicate too.
      const fresh = await stores.processedEvents.markProcessed(
        msg.tenantId,
        msg.platform,
        msg.eventId,
        clock.now(),
      );
      if (!fresh) return { status: 'duplicate' };
      return process(msg);
    });
  };
}
