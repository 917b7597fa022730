import { z } from 'zod';
import { formatMoney } from '../../domain/money.js';
import { checkProposedAction, type ProposalContext } from '../actions.js';
import type { AgentTools, ProposedAction } from '../types.js';

const OrderArgs = z.object({ orderId: z.string().min(1).max(20) });
const PrefArgs = z.object({
  language: z.string().min(2).max(8).optional(),
  tone: z.enum(['formal', 'friendly', 'concise']).optional(),
});
const RefundArgs = z.object({
  orderId: z.string().min(1).max(20),
  amountMinor: z.number().int().positive().optional(),
  reason: z.string().max(500).optional(),
});
const CancelArgs = z.object({ orderId: z.string().min(1).max(20), reason: z.string().max(500).optional() });

/** Tool state across one resolve: the proposal the code accepted, and any it refused. */
export interface ToolRunState {
  proposal?: ProposedAction;
  refused: string[];
  /** Why the code changed a proposed amount (for the decision record). */
  notes: string[];
}

/**
 * Runs one model tool call against the customer-scoped tools. Arguments are parsed with zod;
 * proposals pass the code's ownership and amount checks (against what the customer wrote, in
 * `context`) or are refused with the reason.
 */
export async function runTool(
  name: string,
  rawArgs: string,
  tools: AgentTools,
  state: ToolRunState,
  context: ProposalContext,
): Promise<unknown> {
  let args: unknown;
  try {
    args = rawArgs ? JSON.parse(rawArgs) : {};
  } catch {
    return { error: 'arguments were not valid JSON' };
  }
  const order = () => OrderArgs.safeParse(args);
  switch (name) {
    case 'lookup_customer': {
      const c = await tools.lookupCustomer();
      return c ? { name: c.name, plan: c.plan } : { error: 'the customer is not identified' };
    }
    case 'list_orders':
      return (await tools.listOrders()).map((o) => ({
        orderId: o.orderId,
        status: o.status,
        totalMinor: o.totalMinor,
        currency: o.currency,
        placedAt: o.placedAt,
      }));
    case 'get_order':
    case 'shipping_status':
    case 'return_eligibility': {
      const p = order();
      if (!p.success) return { error: 'orderId is required' };
      const out =
        name === 'get_order'
          ? await tools.getOrder(p.data.orderId)
          : name === 'shipping_status'
            ? await tools.shippingStatus(p.data.orderId)
            : await tools.returnEligibility(p.data.orderId);
      return out ?? { error: `order ${p.data.orderId} was not found on this customer's account` };
    }
    case 'interaction_history':
      return (await tools.interactionHistory()).map((i) => ({
        intent: i.intent,
        outcome: i.outcome,
        summary: i.summary,
        at: i.createdAt,
      }));
    case 'get_preferences':
      return (await tools.getPreferences()) ?? {};
    case 'update_preferences': {
      const p = PrefArgs.safeParse(args);
      if (!p.success) return { error: 'invalid preferences' };
      await tools.updatePreferences(p.data);
      return { ok: true };
    }
    case 'propose_refund':
    case 'propose_cancellation': {
      const p = name === 'propose_refund' ? RefundArgs.safeParse(args) : CancelArgs.safeParse(args);
      if (!p.success) return { error: 'invalid arguments' };
      const check = await checkProposedAction(
        { type: name === 'propose_refund' ? 'refund' : 'cancellation', reason: '', ...p.data },
        tools,
        context,
      );
      if (!check.ok) {
        state.refused.push(check.reason);
        return { accepted: false, reason: check.reason };
      }
      state.proposal = check.action;
      if (check.note) state.notes.push(check.note);
      // The model is told the amount the code settled on, so its reply can only repeat that one.
      const { amountMinor } = check.action;
      return {
        accepted: true,
        ...(amountMinor !== undefined && check.currency
          ? { amountMinor, amount: formatMoney(amountMinor, check.currency) }
          : {}),
        ...(check.note ? { amountNote: check.note } : {}),
        note: 'submitted to staff policy; do not say it is done',
      };
    }
    default:
      return { error: `unknown tool ${name}` };
  }
}
