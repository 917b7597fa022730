import type { Clock } from '../../domain/index.js';
import type { Logger } from '../../logger.js';
import { proposalContextOf } from '../actions.js';
import { phrase } from '../phrases.js';
import { runPipeline, type EngineStages } from '../pipeline.js';
import { unsupportedLanguageNote } from '../language.js';
import type { Agent, AgentResult } from '../types.js';
import { understandOffline } from '../understand.js';
import { voiceOf } from '../voice.js';
import { warmHeadsTogether } from './model/models.js';
import { applyOfflineVoice } from './offline-voice.js';
import { resolveOffline } from './resolve-offline.js';

export interface OfflineAgentOptions {
  clock: Clock;
  logger: Logger;
}

/** The engine that needs no model: real language detection, rules, search scores and templates. */
export function createOfflineAgent(options: OfflineAgentOptions): Agent {
  warmHeadsTogether();
  const stages = offlineStages();
  return {
    kind: 'offline',
    run: async (input, hooks) => withLanguageNote(await runPipeline(stages, input, options, hooks)),
    phrase,
  };
}

/** The offline engine's stages: understanding by the trained heads and rules, answers from templates. */
export function offlineStages(): EngineStages {
  return {
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
        proposal: proposalContextOf(input),
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
}

/**
 * The templates exist in eight languages; a customer writing in another one is answered in
 * English, and the decision record (and the staff card's reason) says so.
 */
function withLanguageNote(result: AgentResult): AgentResult {
  const note = unsupportedLanguageNote(result.understanding.language);
  if (!note || result.route === 'ignore') return result;
  const reason = `${result.reason}; ${note}`;
  return { ...result, reason, record: { ...result.record, reason } };
}
