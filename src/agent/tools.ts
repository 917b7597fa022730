import type { Customer, Order, TenantSettings, Clock } from '../domain/index.js';
import type { CustomerStore, InteractionStore } from '../conversation/stores.js';
import type { OrderSystem } from '../commerce/order-system.js';
import { returnEligibility, shippingStatus } from '../commerce/eligibility.js';
import { isAppError } from '../errors.js';
import type { AgentTools, ToolCallRecord } from './types.js';

export interface AgentToolsOptions {
  tenantId: string;
  /** The identified customer; null for an unidentified person (order tools then find nothing). */
  customer: Customer | null;
  orders: OrderSystem;
  customers: Pick<CustomerStore, 'get' | 'updatePreferences'>;
  interactions: Pick<InteractionStore, 'listForCustomer'>;
  settings: Pick<TenantSettings, 'returnWindowDays'>;
  clock: Clock;
}

/** The tools plus the record of every call made through them (for the decision record). */
export interface RecordedAgentTools extends AgentTools {
  readonly calls: ToolCallRecord[];
}

/**
 * Tools scoped to one customer. An order that belongs to someone else is indistinguishable
 * from one that does not exist, so neither a model nor a customer can reach another account.
 * Made for one agent run (the engine makes one per message): orders read are remembered for the
 * run, so the evidence fetched before a model call and the pipeline's retrieve read them once.
 */
export function createAgentTools(options: AgentToolsOptions): RecordedAgentTools {
  const { tenantId, customer, orders, clock } = options;
  const calls: ToolCallRecord[] = [];

  async function timed<T>(name: string, fn: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      const out = await fn();
      calls.push({ name, durationMs: Math.round(performance.now() - started), ok: true });
      return out;
    } catch (err) {
      const error = isAppError(err)
        ? `${err.code}: ${err.message}`
        : err instanceof Error
          ? `${err.name}: ${err.message}`
          : String(err);
      calls.push({
        name,
        durationMs: Math.round(performance.now() - started),
        ok: false,
        error: error.slice(0, 300),
      });
      throw err;
    }
  }

  // One message's run reads an order once: the evidence fetched before the model call and the
  // pipeline's retrieve ask for the same order. Nothing here writes orders, so the copy is current.
  const read = new Map<string, Promise<Order | null>>();
  // Where all of a customer's orders are one read (the demo store), the order is taken from that
  // read: a refund proposal that follows counts the day's refunds from the same read (issue 13).
  let all: Promise<Order[]> | undefined;
  let allRead: Order[] | undefined;
  const listed = (customerId: string): Promise<Order[]> | undefined => {
    if (!orders.customerOrders) return undefined;
    if (!all) {
      const pending = orders.customerOrders(tenantId, customerId);
      all = pending;
      pending.then(
        (list) => {
          allRead = list;
        },
        () => {
          all = undefined;
        },
      );
    }
    return all;
  };
  const fetchOrder = async (customerId: string, orderId: string): Promise<Order | null> => {
    const list = listed(customerId);
    // An order older than the list holds (it stops at CUSTOMER_ORDERS_MAX) is asked for by id.
    return (list && (await list).find((o) => o.orderId === orderId)) ?? orders.getOrder(tenantId, orderId);
  };
  function ownOrder(orderId: string): Promise<Order | null> {
    if (!customer) return Promise.resolve(null);
    let pending = read.get(orderId);
    if (!pending) {
      pending = fetchOrder(customer.customerId, orderId).then((order) => {
        return order && order.customerId === customer.customerId ? order : null;
      });
      // A failed read is not remembered: the next ask tries again.
      pending.catch(() => read.delete(orderId));
      read.set(orderId, pending);
    }
    return pending;
  }
  let recent: Promise<Order[]> | undefined;

  return {
    calls,
    ordersAvailable: orders.capabilities.orders,
    cancelUnsupported: orders.capabilities.cancel
      ? undefined
      : `${orders.label} cannot cancel orders: a person must cancel it where it was placed`,
    lookupCustomer: () => timed('lookup_customer', async () => customer),
    listOrders: () =>
      timed('list_orders', async () => {
        if (!customer) return [];
        recent ??= orders.listOrders(tenantId, customer.customerId, { limit: 20 });
        recent.catch(() => (recent = undefined));
        return recent;
      }),
    getOrder: (orderId) => timed('get_order', () => ownOrder(orderId)),
    customerOrdersRead: () => allRead,
    shippingStatus: (orderId) =>
      timed('shipping_status', async () => {
        const order = await ownOrder(orderId);
        return order ? shippingStatus(order) : null;
      }),
    returnEligibility: (orderId) =>
      timed('return_eligibility', async () => {
        const order = await ownOrder(orderId);
        return order
          ? returnEligibility(order, clock.now(), { returnWindowDays: options.settings.returnWindowDays })
          : null;
      }),
    interactionHistory: () =>
      timed('interaction_history', async () =>
        customer ? options.interactions.listForCustomer(tenantId, customer.customerId, 10) : [],
      ),
    getPreferences: () =>
      timed('get_preferences', async () => {
        if (!customer) return null;
        const fresh = await options.customers.get(tenantId, customer.customerId);
        return fresh?.preferences ?? customer.preferences;
      }),
    updatePreferences: (prefs) =>
      timed('update_preferences', async () => {
        if (!customer) return;
        await options.customers.updatePreferences(tenantId, customer.customerId, prefs);
      }),
  };
}
