import path from 'node:path';
import OpenAI from 'openai';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLlmAgent } from '../../src/agent/llm/llm-agent.js';
import { inputFor } from '../agent/agent-input.js';
import { say, startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai.js';
import { FIXTURES, startKbEnv, type KbTestEnv } from './kb-env.js';

const URL_EN = 'https://acme.zendesk.com/hc/en-us/articles/360001234501-Return-window';

describe('LLM engine over an imported Zendesk export', () => {
  let t: KbTestEnv;
  let fake: FakeOpenAi;
  beforeAll(async () => {
    t = await startKbEnv();
    fake = await startFakeOpenAi();
    await t.import({ target: path.join(FIXTURES, 'zendesk') });
  });
  afterAll(async () => {
    await fake?.close();
    await t?.close();
  });

  it('gives the model each article’s URL as evidence and returns citations with it', async () => {
    // One call: the model understands and answers from the evidence code fetched first.
    fake.script(
      say({
        language: 'en',
        intent: 'return',
        urgency: 'low',
        sentiment: 'neutral',
        orderIds: [],
        wantsHuman: false,
        securityConcern: false,
        isPleasantry: false,
        continuesTicketId: null,
        reply: `You have 60 days from delivery to return an item. More: ${URL_EN}`,
        citations: ['zendesk-360001234501-en-us'],
        needsTools: false,
        proposal: null,
        needsEscalation: false,
      }),
    );
    const agent = createLlmAgent({
      client: new OpenAI({ apiKey: 'test-key', baseURL: fake.baseURL }),
      model: 'fake-model',
      logger: pino({ level: 'silent' }),
      clock: t.env.clock,
      timeoutMs: 5000,
      maxRetries: 0,
    });
    const result = await agent.run(
      await inputFor(t.env, t.kb, null, 'How long do I have to return an item I bought?'),
    );
    const prompt = fake.requests[0]!.body.messages.map((m) => m.content).join('\n');
    expect(prompt).toContain(`"url":"${URL_EN}"`);
    expect(prompt).toContain("give an article's url in the reply when it has one");
    expect(result.route).toBe('resolve');
    expect(result.reply?.citations).toEqual([
      { articleId: 'zendesk-360001234501-en-us', title: 'Return window', url: URL_EN },
    ]);
  });
});
