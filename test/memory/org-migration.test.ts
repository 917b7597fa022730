import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { DEMO } from '../../src/memory/demo-data.js';
import { COLLECTIONS } from '../../src/memory/collections.js';
import { createSeededEnv, type SeededEnv } from '../support/seeded.js';
import { createTestChannel, testChannelAdapter } from '../support/test-channel.js';
import { inbound } from '../conversation/engine-builders.js';

/** What versions before organizations stored: every policy value, copied from the environment of the day. */
const OLD_SETTINGS = {
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
};
const OLD_SLACK_TEAM = 'T0OLDTEAM';

describe('start-up migration of databases from earlier versions', () => {
  let env: SeededEnv;
  const logs: Array<Record<string, unknown>> = [];
  const logger = pino(
    { level: 'info' },
    { write: (l: string) => void logs.push(JSON.parse(l) as Record<string, unknown>) },
  );
  const start = async (vars: Record<string, string> = {}): Promise<App> =>
    createApp({
      config: loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'never', LOG_LEVEL: 'silent', ...vars }),
      logger,
      db: env.db,
      adapters: [testChannelAdapter(createTestChannel())],
      clock: env.clock,
      ids: env.ids,
      sweepIntervalMs: 3_600_000,
    });
  const raw = async (collection: string) =>
    (await env.db.collection(collection).find({}).sort({ _id: 1 }).toArray()).map((d) => ({
      ...d,
      _id: String(d._id),
    }));

  beforeEach(async () => {
    logs.length = 0;
    env = await createSeededEnv();
    const tenants = env.db.collection(COLLECTIONS.tenants);
    // The demo organization as an earlier version left it: settings stored in full.
    await tenants.updateOne(
      { tenantId: DEMO.tenantId },
      { $set: { settings: OLD_SETTINGS }, $unset: { settingsOverrides: '' } },
    );
    // A Slack workspace an earlier version made a tenant of, with a ticket and a customer of its own.
    const now = env.clock.now();
    await tenants.insertOne({
      tenantId: OLD_SLACK_TEAM,
      name: 'Old Slack Workspace',
      platform: 'slack',
      staffChannels: [],
      approverIds: ['U0OLDAPPR'],
      supervisorIds: [],
      seededStaff: [],
      settings: OLD_SETTINGS,
      createdAt: now,
      updatedAt: now,
    });
    await env.db.collection(COLLECTIONS.customers).insertOne({
      tenantId: OLD_SLACK_TEAM,
      customerId: 'cus_old',
      name: 'Old Customer',
      plan: 'pro',
      contactEmails: ['old@customer.example'],
      externalOrgs: [],
      preferences: {},
      createdAt: now,
      updatedAt: now,
    });
  });
  afterEach(async () => {
    await env.close();
  });

  it('keeps an earlier workspace tenant as its own organization, and its data where it was', async () => {
    const app = await start();
    try {
      expect(await app.engine.resolveOrg('slack', OLD_SLACK_TEAM)).toBe(OLD_SLACK_TEAM);
      // A workspace nobody recorded belongs to the deployment's organization.
      expect(await app.engine.resolveOrg('slack', 'T0NEWTEAM')).toBe(DEMO.tenantId);
      expect((await app.stores.customers.get(OLD_SLACK_TEAM, 'cus_old'))?.name).toBe('Old Customer');
      expect((await app.stores.tenants.get(OLD_SLACK_TEAM))?.approverIds).toEqual(['U0OLDAPPR']);
      const warned = logs.filter((l) => String(l.msg).includes(`workspace ${OLD_SLACK_TEAM} keeps its data`));
      expect(warned).toHaveLength(1);
    } finally {
      await app.stop();
    }
  });

  it('AUTO_REFUND_MAX=0 and CONFIDENCE_NORMAL=0.8 apply to an organization created by an earlier version', async () => {
    const app = await start({ AUTO_REFUND_MAX: '0', CONFIDENCE_NORMAL: '0.8' });
    try {
      const tenant = await app.stores.tenants.get(DEMO.tenantId);
      expect(tenant?.settings.autoRefundMaxMinor).toBe(0);
      expect(tenant?.settings.confidenceNormal).toBe(0.8);
      expect(tenant?.legacySettings).toEqual(OLD_SETTINGS);
      expect(tenant?.settingsOverrides).toEqual({});

      // $89.99 was refunded without a person under the stored $100; with AUTO_REFUND_MAX=0 it waits for one.
      const refund = await app.engine.handleInbound(
        inbound('priya', 'The monitor arm from order 1045 is faulty, please refund it.'),
      );
      expect(refund.status).toBe('approval_requested');
      // An ordinary question is measured against the environment's bar, not the stored 0.6.
      const question = await app.engine.handleInbound(inbound('maya', 'What is your return policy?'));
      const [decision] = await app.stores.decisions.listByTicket(DEMO.tenantId, question.ticketId!);
      expect(decision?.threshold).toBe(0.8);
    } finally {
      await app.stop();
    }
  });

  it('is idempotent: a second start changes no tenant or installation record', async () => {
    const first = await start();
    await first.stop();
    const tenantsAfterFirst = await raw(COLLECTIONS.tenants);
    const installationsAfterFirst = await raw(COLLECTIONS.installations);
    expect(installationsAfterFirst).toHaveLength(1);
    logs.length = 0;

    const second = await start();
    await second.stop();
    expect(await raw(COLLECTIONS.tenants)).toEqual(tenantsAfterFirst);
    expect(await raw(COLLECTIONS.installations)).toEqual(installationsAfterFirst);
    expect(logs.filter((l) => String(l.msg).startsWith('migration:'))).toEqual([]);
  });

  it('never overwrites an installation record an operator wrote', async () => {
    const now = env.clock.now();
    await env.db.collection<{ _id: string } & Record<string, unknown>>(COLLECTIONS.installations).insertOne({
      _id: `slack:${OLD_SLACK_TEAM}`,
      platform: 'slack',
      workspaceId: OLD_SLACK_TEAM,
      orgId: DEMO.tenantId,
      source: 'operator',
      createdAt: now,
      updatedAt: now,
    });
    const app = await start();
    try {
      expect(await app.engine.resolveOrg('slack', OLD_SLACK_TEAM)).toBe(DEMO.tenantId);
    } finally {
      await app.stop();
    }
  });
});
