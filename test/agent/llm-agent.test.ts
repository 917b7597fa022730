import { describe, expect, it } from 'vitest';
import { phrase } from '../../src/agent/phrases.js';
import type { Agent } from '../../src/agent/types.js';
import { callTools, say } from '../support/fake-openai.js';
import { inputFor, MAYA, scriptedLlmAgent, useSeededWithFakeModel } from './agent-input.js';

const seeded = useSeededWithFakeModel();

const agent = (opts: { timeoutMs?: number; maxRetries?: number } = {}): Agent =>
  scriptedLlmAgent(seeded.env, seeded.fake, { timeoutMs: opts.timeoutMs, maxRetries: opts.maxRetries ?? 2 });

const understood = (over: Record<string, unknown> = {}) =>
  say({
    language: 'en',
    intent: 'order_status',
    urgency: 'medium',
    sentiment: 'neutral',
    orderIds: ['1042'],
    wantsHuman: false,
    securityConcern: false,
    isPleasantry: false,
    continuesTicketId: null,
    ...over,
  });

describe('LLM engine through the real openai client', () => {
  it('falls back to a resolve call when the one call gives no answer, and records calls and tokens', async () => {
    seeded.fake.script(
      understood(),
      say(
        {
          reply: 'Order 1042 shipped with UPS and should arrive in two days.',
          citations: [],
          needsEscalation: false,
        },
        { prompt: 300, completion: 40 },
      ),
    );
    const result = await agent().run(await inputFor(seeded.env, seeded.kb, MAYA, 'Where is order 1042?'));
    expect(result.route).toBe('resolve');
    expect(result.reply?.text).toContain('1042 shipped with UPS');
    expect(result.record.modelCalls).toMatchObject({ count: 2, tokensIn: 400, tokensOut: 60 });
    // The customer's words reach the model fenced as data, and the order facts come from tools.
    const resolvePrompt = seeded.fake.requests[1]!.body.messages.map((m) => m.content).join('\n');
    expect(resolvePrompt).toContain('BEGIN CUSTOMER MESSAGE\nWhere is order 1042?\nEND CUSTOMER MESSAGE');
    expect(resolvePrompt).toContain('1Z999AA10123456784');
    expect(result.record.tools.map((t) => t.name)).toContain('get_order');
  });

  it('runs tool rounds and answers from the tool results', async () => {
    seeded.fake.script(
      understood({ intent: 'return', orderIds: ['1043'] }),
      callTools({ name: 'return_eligibility', args: { orderId: '1043' } }),
      (req) => {
        const toolMsg = req.body.messages.find((m) => m.role === 'tool');
        const eligible = JSON.parse(toolMsg!.content!).eligible as boolean;
        return say({
          reply: eligible ? 'Yes, order 1043 can still be returned.' : 'No.',
          citations: [],
          needsEscalation: false,
        });
      },
    );
    const result = await agent().run(await inputFor(seeded.env, seeded.kb, MAYA, 'Can I return order 1043?'));
    expect(result.reply?.text).toBe('Yes, order 1043 can still be returned.');
    expect(result.record.modelCalls.count).toBe(3);
    expect(seeded.fake.requests[2]!.body.messages.some((m) => m.role === 'tool')).toBe(true);
  });

  it('repairs a malformed JSON answer once', async () => {
    seeded.fake.script(
      say('{"language": "en", "intent": '),
      understood(),
      say({ reply: 'Order 1042 is on its way.', citations: [], needsEscalation: false }),
    );
    const result = await agent().run(await inputFor(seeded.env, seeded.kb, MAYA, 'Where is order 1042?'));
    expect(result.route).toBe('resolve');
    expect(result.record.modelCalls.count).toBe(3);
    const repair = seeded.fake.requests[1]!.body.messages.at(-1)!.content!;
    expect(repair).toMatch(/previous answer was invalid: the answer was not valid JSON/);
  });

  it('escalates with the reason when the answer violates the schema twice', async () => {
    seeded.fake.script(understood({ intent: 'banana' }), understood({ intent: 'banana' }));
    const result = await agent().run(await inputFor(seeded.env, seeded.kb, MAYA, 'Where is order 1042?'));
    expect(result.route).toBe('escalate');
    expect(result.reason).toMatch(/invalid twice.*intent/);
    expect(result.record.modelCalls).toMatchObject({ count: 2, tokensIn: 200, tokensOut: 40 });
    expect(result.escalation?.customerMessage).toBe(phrase('escalated', 'en', { ticketId: 'TKT-TEST01' }));
    expect(result.reply).toBeUndefined();
  });

  it('retries a 429 and then succeeds', async () => {
    seeded.fake.script(
      {
        kind: 'status',
        status: 429,
        headers: { 'retry-after-ms': '20' },
        body: { error: { message: 'rate limited', type: 'rate_limit' } },
      },
      understood(),
      say({ reply: 'Order 1042 is on its way.', citations: [], needsEscalation: false }),
    );
    const result = await agent().run(await inputFor(seeded.env, seeded.kb, MAYA, 'Where is order 1042?'));
    expect(result.route).toBe('resolve');
    expect(seeded.fake.requests).toHaveLength(3);
    expect(result.record.modelCalls.count).toBe(2);
  });

  it('escalates when the model times out, without crashing', async () => {
    seeded.fake.script({ kind: 'hang' });
    const started = Date.now();
    const result = await agent({ timeoutMs: 300, maxRetries: 0 }).run(
      await inputFor(seeded.env, seeded.kb, MAYA, 'Where is order 1042?'),
    );
    expect(Date.now() - started).toBeLessThan(5000);
    expect(result.route).toBe('escalate');
    expect(result.reason).toMatch(/timed out/);
    expect(result.escalation?.customerMessage).toContain('TKT-TEST01');
    expect(result.record.modelCalls.count).toBe(1);
  });
});
