import type { ChannelSettings, Customer, Order, Plan, Tenant } from '../domain/index.js';

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

interface CustomerRow {
  id: string;
  name: string;
  plan: Plan;
  contacts: Array<[name: string, email: string]>;
  prefs?: Customer['preferences'];
}

const CUSTOMERS: CustomerRow[] = [
  {
    id: 'cus_acme',
    name: 'Acme Robotics',
    plan: 'enterprise',
    contacts: [
      ['Jordan Lee', 'jordan@acme-robotics.example'],
      ['Hana Kim', 'hana@acme-robotics.example'],
    ],
    prefs: { tone: 'concise', notes: 'Key account: loop in the account manager on anything over $500.' },
  },
  {
    id: 'cus_bluebird',
    name: 'Bluebird Cafe',
    plan: 'free',
    contacts: [['Maya Ortiz', 'maya@bluebirdcafe.example']],
    prefs: { tone: 'friendly' },
  },
  {
    id: 'cus_cobalt',
    name: 'Cobalt Labs',
    plan: 'pro',
    contacts: [['Priya Nair', 'priya@cobaltlabs.example']],
  },
  {
    id: 'cus_dunmore',
    name: 'Dunmore Outfitters',
    plan: 'pro',
    contacts: [['Ellis Grant', 'ellis@dunmore-outfitters.example']],
  },
  {
    id: 'cus_evergreen',
    name: 'Evergreen Dental',
    plan: 'free',
    contacts: [['Sofia Rossi', 'sofia@evergreendental.example']],
    prefs: { language: 'it' },
  },
  {
    id: 'cus_fjord',
    name: 'Fjord Analytics',
    plan: 'enterprise',
    contacts: [['Lars Eriksen', 'lars@fjordanalytics.example']],
    prefs: { tone: 'formal' },
  },
  {
    id: 'cus_granite',
    name: 'Granite & Pine Builders',
    plan: 'pro',
    contacts: [['Marcus Bell', 'marcus@graniteandpine.example']],
  },
  {
    id: 'cus_harbor',
    name: 'Harbor Lights Books',
    plan: 'free',
    contacts: [['Aiko Tanaka', 'aiko@harborlightsbooks.example']],
  },
  {
    id: 'cus_ironwood',
    name: 'Ironwood Fitness',
    plan: 'pro',
    contacts: [['Dev Patel', 'dev@ironwoodfitness.example']],
  },
  {
    id: 'cus_juniper',
    name: 'Juniper Health',
    plan: 'enterprise',
    contacts: [['Camille Dubois', 'camille@juniperhealth.example']],
    prefs: { language: 'fr', tone: 'formal' },
  },
  {
    id: 'cus_kestrel',
    name: 'Kestrel Aviation',
    plan: 'pro',
    contacts: [['Tomás García', 'tomas@kestrelaviation.example']],
    prefs: { language: 'es' },
  },
  {
    id: 'cus_lumen',
    name: 'Lumen Studio',
    plan: 'free',
    contacts: [['Noor Haddad', 'noor@lumenstudio.example']],
  },
];

/** A product line: sku, name, unit price in cents. */
const P = {
  chair: ['NW-CHR-01', 'Ergonomic task chair', 34_900],
  desk: ['NW-DSK-02', 'Standing desk frame', 58_900],
  arm: ['NW-ARM-03', 'Dual monitor arm', 8_999],
  printer: ['NW-LBL-04', 'Thermal label printer', 12_000],
  labels: ['NW-LBL-05', 'Thermal labels (roll of 500)', 2_000],
  boxes: ['NW-BOX-06', 'Shipping boxes, bundle of 25', 4_500],
  scanner: ['NW-SCN-07', 'Wireless barcode scanner', 15_900],
  grinder: ['NW-GRD-08', 'Commercial coffee grinder', 25_000],
  espresso: ['NW-ESP-09', 'Two-group espresso machine', 89_900],
  lamp: ['NW-LMP-10', 'LED desk lamp', 3_100],
  shelving: ['NW-SHF-11', 'Steel shelving unit', 31_000],
  cabinet: ['NW-CAB-12', 'Locking file cabinet', 37_500],
  headset: ['NW-HDS-13', 'Noise-cancelling headset', 9_999],
  router: ['NW-RTR-14', 'Business Wi-Fi router', 50_000],
  cable: ['NW-CBL-15', 'Cable management kit', 1_001],
} as const;
type Sku = keyof typeof P;

/** [orderId, customer, items, status, days since placed, days since shipped, days since delivered, carrier] */
type OrderRow = [string, string, Array<[Sku, number]>, Order['status'], number, number?, number?, string?];

