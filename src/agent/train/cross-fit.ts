import type { TrainingSplit } from '../eval/golden.js';
import type { KnowledgeBase } from '../types.js';
import { answerabilitySets, type AnswerabilitySet } from './answerability-data.js';
import { parseModel } from '../offline/model/model-file.js';
import { useHeadModel } from '../offline/model/models.js';
import { generateCorpus } from './corpus.js';
import { goldenHeadLabels, HEAD_SPLITS } from './golden-labels.js';
import { trainHead } from './train.js';
import { heldOutOf } from './training-splits.js';

/** Folds of the golden lines the heads are fitted on: each consumed set whole, in one of three. */
export const CROSS_FIT_FOLDS = 3;

/** The heads fitted on golden labels (golden-labels.ts), each read through its fold's fit. */
const FITTED_HEADS = ['intent', 'urgency', 'concern'] as const;
type FittedHead = (typeof FITTED_HEADS)[number];

const foldOf = (split: TrainingSplit) => HEAD_SPLITS.indexOf(split) % CROSS_FIT_FOLDS;

/**
 * The answerability model reads its examples through the intent, urgency and concern heads, and those are
 * fitted on the consumed sets: read through heads that saw them, a consumed set's messages give
 * cleaner signals (intent right, in the article's category) than a new customer's, and the fit
 * learns to lean on them. So a consumed set is read through heads fitted on the corpus and the
 * other folds only, as a new message would be. Returns what to call before reading each source:
 * it installs that split's heads (the files' heads for a source the heads never fitted).
 */
export async function crossFittedHeads(
  splits: readonly TrainingSplit[],
): Promise<{ before: (source: string) => void; done: () => void }> {
  const fitted = HEAD_SPLITS.filter((s) => splits.includes(s));
  const { train, dev } = generateCorpus();
  const byFold = new Map<number, Record<FittedHead, ReturnType<typeof parseModel>>>();
  for (const fold of new Set(fitted.map(foldOf))) {
    const golden = await goldenHeadLabels(
      fitted.filter((s) => foldOf(s) !== fold),
      heldOutOf(splits),
    );
    const head = (h: FittedHead) => parseModel(trainHead(h, train, dev, golden[h]).file, `${h} fold ${fold}`);
    byFold.set(fold, { intent: head('intent'), urgency: head('urgency'), concern: head('concern') });
  }
  const reset = () => {
    for (const h of FITTED_HEADS) useHeadModel(h, undefined);
  };
  return {
    before: (source) => {
      const split = fitted.find((s) => s === source);
      const heads = split ? byFold.get(foldOf(split)) : undefined;
      reset();
      if (heads) for (const h of FITTED_HEADS) useHeadModel(h, heads[h]);
    },
    done: reset,
  };
}

/** The answerability examples of `splits` and the written questions, each read through heads that never fitted it. */
export async function crossFittedAnswerabilitySets(
  kb: KnowledgeBase,
  splits: readonly TrainingSplit[],
): Promise<AnswerabilitySet[]> {
  const heads = await crossFittedHeads(splits);
  try {
    return await answerabilitySets(kb, splits, heads.before);
  } finally {
    heads.done();
  }
}
