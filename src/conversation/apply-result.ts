import type { AgentResult } from '../agent/types.js';
import type { ChannelMode, Customer, Message, Order, Ticket, ThreadRef } from '../domain/index.js';
import type { PlaceholderSlot } from './working.js';
import type { EngineDeps } from './engine-deps.js';
import { applyProposedAction } from './apply-action.js';
import {
  afterResolved,
  markResolved,
  publishStatus,
  rememberLanguage,
  type TicketPatch,
} from './apply-effects.js';
import { finalText, recordInternalNote, sendReply } from './delivery.js';
import { showTicketCard } from './staff-cards.js';
import { announceEscalation, escalateTicket, markEscalated, recordInteraction } from './escalate-ticket.js';
import type { BotSilenced } from './bot-voice.js';
import { escalationNoticeId } from './finish-escalation.js';
import { recordTurn, turnInteraction } from './turn-record.js';
import { guardMoneyClaims } from '../agent/guardrails/money-claims.js';
import type { ConfirmPrompt, InboundOutcome, ParsedInboundMessage } from './ports.js';
import type { UnstoredTicket } from '../approvals/api.js';

export interface ApplyContext {
  ticket: Ticket;
  result: AgentResult;
  mode: ChannelMode;
  message: ParsedInboundMessage;
  /** The stored customer message this run answered. */
  customerMessageId: string;
  /** The customer message while not stored yet: it rides in the answer's insert (taken once). */
  customerPending?: () => Message | undefined;
  customer: Customer | null;
  /** The customer's orders as the agent's run read them, if it did (see Turn). */
  customerOrdersRead?: () => Order[] | undefined;
  /** Where the customer wrote: replies go there. */
  replyThread: ThreadRef;
  /** A "Looking into this…" placeholder the first reply replaces (see working.ts). */
  placeholder?: PlaceholderSlot;
  /** Said before the answer ("this looks like your open ticket TKT-…"). */
  prefix?: string;
  /** The ticket was created by this message (and stored by newTicketState). */
  isNew?: boolean;
  /** The bot's answer, kept on the new ticket's transcript by its insert (see plannedAnswer). */
  answer?: Message;
  /** The new ticket, not stored yet: its proposal stores it (see UnstoredTicket). */
  unstored?: UnstoredTicket;
}

/**
 * The plain answer's transcript message, decided before the ticket's resolving write so that
 * write keeps it on the recent transcript and delivery writes no ticket (issue 13). Undefined
 * when delivery would change or hold back its text (a claim that money moved, a filter leaving
 * nothing) or no port can post it: delivery then keeps it itself, as it does every other text.
 */
export function plannedAnswer(
  deps: EngineDeps,
  ticket: Pick<Ticket, 'tenantId' | 'ticketId'>,
  result: AgentResult,
  mode: ChannelMode,
  thread: ThreadRef,
  prefix?: string,
): Message | undefined {
  if (!answersPlainly(result, mode) || !result.reply) return undefined;
  return plannedText(deps, ticket, result.reply.text, result.understanding.language, thread, prefix);
}

/**
 * A text in the bot's voice as delivery would store it (its transcript message), for the caller's
 * ticket write to keep ahead of the post; undefined when delivery would change or hold back the
 * text (a claim that money moved, a filter leaving nothing) or no port can post it.
 */
export function plannedText(
  deps: EngineDeps,
  ticket: Pick<Ticket, 'tenantId' | 'ticketId'>,
  text: string,
  language: string | undefined,
  thread: ThreadRef,
  prefix?: string,
): Message | undefined {
  if (!deps.ports.get(thread.platform)) return undefined;
  if (guardMoneyClaims(text).removed.length) return undefined;
  const said = prefix ? `${prefix}\n\n${text}` : text;
  const final = finalText(deps, { ticketId: ticket.ticketId }, said);
  if (final.note || !final.text) return undefined;
  return {
    messageId: deps.ids.id('msg'),
    tenantId: ticket.tenantId,
    ticketId: ticket.ticketId,
    thread,
    role: 'bot',
    author: { kind: 'bot' },
    text: final.text,
    ...(language !== undefined ? { language } : {}),
    edited: false,
    deleted: false,
    createdAt: deps.clock.now(),
  };
}

