import type { CreateAgentOptions } from './create-agent.js';
import { createOfflineAgent } from './offline/offline-agent.js';
import type { Agent } from './types.js';

/**
 * createAgent for a long-running process: the LLM engine's modules and the openai client (about
 * 11 MB of memory) are imported only when a model endpoint is configured.
 */
export async function loadAgent(options: CreateAgentOptions): Promise<Agent> {
  if (!options.openai) {
    options.logger.info('agent: offline engine (no OPENAI_API_KEY)');
    return createOfflineAgent({ logger: options.logger, clock: options.clock });
  }
  const { createAgent } = await import('./create-agent.js');
  return createAgent(options);
}
