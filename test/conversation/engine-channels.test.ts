import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app-harness.js';
import { createTestChannel, testChannelAdapter, type TestChannel } from '../support/test-channel.js';
import { DEMO } from '../../src/memory/demo-data.js';
import { actor, inbound } from './engine-builders.js';

let t: TestApp;
let channel: TestChannel;

beforeEach(async () => {
  channel = createTestChannel();
  t = await startTestApp({ adapters: [testChannelAdapter(channel)] });
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

describe('settings read for every message follow a change at once', () => {
  it('stops answering in a channel switched off right after a message was answered', async () => {
    expect((await t.engine.handleInbound(inbound('maya', 'Where is order 1042?'))).status).toBe('answered');
    const set = await t.engine.setChannelMode({
      tenantId: DEMO.tenantId,
      platform: 'sandbox',
      channelId: DEMO.customerChannelId,
      mode: 'off',
      actor: actor('sam'),
    });
    expect(set.ok).toBe(true);

    const out = await t.engine.handleInbound(inbound('maya', 'And can I still return order 1043?'));

    expect(out.status).toBe('recorded');
    expect(channel.messages).toHaveLength(1);
  });

  it('posts the next escalation card in a staff channel set after the tenant was read', async () => {
    await t.engine.handleInbound(inbound('maya', 'Where is order 1042?'));
    const set = await t.engine.setStaffChannel(actor('sam'), 'sandbox-staff-2');
    expect(set.ok).toBe(true);

    const out = await t.engine.handleInbound(
      inbound('jordan', 'Our whole warehouse system is down, this is an outage! I need a human now.'),
    );

    expect(out.status).toBe('escalated');
    expect(channel.cards.map((c) => c.channelId)).toEqual(['sandbox-staff-2']);
  });
});