/** True when this run ends in an answer to the customer and nothing else: the ticket resolves. */
export function answersPlainly(result: AgentResult, mode: ChannelMode): boolean {
  return (
    mode === 'auto' && result.route !== 'ignore' && result.route !== 'escalate' && !result.proposedAction
  );
}

/**
 * A new ticket as it should be stored after the agent's run, in one write: with what the run
 * understood, and already resolved when a plain answer is all there is to do (the outbox delivers
 * the answer). Stored before its first message, so whoever sees a message can find its ticket.
 */
export function newTicketState(
  ticket: Ticket,
  result: AgentResult,
  mode: ChannelMode,
  text: string,
  now: Date,
): Ticket {
  const understood: Ticket = { ...ticket, ...understandingPatch(ticket, result.understanding, text) };
  return answersPlainly(result, mode)
    ? { ...understood, status: 'resolved', resolvedAt: now, resolvedBy: 'bot', updatedAt: now }
    : understood;
}

/**
 * Turns one agent run into effects: the decision record, the ticket's new state, and what the
 * customer and staff see, respecting the channel's mode. Policy decides proposed actions.
 */
export async function applyResult(deps: EngineDeps, ctx: ApplyContext): Promise<InboundOutcome> {
  const { result, message } = ctx;
  const u = result.understanding;
  const now = deps.clock.now();
  // A "👍" in a thread says nothing about the ticket: its intent and urgency stay as they were.
  const patch = u.isPleasantry ? {} : understandingPatch(ctx.ticket, u, message.text);
  const plain = answersPlainly(result, ctx.mode);
  // Fewer round trips: a plain answer folds the understanding into the resolving update, and an
  // unchanged ticket (a new one stored in its final state) is not written again.
  let ticket: Ticket = { ...ctx.ticket, ...patch };
  if (!plain && Object.keys(patch).length > 0) {
    ticket =
      (await deps.stores.tickets.update(message.tenantId, ctx.ticket.ticketId, {
        ...patch,
        updatedAt: now,
      })) ?? ticket;
  }
  const phrase = (key: Parameters<EngineDeps['agent']['phrase']>[0], params: Record<string, string> = {}) =>
    deps.agent.phrase(key, u.language, { ticketId: ticket.ticketId, ...params });
  const reply = result.reply ?? { text: result.draft ?? phrase('escalated'), citations: [] };
  // The decision and the history entry the turn expects to end with: one document, written with
  // the bot message an answer or an escalation posts (one insert), alone now for the other turns.
  const turn = await recordTurn(
    deps,
    {
      ...result.record,
      tenantId: ticket.tenantId,
      decisionId: deps.ids.id('dec'),
      ticketId: ticket.ticketId,
      messageId: ctx.customerMessageId,
      createdAt: now,
    },
    turnInteraction(ticket, result, ctx.mode, reply.text, now),
    // A proposal's too (issue 13): its answer (pending approval, a confirmation, done, or the
    // escalation) is posted through `say` like any other; `settle` stores it when none was.
    { rides: ctx.mode === 'auto' && result.route !== 'ignore' },
  );
  const target = { tenantId: ticket.tenantId, ticketId: ticket.ticketId, thread: ctx.replyThread };
  // Whether a person took the thread over (or the channel left auto mode) while the agent ran:
  // sendReply checks again right before posting and keeps the text as an internal note instead.
  let silenced: BotSilenced | null = null;
  const say = async (
    text: string,
    options: {
      citations?: Array<{ articleId: string; title: string }>;
      moneyReference?: string;
      confirm?: ConfirmPrompt;
      written?: Ticket;
      kept?: Message;
      deliveryId?: string;
    } = {},
  ) => {
    const sent = await sendReply(deps, target, ctx.prefix ? `${ctx.prefix}\n\n${text}` : text, {
      placeholder: ctx.placeholder,
      citations: options.citations,
      language: u.language,
      ...(options.moneyReference ? { moneyReference: options.moneyReference } : {}),
      ...(options.confirm ? { confirm: options.confirm } : {}),
      ...(options.written ? { written: options.written } : {}),
      ...(options.kept ? { kept: options.kept } : {}),
      ...(options.deliveryId ? { deliveryId: options.deliveryId } : {}),
      decision: () => turn.ride(),
      ...(ctx.customerPending ? { customer: ctx.customerPending, rideAs: ctx.customerMessageId } : {}),
    });
    silenced ??= sent.silenced;
    return sent;
  };
  const out = (status: InboundOutcome['status'], reason?: string): InboundOutcome => ({
    status,
    ticketId: ticket.ticketId,
    reason,
  });

  if (ctx.mode === 'draft') return applyDraft(deps, ctx, ticket);

  if (result.route === 'ignore') {
    // Nothing to say: a placeholder shown meanwhile is removed when the run ends (Working.release).
    return out('recorded', 'nothing to answer');
  }

  if (result.route === 'escalate') {
    const told = result.escalation?.customerMessage ?? phrase('escalated');
    const away = await deps.lifecycle?.awayNotice(ticket, u.language);
    const input = {
      summary: result.escalation?.summary ?? result.reason,
      reason: result.reason,
      draft: result.draft,
      internalNote: result.escalation?.internalNote,
      customerMessage: null,
      interactionCarried: turn.carried,
      decision: turn.decision,
    };
    // The escalating write goes first: it is refused when a person took the ticket over while
    // the agent ran, and its answer is the ticket as it is now, so telling the customer needs no
    // read to know whether the bot may still speak. Staff get the note and the card after.
    const escalated = await markEscalated(deps, ticket, input);
    // A person has the ticket: it was not escalated, and its history says nothing of it.
    if (!escalated) await turn.drop();
    // Its id (and outbox key) derived from the customer message: a rerun of a run killed after the
    // escalating write says it under the same key (see finishEscalation), never twice.
    const deliveryId = escalationNoticeId(ctx.customerMessageId);
    await say(
      away ? `${told} ${away}` : told,
      escalated ? { written: escalated, deliveryId } : { deliveryId },
    );
    await turn.settle();
    if (escalated) await announceEscalation(deps, deps.takeover, ticket, escalated, input);
    await rememberLanguage(deps, ctx.customer, u.language);
    return out('escalated', result.reason);
  }

  const action = result.proposedAction;
  if (action && !ctx.customer) {
    await say(phrase('identify_for_orders'));
    await turn.settle();
    return out('answered', 'action needs an identified customer');
  }
  if (action && ctx.customer) {
    try {
      return await applyProposedAction(deps, ctx, ticket, ctx.customer, action, { say, phrase, out });
    } finally {
      await turn.settle();
    }
  }

  const claims = guardMoneyClaims(reply.text);
  if (claims.removed.length) {
    // No refund or cancellation was made in this turn, yet the answer says one was: a person
    // answers instead, with the rest of the text as their draft.
    const reason = `the answer said money moved, but no refund or cancellation was made: “${claims.removed[0]}”`;
    await say(phrase('escalated'));
    await turn.settle();
    await escalateTicket(deps, deps.takeover, ticket, {
      summary: result.escalation?.summary ?? `The assistant's answer claimed a refund that was not made.`,
      reason,
      ...(claims.text ? { draft: claims.text } : {}),
      customerMessage: null,
      decision: turn.decision,
    });
    return out('escalated', reason);
  }
  // The ticket resolves before its answer is posted, conditional on its still being open: a
  // person who took it over while the agent ran fails that write, and its answer is the ticket as
  // it is now, so the check before posting reads nothing more. A new ticket was stored resolved a
  // moment ago (newTicketState): that insert is its fresh state. Once resolved, a takeover is
  // refused, so the answer and a person's takeover exclude each other. A crash between the write
  // and the post leaves the message unanswered on a resolved ticket: the recovery sweep escalates it.
  // The answer's transcript entry rides on that write (the new ticket's insert carried it).
  const resolvedNew = ticket.status === 'resolved' && ctx.isNew;
  const answer = resolvedNew
    ? ctx.answer
    : plannedAnswer(deps, ticket, result, ctx.mode, ctx.replyThread, ctx.prefix);
  const resolved = resolvedNew ? ticket : await markResolved(deps, ticket, patch, answer);
  if (resolved) ticket = resolved;
  // Not resolved (a person took it over): the answer becomes their note, no history entry.
  else await turn.drop();
  const kept = resolved ? answer : undefined;
  await say(reply.text, {
    citations: reply.citations,
    written: resolved ?? undefined,
    ...(kept ? { kept } : {}),
  });
  // Held back or nothing said: the decision goes alone (without the entry a held-back turn drops).
  if (silenced) await turn.drop();
  await turn.settle();
  if (silenced) {
    // Held back at the last moment: the customer never saw the answer the ticket keeps.
    if (kept) await deps.stores.messages.dropCarried?.(kept.tenantId, ticket.ticketId, kept.messageId);
    await turn.drop();
    return heldBack(deps, ctx, ticket, silenced, resolved !== null);
  }
  if (resolvedNew) {
    // Stored resolved already: only its history is left to write (unless its decision carries it).
    if (!turn.carried) await recordInteraction(deps, ticket, 'resolved', `${ticket.subject}: ${reply.text}`);
    await deps.lifecycle?.ticketResolved(ticket, 'bot');
  } else if (resolved) await afterResolved(deps, resolved, reply.text, turn.carried);
  await rememberLanguage(deps, ctx.customer, u.language);
  return out('answered', result.reason);
}

