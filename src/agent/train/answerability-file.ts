import type { TrainingSplit } from '../eval/golden.js';
import {
  answerabilityProbability,
  fitAnswerability,
  useAnswerabilityModel,
  type AnswerabilityModel,
} from '../answerability.js';
import {
  ANSWERABILITY_SPLITS,
  answerMemory,
  memoryKnowledgeBase,
  type LabelledExample,
} from './answerability-data.js';
import { crossFittedAnswerabilitySets } from './cross-fit.js';

/** The answerability model as `npm run train` writes it, with the figures it prints. */
export interface FittedAnswerability {
  model: AnswerabilityModel;
  /** data/models/answerability.json's exact text. */
  text: string;
  /** Each golden split scored by a model fitted on everything but it (one fit per split, so on request). */
  heldOut: () => string;
  inSample: string;
}

/** Share of examples the model routes as labelled at each one's own threshold (0.60, or 0.75 when urgent or negative). */
function routedRight(model: AnswerabilityModel, examples: LabelledExample[]): string {
  const ok = examples.filter((e) => (answerabilityProbability(model, e.x) >= e.threshold ? 1 : 0) === e.y);
  const heuristic = examples.filter((e) => (e.confidence >= e.threshold ? 1 : 0) === e.y);
  return `${ok.length}/${examples.length} (hand-set confidence: ${heuristic.length})`;
}

/**
 * Fits the answerability model (answerability.ts) on the golden training splits (`splits`: all of
 * them unless one is held out) and the written KB questions, from the intent, urgency, sentiment
 * and concern models on disk: it must run after they are written, and its output changes whenever
 * they or retrieval do.
 */
export async function fitAnswerabilityFile(
  splits: readonly TrainingSplit[] = ANSWERABILITY_SPLITS,
): Promise<FittedAnswerability> {
  const kb = await memoryKnowledgeBase();
  // Signals are the same either way; without a model each example also carries the hand-set
  // confidence to compare with. The model in use before is put back: tests share the process.
  useAnswerabilityModel(null);
  try {
    const sets = await crossFittedAnswerabilitySets(kb, splits);
    const of = (source: string) => sets.find((s) => s.source === source)!.examples;
    const without = (left: string) =>
      fitAnswerability(
        sets.filter((s) => s.source !== left).flatMap((s) => s.examples),
        { examples: 0, answerable: 0, sources: {} },
      );
    const heldOut = () => splits.map((s) => `${s} ${routedRight(without(s), of(s))}`).join(', ');
    const all = sets.flatMap((s) => s.examples);
    const model = {
      ...fitAnswerability(all, {
        examples: all.length,
        answerable: all.filter((e) => e.y === 1).length,
        sources: Object.fromEntries(sets.map((s) => [s.source, s.examples.length])),
      }),
      memory: answerMemory(sets),
    };
    return {
      model,
      text: JSON.stringify(model, null, 2) + '\n',
      heldOut,
      inSample: `${all.length} examples, in-sample ${routedRight(model, all)}`,
    };
  } finally {
    useAnswerabilityModel(undefined);
  }
}
