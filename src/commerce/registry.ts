import type { Clock, IdGenerator } from '../domain/index.js';
import type { Logger } from '../logger.js';
import type { OrderRepository } from '../memory/order-repository.js';
import { createDemoOrderSystem } from './demo-order-system.js';
import { createHttpOrderSystem } from './http/http-order-system.js';
import { createNoOrderSystem } from './none-order-system.js';
import type { OrderSystem, OrderSystemKind } from './order-system.js';
import type { OrderSystemConfig, OrderSystemConfigOf } from './order-system-config.js';
import { createShopifyOrderSystem } from './shopify/shopify-order-system.js';
import { createStripeOrderSystem } from './stripe/stripe-order-system.js';

export interface OrderSystemDeps {
  /** The demo store's orders (only the demo reads them). */
  demoOrders: OrderRepository;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
}

/**
 * One constructor per ORDER_SYSTEM value; the mapped type makes a kind without a constructor (or a
 * constructor for the wrong settings) a compile error. Settings are declared in order-system-config.ts.
 */
const CONSTRUCTORS: {
  [K in OrderSystemKind]: (config: OrderSystemConfigOf<K>, deps: OrderSystemDeps) => OrderSystem;
} = {
  demo: (_config, deps) => createDemoOrderSystem({ orders: deps.demoOrders, ...deps }),
  none: () => createNoOrderSystem(),
  shopify: (config, deps) => createShopifyOrderSystem({ config, logger: deps.logger }),
  stripe: (config, deps) => createStripeOrderSystem({ config, logger: deps.logger }),
  http: (config, deps) => createHttpOrderSystem({ config, logger: deps.logger, clock: deps.clock }),
};

/** The configured order system (the composition root calls this once). */
export function createOrderSystem(config: OrderSystemConfig, deps: OrderSystemDeps): OrderSystem {
  const create = CONSTRUCTORS[config.kind] as (c: OrderSystemConfig, d: OrderSystemDeps) => OrderSystem;
  return create(config, deps);
}
