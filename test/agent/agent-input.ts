import OpenAI from 'openai';
import pino from 'pino';
import { afterAll, beforeAll, expect } from 'vitest';
import type { EvalDeps } from '../../src/agent/eval/run-eval.js';
import { createKnowledgeBase } from '../../src/agent/knowledge-base.js';
import { createLlmAgent } from '../../src/agent/llm/llm-agent.js';
import { createOfflineAgent, offlineStages } from '../../src/agent/offline/offline-agent.js';
import type { EngineStages } from '../../src/agent/pipeline.js';
import type { Agent, AgentInput, AgentResult, KnowledgeBase } from '../../src/agent/types.js';
import { understandOffline } from '../../src/agent/understand.js';
import type { Intent } from '../../src/domain/index.js';
import { toAgentCustomer } from '../../src/agent/types.js';
import { createAgentTools } from '../../src/agent/tools.js';
import { say, startFakeOpenAi, type FakeOpenAi, type FakeStep } from '../support/fake-openai.js';
import { createSeededEnv, type SeededEnv } from '../support/seeded.js';

/** A thread after one answer: the customer's question, the bot's answer, then the customer's `text`. */
export const historyAfter = (question: string, answer: string, text: string): AgentInput['history'] => [
  { role: 'customer', text: question },
  { role: 'bot', text: answer },
  { role: 'customer', text },
];

/** An agent input as the engine builds it, for a demo customer (by contact email) or a stranger. */
export async function inputFor(
  env: SeededEnv,
  kb: KnowledgeBase,
  email: string | null,
  text: string,
  extra: Partial<AgentInput> = {},
): Promise<AgentInput> {
  const tenant = await env.stores.tenants.get(env.tenantId);
  const customer = email ? await env.stores.customers.findByEmail(env.tenantId, email) : null;
  const settings = tenant!.settings;
  return {
    tenantId: env.tenantId,
    settings,
    ticket: { ticketId: 'TKT-TEST01', status: 'open', isNew: true },
    text,
    history: [{ role: 'customer', text }],
    customer: toAgentCustomer(customer),
    openTickets: [],
    tools: createAgentTools({
      tenantId: env.tenantId,
      customer,
      orders: env.orderSystem,
      customers: env.stores.customers,
      interactions: env.stores.interactions,
      settings,
      clock: env.clock,
    }),
    kb,
    allowedEmails: customer?.contactEmails ?? [],
    ...extra,
  };
}

export const MAYA = 'maya@bluebirdcafe.example';
export const JORDAN = 'jordan@acme-robotics.example';
export const PRIYA = 'priya@cobaltlabs.example';

/**
 * The offline agent over a seeded database and its knowledge base, set up before a file's tests
 * and closed after them: `run(email, text)` is one agent run on an input as the engine builds it.
 */
export function useOfflineAgent(): (
  email: string | null,
  text: string,
  extra?: Partial<AgentInput>,
) => Promise<AgentResult> {
  let env: SeededEnv | undefined;
  let kb: KnowledgeBase;
  let agent: Agent;
  beforeAll(async () => {
    env = await createSeededEnv();
    kb = createKnowledgeBase({ source: env.stores.kbArticles });
    agent = createOfflineAgent({ clock: env.clock, logger: pino({ level: 'silent' }) });
  });
  afterAll(async () => env?.close());
  return async (email, text, extra) => agent.run(await inputFor(env!, kb, email, text, extra));
}

/** One agent run, as `useOfflineAgent` returns it. */
export type OfflineRun = ReturnType<typeof useOfflineAgent>;

/**
 * The question from `email` is answered (routed resolve) from `articleId`, with `fact` in the reply
 * when one is given.
 */
export async function expectAnswered(
  run: OfflineRun,
  email: string,
  text: string,
  articleId: string,
  fact?: string | RegExp,
): Promise<void> {
  const r = await run(email, text);
  expect(r.articleIds[0], text).toBe(articleId);
  expect(r.route, `${text}: ${r.reason}`).toBe('resolve');
  if (fact !== undefined) expect(r.reply?.text ?? '', text).toMatch(fact);
}

/** A seeded database, its knowledge base and the scripted OpenAI-compatible server of a file's tests. */
export interface SeededWithFakeModel {
  env: SeededEnv;
  kb: KnowledgeBase;
  fake: FakeOpenAi;
}

/**
 * Sets up `SeededWithFakeModel` before a file's tests and closes it after them; its fields are
 * there from the first test on.
 */
export function useSeededWithFakeModel(): SeededWithFakeModel {
  const seeded = {} as SeededWithFakeModel;
  beforeAll(async () => {
    seeded.env = await createSeededEnv();
    seeded.kb = createKnowledgeBase({ source: seeded.env.stores.kbArticles });
    seeded.fake = await startFakeOpenAi();
  });
  afterAll(async () => {
    await seeded.fake?.close();
    await seeded.env?.close();
  });
  return seeded;
}

/**
 * The offline engine with the intent model's reading pinned: an unsure model (a low probability)
 * or one that reads the message as another intent, as its model does for some phrasings.
 */
export function offlineEngineReading(intent: Intent, intentConfidence: number): EngineStages {
  return {
    ...offlineStages(),
    async understand(input) {
      return { understanding: { ...understandOffline(input), intent, intentConfidence } };
    },
  };
}

/** The LLM engine against the scripted OpenAI-compatible server (`startFakeOpenAi`). */
export function scriptedLlmAgent(
  env: SeededEnv,
  fake: Pick<FakeOpenAi, 'baseURL'>,
  opts: { timeoutMs?: number; maxRetries?: number } = {},
): Agent {
  return createLlmAgent({
    client: new OpenAI({ apiKey: 'test-key', baseURL: fake.baseURL }),
    model: 'fake-model',
    logger: pino({ level: 'silent' }),
    clock: env.clock,
    timeoutMs: opts.timeoutMs ?? 5000,
    maxRetries: opts.maxRetries ?? 0,
  });
}

/** The model's reading of a plain refund request on `orderId`, as its first call answers. */
export const understoodRefund = (orderId: string): FakeStep =>
  say({
    language: 'en',
    intent: 'refund',
    urgency: 'medium',
    sentiment: 'neutral',
    orderIds: [orderId],
    wantsHuman: false,
    securityConcern: false,
    isPleasantry: false,
    continuesTicketId: null,
  });

/** What `runEval` needs to run the offline engine over labelled messages on a seeded database. */
export async function offlineEvalDeps(env: SeededEnv): Promise<EvalDeps> {
  const tenant = await env.stores.tenants.get(env.tenantId);
  return {
    agent: createOfflineAgent({ clock: env.clock, logger: pino({ level: 'silent' }) }),
    kb: createKnowledgeBase({ source: env.stores.kbArticles }),
    tenantId: env.tenantId,
    settings: tenant!.settings,
    customers: env.stores.customers,
    interactions: env.stores.interactions,
    orders: env.orderSystem,
    clock: env.clock,
  };
}
