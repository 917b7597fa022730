import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettingsResult } from '../../../src/conversation/settings-service.js';
import type { TestApp } from '../../support/app-harness.js';
import { apiClient, startSandboxApp, type ApiClient } from './sandbox-app.js';

describe('sandbox settings API (the settings panel)', () => {
  let t: TestApp;
  let api: ApiClient;
  beforeAll(async () => {
    t = await startSandboxApp();
    api = apiClient(t.baseUrl);
  });
  afterAll(() => t.close());

  it('shows the settings to staff and refuses the external guest', async () => {
    const staff = await api.get<SettingsResult>('/settings?actorId=sandbox-riley');
    expect(staff.status).toBe(200);
    expect(staff.body.view?.entries.map((e) => e.key)).toEqual([
      'auto-refund-max',
      'supervisor-threshold',
      'daily-refund-limit',
      'confidence-high',
      'confidence-normal',
      'confirm-refunds',
      'return-window',
      'business-name',
      'tone',
      'default-mode',
      'business-hours',
      'sla-target',
      'sla',
      'csat',
      'gaps-digest',
    ]);
    expect(staff.body.view?.orgName).toBe('Northwind Supply Co.');
    expect(staff.body.view?.canChange).toBe(false);
    const guest = await api.get<SettingsResult>('/settings?actorId=sandbox-guest');
    expect(guest.body).toEqual({
      ok: false,
      message: 'Only members of this organization can see its settings.',
    });
  });

  it('lets the supervisor rename the business and set the tone; the approver is refused', async () => {
    const refused = await api.post<SettingsResult>('/settings', {
      actorId: 'sandbox-dana',
      change: { op: 'set', key: 'tone', value: 'formal' },
    });
    expect(refused.body).toEqual({ ok: false, message: 'Only a supervisor can change settings.' });
    const renamed = await api.post<SettingsResult>('/settings', {
      actorId: 'sandbox-sam',
      change: { op: 'set', key: 'business-name', value: 'Northwind Office Supply' },
    });
    expect(renamed.body.message).toBe('Business name is now Northwind Office Supply.');
    expect(renamed.body.view?.orgName).toBe('Northwind Office Supply');
    const tone = await api.post<SettingsResult>('/settings', {
      actorId: 'sandbox-sam',
      change: { op: 'set', key: 'tone', value: 'formal' },
    });
    expect(tone.body.ok).toBe(true);
    expect((await t.stores.tenants.get(t.tenantId))?.settings).toMatchObject({
      businessName: 'Northwind Office Supply',
      tone: 'formal',
    });
  });

  it('answers a malformed body with 400 and one sentence', async () => {
    const res = await api.post<{ error: string }>('/settings', {
      actorId: 'sandbox-sam',
      change: { op: 'explode' },
    });
    expect(res.status).toBe(400);
    expect(typeof res.body.error).toBe('string');
  });
});
