import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app-harness.js';
import { createTestChannel, testChannelAdapter } from '../support/test-channel.js';
import { DEMO } from '../../src/memory/demo-data.js';

let t: TestApp;

beforeEach(async () => {
  t = await startTestApp({ adapters: [testChannelAdapter(createTestChannel())] });
});
afterEach(async () => {
  await t?.close();
});

describe('getChannel', () => {
  it('returns the stored conversation reference of a registered channel, as after a restart', async () => {
    const reference = { conversation: { id: '19:abc@thread.tacv2' }, serviceUrl: 'https://smba.example/' };
    await t.engine.registerChannel({
      tenantId: DEMO.tenantId,
      platform: 'teams',
      channelId: '19:abc@thread.tacv2',
      name: 'Acme support',
      conversationReference: reference,
    });

    const stored = await t.engine.getChannel(DEMO.tenantId, 'teams', '19:abc@thread.tacv2');

    expect(stored?.conversationReference).toEqual(reference);
    expect(stored?.kind).toBe('customer');
    expect(stored?.name).toBe('Acme support');
  });

  it('returns null for a channel the bot has never seen', async () => {
    expect(await t.engine.getChannel(DEMO.tenantId, 'teams', '19:never-seen')).toBeNull();
  });
});
