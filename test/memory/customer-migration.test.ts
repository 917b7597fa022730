import { MongoClient, type Collection, type Db, type Document } from 'mongodb';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateCustomers } from '../../src/memory/customer-migration.js';
import { createCustomerRepository } from '../../src/memory/customer-repository.js';
import { prepareDatabase } from '../../src/memory/database.js';
import { ensureIndexes } from '../../src/memory/indexes.js';
import { hasLegacyDocuments } from '../../src/memory/keyed-documents.js';
import { fixedClock } from '../support/clock.js';
import { createTestDb, type TestDb } from '../support/mongo.js';

const clock = fixedClock();
const silent = pino({ level: 'silent' });
const TENANT = 'T0MIGRATE';
/** More than two batches of 50. */
const COUNT = 120;

/** A customer as versions before keyed ids stored it: every field the schema has, emails lower-case. */
const oldCustomer = (i: number, tenantId = TENANT): Document => ({
  tenantId,
  customerId: `cus_${i}`,
  name: `Customer ${i}`,
  plan: i % 2 ? 'pro' : 'free',
  contactEmails: [`buyer${i}@shop${i}.example`, `billing${i}@shop${i}.example`],
  contacts: [{ name: `Buyer ${i}`, email: `buyer${i}@shop${i}.example` }],
  domain: `shop${i}.example`,
  externalOrgs: [{ platform: 'slack', orgId: `T0EXT${i}` }],
  orderSystem: { kind: 'demo', customerId: `ord_cus_${i}` },
  preferences: { language: 'de', tone: 'formal', notes: `Prefers email, ${i}` },
  createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)),
  updatedAt: new Date(Date.UTC(2025, 5, 1, 0, i)),
});

/** Writes them as the repository did before keyed ids: an upsert by fields, so an ObjectId `_id`. */
async function seedOldCustomers(db: Db, count = COUNT): Promise<Document[]> {
  const docs = Array.from({ length: count }, (_, i) => oldCustomer(i));
  for (const doc of docs)
    await db
      .collection('customers')
      .replaceOne({ tenantId: doc.tenantId, customerId: doc.customerId }, doc, { upsert: true });
  return docs;
}

/** Every customer document, `_id` as text, ordered by it. */
const stored = async (db: Db) =>
  (await db.collection('customers').find({}).sort({ _id: 1 }).toArray()).map((d): Document => ({
    ...d,
    _id: String(d._id),
  }));

/** Each old customer is stored once, under its keyed `_id`, with exactly its fields. */
async function expectAllKeyed(db: Db, docs: Document[]): Promise<void> {
  const all = await stored(db);
  expect(all).toHaveLength(docs.length);
  for (const doc of docs) {
    const found = await db.collection('customers').findOne({ _id: `${TENANT}:${doc.customerId}` as never });
    expect(found).toEqual({ _id: `${TENANT}:${doc.customerId}`, ...doc });
  }
  // A new handle: the legacy check asks the server, not a cached answer.
  expect(await hasLegacyDocuments(db.collection('customers'))).toBe(false);
  expect(await db.collection('customer_moves').countDocuments()).toBe(0);
}

/**
 * The database as a process sees it that is killed at its `after`+1st `method` on customers: that
 * command throws instead of running, and the run stops there.
 */
