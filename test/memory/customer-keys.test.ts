import { MongoClient, type Document } from 'mongodb';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../../src/domain/index.js';
import { createCustomerRepository } from '../../src/memory/customer-repository.js';
import { fixedClock } from '../support/clock.js';
import { createTestDb, type TestDb } from '../support/mongo.js';

const clock = fixedClock();
const logger = pino({ level: 'silent' });
let t: TestDb;
let client: MongoClient;
/** Every command on customers and their keys while `recording`: collection and filter. */
const seen: Array<{ collection: string; filter: Document }> = [];
let recording = false;

beforeAll(async () => {
  t = await createTestDb('customer_keys');
  client = new MongoClient(t.uri, { monitorCommands: true, ignoreUndefined: true });
  client.on('commandStarted', (e) => {
    if (!recording) return;
    const c = e.command as Document;
    const collection = c[e.commandName] as unknown;
    if (collection !== 'customers' && collection !== 'customer_keys') return;
    const filters: Document[] =
      e.commandName === 'find' || e.commandName === 'count'
        ? [c.filter ?? {}]
        : e.commandName === 'findAndModify'
          ? [c.query ?? {}]
          : e.commandName === 'update'
            ? (c.updates as Document[]).map((u) => u.q as Document)
            : [];
    for (const filter of filters) seen.push({ collection: String(collection), filter });
  });
  await client.connect();
});
afterAll(async () => {
  await client?.close();
  await t?.close();
});

const customer = (tenantId: string, i: number, patch: Partial<Customer> = {}): Customer => ({
  tenantId,
  customerId: `cus_${i}`,
  name: `Customer ${i}`,
  plan: 'free',
  contactEmails: [`buyer${i}@shop${i}.example`],
  externalOrgs: [],
  preferences: {},
  createdAt: clock.now(),
  updatedAt: clock.now(),
  ...patch,
});

/** The commands `work` sends to customers and their keys. */
async function commandsOf(work: () => Promise<unknown>): Promise<typeof seen> {
  seen.length = 0;
  recording = true;
  try {
    await work();
  } finally {
    recording = false;
  }
  return [...seen];
}

describe('customers by key', () => {
  it("identifies a customer by email and updates them with lookups by key, whatever the organization's size", async () => {
    const repo = createCustomerRepository({ db: client.db(t.dbName), logger, clock });
    const tenantId = 'CK1';
    for (let i = 0; i < 300; i += 50)
      await Promise.all(
        Array.from({ length: 50 }, (_, j) => repo.insertIfMissing(customer(tenantId, i + j))),
      );

    // What a customer message asks: who wrote (by email), the account (by id), their language kept.
    const message = (i: number) => async () => {
      const found = await repo.findByEmail(tenantId, `Buyer${i}@shop${i}.example`);
      expect(found?.customerId).toBe(`cus_${i}`);
      expect((await repo.get(tenantId, `cus_${i}`))?.name).toBe(`Customer ${i}`);
      const updated = await repo.updatePreferences(tenantId, `cus_${i}`, { language: 'de' });
      expect(updated?.preferences.language).toBe('de');
    };
    const first = await commandsOf(message(0));
    const last = await commandsOf(message(299));

    // The 300th customer costs what the first does, and no command reads by anything but `_id`:
    // the embedded server scans the collection for any other filter (on MongoDB, `_id` is indexed).
    expect(last.length).toBe(first.length);
    for (const { filter } of [...first, ...last]) expect(filter).toHaveProperty('_id');
    expect(first.map((c) => c.collection)).toContain('customer_keys');
  });

  it('finds a customer only by an email they have now, and by none of another organization', async () => {
    const repo = createCustomerRepository({ db: client.db(t.dbName), logger, clock });
    await repo.upsert(customer('CK2', 1, { contactEmails: ['old@shop.example'] }));
    await repo.upsert(customer('CK2', 1, { contactEmails: ['new@shop.example'] }));
    expect(await repo.findByEmail('CK2', 'old@shop.example')).toBeNull();
    expect((await repo.findByEmail('CK2', 'new@shop.example'))?.customerId).toBe('cus_1');
    expect(await repo.findByEmail('CK3', 'new@shop.example')).toBeNull();
    // Two accounts sharing a contact: each keeps it.
    await repo.upsert(customer('CK2', 2, { contactEmails: ['new@shop.example', 'two@shop.example'] }));
    await repo.upsert(customer('CK2', 1, { contactEmails: ['other@shop.example'] }));
    expect((await repo.findByEmail('CK2', 'new@shop.example'))?.customerId).toBe('cus_2');
  });

  it('still finds and updates in place customers stored before keyed ids', async () => {
    const legacyDb = client.db(`${t.dbName}_legacy`);
    try {
      const { createdAt, updatedAt, ...rest } = customer('CK4', 7, { contactEmails: ['old@acme.example'] });
      await legacyDb.collection('customers').insertOne({ ...rest, createdAt, updatedAt });
      const repo = createCustomerRepository({ db: legacyDb, logger, clock });
      expect((await repo.findByEmail('CK4', 'OLD@acme.example'))?.customerId).toBe('cus_7');
      expect((await repo.get('CK4', 'cus_7'))?.name).toBe('Customer 7');
      await repo.updatePreferences('CK4', 'cus_7', { tone: 'formal' });
      await repo.addExternalOrg('CK4', 'cus_7', 'slack', 'T0ACME');
      expect(await repo.insertIfMissing(customer('CK4', 7))).toBe(false);
      await repo.upsert(customer('CK4', 7, { name: 'Acme Renamed', contactEmails: ['old@acme.example'] }));
      // One document still, updated where it was.
      const docs = await legacyDb.collection('customers').find({ tenantId: 'CK4' }).toArray();
      expect(docs).toHaveLength(1);
      expect(docs[0]?.name).toBe('Acme Renamed');
      expect((await repo.get('CK4', 'cus_7'))?.name).toBe('Acme Renamed');
      // A new customer beside them is stored by key.
      await repo.upsert(customer('CK4', 8));
      expect((await repo.findByEmail('CK4', 'buyer8@shop8.example'))?.customerId).toBe('cus_8');
      expect(await legacyDb.collection('customers').findOne({ _id: 'CK4:cus_8' as never })).not.toBeNull();
    } finally {
      await legacyDb.dropDatabase();
    }
  });
});
