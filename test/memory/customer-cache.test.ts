import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { CustomerSchema, type Customer } from '../../src/domain/index.js';
import { cachedCustomerStore } from '../../src/memory/customer-cache.js';
import { ensureIndexes } from '../../src/memory/indexes.js';
import { createMongoStores, type MongoStores } from '../../src/memory/mongo-stores.js';
import { fixedClock } from '../support/clock.js';
import { createTestDb, type TestDb } from '../support/mongo.js';

const clock = fixedClock();
let t: TestDb;
/** This process's stores, and another replica's on the same database. */
let here: MongoStores;
let there: MongoStores;
let now = 0;

beforeAll(async () => {
  t = await createTestDb('customercache');
  await ensureIndexes(t.db, pino({ level: 'silent' }));
  const raw = createMongoStores(t.db, { logger: pino({ level: 'silent' }), clock });
  here = { ...raw, customers: cachedCustomerStore(raw.customers, { ttlMs: 10_000, now: () => now }) };
  there = createMongoStores(t.db, { logger: pino({ level: 'silent' }), clock });
});
afterAll(async () => t?.close());

const customer = (patch: Partial<Customer> = {}): Customer =>
  CustomerSchema.parse({
    tenantId: 'TA',
    customerId: 'cus_cache',
    name: 'Cobalt Labs',
    plan: 'free',
    contactEmails: ['priya@cobalt.example'],
    externalOrgs: [],
    preferences: {},
    createdAt: clock.now(),
    updatedAt: clock.now(),
    ...patch,
  });

describe('cached customers', () => {
  it("sees its own changes at once and another replica's within the cache's lifetime", async () => {
    await here.customers.upsert(customer());
    expect((await here.customers.findByEmail('TA', 'Priya@Cobalt.example'))?.name).toBe('Cobalt Labs');

    // Changed here: the next read has it.
    await here.customers.updatePreferences('TA', 'cus_cache', { language: 'de' });
    expect((await here.customers.findByEmail('TA', 'priya@cobalt.example'))?.preferences.language).toBe('de');
    expect((await here.customers.get('TA', 'cus_cache'))?.preferences.language).toBe('de');

    // Changed by another replica: seen once the entry has lived its 10 s, not before.
    await there.customers.upsert(customer({ plan: 'enterprise', preferences: { language: 'de' } }));
    now += 5_000;
    expect((await here.customers.get('TA', 'cus_cache'))?.plan).toBe('free');
    now += 5_001;
    expect((await here.customers.get('TA', 'cus_cache'))?.plan).toBe('enterprise');
  });

  it('finds a customer created after an unanswered lookup by email, once written here', async () => {
    expect(await here.customers.findByEmail('TA', 'new@shop.example')).toBeNull();
    await here.customers.upsert(customer({ customerId: 'cus_new', contactEmails: ['new@shop.example'] }));
    expect((await here.customers.findByEmail('TA', 'new@shop.example'))?.customerId).toBe('cus_new');
  });

  it('keeps organizations apart', async () => {
    await here.customers.upsert(customer({ tenantId: 'TB', name: 'Other org' }));
    expect((await here.customers.get('TB', 'cus_cache'))?.name).toBe('Other org');
    expect((await here.customers.get('TA', 'cus_cache'))?.name).toBe('Cobalt Labs');
  });
  it('a customer found by email is then read by id from the cache (the SLA plan of the same message)', async () => {
    let reads = 0;
    const counting = cachedCustomerStore(
      {
        ...there.customers,
        get: (tenantId, customerId) => (reads++, there.customers.get(tenantId, customerId)),
        findByEmail: (tenantId, email) => (reads++, there.customers.findByEmail(tenantId, email)),
        findByEmailFrom: (tenantId, email, guess) => (
          reads++,
          there.customers.findByEmailFrom(tenantId, email, guess)
        ),
      },
      { ttlMs: 10_000, now: () => now },
    );
    await there.customers.upsert(
      customer({ customerId: 'cus_byemail', contactEmails: ['ana@byemail.example'] }),
    );
    expect((await counting.findByEmail('TA', 'ana@byemail.example'))?.customerId).toBe('cus_byemail');
    expect((await counting.get('TA', 'cus_byemail'))?.contactEmails).toEqual(['ana@byemail.example']);
    expect(reads).toBe(1);
  });

  it("an author not seen for the cache's lifetime is one read, the customer by _id; an email moved to another account is seen within it", async () => {
    // Another connection, so the commands of this process's store alone are counted.
    const client = new MongoClient(t.uri, { monitorCommands: true, ignoreUndefined: true });
    const commands: string[] = [];
    client.on('commandStarted', (e) => {
      const col = (e.command as Record<string, unknown>)[e.commandName];
      commands.push(`${e.commandName} ${String(col)}`);
    });
    await client.connect();
    try {
      const raw = createMongoStores(client.db(t.dbName), { logger: pino({ level: 'silent' }), clock });
      const store = cachedCustomerStore(raw.customers, { ttlMs: 10_000, now: () => now });
      await there.customers.upsert(
        customer({ customerId: 'cus_moves', contactEmails: ['lee@moves.example'] }),
      );
      await there.customers.upsert(
        customer({ customerId: 'cus_other', contactEmails: ['kim@other.example'] }),
      );
      const reads = async (email: string) => {
        commands.length = 0;
        const found = await store.findByEmail('TA', email);
        return { id: found?.customerId ?? null, commands: [...commands] };
      };
      // First sight: the email's key, then the customer.
      expect(await reads('lee@moves.example')).toEqual({
        id: 'cus_moves',
        commands: ['find customer_keys', 'find customers'],
      });
      // Within the cache's lifetime: nothing.
      expect(await reads('lee@moves.example')).toEqual({ id: 'cus_moves', commands: [] });
      // Not seen for longer: the customer alone, by _id, fresh.
      now += 10_001;
      expect(await reads('lee@moves.example')).toEqual({ id: 'cus_moves', commands: ['find customers'] });
      // Another replica moves the email to another account: seen once the entry has lived its 10 s.
      await there.customers.upsert(
        customer({ customerId: 'cus_moves', contactEmails: ['ops@moves.example'] }),
      );
      await there.customers.upsert(
        customer({ customerId: 'cus_other', contactEmails: ['kim@other.example', 'lee@moves.example'] }),
      );
      now += 10_001;
      expect(await reads('lee@moves.example')).toEqual({
        id: 'cus_other',
        commands: ['find customers', 'find customer_keys', 'find customers', 'find customers'],
      });
      // The new account is its key's second: the next lookup walks the key again (an earlier id may
      // get the email back, and would be the answer then).
      now += 10_001;
      expect((await reads('lee@moves.example')).commands).toEqual([
        'find customer_keys',
        'find customers',
        'find customers',
      ]);
      await there.customers.upsert(
        customer({ customerId: 'cus_moves', contactEmails: ['lee@moves.example'] }),
      );
      now += 10_001;
      expect((await reads('lee@moves.example')).id).toBe('cus_moves');
    } finally {
      await client.close();
    }
  });
});
