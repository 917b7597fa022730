import type { ProposedAction } from '../agent/types.js';
import { formatMoney } from '../domain/money.js';
import type { Customer, Ticket } from '../domain/index.js';
import { rememberLanguage, resolveTicket } from './apply-effects.js';
import type { ApplyContext } from './apply-result.js';
import type { EngineDeps } from './engine-deps.js';
import { escalateTicket } from './delivery.js';
import type { InboundOutcome } from './ports.js';

/** What applyResult lends this step: its reply (held back if a person took over), phrases, outcome. */
export interface ActionTools {
  say: (text: string) => Promise<unknown>;
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
  { say, phrase, out }: ActionTools,
): Promise<InboundOutcome> {
  const { result, message } = ctx;
  const u = result.understanding;
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
  });
  if (outcome.kind === 'executed') {
    const key = outcome.action === 'refund' ? 'refund_executed' : 'cancellation_executed';
    await say(
      phrase(key, {
        orderId: outcome.orderId,
        reference: outcome.reference,
        amount: formatMoney(outcome.amountMinor, outcome.currency),
      }),
    );
    // Done and told: nothing is left to do, so the ticket resolves like an answered question.
    const what = outcome.action === 'refund' ? 'Refund' : 'Cancellation';
    await resolveTicket(
      deps,
      ticket,
      `${what} of ${formatMoney(outcome.amountMinor, outcome.currency)} for order ${outcome.orderId} executed automatically (${outcome.reference})`,
    );
    await rememberLanguage(deps, customer, u.language);
    return out('action_executed', outcome.reference);
  }
  if (outcome.kind === 'pending') {
    const a = outcome.approval;
    const key = a.action === 'refund' ? 'refund_pending_approval' : 'cancellation_pending_approval';
    // The approval service already moved the ticket to pending_approval (audited) before answering.
    await say(phrase(key, { orderId: a.orderId, amount: formatMoney(a.amountMinor, a.currency) }));
    return out('approval_requested', a.approvalId);
  }
  await say(phrase('escalated'));
  await escalateTicket(deps, deps.takeover, ticket, {
    summary: `${result.escalation?.summary ?? ''} ${outcome.reason}`.trim(),
    reason: outcome.reason,
    draft: result.reply?.text,
    customerMessage: null,
  });
  return out('escalated', outcome.reason);
}
