import { refundsSince, type OrderSystem } from '../commerce/order-system.js';
import type { Order } from '../domain/index.js';

/**
 * The order system as one operation on one customer's money sees it (a proposal, an Approve
 * click). Where the system reads all of a customer's orders in one cheap call (the demo store),
 * the count of the day's refunds reads them, and what follows in the operation (the order a
 * click refunds, the order a proposal looks at) starts from that read: the click's refund does not
 * read the order again.
 *
 * Nothing here decides money on a stale read: the count is read afresh each time, and the
 * refund's own write re-checks the key, the amount and the status in MongoDB. After a refund the
 * list is read afresh if asked again.
 */
export function customerOrderView(
  orders: OrderSystem,
  tenantId: string,
  customerId: string,
  /**
   * The customer's orders as read before this operation (the agent's look-up): the first count
   * is taken from it. Only where every Switchboard refund of the moment is in the ledger the
   * count follows (refund-record.ts `settleRequest`): a refund made between this read and the
   * ledger's is then counted from its hold, and one made outside Switchboard is coordinated by
   * nothing at any instant, so a read before the ledger's misses nothing a read after it would.
   */
  earlier?: Order[],
): OrderSystem {
  const load = orders.customerOrders?.bind(orders);
  if (!load) return orders;
  let list: Promise<Order[]> | null = earlier ? Promise.resolve(earlier) : null;
  let seeded = earlier !== undefined;
  const mine = (t: string, c?: string) => t === tenantId && (c === undefined || c === customerId);
  const read = (): Promise<Order[]> => {
    if (!list) {
      const pending = load(tenantId, customerId);
      list = pending;
      // A failed read is not kept: the next call tries again.
      pending.catch(() => {
        if (list === pending) list = null;
      });
    }
    return list;
  };
  // Only what a list read already holds: a refund never waits for a read it does not need.
  const held = async (orderId: string): Promise<Order | undefined> =>
    list ? (await list.catch(() => [])).find((o) => o.orderId === orderId) : undefined;
  const view: OrderSystem = Object.create(orders) as OrderSystem;
  // From a list this operation already read (the click's count), else asked by id as always: the
  // list costs more than one order, so it is never read only for this.
  view.getOrder = async (t, orderId) =>
    (mine(t) ? await held(orderId) : undefined) ?? orders.getOrder(t, orderId);
  view.listOrders = async (t, c, options) =>
    mine(t, c) && list ? (await read()).slice(0, options?.limit ?? 20) : orders.listOrders(t, c, options);
  // The count is always read afresh, right after the caller's ledger read: a hold released
  // before that read is a refund on the order by then (refund-limits.ts). The orders it read
  // serve what follows (the refund's starting point).
  view.countRefundsSince = async (t, c, since, options) => {
    if (!mine(t, c)) return orders.countRefundsSince(t, c, since, options);
    // The earlier read serves the first count; every later one (a write that lost) reads afresh.
    if (!seeded) list = null;
    seeded = false;
    return refundsSince(await read(), since, new Set(options?.except));
  };
  view.refund = async (t, input) => {
    const known = mine(t) && !input.known ? await held(input.orderId) : undefined;
    try {
      return await orders.refund(t, known ? { ...input, known } : input);
    } finally {
      list = null; // the order changed (or may have)
    }
  };
  view.cancel = async (t, input) => {
    try {
      return await orders.cancel(t, input);
    } finally {
      list = null;
    }
  };
  return view;
}
