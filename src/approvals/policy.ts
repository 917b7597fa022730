import { isCancellable, refundedMinor, returnEligibility } from '../commerce/eligibility.js';
import { formatMoney } from '../domain/money.js';
import type { Customer, Order, RequiredRole, TenantSettings, TicketStatus } from '../domain/index.js';
import type { ProposedAction } from '../agent/types.js';

/** Everything the refund/cancellation policy looks at. Pure data: no stores, no clock. */
export interface PolicyInput {
  action: ProposedAction;
  /** The order as the order system has it; null when it does not exist. */
  order: Order | null;
  /** The account the ticket belongs to, as identified by the engine (null: unidentified). */
  customer: Pick<Customer, 'customerId'> | null;
  /** The ticket's customer id, checked as well so a mismatched customer object can't widen access. */
  ticketCustomerId: string | undefined;
  /**
   * The customer's refunds of the last 24 hours: executed ones plus refund requests still pending
   * or approved (a request opened before any decision counts, or five requests could all pass).
   */
  refundsLast24h: number;
  /**
   * Refund amounts still pending or approved on this order. The thresholds apply to what the order
   * gets back in total, so a refund split into small requests cannot slip under them.
   */
  openRequestsMinor?: number;
  /**
   * The customer's own words asking for this action (see customer-asked.ts). The reason on the
   * request and in the audit quotes them; the proposal's own reason (model text) is never used.
   */
  customerQuote?: string;
  /**
   * The ticket's status as stored. Only an `open` ticket (the bot has it) may refund on its own: on
   * an escalated, taken-over or pending-approval ticket a refund under the automatic limit still
   * becomes an approval request for staff.
   */
  ticketStatus?: TicketStatus;
  settings: Pick<
    TenantSettings,
    'currency' | 'autoRefundMaxMinor' | 'supervisorRefundAboveMinor' | 'dailyRefundLimit' | 'returnWindowDays'
  >;
  now: Date;
}

/** What the policy decided. Amounts are always derived from the order, never from model text alone. */
export type PolicyDecision =
  | {
      kind: 'auto';
      action: ProposedAction['type'];
      orderId: string;
      amountMinor: number;
      currency: string;
      reason: string;
    }
  | {
      kind: 'approval';
      action: ProposedAction['type'];
      orderId: string;
      amountMinor: number;
      currency: string;
      requiredRole: RequiredRole;
      /** True when the ticket escalates as well (refunds above the supervisor threshold). */
      escalate: boolean;
      reason: string;
    }
  /** Eligible in principle, but a limit stops automation: staff must look (no request is made). */
  | { kind: 'escalate'; reason: string }
  /** The action cannot happen for this order: no request, the ticket escalates with this reason. */
  | { kind: 'ineligible'; reason: string };

/**
 * The action policy of issue 4, from data only:
 *
 * | refund < auto max, eligible, under the daily limit | auto |
 * | refund auto max … supervisor threshold (inclusive) | approval (approver) |
 * | refund > supervisor threshold                      | approval (supervisor) + escalation |
 *
 * A refund's size for these rows is the order's cumulative refund: already refunded + requests still
 * open on the order + this amount.
 * | cancellation of a cancellable order                | approval (approver) |
 * | not eligible / not this customer's order           | ineligible (escalate with reason) |
 * | refund when the daily count is reached             | escalate, whatever the amount |
 * | refund < auto max on a ticket that is not `open`   | approval (approver): a person is involved |
 *
 * Before any of this the approval service checks that a customer message of the ticket asks for the
 * action (customer-asked.ts); the request's reason quotes that message.
 */
export function evaluateAction(input: PolicyInput): PolicyDecision {
  const { action, order, customer, ticketCustomerId, settings } = input;
  if (!customer || !ticketCustomerId) {
    return { kind: 'ineligible', reason: 'The customer is not identified, so no order can be acted on.' };
  }
  if (!order) {
    return { kind: 'ineligible', reason: `Order ${action.orderId} was not found.` };
  }
  // Both must agree: the account the engine identified and the account on the ticket.
  if (order.customerId !== customer.customerId || order.customerId !== ticketCustomerId) {
    return {
      kind: 'ineligible',
      reason: `Order ${action.orderId} does not belong to this customer's account.`,
    };
  }
  if (order.currency !== settings.currency) {
    // Thresholds are in the tenant's currency; comparing across currencies would be guesswork.
    return {
      kind: 'ineligible',
      reason: `Order ${order.orderId} is in ${order.currency}, not ${settings.currency}; a person has to handle it.`,
    };
  }
  if (action.type === 'cancellation') return evaluateCancellation(order, input.customerQuote);
  return evaluateRefund(input, order);
}

