import { isCancellable } from '../commerce/eligibility.js';
import { formatMoney, minorDigits, tryToMinor } from '../domain/money.js';
import { findCustomerRequests } from './customer-request.js';
import { extractEntities } from './entities.js';
import { namedItemsRefund, UNNAMED_PART_REASON, type NamedItems, type UnnamedPart } from './refund-items.js';
import { ProposedActionSchema, type AgentInput, type AgentTools, type ProposedAction } from './types.js';

/** What a proposal is checked against besides the order: what the customer actually asked for. */
export interface ProposalContext {
  /**
   * Amounts the customer wrote in this ticket's customer messages, in major units as typed
   * ("$45" → 45), found by code (`extractEntities`), never by a model.
   */
  customerAmounts: number[];
  /**
   * This ticket's customer messages (history window and the current message), as stored: a refund
   * or cancellation is proposed only when one of them asks for it ("I don't want my money back,
   * just a replacement" asks for nothing).
   */
  customerTexts: string[];
}

export type ActionCheck =
  | {
      ok: true;
      action: ProposedAction;
      /** Why the code changed the proposed amount, for the model and the decision record. */
      note?: string;
      /** The order's currency (refunds), to show the settled amount. */
      currency?: string;
    }
  | {
      ok: false;
      reason: string;
      /** A person must look (the amount is in question), rather than a plain "not possible". */
      escalate: boolean;
    };

/** The customer's own messages in this ticket: history window's customer lines, then the current one. */
function customerTextsOf(input: Pick<AgentInput, 'text' | 'history'>): string[] {
  const texts = input.history.filter((m) => m.role === 'customer').map((m) => m.text);
  if (texts.at(-1) !== input.text) texts.push(input.text);
  return texts;
}

/**
 * What a proposal on this message is checked against: the customer's own words in this ticket and
 * every amount they wrote in them (history window, customer lines, current message).
 */
export function proposalContextOf(input: Pick<AgentInput, 'text' | 'history'>): ProposalContext {
  const customerTexts = customerTextsOf(input);
  const customerAmounts = [...new Set(customerTexts.flatMap((t) => extractEntities(t).amounts))];
  return { customerAmounts, customerTexts };
}

/** The customer's amounts in minor units of the order's currency; ones it cannot express are left out. */
export function customerMinorAmounts(customerAmounts: number[], currency: string): number[] {
  const out = customerAmounts.map((a) => tryToMinor(a, currency)).filter((n): n is number => n !== null);
  return [...new Set(out)].filter((n) => n > 0);
}

type AmountRule = { ok: true; amountMinor: number; note?: string } | { ok: false; reason: string };

/**
 * The amount a refund may ask for. The model's number is never trusted alone: it stands only when
 * it is an amount the customer wrote, or else the price of the lines of the order the customer
 * named ("just refund the arm": `namedItemsRefund`, from the order's own lines). The same number in
 * major units (the customer wrote "$45", the model passed 45 instead of 4500) is read as the
 * customer's amount. When the customer named neither, the proposal's figure is dropped for the
 * order's refundable amount, which policy then thresholds. When the customer named an amount or a
 * part of the order and the proposal says something else, a person decides.
 */
