import type { Clock } from '../../domain/index.js';
import type { Logger } from '../../logger.js';
import { customerAmountsOf } from '../actions.js';
import { phrase } from '../phrases.js';
import { runPipeline, type EngineStages } from '../pipeline.js';
import type { Agent } from '../types.js';
import { understandOffline } from '../understand.js';
import { voiceOf } from '../voice.js';
import { applyOfflineVoice } from './offline-voice.js';
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
      const resolution = await resolveOffline({
        understanding,
        evidence,
        tools,
        returnWindowDays: input.settings.returnWindowDays,
        currency: input.settings.currency,
        customerAmounts: customerAmountsOf(input),
      });
      if (resolution.kind !== 'reply') return resolution;
      const voiced = applyOfflineVoice(
        resolution.reply,
        voiceOf(input),
        understanding.language,
        input.authorName,
      );
      return { ...resolution, reply: voiced };
    },
  };
  return {
    kind: 'offline',
    run: (input, hooks) => runPipeline(stages, input, options, hooks),
    phrase,
  };
}