/**
 * The answer was held back at the last moment. A person who took over has the thread: nothing to
 * resolve. A channel switched to draft mode gets the answer as a draft card, as if it had been in
 * draft mode all along; in off mode the ticket stays open for staff. Never resolved unanswered.
 */
async function heldBack(
  deps: EngineDeps,
  ctx: ApplyContext,
  ticket: Ticket,
  silenced: BotSilenced,
  /** This run resolved the ticket (stored it resolved, or resolved it before posting). */
  resolvedHere = false,
): Promise<InboundOutcome> {
  let current = ticket;
  if (ticket.status === 'resolved' && resolvedHere) {
    // Resolved by this run (newTicketState or the write before posting), expecting the answer to go out.
    const reopened = await deps.stores.tickets.update(
      ticket.tenantId,
      ticket.ticketId,
      { status: 'open', updatedAt: deps.clock.now() },
      { from: ['resolved'] },
    );
    if (reopened) {
      current = reopened;
      publishStatus(deps, reopened);
    }
  }
  if (silenced.mode === 'draft') return applyDraft(deps, { ...ctx, mode: 'draft' }, current);
  return { status: 'recorded', ticketId: ticket.ticketId, reason: `answer not sent: ${silenced.reason}` };
}

/** Draft mode: the answer goes to staff as a card; nothing reaches the customer unseen. */
async function applyDraft(deps: EngineDeps, ctx: ApplyContext, ticket: Ticket): Promise<InboundOutcome> {
  const { result } = ctx;
  const draft = result.reply?.text ?? result.draft ?? result.escalation?.customerMessage ?? '';
  if (result.route === 'ignore')
    return { status: 'recorded', ticketId: ticket.ticketId, reason: 'nothing to answer' };
  if (result.proposedAction) {
    const a = result.proposedAction;
    // Actions are never taken unseen in draft mode: staff read the proposal and decide.
    await recordInternalNote(
      deps,
      ticket,
      `The assistant proposed a ${a.type} of order ${a.orderId}; not acted on because the channel is in draft mode.`,
    );
  }
  if (result.route === 'escalate') {
    await escalateTicket(deps, deps.takeover, ticket, {
      summary: result.escalation?.summary ?? result.reason,
      reason: result.reason,
      draft,
      internalNote: result.escalation?.internalNote,
      customerMessage: null,
    });
    return { status: 'escalated', ticketId: ticket.ticketId, reason: result.reason };
  }
  const now = deps.clock.now();
  const updated =
    (await deps.stores.tickets.update(ticket.tenantId, ticket.ticketId, {
      draft: { text: draft, createdAt: now },
      updatedAt: now,
    })) ?? ticket;
  await showTicketCard(deps, deps.takeover, updated, 'draft');
  return { status: 'drafted', ticketId: ticket.ticketId };
}

/** What this run learned about the ticket, only where it differs from what is stored. */
function understandingPatch(ticket: Ticket, u: AgentResult['understanding'], text: string): TicketPatch {
  const next: TicketPatch = {
    intent: u.intent,
    urgency: u.urgency,
    sentiment: u.sentiment,
    language: u.language,
    subject: ticket.subject || subjectFrom(u.englishText ?? text),
  };
  const patch: TicketPatch = {};
  for (const k of Object.keys(next) as Array<keyof TicketPatch>) {
    if (next[k] !== undefined && next[k] !== ticket[k]) Object.assign(patch, { [k]: next[k] });
  }
  return patch;
}

function subjectFrom(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > 80 ? `${oneLine.slice(0, 79)}…` : oneLine;
}
