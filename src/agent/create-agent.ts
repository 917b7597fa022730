import OpenAI from 'openai';
import type { Clock } from '../domain/index.js';
import type { Logger } from '../logger.js';
import { createLlmAgent } from './llm/llm-agent.js';
import { warmModels } from './offline/model/models.js';
import { createOfflineAgent } from './offline/offline-agent.js';
import type { Agent, KnowledgeBase } from './types.js';

export interface CreateAgentOptions {
  /** Set when OPENAI_API_KEY is configured; the offline engine runs otherwise. */
  openai?: { apiKey: string; baseURL?: string; model: string; timeoutMs: number; maxRetries?: number };
  /** Accepted for symmetry with the composition root; the knowledge base is passed per run. */
  kb?: KnowledgeBase;
  logger: Logger;
  clock: Clock;
}

/** The LLM engine when a model endpoint is configured, the offline engine otherwise. */
export function createAgent(options: CreateAgentOptions): Agent {
  const { openai, logger, clock } = options;
  if (!openai) {
    logger.info('agent: offline engine (no OPENAI_API_KEY)');
    return createOfflineAgent({ logger, clock });
  }
  // The LLM engine's code rules read the concern model on every message too.
  warmModels();
  const maxRetries = openai.maxRetries ?? 2;
  const client = new OpenAI({
    apiKey: openai.apiKey,
    baseURL: openai.baseURL,
    timeout: openai.timeoutMs,
    maxRetries,
  });
  logger.info({ model: openai.model, baseURL: openai.baseURL ?? 'default' }, 'agent: LLM engine');
  return createLlmAgent({
    client,
    model: openai.model,
    logger,
    clock,
    timeoutMs: openai.timeoutMs,
    maxRetries,
  });
}
