import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { importCustomers } from '../../src/cli/customer-import.js';
import { identifyCustomer } from '../../src/conversation/identify.js';
import type { ParsedInboundMessage } from '../../src/conversation/ports.js';
import { ensureIndexes } from '../../src/memory/indexes.js';
import { createMongoStores, type MongoStores } from '../../src/memory/mongo-stores.js';
import { fixedClock } from '../support/clock.js';
import { createTestDb, type TestDb } from '../support/mongo.js';

const T = 'ORG_IMPORT';
const logger = pino({ level: 'silent' });
let testDb: TestDb;
let stores: MongoStores;
const dir = mkdtempSync(join(tmpdir(), 'customers-csv-'));

beforeAll(async () => {
  testDb = await createTestDb('customers');
  await ensureIndexes(testDb.db, logger);
  stores = createMongoStores(testDb.db, { logger, clock: fixedClock() });
});
afterAll(async () => {
  await testDb.close();
  rmSync(dir, { recursive: true, force: true });
});

const CSV = [
  'name,emails,plan,domain,slack_team_ids,teams_tenant_ids,customer_id',
  'Acme Corp,ops@acme.example;buyer@acme.example,enterprise,acme.example,T0ACME01,,',
  'Globex,not-an-email,pro,globex.example,,,',
  ',someone@initech.example,free,,,,',
  'Initech,it@initech.example,platinum,initech.example,,,',
  'Hooli,help@hooli.example,pro,hooli.example,,6a1e1b2c-0000-4000-8000-00000000abcd,shopify-4242',
].join('\n');

describe('importCustomers', () => {
  it('imports the good rows, reports each bad row with its line number, and a second run changes nothing', async () => {
    const now = new Date('2026-11-20T10:00:00Z');
    const first = await importCustomers({ csv: CSV, tenantId: T, customers: stores.customers, now });
    expect(first.imported).toBe(2);
    expect(first.errors).toEqual([
      { line: 3, message: expect.stringContaining('emails.0: is not an email address') },
      { line: 4, message: expect.stringContaining('name: is required') },
      { line: 5, message: expect.stringContaining('plan') },
    ]);
    expect(await stores.customers.get(T, 'cus_acme-example')).toMatchObject({
      name: 'Acme Corp',
      plan: 'enterprise',
      contactEmails: ['ops@acme.example', 'buyer@acme.example'],
      domain: 'acme.example',
      externalOrgs: [{ platform: 'slack', orgId: 'T0ACME01' }],
    });
    expect(await stores.customers.get(T, 'shopify-4242')).toMatchObject({
      name: 'Hooli',
      externalOrgs: [{ platform: 'teams', orgId: '6a1e1b2c-0000-4000-8000-00000000abcd' }],
    });
    const again = await importCustomers({
      csv: CSV,
      tenantId: T,
      customers: stores.customers,
      now: new Date(),
    });
    expect(again).toMatchObject({ imported: 0, unchanged: 2 });
    expect((await stores.customers.list(T)).map((c) => c.customerId).sort()).toEqual([
      'cus_acme-example',
      'shopify-4242',
    ]);
  });

  it('imported accounts are what identification finds: by email, by Slack team, by Teams tenant', async () => {
    const message = (
      author: Partial<ParsedInboundMessage['author']>,
      platform: 'slack' | 'teams',
    ): ParsedInboundMessage =>
      ({
        platform,
        tenantId: T,
        eventId: 'e1',
        kind: 'message',
        channelId: 'C1',
        messageId: 'm1',
        text: 'hi',
        receivedAt: new Date(),
        author: { userId: 'U1', name: 'X', isExternal: true, ...author },
      }) as ParsedInboundMessage;
    expect(
      (await identifyCustomer(stores.customers, message({ email: 'Buyer@Acme.example' }, 'slack'))).customer
        ?.customerId,
    ).toBe('cus_acme-example');
    expect(
      (await identifyCustomer(stores.customers, message({ orgId: 'T0ACME01' }, 'slack'))).customer
        ?.customerId,
    ).toBe('cus_acme-example');
    expect(
      (
        await identifyCustomer(
          stores.customers,
          message({ orgId: '6a1e1b2c-0000-4000-8000-00000000abcd' }, 'teams'),
        )
      ).customer?.customerId,
    ).toBe('shopify-4242');
  });

  it('gives a row without customer_id the order system’s id for its email, so the details land on that customer', async () => {
    const lookup = {
      kind: 'shopify',
      findCustomerByEmail: async (_t: string, email: string) =>
        email === 'dana@northwind.example'
          ? { customerId: 'shopify-7390', providerId: 'gid://shopify/Customer/7390' }
          : null,
    };
    const csv = 'name,emails,plan\nNorthwind Traders,dana@northwind.example,pro\n';
    const out = await importCustomers({
      csv,
      tenantId: T,
      customers: stores.customers,
      lookup,
      now: new Date(),
    });
    expect(out).toMatchObject({ imported: 1, errors: [] });
    expect(await stores.customers.get(T, 'shopify-7390')).toMatchObject({
      name: 'Northwind Traders',
      plan: 'pro',
      orderSystem: { kind: 'shopify', customerId: 'gid://shopify/Customer/7390' },
    });
  });
});

describe('npm run customers -- import', () => {
  it(
    'prints each bad row as file:line, imports the rest and exits 1; a clean file exits 0',
    { timeout: 120_000 },
    async () => {
      const file = join(dir, 'customers.csv');
      writeFileSync(file, CSV);
      const run = (args: string[]) =>
        new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
          const child = spawn('npx', ['tsx', 'src/cli/customers.ts', ...args], {
            env: {
              PATH: process.env.PATH ?? '',
              HOME: process.env.HOME ?? '',
              MONGODB_URI: inject('mongoUri'),
              MONGODB_DB: `cli_customers_${Date.now()}`,
              LOG_LEVEL: 'silent',
            },
          });
          let out = '';
          let err = '';
          child.stdout.on('data', (b: Buffer) => (out += b.toString()));
          child.stderr.on('data', (b: Buffer) => (err += b.toString()));
          child.on('exit', (code) => resolve({ code, out, err }));
        });
      const result = await run(['import', file, '--org', 'ORG_CLI']);
      expect(result.code).toBe(1);
      expect(result.out).toContain('Customers for ORG_CLI: 2 imported, 0 unchanged, 3 rejected.');
      const errors = result.err.split('\n').filter((l) => l.startsWith(file));
      expect(errors.map((l) => l.slice(file.length).split(':')[1])).toEqual(['3', '4', '5']);
      const clean = join(dir, 'clean.csv');
      writeFileSync(clean, 'name,emails\nSolo,solo@solo.example\n');
      expect((await run(['import', clean])).code).toBe(0);
      expect((await run(['export'])).code).toBe(2);
    },
  );
});
