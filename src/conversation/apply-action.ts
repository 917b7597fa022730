import type { ProposedAction } from '../agent/types.js';
import { formatMoney } from '../domain/money.js';
import type { ApprovalRequest, Customer, Message, Ticket } from '../domain/index.js';
import { rememberLanguage, resolveTicket } from './apply-effects.js';
import { plannedText, type ApplyContext } from './apply-result.js';
import { botSilenced, type BotSilenced } from './bot-voice.js';
import type { EngineDeps } from './engine-deps.js';
import { escalateTicket } from './escalate-ticket.js';
import type { ConfirmPrompt, InboundOutcome } from './ports.js';
import type { ConfirmationOutcome } from '../approvals/api.js';

/** What applyResult lends this step: its reply (held back if a person took over), phrases, outcome. */
export interface ActionTools {
  /**
   * `moneyReference`: the order system's reference this text reports (see money-claims.ts).
   * `confirm`: Yes / No buttons under a refund question.
   */
  say: (
    text: string,
    options?: { moneyReference?: string; confirm?: ConfirmPrompt; written?: Ticket; kept?: Message },
  ) => Promise<{ silenced: BotSilenced | null }>;
  phrase: (key: Parameters<EngineDeps['agent']['phrase']>[0], params?: Record<string, string>) => string;
  out: (status: InboundOutcome['status'], reason?: string) => InboundOutcome;
}

/**
 * A proposed refund or cancellation for an identified customer: policy (the approval service)
 * decides, and the customer hears the outcome: done, waiting for staff approval, or escalated.
 */
export async function applyProposedAction(
  deps: EngineDeps,
  ctx: ApplyContext,
  ticket: Ticket,
  customer: Customer,
  action: ProposedAction,
  tools: ActionTools,
): Promise<InboundOutcome> {
  const { result, message } = ctx;
  const language = result.understanding.language;
  const outcome = await deps.approvals.propose({
    ticket,
    customer,
    action,
    requestedBy: {
      kind: 'customer',
      platform: message.platform,
      userId: message.author.userId,
      name: message.author.name,
    },
    // The answer to a request left to staff, kept by the proposal's move of the ticket to
    // pending_approval (one ticket write for both), unless the bot may not speak in the thread.
    reply: async (a) => {
      if (await botSilenced(deps, { ...ticket, thread: ctx.replyThread }, ticket)) return undefined;
      const text = tools.phrase(pendingKey(a.action), pendingParams(a));
      return plannedText(deps, ticket, text, language, ctx.replyThread, ctx.prefix);
    },
    ...(ctx.unstored ? { unstored: ctx.unstored } : {}),
    customerOrders: ctx.customerOrdersRead?.(),
  });
  // A new ticket the proposal did not store (it opened no request): stored before what follows.
  await ctx.unstored?.store();
  return applyActionOutcome(deps, ticket, customer, outcome, tools, {
    language: result.understanding.language,
    summary: result.escalation?.summary,
    draft: result.reply?.text,
  });
}

/**
 * What the customer hears about a proposal or a confirmation, and the ticket's next state: done
 * (with the order system's reference), waiting for their yes, waiting for staff, declined, or
 * escalated with the reason.
 */
export async function applyActionOutcome(
  deps: EngineDeps,
  ticket: Ticket,
  customer: Customer,
  outcome: Exclude<ConfirmationOutcome, { kind: 'none' }>,
  { say, phrase, out }: ActionTools,
  context: { language: string; summary?: string; draft?: string },
): Promise<InboundOutcome> {
  if (outcome.kind === 'executed') {
    const key = outcome.action === 'refund' ? 'refund_executed' : 'cancellation_executed';
    await say(
      phrase(key, {
        orderId: outcome.orderId,
        reference: outcome.reference,
        amount: formatMoney(outcome.amountMinor, outcome.currency),
      }),
      { moneyReference: outcome.reference },
    );
    // Done and told: nothing is left to do, so the ticket resolves like an answered question.
    const what = outcome.action === 'refund' ? 'Refund' : 'Cancellation';
    await resolveTicket(
      deps,
      ticket,
      `${what} of ${formatMoney(outcome.amountMinor, outcome.currency)} for order ${outcome.orderId} executed automatically (${outcome.reference})`,
    );
    await rememberLanguage(deps, customer, context.language);
    return out('action_executed', outcome.reference);
  }
  if (outcome.kind === 'pending') {
    const a = outcome.approval;
    // The approval service already moved the ticket to pending_approval (audited) before answering:
    // that write tells whether a person has the thread (sendReply's check), without a read, and
    // kept this answer on its transcript when the engine planned it (`kept`).
    const kept = outcome.ticket ? outcome.kept : undefined;
    const sent = await say(
      phrase(pendingKey(a.action), pendingParams(a)),
      outcome.ticket ? { written: outcome.ticket, ...(kept ? { kept } : {}) } : {},
    );
    // Held back at the last moment (the channel left auto mode): the customer never saw it.
    if (kept && sent.silenced)
      await deps.stores.messages.dropCarried?.(kept.tenantId, ticket.ticketId, kept.messageId);
    return out('approval_requested', a.approvalId);
  }
  if (outcome.kind === 'confirm') {
    const c = outcome.confirmation;
    // Nothing moved yet: the customer's yes (a button, or a reply handled before the agent next
    // time) makes the refund.
    await say(
      phrase('refund_confirm', { orderId: c.orderId, amount: formatMoney(c.amountMinor, c.currency) }),
      {
        confirm: {
          ticketId: ticket.ticketId,
          confirmationId: c.confirmationId,
          yesLabel: phrase('refund_confirm_yes'),
          noLabel: phrase('refund_confirm_no'),
        },
      },
    );
    return out('confirmation_requested', c.confirmationId);
  }
  if (outcome.kind === 'declined') {
    await say(phrase('refund_declined', { orderId: outcome.confirmation.orderId }));
    return out('answered', 'the customer declined the refund');
  }
  await say(phrase('escalated'));
  await escalateTicket(deps, deps.takeover, ticket, {
    summary: `${context.summary ?? ''} ${outcome.reason}`.trim(),
    reason: outcome.reason,
    ...(context.draft ? { draft: context.draft } : {}),
    customerMessage: null,
  });
  return out('escalated', outcome.reason);
}

const pendingKey = (action: ApprovalRequest['action']) =>
  action === 'refund' ? 'refund_pending_approval' : 'cancellation_pending_approval';

const pendingParams = (a: ApprovalRequest) => ({
  orderId: a.orderId,
  amount: formatMoney(a.amountMinor, a.currency),
});
