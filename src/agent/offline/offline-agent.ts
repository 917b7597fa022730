import type { Clock } from '../../domain/index.js';
import type { Logger } from '../../logger.js';
import { customerAmountsOf } from '../actions.js';
import { phrase } from '../phrases.js';
import { runPipeline, type EngineStages } from '../pipeline.js';
import type { Agent } from '../types.js';
import { understandOffline } from '../understand.js';
import { resolveOffline } from './resolve-offline.js';

export interface OfflineAgentOptions {
  clock: Clock;
  logger: Logger;
}

/** The engine that needs no model: real language detection, rules, search scores and templates. */
export function createOfflineAgent(options: OfflineAgentOptions): Agent {
  const stages: EngineStages = {
    kind: 'offline',
    async understand(input) {
      return { understanding: understandOffline(input) };
    },
    async resolve({ input, tools, understanding, evidence }) {
      return resolveOffline({
        understanding,
        evidence,
        tools,
        returnWindowDays: input.settings.returnWindowDays,
        currency: input.settings.currency,
        customerAmounts: customerAmountsOf(input),
      });
    },
  };
  return {
    kind: 'offline',
    run: (input, hooks) => runPipeline(stages, input, options, hooks),
    phrase,
  };
}
