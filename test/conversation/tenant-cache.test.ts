import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { APPROVAL_TENANT_MAX_AGE_MS } from '../../src/app.js';
import { cachedTenantStore } from '../../src/conversation/settings-cache.js';
import type { TenantStore } from '../../src/conversation/stores.js';
import { ensureIndexes } from '../../src/memory/indexes.js';
import { createMongoStores, type MongoStores } from '../../src/memory/mongo-stores.js';
import { fixedClock } from '../support/clock.js';
import { createTestDb, type TestDb } from '../support/mongo.js';

const clock = fixedClock();
let t: TestDb;
/** This process's cached tenants (what the engine reads), and another replica's stores. */
let here: ReturnType<typeof cachedTenantStore<TenantStore>>;
/** What this process's approval service reads: the same cache, no entry older than the bound. */
let approvals: TenantStore;
let there: MongoStores;
let now = 0;

beforeAll(async () => {
  t = await createTestDb('tenantcache');
  const logger = pino({ level: 'silent' });
  await ensureIndexes(t.db, logger);
  const raw = createMongoStores(t.db, { logger, clock });
  here = cachedTenantStore(raw.tenants, { ttlMs: 10_000, now: () => now });
  approvals = here.readWithin(APPROVAL_TENANT_MAX_AGE_MS);
  there = createMongoStores(t.db, { logger, clock });
  await there.tenants.ensure({ tenantId: 'TA', name: 'Acme', platform: 'slack' });
  await there.tenants.updateStaff('TA', 'approverIds', 'add', 'U_SAM');
});
afterAll(async () => t?.close());

const approvers = async (store: TenantStore) => (await store.get('TA'))?.approverIds ?? [];

describe('the tenant as approvals read it', () => {
  it('shares the cache with the engine: a tenant read moments ago is not read again', async () => {
    expect(await approvers(here)).toContain('U_SAM');
    // Removed behind the cache's back (a raw write): a cache hit still shows the old list.
    await t.db.collection('tenants').updateOne({ tenantId: 'TA' }, { $set: { approverIds: [] } });
    now += APPROVAL_TENANT_MAX_AGE_MS - 1;
    expect(await approvers(approvals)).toContain('U_SAM');
    await there.tenants.updateStaff('TA', 'approverIds', 'add', 'U_SAM');
  });

  it("sees an approver revoked in another replica within the bound, while the engine's 10 s cache may not", async () => {
    now += 10_001;
    expect(await approvers(approvals)).toContain('U_SAM'); // a fresh read (the entry had expired)
    await there.tenants.updateStaff('TA', 'approverIds', 'remove', 'U_SAM');
    now += APPROVAL_TENANT_MAX_AGE_MS;
    expect(await approvers(here)).toContain('U_SAM'); // the engine's settings: within their 10 s
    expect(await approvers(approvals)).not.toContain('U_SAM');
    // …and the read refreshed the shared entry for everyone.
    expect(await approvers(here)).not.toContain('U_SAM');
  });

  it('sees a change made in this process at once', async () => {
    await here.updateStaff('TA', 'approverIds', 'add', 'U_LEE');
    expect(await approvers(approvals)).toContain('U_LEE');
    await approvals.updateSettings('TA', { set: { dailyRefundLimit: 1 } });
    expect((await here.get('TA'))?.settings.dailyRefundLimit).toBe(1);
  });
});