function evaluateCancellation(order: Order, customerQuote: string | undefined): PolicyDecision {
  if (!isCancellable(order)) {
    const why =
      order.status === 'cancelled'
        ? `Order ${order.orderId} is already cancelled.`
        : `Order ${order.orderId} has already ${order.status === 'placed' ? 'been handed to a carrier' : `been ${order.status}`}, so it can no longer be cancelled.`;
    return { kind: 'ineligible', reason: why };
  }
  return {
    kind: 'approval',
    action: 'cancellation',
    orderId: order.orderId,
    amountMinor: order.totalMinor,
    currency: order.currency,
    requiredRole: 'approver',
    escalate: false,
    reason: customerQuote ? quoted(customerQuote) : 'Customer asked to cancel the order.',
  };
}

function evaluateRefund(input: PolicyInput, order: Order): PolicyDecision {
  const { action, settings, now, refundsLast24h } = input;
  const eligibility = returnEligibility(order, now, settings);
  if (!eligibility.eligible) return { kind: 'ineligible', reason: eligibility.reason };
  if (refundsLast24h >= settings.dailyRefundLimit) {
    return { kind: 'escalate', reason: dailyLimitReason(refundsLast24h, settings.dailyRefundLimit) };
  }
  // The customer's requested amount, capped at what the order can still give back.
  const requested = action.amountMinor ?? eligibility.refundableMinor;
  const amountMinor = Math.min(requested, eligibility.refundableMinor);
  const earlierMinor = refundedMinor(order) + (input.openRequestsMinor ?? 0);
  const cumulativeMinor = earlierMinor + amountMinor;
  const asked = input.customerQuote ? quoted(input.customerQuote) : 'Customer asked for a refund.';
  // The approver sees why a small amount needs them: the order's earlier refunds count too.
  const reason =
    earlierMinor > 0
      ? `${asked}${/[.!?]$/.test(asked) ? '' : '.'} Order ${order.orderId} already has ${formatMoney(earlierMinor, order.currency)} refunded or requested; ${formatMoney(cumulativeMinor, order.currency)} in total with this one.`
      : asked;
  const base = {
    action: 'refund' as const,
    orderId: order.orderId,
    amountMinor,
    currency: order.currency,
    reason,
  };
  if (cumulativeMinor < settings.autoRefundMaxMinor) {
    const status = input.ticketStatus ?? 'open';
    if (status === 'open') return { kind: 'auto', ...base };
    // A person is involved (escalated, taken over, another decision pending): they decide this too.
    return {
      kind: 'approval',
      ...base,
      reason: `${base.reason}${/[.!?”]$/.test(base.reason) ? '' : '.'} No automatic refund: the ticket is ${STATUS_WORDS[status]}.`,
      requiredRole: 'approver',
      escalate: false,
    };
  }
  if (cumulativeMinor <= settings.supervisorRefundAboveMinor) {
    return { kind: 'approval', ...base, requiredRole: 'approver', escalate: false };
  }
  return { kind: 'approval', ...base, requiredRole: 'supervisor', escalate: true };
}

/** Why a refund escalates at the daily limit (the request-time check, and its re-check in the ledger). */
export function dailyLimitReason(count: number, limit: number): string {
  return `The customer already had ${count} refund${count === 1 ? '' : 's'} in the last 24 hours, counting requests still open (limit ${limit}); a person has to review this one.`;
}

const STATUS_WORDS: Record<TicketStatus, string> = {
  open: 'open',
  resolved: 'resolved',
  escalated: 'escalated to staff',
  human: 'with a person',
  pending_approval: 'waiting for another approval',
};

/** `Customer wrote: “…”`: the reason a request carries is what the customer actually wrote. */
export function quoted(customerQuote: string): string {
  return `Customer wrote: “${customerQuote}”`;
}

/** Re-exported for the approvals code that formats amounts; the one implementation lives in domain/money. */
export { formatMoney };