function settleAmount(
  proposed: number | undefined,
  refundableMinor: number,
  customerAmounts: number[],
  currency: string,
  part: NamedItems | UnnamedPart | null,
  orderId: string,
): AmountRule {
  const written = customerMinorAmounts(customerAmounts, currency);
  if (!written.length && part && 'unnamed' in part)
    return { ok: false, reason: UNNAMED_PART_REASON(orderId) };
  const named = part && 'unnamed' in part ? null : part;
  const asked = written.length ? written : named ? [named.amountMinor] : [];
  const money = (n: number) => formatMoney(n, currency);
  const askedText =
    !written.length && named
      ? `${named.lines.join(' and ')} (${money(named.amountMinor)})`
      : asked.map(money).join(', ');
  if (proposed === undefined) {
    if (!asked.length || asked.includes(refundableMinor)) return { ok: true, amountMinor: refundableMinor };
    return {
      ok: false,
      reason: `the customer asked for ${askedText}, but the proposal is for the full ${money(refundableMinor)}`,
    };
  }
  if (asked.includes(proposed)) return { ok: true, amountMinor: proposed };
  if (minorDigits(currency) > 0) {
    const slip = customerAmounts.find((a) => a === proposed);
    const slipMinor = slip === undefined ? null : tryToMinor(slip, currency);
    if (slipMinor !== null)
      return {
        ok: true,
        amountMinor: slipMinor,
        note: `the proposed ${proposed} was the customer's ${money(slipMinor)} in major units; corrected`,
      };
  }
  if (asked.length) {
    return {
      ok: false,
      reason: `the proposed ${money(proposed)} is not the amount the customer asked for (${askedText})`,
    };
  }
  return {
    ok: true,
    amountMinor: refundableMinor,
    note: `the customer named no amount, so the proposed ${money(proposed)} was replaced by the refundable ${money(refundableMinor)}`,
  };
}

/** Whether a customer message of the ticket asks for the action in so many words (customer-request.ts). */
export function customerAsksFor(
  context: Pick<ProposalContext, 'customerTexts'>,
  type: 'refund' | 'cancellation',
): boolean {
  return (
    findCustomerRequests(
      context.customerTexts.map((text) => ({ text })),
      type,
    ).length > 0
  );
}

/**
 * The code's check on any proposed refund or cancellation, whoever proposed it (template, model,
 * or a customer's wording): a customer message of the ticket must ask for it, the order must be on this customer's account (the tools see nothing
 * else), a refund must be within the return window, for an amount the customer asked for (or the
 * order's refundable amount when they named none), and at most what is still refundable; a
 * cancellation only for an order not yet shipped. Nothing here executes anything.
 */
export async function checkProposedAction(
  raw: unknown,
  tools: AgentTools,
  context: ProposalContext,
): Promise<ActionCheck> {
  const parsed = ProposedActionSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, reason: 'the proposed action was malformed', escalate: false };
  const action = parsed.data;
  // Whoever proposed it, and whatever the intent model read: the customer's own words must ask.
  if (!customerAsksFor(context, action.type)) {
    return {
      ok: false,
      reason: `no customer message in this ticket asks for ${action.type === 'refund' ? 'a refund' : 'a cancellation'}`,
      escalate: true,
    };
  }
  const order = await tools.getOrder(action.orderId);
  if (!order)
    return {
      ok: false,
      reason: `order ${action.orderId} is not on this customer's account`,
      escalate: false,
    };
  if (action.type === 'cancellation') {
    if (!isCancellable(order))
      return {
        ok: false,
        reason: `order ${order.orderId} is ${order.status} and cannot be cancelled`,
        escalate: false,
      };
    return { ok: true, action: { type: 'cancellation', orderId: order.orderId, reason: action.reason } };
  }
  const eligibility = await tools.returnEligibility(order.orderId);
  if (!eligibility || !eligibility.eligible) {
    return {
      ok: false,
      reason: eligibility?.reason ?? `order ${order.orderId} is not eligible for a refund`,
      escalate: false,
    };
  }
  const amount = settleAmount(
    action.amountMinor,
    eligibility.refundableMinor,
    context.customerAmounts,
    order.currency,
    namedItemsRefund(order, context.customerTexts),
    order.orderId,
  );
  if (!amount.ok) return { ok: false, reason: amount.reason, escalate: true };
  if (amount.amountMinor > eligibility.refundableMinor) {
    return {
      ok: false,
      reason: `requested ${formatMoney(amount.amountMinor, order.currency)} exceeds the ${formatMoney(eligibility.refundableMinor, order.currency)} still refundable on order ${order.orderId}`,
      escalate: true,
    };
  }
  return {
    ok: true,
    action: {
      type: 'refund',
      orderId: order.orderId,
      amountMinor: amount.amountMinor,
      reason: action.reason,
    },
    note: amount.note,
    currency: order.currency,
  };
}
