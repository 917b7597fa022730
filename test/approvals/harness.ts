import type { ApprovalNotifier } from '../../src/approvals/api.js';
import { createApprovalService } from '../../src/approvals/approval-service.js';
import { createTakeoverService } from '../../src/approvals/takeover-service.js';
import type { OrderSystem } from '../../src/commerce/order-system.js';
import type { OutboundMessage, StaffActor, StaffCard } from '../../src/conversation/ports.js';
import type { PostedRef, Ticket } from '../../src/domain/index.js';
import { DEMO } from '../../src/memory/demo-data.js';
import { createSeededEnv, type SeededEnv } from '../support/seeded.js';

/** What reached people through the notifier port: the staff channel and customer threads. */
export interface RecordingNotifier extends ApprovalNotifier {
  /** Every card by its posted message id, as it looks now (updates replace it). */
  cards: Map<string, StaffCard>;
  posts: number;
  updates: number;
  customer: Array<{ ticketId: string; key?: string; params?: Record<string, string>; text?: string }>;
  escalations: Array<{ ticketId: string; reason: string }>;
  /** When set, posting a card answers "no staff channel" (undefined). */
  noStaffChannel: boolean;
  /** When set, every call throws after doing nothing (a broken platform). */
  broken: boolean;
}

/**
 * A test double of our own ApprovalNotifier port. It behaves like the engine's notifier where
 * the services rely on it: escalate moves the ticket to `escalated` in the real store.
 */
export function createRecordingNotifier(env: SeededEnv): RecordingNotifier {
  let n = 0;
  const told = new Set<string>();
  const self: RecordingNotifier = {
    cards: new Map(),
    posts: 0,
    updates: 0,
    customer: [],
    escalations: [],
    noStaffChannel: false,
    broken: false,
    async postStaffCard(_tenantId, _thread, card): Promise<PostedRef | undefined> {
      if (self.broken) throw new Error('platform down');
      if (self.noStaffChannel) return undefined;
      n += 1;
      self.posts += 1;
      const ref = { platform: 'sandbox' as const, channelId: DEMO.staffChannelId, messageId: `card-${n}` };
      self.cards.set(ref.messageId, card);
      return ref;
    },
    async updateStaffCard(_tenantId, ref, card) {
      if (self.broken) throw new Error('platform down');
      self.updates += 1;
      self.cards.set(ref.messageId, card);
    },
    async tellCustomer(ticket, key, params, options) {
      if (self.broken) throw new Error('platform down');
      // The card's update of the same step goes out whether or not the notice does.
      if (options?.cardUpdate)
        await self.updateStaffCard(ticket.tenantId, options.cardUpdate.ref, options.cardUpdate.card);
      // As the engine's outbox does: a notice told again under its id is not posted again.
      if (options?.deliveryId) {
        if (told.has(options.deliveryId)) return { outcome: 'sent' };
        told.add(options.deliveryId);
      }
      self.customer.push({ ticketId: ticket.ticketId, key, params });
    },
    async escalate(ticket, reason) {
      if (self.broken) throw new Error('platform down');
      self.escalations.push({ ticketId: ticket.ticketId, reason });
      await env.stores.tickets.update(
        ticket.tenantId,
        ticket.ticketId,
        {
          status: 'escalated',
          escalation: { summary: reason, reason, at: env.clock.now() },
          updatedAt: env.clock.now(),
        },
        { from: ['open', 'pending_approval', 'escalated'] },
      );
    },
    async sendToCustomer(ticket: Ticket, message: OutboundMessage) {
      if (self.broken) throw new Error('platform down');
      self.customer.push({ ticketId: ticket.ticketId, text: message.text });
    },
    async threadLink(ticket) {
      return `https://sandbox.local/thread/${ticket.thread.threadId}`;
    },
  };
  return self;
}

/** Counts order-system writes (the edge we act on) while the demo store does the real work. */
export function countingOrderSystem(inner: OrderSystem, hooks: { afterRefund?: () => void } = {}) {
  const counts = { refund: 0, cancel: 0 };
  const system: OrderSystem = {
    ...inner,
    async refund(tenantId, input) {
      counts.refund += 1;
      const result = await inner.refund(tenantId, input);
      hooks.afterRefund?.();
      return result;
    },
    async cancel(tenantId, input) {
      counts.cancel += 1;
      return inner.cancel(tenantId, input);
    },
  };
  return { system, counts };
}

export const staff = {
  dana: {
    platform: 'sandbox',
    tenantId: DEMO.tenantId,
    userId: 'sandbox-dana',
    name: 'Dana Whitfield',
    isExternal: false,
  },
  sam: {
    platform: 'sandbox',
    tenantId: DEMO.tenantId,
    userId: 'sandbox-sam',
    name: 'Sam Okafor',
    isExternal: false,
  },
  riley: {
    platform: 'sandbox',
    tenantId: DEMO.tenantId,
    userId: 'sandbox-riley',
    name: 'Riley Chen',
    isExternal: false,
  },
  guest: {
    platform: 'sandbox',
    tenantId: DEMO.tenantId,
    userId: 'sandbox-guest',
    name: 'Guest from Acme',
    isExternal: true,
  },
} satisfies Record<string, StaffActor>;

