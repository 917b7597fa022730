import { isCancellable } from '../commerce/eligibility.js';
import { ProposedActionSchema, type AgentTools, type ProposedAction } from './types.js';

export type ActionCheck = { ok: true; action: ProposedAction } | { ok: false; reason: string };

/**
 * The code's check on any proposed refund or cancellation, whoever proposed it (template, model,
 * or a customer's wording): the order must be on this customer's account (the tools see nothing
 * else), a refund must be within the return window and at most the refundable amount, and a
 * cancellation only for an order not yet shipped. Nothing here executes anything.
 */
export async function checkProposedAction(raw: unknown, tools: AgentTools): Promise<ActionCheck> {
  const parsed = ProposedActionSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, reason: 'the proposed action was malformed' };
  const action = parsed.data;
  const order = await tools.getOrder(action.orderId);
  if (!order) return { ok: false, reason: `order ${action.orderId} is not on this customer's account` };
  if (action.type === 'cancellation') {
    if (!isCancellable(order))
      return { ok: false, reason: `order ${order.orderId} is ${order.status} and cannot be cancelled` };
    return { ok: true, action: { type: 'cancellation', orderId: order.orderId, reason: action.reason } };
  }
  const eligibility = await tools.returnEligibility(order.orderId);
  if (!eligibility || !eligibility.eligible) {
    return {
      ok: false,
      reason: eligibility?.reason ?? `order ${order.orderId} is not eligible for a refund`,
    };
  }
  const amountMinor = action.amountMinor ?? eligibility.refundableMinor;
  if (amountMinor > eligibility.refundableMinor) {
    return {
      ok: false,
      reason: `requested ${amountMinor} exceeds the ${eligibility.refundableMinor} still refundable on order ${order.orderId}`,
    };
  }
  return { ok: true, action: { type: 'refund', orderId: order.orderId, amountMinor, reason: action.reason } };
}
