import { ConflictError } from '../errors.js';
import type { OrderSystem } from './order-system.js';

/**
 * `ORDER_SYSTEM=none`: a knowledge-base-only deployment. Nothing is looked up, and an order action
 * reaching here (it should not: the approvals route it to staff first) is refused, never faked.
 */
export function createNoOrderSystem(): OrderSystem {
  const refuse = (what: string) =>
    new ConflictError(`No order system is connected; cannot ${what}`, {
      publicMessage: "I can't look up orders here; a person from the team will follow up.",
    });
  return {
    kind: 'none',
    label: 'no order system',
    capabilities: { orders: false, refund: false, cancel: false },
    getOrder: async () => null,
    listOrders: async () => [],
    findCustomerByEmail: async () => null,
    refund: async () => {
      throw refuse('refund');
    },
    cancel: async () => {
      throw refuse('cancel');
    },
    countRefundsSince: async () => 0,
    verify: async () => undefined,
  };
}
