import type { Customer, Order, Plan } from '../domain/index.js';

/** The demo store's records, as tables. src/memory/demo-data.ts turns them into documents. */

export interface CustomerRow {
  id: string;
  name: string;
  plan: Plan;
  contacts: Array<[name: string, email: string]>;
  prefs?: Customer['preferences'];
}

// prettier-ignore
export const CUSTOMERS: CustomerRow[] = [
  { id: 'cus_acme', name: 'Acme Robotics', plan: 'enterprise', contacts: [['Jordan Lee', 'jordan@acme-robotics.example'], ['Hana Kim', 'hana@acme-robotics.example']], prefs: { tone: 'concise', notes: 'Key account: loop in the account manager on anything over $500.' } },
  { id: 'cus_bluebird', name: 'Bluebird Cafe', plan: 'free', contacts: [['Maya Ortiz', 'maya@bluebirdcafe.example']], prefs: { tone: 'friendly' } },
  { id: 'cus_cobalt', name: 'Cobalt Labs', plan: 'pro', contacts: [['Priya Nair', 'priya@cobaltlabs.example']] },
  { id: 'cus_dunmore', name: 'Dunmore Outfitters', plan: 'pro', contacts: [['Ellis Grant', 'ellis@dunmore-outfitters.example']] },
  { id: 'cus_evergreen', name: 'Evergreen Dental', plan: 'free', contacts: [['Sofia Rossi', 'sofia@evergreendental.example']], prefs: { language: 'it' } },
  { id: 'cus_fjord', name: 'Fjord Analytics', plan: 'enterprise', contacts: [['Lars Eriksen', 'lars@fjordanalytics.example']], prefs: { tone: 'formal' } },
  { id: 'cus_granite', name: 'Granite & Pine Builders', plan: 'pro', contacts: [['Marcus Bell', 'marcus@graniteandpine.example']] },
  { id: 'cus_harbor', name: 'Harbor Lights Books', plan: 'free', contacts: [['Aiko Tanaka', 'aiko@harborlightsbooks.example']] },
  { id: 'cus_ironwood', name: 'Ironwood Fitness', plan: 'pro', contacts: [['Dev Patel', 'dev@ironwoodfitness.example']] },
  { id: 'cus_juniper', name: 'Juniper Health', plan: 'enterprise', contacts: [['Camille Dubois', 'camille@juniperhealth.example']], prefs: { language: 'fr', tone: 'formal' } },
  { id: 'cus_kestrel', name: 'Kestrel Aviation', plan: 'pro', contacts: [['Tomás García', 'tomas@kestrelaviation.example']], prefs: { language: 'es' } },
  { id: 'cus_lumen', name: 'Lumen Studio', plan: 'free', contacts: [['Noor Haddad', 'noor@lumenstudio.example']] },
];

/** A product line: sku, name, unit price in cents. */
export const P = {
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
export type Sku = keyof typeof P;

/** [orderId, customer, items, status, days since placed, days since shipped, days since delivered, carrier] */
export type OrderRow = [
  string,
  string,
  Array<[Sku, number]>,
  Order['status'],
  number,
  number?,
  number?,
  string?,
];

// One order per line reads as a table; prettier would spread each over ten lines.
// prettier-ignore
export const ORDERS: OrderRow[] = [
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