const ORDERS: OrderRow[] = [
  // The facts tests rely on (see DEMO).
  ['1042', 'cus_bluebird', [['boxes', 1]], 'shipped', 3, 2, undefined, 'UPS'],
  ['1043', 'cus_bluebird', [['grinder', 1]], 'delivered', 9, 7, 5, 'UPS'],
  [
    '1044',
    'cus_acme',
    [
      ['shelving', 1],
      ['cabinet', 1],
    ],
    'delivered',
    15,
    13,
    10,
    'FedEx',
  ],
  ['1045', 'cus_cobalt', [['arm', 1]], 'delivered', 7, 5, 3, 'USPS'],
  ['1046', 'cus_cobalt', [['printer', 1]], 'delivered', 66, 63, 60, 'USPS'],
  ['1047', 'cus_acme', [['shelving', 1]], 'placed', 0],
  ['1050', 'cus_cobalt', [['headset', 1]], 'delivered', 8, 6, 4, 'FedEx'],
  ['1051', 'cus_cobalt', [['labels', 5]], 'delivered', 8, 6, 4, 'FedEx'],
  ['1052', 'cus_cobalt', [['router', 1]], 'delivered', 8, 6, 4, 'FedEx'],
  [
    '1053',
    'cus_cobalt',
    [
      ['router', 1],
      ['cable', 0],
    ],
    'delivered',
    8,
    6,
    4,
    'FedEx',
  ],
  // The rest of the store.
  ['1001', 'cus_dunmore', [['chair', 2]], 'delivered', 95, 92, 89, 'FedEx'],
  ['1002', 'cus_dunmore', [['lamp', 4]], 'delivered', 40, 38, 35, 'USPS'],
  [
    '1003',
    'cus_dunmore',
    [
      ['scanner', 1],
      ['labels', 2],
    ],
    'shipped',
    2,
    1,
    undefined,
    'DHL',
  ],
  ['1004', 'cus_evergreen', [['cabinet', 1]], 'delivered', 20, 18, 16, 'UPS'],
  ['1005', 'cus_evergreen', [['labels', 1]], 'delivered', 12, 10, 8, 'USPS'],
  ['1006', 'cus_evergreen', [['headset', 2]], 'placed', 1],
  [
    '1007',
    'cus_fjord',
    [
      ['desk', 1],
      ['arm', 1],
    ],
    'delivered',
    25,
    22,
    19,
    'FedEx',
  ],
  ['1008', 'cus_fjord', [['espresso', 1]], 'delivered', 14, 12, 9, 'FedEx'],
  [
    '1009',
    'cus_fjord',
    [
      ['chair', 1],
      ['lamp', 1],
    ],
    'returned',
    50,
    48,
    45,
    'UPS',
  ],
  [
    '1010',
    'cus_fjord',
    [
      ['router', 1],
      ['cable', 2],
    ],
    'shipped',
    4,
    3,
    undefined,
    'UPS',
  ],
  ['1011', 'cus_granite', [['shelving', 2]], 'delivered', 33, 31, 29, 'DHL'],
  ['1012', 'cus_granite', [['boxes', 3]], 'delivered', 70, 68, 66, 'USPS'],
  ['1013', 'cus_granite', [['scanner', 2]], 'placed', 0],
  [
    '1014',
    'cus_harbor',
    [
      ['lamp', 2],
      ['cable', 1],
    ],
    'delivered',
    6,
    4,
    2,
    'USPS',
  ],
  ['1015', 'cus_harbor', [['shelving', 1]], 'returned', 41, 39, 36, 'UPS'],
  ['1016', 'cus_harbor', [['labels', 1]], 'shipped', 1, 1, undefined, 'USPS'],
  ['1017', 'cus_ironwood', [['headset', 3]], 'delivered', 18, 16, 14, 'FedEx'],
  [
    '1018',
    'cus_ironwood',
    [
      ['router', 1],
      ['arm', 1],
    ],
    'delivered',
    45,
    43,
    41,
    'FedEx',
  ],
  ['1019', 'cus_ironwood', [['boxes', 1]], 'placed', 1],
  ['1020', 'cus_juniper', [['cabinet', 2]], 'delivered', 11, 9, 7, 'DHL'],
  ['1021', 'cus_juniper', [['desk', 1]], 'shipped', 5, 3, undefined, 'DHL'],
  [
    '1022',
    'cus_juniper',
    [
      ['printer', 1],
      ['labels', 3],
    ],
    'delivered',
    100,
    98,
    95,
    'UPS',
  ],
  ['1023', 'cus_juniper', [['chair', 1]], 'returned', 28, 26, 24, 'UPS'],
  ['1024', 'cus_kestrel', [['scanner', 1]], 'delivered', 13, 11, 9, 'FedEx'],
  ['1025', 'cus_kestrel', [['espresso', 1]], 'placed', 2],
  ['1026', 'cus_kestrel', [['lamp', 1]], 'delivered', 38, 35, 31, 'USPS'],
  [
    '1027',
    'cus_lumen',
    [
      ['desk', 1],
      ['lamp', 1],
    ],
    'delivered',
    16,
    14,
    12,
    'UPS',
  ],
  ['1028', 'cus_lumen', [['boxes', 2]], 'shipped', 3, 2, undefined, 'USPS'],
  ['1029', 'cus_lumen', [['arm', 2]], 'returned', 55, 52, 49, 'FedEx'],
  [
    '1030',
    'cus_dunmore',
    [
      ['grinder', 1],
      ['labels', 1],
    ],
    'delivered',
    29,
    27,
    25,
    'UPS',
  ],
];

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

export function demoTenant(tenantId: string, now: Date): Tenant {
  return {
    tenantId,
    name: DEMO.tenantName,
    platform: 'sandbox',
    staffChannels: [{ platform: 'sandbox', channelId: DEMO.staffChannelId }],
    approverIds: [DEMO.staff.approver.userId],
    supervisorIds: [DEMO.staff.supervisor.userId],
    settings: {
      currency: 'USD',
      autoRefundMaxMinor: 10_000,
      supervisorRefundAboveMinor: 50_000,
      dailyRefundLimit: 3,
      returnWindowDays: 30,
      confidenceHigh: 0.75,
      confidenceNormal: 0.6,
      historyWindow: 10,
      approvalTtlHours: 24,
      defaultChannelMode: 'auto',
      joinWindowSeconds: 120,
    },
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
