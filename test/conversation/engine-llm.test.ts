import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app-harness.js';
import { say, startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai.js';
import { createTestChannel, testChannelAdapter, type TestChannel } from '../support/test-channel.js';
import { DEMO } from '../../src/memory/demo-data.js';
import { inbound } from './engine-builders.js';

let t: TestApp;
let fake: FakeOpenAi;
let channel: TestChannel;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  channel = createTestChannel({ withWorking: true });
  t = await startTestApp({ adapters: [testChannelAdapter(channel)], openaiBaseURL: fake.baseURL });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const understood = {
  language: 'en',
  intent: 'order_status',
  urgency: 'medium',
  sentiment: 'neutral',
  orderIds: ['1042'],
  wantsHuman: false,
  securityConcern: false,
  isPleasantry: false,
  continuesTicketId: null,
};

describe('handleInbound with the LLM engine', () => {
  it('answers a quick model in one message, filtered (no placeholder for an answer under 2 s)', async () => {
    fake.script(
      say(understood),
      say({
        reply: 'Order 1042 shipped with UPS. <!channel> see cus_bluebird',
        citations: [],
        needsEscalation: false,
      }),
    );
    const m = inbound('maya', 'Where is order 1042?');
    const out = await t.engine.handleInbound(m);

    expect(t.app.agent.kind).toBe('llm');
    expect(out.status).toBe('answered');
    const shown = channel.messages.filter((x) => x.threadId === m.messageId);
    expect(shown).toHaveLength(1);
    expect(shown[0]?.placeholder).toBe(false);
    expect(shown[0]?.text).toContain('Order 1042 shipped with UPS.');
    expect(shown[0]?.text).not.toContain('<!channel>');
    expect(shown[0]?.text).not.toContain('cus_bluebird');
    const [decision] = await t.stores.decisions.listByTicket(DEMO.tenantId, out.ticketId!);
    expect(decision?.engine).toBe('llm');
    expect(decision?.modelCalls.count).toBe(2);
  });
});
