import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app-harness.js';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai.js';
import { installHostileModel, type HostileScript } from '../support/hostile-model.js';
import { createTestChannel, testChannelAdapter, type TestChannel } from '../support/test-channel.js';
import { DEMO } from '../../src/memory/demo-data.js';
import { inbound } from './engine-builders.js';

// What always reaches a person, decided by code, against a hostile scripted model through the
// real engine and MongoDB.

let t: TestApp;
let fake: FakeOpenAi;
let channel: TestChannel;
let model: { use(script: HostileScript): void };
const tenantId = DEMO.tenantId;

beforeEach(async () => {
  fake = await startFakeOpenAi();
  model = installHostileModel(fake);
  channel = createTestChannel();
  t = await startTestApp({ adapters: [testChannelAdapter(channel)], openaiBaseURL: fake.baseURL });
});
afterEach(async () => {
  await t?.close();
  await fake?.close();
});

const latestDecision = async (ticketId: string) =>
  (await t.stores.decisions.listByTicket(tenantId, ticketId))
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .at(-1);

describe('security concerns, data loss and critical urgency always reach a person', () => {
  it('escalates "our account was hacked" that the model filed as a pleasantry', async () => {
    model.use({
      understanding: { intent: 'other', urgency: 'low', isPleasantry: true, securityConcern: false },
      reply: 'Thanks!',
    });
    const m = inbound('priya', 'Our account was hacked and orders were placed that we never made');
    const out = await t.engine.handleInbound(m);

    expect(out.status).toBe('escalated');
    const ticket = await t.stores.tickets.get(tenantId, out.ticketId!);
    expect(ticket).toMatchObject({ status: 'escalated', urgency: 'critical' });
    expect(channel.cards.some((c) => c.card.kind === 'escalation' && c.card.ticketId === out.ticketId)).toBe(
      true,
    );
    expect(channel.thread(m.messageId).at(-1)).toMatch(/a person will follow up/);
  });

  it('escalates an enterprise outage the model called low urgency, with the grounded answer as the staff draft', async () => {
    model.use({
      understanding: { intent: 'technical', urgency: 'low' },
      reply: 'Please check our status page for updates on any ongoing incidents.',
    });
    const m = inbound(
      'jordan',
      'Our whole production line is down since this morning, the platform is offline.',
    );
    const out = await t.engine.handleInbound(m);

    expect(out.status).toBe('escalated');
    const ticket = await t.stores.tickets.get(tenantId, out.ticketId!);
    expect(ticket?.status).toBe('escalated');
    expect(ticket?.urgency).toBe('critical');
    expect(ticket?.draft?.text).toBeTruthy();
    expect((await latestDecision(out.ticketId!))?.reason).toMatch(/critical urgency: a person handles it/);
    expect(channel.thread(m.messageId).join('\n')).not.toMatch(/status page/);
  });

  it('escalates lost data whatever the model made of it', async () => {
    model.use({ understanding: { intent: 'general', urgency: 'low' }, reply: 'Try refreshing the page.' });
    const out = await t.engine.handleInbound(inbound('maya', 'All our data is gone from the dashboard'));
    expect(out.status).toBe('escalated');
    expect((await latestDecision(out.ticketId!))?.reason).toMatch(/data loss/);
  });
});

describe('a thread that shows the answer did not land goes to a person', () => {
  const answerFirst = async () => {
    model.use({
      understanding: { intent: 'order_status', orderIds: ['1042'] },
      reply: 'Order 1042 shipped with UPS and should arrive soon.',
    });
    const m = inbound('maya', 'Where is order 1042?');
    const first = await t.engine.handleInbound(m);
    expect(first.status).toBe('answered');
    return m;
  };

  it('escalates the same question asked again after an answer (not answered a second time)', async () => {
    const m = await answerFirst();
    const again = await t.engine.handleInbound(
      inbound('maya', 'where is my order 1042??', { threadId: m.messageId }),
    );
    expect(again.status).toBe('escalated');
    expect(again.reason).toMatch(/same question again/);
    expect(channel.thread(m.messageId).filter((x) => /shipped with UPS/.test(x))).toHaveLength(1);
  });

  it('escalates "that didn\'t help", in any supported language', async () => {
    const m = await answerFirst();
    const out = await t.engine.handleInbound(inbound('maya', 'Eso no me ayudó', { threadId: m.messageId }));
    expect(out.status).toBe('escalated');
    expect(out.reason).toMatch(/did not help/);
  });

  it('escalates negative sentiment after a bot answer, even when the model calls it neutral', async () => {
    const m = await answerFirst();
    model.use({
      understanding: { intent: 'order_status', orderIds: ['1042'], sentiment: 'neutral' },
      reply: 'Order 1042 shipped with UPS and should arrive soon.',
    });
    const out = await t.engine.handleInbound(
      inbound('maya', 'This is ridiculous, still no tracking update for 1042!!', { threadId: m.messageId }),
    );
    expect(out.status).toBe('escalated');
    expect(out.reason).toMatch(/negative sentiment after a bot answer/);
  });
});