type CustomerKey = keyof typeof DEMO.customers;

/** Stores an open ticket for a demo customer's contact, as the engine would have. */
export async function openTicket(
  env: SeededEnv,
  who: CustomerKey,
  text = 'I would like a refund please',
): Promise<Ticket> {
  const c = DEMO.customers[who];
  const now = env.clock.now();
  const ticketId = env.ids.ticketId();
  const thread = {
    platform: 'sandbox' as const,
    channelId: DEMO.customerChannelId,
    threadId: `th-${ticketId}`,
  };
  const ticket: Ticket = {
    tenantId: env.tenantId,
    ticketId,
    customerId: c.customerId,
    requester: { platform: 'sandbox', userId: c.userId, name: c.contact, orgId: c.orgId },
    thread,
    status: 'open',
    urgency: 'medium',
    intent: 'refund',
    language: 'en',
    subject: text.slice(0, 80),
    version: 0,
    createdAt: now,
    updatedAt: now,
    lastMessageAt: now,
  };
  await env.stores.tickets.insert(ticket);
  await env.stores.messages.insert({
    tenantId: env.tenantId,
    messageId: env.ids.id('msg'),
    ticketId,
    thread,
    role: 'customer',
    author: { kind: 'customer', platform: 'sandbox', userId: c.userId, name: c.contact },
    text,
    language: 'en',
    edited: false,
    deleted: false,
    createdAt: now,
  });
  // As stored, its recent transcript included (the engine hands on the ticket its writes returned).
  return (await env.stores.tickets.get(env.tenantId, ticketId)) ?? ticket;
}

/** The customer as the engine resolved them. */
export async function customerOf(env: SeededEnv, who: CustomerKey) {
  const customer = await env.stores.customers.get(env.tenantId, DEMO.customers[who].customerId);
  if (!customer) throw new Error(`seed lacks ${who}`);
  return customer;
}

export function requestedBy(who: CustomerKey) {
  const c = DEMO.customers[who];
  return { kind: 'customer' as const, platform: 'sandbox' as const, userId: c.userId, name: c.contact };
}

/** The seeded env with both services over the real stores and the demo order system. */
export async function createHarness(
  options: {
    wrapOrders?: (inner: OrderSystem) => OrderSystem;
    /**
     * The organization's setting. Off by default here: these tests exercise policy and execution
     * once the customer has confirmed; approval-confirm.test.ts covers the confirmation itself.
     */
    confirmAutoRefunds?: boolean;
  } = {},
) {
  const env = await createSeededEnv();
  const tenant = await env.stores.tenants.get(env.tenantId);
  if (tenant)
    await env.stores.tenants.update(env.tenantId, {
      settingsOverrides: {
        ...tenant.settingsOverrides,
        confirmAutoRefunds: options.confirmAutoRefunds ?? false,
      },
    });
  const notifier = createRecordingNotifier(env);
  const orders = options.wrapOrders ? options.wrapOrders(env.orderSystem) : env.orderSystem;
  const common = {
    ...env.stores,
    notifier,
    clock: env.clock,
    ids: env.ids,
    logger: env.logger,
  };
  const approvals = createApprovalService({ ...common, orders });
  const takeover = createTakeoverService(common);
  /** Another process's approval service: the same deps, some of its stores replaced. */
  const serviceWith = (stores: Partial<SeededEnv['stores']>) =>
    createApprovalService({ ...common, ...stores, orders });
  return { env, notifier, approvals, takeover, orders, serviceWith };
}

export type Harness = Awaited<ReturnType<typeof createHarness>>;

/**
 * Bluebird's $250 refund on order 1043 ("broken"), proposed on `ticket`: above the automatic
 * limit, so it waits for staff. Its approval id.
 */
export async function proposePendingRefund(h: Harness, ticket: Ticket): Promise<string> {
  const proposed = await h.approvals.propose({
    ticket,
    customer: await customerOf(h.env, 'bluebird'),
    action: { type: 'refund', orderId: '1043', amountMinor: 25_000, reason: 'broken' },
    requestedBy: requestedBy('bluebird'),
  });
  if (proposed.kind !== 'pending') throw new Error(`expected pending, got ${proposed.kind}`);
  return proposed.approval.approvalId;
}

export async function refundsOn(env: SeededEnv, orderId: string) {
  const order = await env.orderSystem.getOrder(env.tenantId, orderId);
  return order?.refunds ?? [];
}
