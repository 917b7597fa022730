import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffActor } from '../../../src/conversation/ports.js';
import { DEMO } from '../../../src/memory/demo-data.js';
import type { TestApp } from '../../support/app-harness.js';
import { readEvents } from './read-events.js';
import { apiClient, startSandboxApp } from './sandbox-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await startSandboxApp();
});
afterAll(async () => t?.close());

const sam: StaffActor = {
  platform: 'sandbox',
  tenantId: DEMO.tenantId,
  userId: DEMO.staff.supervisor.userId,
  name: DEMO.staff.supervisor.name,
  isExternal: false,
};

const modesOf = (events: Array<{ event: string; data: unknown }>) =>
  events.filter((e) => e.event === 'mode').map((e) => e.data);

describe('sandbox live stream: channel mode', () => {
  it('an open page hears a mode change made through the engine (as Slack and Teams commands make it)', async () => {
    const stream = readEvents(`${t.baseUrl}/sandbox/api/events`, (events) => modesOf(events).length >= 1);
    await stream.opened;

    // Another workspace's channel is not the page's: nothing for it.
    const elsewhere = await t.engine.setChannelMode({
      tenantId: DEMO.tenantId,
      platform: 'slack',
      channelId: 'C0CUSTOMERS',
      mode: 'off',
      actor: { ...sam, platform: 'slack' },
    });
    expect(elsewhere.ok).toBe(true);
    const result = await t.engine.setChannelMode({
      tenantId: DEMO.tenantId,
      platform: 'sandbox',
      channelId: DEMO.customerChannelId,
      mode: 'draft',
      actor: sam,
    });
    expect(result.ok).toBe(true);

    const { events } = await stream;
    expect(modesOf(events)).toEqual([{ channelId: DEMO.customerChannelId, mode: 'draft' }]);
    // The page's own reading of the session agrees with what it was told.
    const session = await apiClient(t.baseUrl).get<{ channelMode: string }>('/session');
    expect(session.body.channelMode).toBe('draft');
  });

  it('a change made from the page arrives once (the engine is the one source)', async () => {
    const stream = readEvents(`${t.baseUrl}/sandbox/api/events`, (events) =>
      events.some((e) => e.event === 'mode' && (e.data as { mode: string }).mode === 'off'),
    );
    await stream.opened;
    await apiClient(t.baseUrl).post('/channel-mode', { actorId: DEMO.staff.supervisor.userId, mode: 'auto' });
    await apiClient(t.baseUrl).post('/channel-mode', { actorId: DEMO.staff.supervisor.userId, mode: 'off' });

    const { events } = await stream;
    expect(modesOf(events)).toEqual([
      { channelId: DEMO.customerChannelId, mode: 'auto' },
      { channelId: DEMO.customerChannelId, mode: 'off' },
    ]);
  });
});