function killedAt(db: Db, method: 'deleteOne' | 'insertOne', after: number): Db {
  let calls = 0;
  const wrap = (col: Collection) =>
    new Proxy(col, {
      get(target, prop) {
        const value: unknown = Reflect.get(target, prop);
        if (typeof value !== 'function') return value;
        if (prop !== method) return value.bind(target);
        return (...args: unknown[]) => {
          calls += 1;
          if (calls > after) throw new Error('killed');
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  return new Proxy(db, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop);
      if (prop === 'collection')
        return (name: string) =>
          name === 'customers' ? wrap(target.collection(name)) : target.collection(name);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

describe('start-up migration of customers stored before keyed ids', () => {
  let t: TestDb;
  beforeEach(async () => {
    t = await createTestDb('custmig');
    // As every deployment has it: the unique {tenantId, customerId} index among them.
    await ensureIndexes(t.db, silent);
  });
  afterEach(async () => {
    await t?.close();
  });

  it('stores every old customer by key with all its fields, found through its email key; a second run changes nothing', async () => {
    const docs = await seedOldCustomers(t.db);
    expect(await hasLegacyDocuments(t.db.collection('customers'))).toBe(true);
    const logs: string[] = [];
    const logger = pino({ level: 'info' }, { write: (l: string) => void logs.push(l) });

    const report = await migrateCustomers({ db: t.db, logger });

    expect(report).toMatchObject({ migrated: COUNT, alreadyKeyed: 0, skipped: 0, left: 0, resumed: 0 });
    await expectAllKeyed(t.db, docs);
    // Found through its email key, by whichever contact email, and updated where it is now.
    const repo = createCustomerRepository({ db: t.db, logger: silent, clock });
    expect((await repo.findByEmail(TENANT, 'Billing77@shop77.example'))?.customerId).toBe('cus_77');
    expect((await repo.get(TENANT, 'cus_119'))?.preferences).toEqual(docs[119]!.preferences);
    // Counts in the log, no customer's name, email or id.
    expect(logs.join('\n')).toContain('"migrated":120');
    expect(logs.join('\n')).not.toMatch(/shop\d|Customer \d|cus_\d/);

    const before = {
      customers: await stored(t.db),
      keys: await t.db.collection('customer_keys').find({}).toArray(),
    };
    const again = await migrateCustomers({ db: t.db, logger: silent });
    expect(again).toEqual({ migrated: 0, alreadyKeyed: 0, skipped: 0, left: 0, resumed: 0 });
    expect(await stored(t.db)).toEqual(before.customers);
    expect(await t.db.collection('customer_keys').find({}).toArray()).toEqual(before.keys);
  });

  it('runs at start-up', async () => {
    const docs = await seedOldCustomers(t.db, 3);
    const { stop } = await prepareDatabase({ db: t.db, logger: silent, clock, purgeIntervalMs: 3_600_000 });
    await stop();
    await expectAllKeyed(t.db, docs);
  });

  it.each([
    ['after stashing a customer, before deleting its old document', 'deleteOne' as const],
    ['after deleting an old document, before writing its keyed copy', 'insertOne' as const],
  ])('a run killed half-way (%s) is finished by the next: one customer per person', async (_, method) => {
    const docs = await seedOldCustomers(t.db);
    await expect(migrateCustomers({ db: killedAt(t.db, method, 60), logger: silent })).rejects.toThrow(
      'killed',
    );
    const midway = await stored(t.db);
    // Never two documents for one customer; at most the one being moved is out of sight.
    expect(new Set(midway.map((d) => d.customerId)).size).toBe(midway.length);
    const inFlight = method === 'insertOne' ? 1 : 0;
    expect(midway.filter((d) => !String(d._id).startsWith(`${TENANT}:`)).length).toBe(COUNT - 60 - inFlight);
    expect(midway).toHaveLength(COUNT - inFlight);

    const report = await migrateCustomers({ db: t.db, logger: silent });
    expect(report.migrated + report.resumed).toBe(COUNT - 60);
    await expectAllKeyed(t.db, docs);
  });

  it('two processes migrating at once end with one keyed customer per person', async () => {
    const docs = await seedOldCustomers(t.db);
    const other = new MongoClient(t.uri, { ignoreUndefined: true });
    await other.connect();
    try {
      const reports = await Promise.all([
        migrateCustomers({ db: t.db, logger: silent, batchSize: 7 }),
        migrateCustomers({ db: other.db(t.dbName), logger: silent, batchSize: 7 }),
      ]);
      const moved = reports.reduce((n, r) => n + r.migrated + r.resumed, 0);
      expect(moved).toBe(COUNT);
      expect(reports.every((r) => r.left === 0 && r.skipped === 0)).toBe(true);
      await expectAllKeyed(t.db, docs);
    } finally {
      await other.close();
    }
  });
});
