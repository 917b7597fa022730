import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app-harness.js';
import { createTestChannel, testChannelAdapter } from '../support/test-channel.js';
import { DEMO } from '../../src/memory/demo-data.js';
import { inbound } from './engine-builders.js';

let t: TestApp;

beforeEach(async () => {
  t = await startTestApp({ adapters: [testChannelAdapter(createTestChannel())] });
});
afterEach(async () => {
  await t?.close();
});

/** What `SLACK_APPROVER_IDS` / `SLACK_SUPERVISOR_IDS` seed at each start of the Slack adapter. */
function slackStart(approverIds: string[], supervisorIds: string[]) {
  return t.engine.ensureTenant({
    tenantId: DEMO.tenantId,
    name: 'Northwind',
    platform: 'slack',
    approverIds,
    supervisorIds,
  });
}

describe('staff lists seeded from the environment', () => {
  it('revokes an approver removed from the environment at the next start', async () => {
    await slackStart(['U0APPROVE1', 'U0LEAVER01'], ['U0SUPER001']);
    const before = await t.engine.getTenant(DEMO.tenantId);
    expect(before?.approverIds).toEqual(expect.arrayContaining(['U0APPROVE1', 'U0LEAVER01']));

    // U0LEAVER01 left the company and was taken out of SLACK_APPROVER_IDS; the supervisor too.
    await slackStart(['U0APPROVE1'], []);

    const after = await t.engine.getTenant(DEMO.tenantId);
    expect(after?.approverIds).toContain('U0APPROVE1');
    expect(after?.approverIds).not.toContain('U0LEAVER01');
    expect(after?.supervisorIds).not.toContain('U0SUPER001');
  });

  it('keeps ids the environment never seeded (the demo seed, other platforms)', async () => {
    await slackStart(['U0APPROVE1'], []);
    await slackStart([], []);

    const tenant = await t.engine.getTenant(DEMO.tenantId);
    expect(tenant?.approverIds).toEqual([DEMO.staff.approver.userId]);
    expect(tenant?.supervisorIds).toEqual([DEMO.staff.supervisor.userId]);
  });

  it('a revoked approver can no longer decide a refund; a current one still can', async () => {
    await slackStart(['U0STAYS001', 'U0LEAVER01'], []);
    await slackStart(['U0STAYS001'], []);
    const out = await t.engine.handleInbound(
      inbound('maya', 'The grinder from order 1043 arrived broken, I want a refund please.'),
    );
    expect(out.status).toBe('approval_requested');
    const [pending] = await t.stores.approvals.listPending(DEMO.tenantId);
    expect(pending?.status).toBe('pending');
    const click = (userId: string) =>
      t.engine.handleStaffAction(
        { platform: 'slack', tenantId: DEMO.tenantId, userId, name: userId, isExternal: false },
        { v: 1, action: 'approval.approve', approvalId: pending!.approvalId },
      );

    expect((await click('U0LEAVER01')).ok).toBe(false);
    expect((await t.stores.approvals.get(DEMO.tenantId, pending!.approvalId))?.status).toBe('pending');

    expect((await click('U0STAYS001')).ok).toBe(true);
    expect((await t.stores.approvals.get(DEMO.tenantId, pending!.approvalId))?.status).toBe('executed');
  });
});
