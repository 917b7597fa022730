import type { ChannelSettings, Customer, Order, TenantDocument } from '../domain/index.js';
import { CUSTOMERS, ORDERS, P, type Sku } from './demo-records.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Sandbox user id of a customer contact: their email as a slug (stable, readable, unique). */
export function sandboxUserId(email: string): string {
  return email.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

/** The sandbox organization id of a demo customer (its `externalOrgs` entry for 'sandbox'). */
export function sandboxOrgId(customerId: string): string {
  return `org-${customerId.replace(/^cus_/, '')}`;
}

/** Facts every layer's tests and the sandbox rely on. Relative dates are from the seed's clock. */
export const DEMO = {
  tenantId: 'T0DEMO0001',
  tenantName: 'Northwind Supply Co.',
  platform: 'sandbox',
  customerChannelId: 'sandbox-customers',
  staffChannelId: 'sandbox-staff',
  staff: {
    approver: { userId: 'sandbox-dana', name: 'Dana Whitfield' },
    supervisor: { userId: 'sandbox-sam', name: 'Sam Okafor' },
    staff: { userId: 'sandbox-riley', name: 'Riley Chen' },
  },
  guest: { userId: 'sandbox-guest', name: 'Guest from Acme', isExternal: true, orgId: 'org-acme' },
  customers: {
    acme: {
      customerId: 'cus_acme',
      name: 'Acme Robotics',
      plan: 'enterprise',
      contact: 'Jordan Lee',
      email: 'jordan@acme-robotics.example',
      userId: 'jordan-acme-robotics-example',
      orgId: 'org-acme',
    },
    bluebird: {
      customerId: 'cus_bluebird',
      name: 'Bluebird Cafe',
      plan: 'free',
      contact: 'Maya Ortiz',
      email: 'maya@bluebirdcafe.example',
      userId: 'maya-bluebirdcafe-example',
      orgId: 'org-bluebird',
    },
    cobalt: {
      customerId: 'cus_cobalt',
      name: 'Cobalt Labs',
      plan: 'pro',
      contact: 'Priya Nair',
      email: 'priya@cobaltlabs.example',
      userId: 'priya-cobaltlabs-example',
      orgId: 'org-cobalt',
    },
  },
  orders: {
    shipped: '1042',
    deliveredBluebird: '1043',
    deliveredAcme: '1044',
    deliveredCobalt: '1045',
    outsideWindow: '1046',
    cancellable: '1047',
    amount9999: '1050',
    amount10000: '1051',
    amount50000: '1052',
    amount50001: '1053',
  },
  tracking: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
} as const;

const TRACKING_PREFIX: Record<string, string> = {
  UPS: '1Z999AA1',
  FedEx: '7712',
  USPS: '9400',
  DHL: 'JD0146',
};

function trackingNumber(carrier: string, orderId: string): string {
  if (orderId === DEMO.orders.shipped) return DEMO.tracking.trackingNumber;
  return `${TRACKING_PREFIX[carrier] ?? 'TRK'}${orderId.padStart(10, '0')}`;
}

/** Line items for an order; `qty 0` rows are adjustments that make a total hit an exact threshold. */
function items(orderId: string, rows: Array<[Sku, number]>): Order['items'] {
  const out: Order['items'] = [];
  for (const [sku, qty] of rows) {
    const [code, name, price] = P[sku];
    if (qty > 0) out.push({ sku: code, name, quantity: qty, unitPriceMinor: price });
  }
  // Exact totals the thresholds are tested on.
  const exact: Record<string, number> = { '1044': 75_000, '1051': 10_000, '1052': 50_000, '1053': 50_001 };
  const want = exact[orderId];
  const sum = out.reduce((s, i) => s + i.quantity * i.unitPriceMinor, 0);
  if (want !== undefined && want > sum) {
    out.push({
      sku: 'NW-SVC-99',
      name: want - sum < 100 ? 'Handling fee' : 'Assembly service',
      quantity: 1,
      unitPriceMinor: want - sum,
    });
  }
  return out;
}

export function demoTenant(tenantId: string, now: Date): TenantDocument {
  return {
    tenantId,
    name: DEMO.tenantName,
    platform: 'sandbox',
    staffChannels: [{ platform: 'sandbox', channelId: DEMO.staffChannelId }],
    approverIds: [DEMO.staff.approver.userId],
    supervisorIds: [DEMO.staff.supervisor.userId],
    seededStaff: [],
    // The demo runs on the defaults (environment, then schema): nothing of its own.
    settingsOverrides: {},
    createdAt: now,
    updatedAt: now,
  };
}

export function demoChannels(tenantId: string, now: Date): ChannelSettings[] {
  return [
    {
      tenantId,
      platform: 'sandbox',
      channelId: DEMO.customerChannelId,
      kind: 'customer',
      mode: 'auto',
      name: 'customers',
      updatedAt: now,
    },
    {
      tenantId,
      platform: 'sandbox',
      channelId: DEMO.staffChannelId,
      kind: 'staff',
      mode: 'auto',
      name: 'staff',
      updatedAt: now,
    },
  ];
}

export function demoCustomers(tenantId: string, now: Date): Customer[] {
  return CUSTOMERS.map((c) => ({
    tenantId,
    customerId: c.id,
    name: c.name,
    plan: c.plan,
    contactEmails: c.contacts.map(([, email]) => email),
    contacts: c.contacts.map(([name, email]) => ({ name, email })),
    domain: c.contacts[0]?.[1].split('@')[1],
    externalOrgs: [{ platform: 'sandbox', orgId: sandboxOrgId(c.id) }],
    preferences: c.prefs ?? {},
    createdAt: new Date(now.getTime() - 400 * DAY),
    updatedAt: new Date(now.getTime() - 400 * DAY),
  }));
}

export function demoOrders(tenantId: string, now: Date): Order[] {
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  return ORDERS.map(([orderId, customerId, rows, status, placed, shipped, delivered, carrier]) => {
    const lineItems = items(orderId, rows);
    const totalMinor = lineItems.reduce((s, i) => s + i.quantity * i.unitPriceMinor, 0);
    // "Placed today" orders are half an hour old so they stay on the seed's calendar day.
    const placedAt = placed === 0 ? new Date(now.getTime() - HOUR / 2) : ago(placed);
    const order: Order = {
      tenantId,
      orderId,
      customerId,
      items: lineItems,
      totalMinor,
      currency: 'USD',
      status,
      placedAt,
      refunds: [],
    };
    if (shipped !== undefined) order.shippedAt = ago(shipped);
    if (delivered !== undefined) order.deliveredAt = ago(delivered);
    if (carrier) {
      order.carrier = carrier;
      order.trackingNumber = trackingNumber(carrier, orderId);
    }
    if (status === 'shipped' && shipped !== undefined)
      order.estimatedDelivery = new Date(now.getTime() + 2 * DAY);
    if (status === 'returned' && delivered !== undefined) {
      // A returned order has had its money back, a few days after it came back.
      order.refunds = [
        {
          refundId: `re_seed_${orderId}`,
          amountMinor: totalMinor,
          idempotencyKey: `seed-return-${orderId}`,
          reason: 'Returned',
          at: ago(Math.max(delivered - 5, 1)),
        },
      ];
    }
    return order;
  });
}
