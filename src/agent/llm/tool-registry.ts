import { z } from 'zod';
import type { Order } from '../../domain/index.js';
import { formatMoney } from '../../domain/money.js';
import { checkProposedAction, type ActionCheck } from '../actions.js';
import { tool, type ToolContext } from './tool.js';

const OrderId = z.string().min(1).max(20).describe('The order number, as the customer wrote it');

/** The customer-safe view of an order: what the customer could read on their own receipt. */
export function orderView(o: Order) {
  return {
    orderId: o.orderId,
    status: o.status,
    items: o.items.map((i) => ({ name: i.name, quantity: i.quantity, unitPriceMinor: i.unitPriceMinor })),
    totalMinor: o.totalMinor,
    currency: o.currency,
    placedAt: o.placedAt,
    shippedAt: o.shippedAt,
    deliveredAt: o.deliveredAt,
    carrier: o.carrier,
    trackingNumber: o.trackingNumber,
    estimatedDelivery: o.estimatedDelivery,
    refundedMinor: o.refunds.reduce((sum, r) => sum + r.amountMinor, 0),
    cancelledAt: o.cancelledAt,
  };
}

const notFound = (orderId: string) => ({
  error: `order ${orderId} was not found on this customer's account`,
});

/** The proposal the code settled on, as the model is told it: it can only repeat that amount. */
function proposalView(check: ActionCheck) {
  if (!check.ok) return { accepted: false, reason: check.reason };
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

/** Records a checked proposal on the run's state (accepted or refused with the reason). */
function settle(check: ActionCheck, ctx: ToolContext): ActionCheck {
  if (!check.ok) ctx.state.refused.push(check.reason);
  else {
    ctx.state.proposal = check.action;
    if (check.note) ctx.state.notes.push(check.note);
  }
  return check;
}

const ORDER_INTENTS = ['order_status', 'shipping', 'refund', 'cancel', 'return', 'billing'] as const;

/**
 * Every tool the model may call, declared once. Adding one here is the whole change: the model's
 * definitions, validation, scoping, safe views and execution are derived (see tool-runner.ts).
 */
export const AGENT_TOOLS = [
  tool({
    name: 'lookup_customer',
    description: 'The customer account writing (name, plan).',
    parameters: z.object({}),
    intents: 'any',
    execute: (_args, ctx) => ctx.tools.lookupCustomer(),
    view: (c) => (c ? { name: c.name, plan: c.plan } : { error: 'the customer is not identified' }),
  }),
  tool({
    name: 'list_orders',
    description: "The customer's recent orders.",
    parameters: z.object({}),
    intents: ORDER_INTENTS,
    execute: (_args, ctx) => ctx.tools.listOrders(),
    view: (orders) =>
      orders.map((o) => ({
        orderId: o.orderId,
        status: o.status,
        totalMinor: o.totalMinor,
        currency: o.currency,
        placedAt: o.placedAt,
      })),
  }),
  tool({
    name: 'get_order',
    description: 'One order of this customer by id.',
    parameters: z.object({ orderId: OrderId }),
    intents: ORDER_INTENTS,
    execute: async ({ orderId }, ctx) => ({ orderId, order: await ctx.tools.getOrder(orderId) }),
    view: ({ orderId, order }) => (order ? orderView(order) : notFound(orderId)),
  }),
  tool({
    name: 'shipping_status',
    description: 'Carrier, tracking and delivery dates of an order.',
    parameters: z.object({ orderId: OrderId }),
    intents: ['order_status', 'shipping', 'return', 'cancel'],
    execute: async ({ orderId }, ctx) => ({ orderId, status: await ctx.tools.shippingStatus(orderId) }),
    view: ({ orderId, status }) => status ?? notFound(orderId),
  }),
  tool({
    name: 'return_eligibility',
    description: 'Whether an order can be returned/refunded and how much.',
    parameters: z.object({ orderId: OrderId }),
    intents: ['refund', 'return', 'cancel'],
    execute: async ({ orderId }, ctx) => ({ orderId, e: await ctx.tools.returnEligibility(orderId) }),
    view: ({ orderId, e }) => e ?? notFound(orderId),
  }),
  tool({
    name: 'interaction_history',
    description: "The customer's recent conversations: topic, outcome and date.",
    parameters: z.object({}),
    intents: 'any',
    execute: (_args, ctx) => ctx.tools.interactionHistory(),
    // The stored summary is written for staff (escalation summaries, internal reasons): never shown.
    view: (list) => list.map((i) => ({ intent: i.intent, outcome: i.outcome, at: i.createdAt })),
  }),
  tool({
    name: 'get_preferences',
    description: "The customer's stored preferences (language, tone).",
    parameters: z.object({}),
    intents: 'any',
    execute: (_args, ctx) => ctx.tools.getPreferences(),
    // `notes` are staff notes about the account ("Key account: loop in the account manager…").
    view: (p) => ({ language: p?.language, tone: p?.tone }),
  }),
  tool({
    name: 'update_preferences',
    description: 'Store a preference the customer stated.',
    parameters: z.object({
      language: z.string().min(2).max(8).optional(),
      tone: z.enum(['formal', 'friendly', 'concise']).optional(),
    }),
    intents: 'any',
    // The store sets only the fields given: the staff note and other preferences stay.
    execute: async (prefs, ctx) => {
      await ctx.tools.updatePreferences(prefs);
      return { ok: true };
    },
    view: (r) => r,
  }),
  tool({
    name: 'propose_refund',
    description:
      "Propose a refund for staff policy to decide. amountMinor only when the customer asked for a specific amount: that amount in minor units of the order's currency ($45.00 → 4500, ¥1,500 → 1500). Omit it for the order's refundable amount. Any other amount is refused.",
    parameters: z.object({
      orderId: OrderId,
      amountMinor: z.number().int().positive().optional(),
      reason: z.string().max(500).optional(),
    }),
    intents: ['refund', 'return'],
    execute: async (args, ctx) =>
      settle(
        await checkProposedAction({ type: 'refund', reason: '', ...args }, ctx.tools, ctx.proposal),
        ctx,
      ),
    view: proposalView,
  }),
  tool({
    name: 'propose_cancellation',
    description: 'Propose cancelling an unshipped order for staff policy to decide.',
    parameters: z.object({ orderId: OrderId, reason: z.string().max(500).optional() }),
    intents: ['cancel'],
    execute: async (args, ctx) =>
      settle(
        await checkProposedAction({ type: 'cancellation', reason: '', ...args }, ctx.tools, ctx.proposal),
        ctx,
      ),
    view: proposalView,
  }),
] as const;

export type AgentToolName = (typeof AGENT_TOOLS)[number]['name'];

/** Tool names: never shown to a customer (the output filter replaces them). */
export const AGENT_TOOL_NAMES: readonly AgentToolName[] = AGENT_TOOLS.map((t) => t.name);
