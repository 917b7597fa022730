import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  escalateSystemPrompt,
  resolveSystemPrompt,
  answerSystemPrompt,
} from '../../src/agent/llm/prompts.js';
import { DEMO } from '../../src/memory/demo-data.js';
import { startTestApp, type TestApp } from '../support/app-harness.js';
import { createTestChannel, testChannelAdapter, type TestChannel } from '../support/test-channel.js';
import { inbound } from '../conversation/engine-builders.js';

describe('the organization’s name and tone in prompts', () => {
  it('every prompt says whom the bot works for, and how to sound', () => {
    const voice = { businessName: 'Acme Office Co.', tone: 'formal' as const };
    for (const prompt of [
      answerSystemPrompt([], voice),
      resolveSystemPrompt('en', voice),
      escalateSystemPrompt('en', voice),
    ]) {
      expect(prompt).toContain('the support assistant of Acme Office Co.');
      expect(prompt).not.toContain('office-supplies store');
    }
    expect(resolveSystemPrompt('en', voice)).toContain('Write formally and courteously');
    expect(resolveSystemPrompt('en', { tone: 'concise' })).toContain('no greetings or pleasantries');
  });
});

describe('the organization’s tone in offline replies, a customer’s own tone first', () => {
  let t: TestApp;
  let channel: TestChannel;
  beforeEach(async () => {
    channel = createTestChannel();
    t = await startTestApp({
      adapters: [testChannelAdapter(channel)],
      env: { ORG_NAME: 'Northwind Office Supply' },
    });
  });
  afterEach(async () => {
    await t?.close();
  });
  const answer = async (text: string, who: 'maya' | 'priya' = 'maya') => {
    const m = inbound(who, text);
    await t.engine.handleInbound(m);
    return channel.thread(m.messageId).at(-1) ?? '';
  };

  it('friendly (the default) answers as the templates are written', async () => {
    const reply = await answer('Where is my order 1042?');
    expect(reply).toMatch(/^Order 1042 shipped/);
  });

  it('formal greets the customer and signs with the business name (ORG_NAME)', async () => {
    await t.stores.tenants.updateSettings(DEMO.tenantId, { set: { tone: 'formal' } });
    // Priya (Cobalt Labs) has no tone of her own: the organization's applies.
    const reply = await answer('Where is my order 1045?', 'priya');
    expect(reply).toMatch(/^Hello Priya Nair,\n\nOrder 1045 was delivered/);
    expect(reply).toMatch(/Kind regards,\nNorthwind Office Supply$/);
  });

  it('a customer’s own tone wins: Maya prefers friendly, so a formal organization does not greet her formally', async () => {
    await t.stores.tenants.updateSettings(DEMO.tenantId, { set: { tone: 'formal' } });
    expect(await answer('Where is my order 1042?')).toMatch(/^Order 1042 shipped/);
  });

  it('a customer who prefers concise answers gets no greeting even when the organization is formal', async () => {
    await t.stores.tenants.updateSettings(DEMO.tenantId, { set: { tone: 'formal' } });
    await t.stores.customers.updatePreferences(DEMO.tenantId, 'cus_bluebird', { tone: 'concise' });
    const reply = await answer('How long do I have to return an item?');
    expect(reply).toMatch(/return/i);
    expect(reply).not.toMatch(/^Hello/);
    expect(reply).not.toContain('Here’s what our help center says');
    expect(reply).not.toContain('Kind regards');
  });
});
