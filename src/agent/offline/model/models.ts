import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { INTENT_IDS } from '../../../domain/index.js';
import { ConfigError } from '../../../errors.js';
import { loadModelFile } from './model-file.js';
import { readTogether, type LinearModel } from './linear-model.js';

/** Where `npm run train` writes the model files and the engine reads them. */
export const MODEL_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../data/models',
);

export type ModelHead = 'intent' | 'urgency' | 'sentiment' | 'concern';
const HEADS: readonly ModelHead[] = ['intent', 'urgency', 'sentiment', 'concern'];

const cache = new Map<ModelHead, LinearModel>();

/**
 * A model, read from disk the first time it is needed (a process that never answers offline
 * never pays for it). The intent model must know exactly the registry's intents: a model
 * trained before an intent was added is refused with the command that fixes it.
 */
export function model(head: ModelHead): LinearModel {
  const hit = cache.get(head);
  if (hit) return hit;
  const loaded = loadModelFile(path.join(MODEL_DIR, `${head}.json`));
  if (head === 'intent') {
    const missing = INTENT_IDS.filter((id) => !loaded.classes.includes(id));
    const extra = loaded.classes.filter((c) => !(INTENT_IDS as string[]).includes(c));
    if (missing.length || extra.length) {
      throw new ConfigError(
        `the intent model does not match the intent registry (missing: ${missing.join(', ') || 'none'}; unknown: ${extra.join(', ') || 'none'}); run npm run train`,
      );
    }
  }
  cache.set(head, loaded);
  return loaded;
}

/**
 * Puts a model in place of the file's, or (with undefined) forgets it so the file is read again.
 * For training only: the answerability fit reads golden lines through heads that never saw them.
 */
export function useHeadModel(head: ModelHead, m: LinearModel | undefined): void {
  if (m) cache.set(head, m);
  else cache.delete(head);
}

/**
 * Reads every model now rather than on the first message, so that message does not pay ~0.2 s
 * of decoding inside its time budget. Called where an agent is composed.
 */
export function warmModels(): void {
  for (const head of HEADS) model(head);
}

/**
 * Every model read now (warmModels), and the four heads laid side by side so that predict()
 * reads a message's weights once for all of them: the offline engine asks all four about every
 * message (the LLM engine only the concern head, so it keeps the heads apart). A head put in place
 * later (useHeadModel) is read on its own.
 */
export function warmHeadsTogether(): void {
  warmModels();
  readTogether(HEADS.map((h) => model(h)));
}
