import { createHash } from 'node:crypto';
import { answerabilityProbability, FIT_OPTIONS, fitAnswerability } from '../answerability.js';
import type { TrainingSplit } from '../eval/golden.js';
import {
  ANSWERABILITY_SPLITS,
  memoryKnowledgeBase,
  type AnswerabilitySet,
  type LabelledExample,
} from './answerability-data.js';
import { crossFittedAnswerabilitySets } from './cross-fit.js';

/**
 * Grouped k-fold cross-validation of the answerability fit on its own training data (the golden
 * training splits and the written questions; never a set not consumed): how `FIT_OPTIONS.l2` is chosen.
 * Examples are grouped by the article retrieval chose, so paraphrases of one question (which find
 * the same article) are never split between the fit and the fold that scores it.
 */

export const CV_FOLDS = 5;
export const L2_GRID = [0.001, 0.005, 0.02, 0.05, 0.1] as const;

/** The fold an example belongs to: by its article, the same on every run. */
export function foldOf(e: Pick<LabelledExample, 'article'>, folds = CV_FOLDS): number {
  return createHash('sha256').update(e.article).digest().readUInt32BE(0) % folds;
}

export interface CvScore {
  l2: number;
  /** Log loss on the held-out folds, each example at its fitting weight (train2 at the customers' prior). */
  logLoss: number;
  /** Customer-message examples (not the written questions) routed as labelled at their own bar. */
  routedRight: number;
  scored: number;
}

type Sourced = LabelledExample & { source: string };

function scoreL2(all: Sourced[], l2: number, folds: number): CvScore {
  let loss = 0;
  let weight = 0;
  let routedRight = 0;
  let scored = 0;
  for (let f = 0; f < folds; f++) {
    const model = fitAnswerability(
      all.filter((e) => foldOf(e, folds) !== f),
      { examples: 0, answerable: 0, sources: {} },
      { ...FIT_OPTIONS, l2 },
    );
    for (const e of all.filter((x) => foldOf(x, folds) === f)) {
      const p = answerabilityProbability(model, e.x);
      const w = e.weight ?? 1;
      loss += -w * Math.log(Math.max(1e-9, e.y === 1 ? p : 1 - p));
      weight += w;
      if (e.source === 'kb-questions') continue;
      scored++;
      if ((p >= e.threshold ? 1 : 0) === e.y) routedRight++;
    }
  }
  return { l2, logLoss: Math.round((loss / weight) * 1e4) / 1e4, routedRight, scored };
}

/** Each l2 of the grid scored by grouped k-fold; `best` has the lowest held-out log loss. */
export function crossValidateL2(
  sets: AnswerabilitySet[],
  grid: readonly number[] = L2_GRID,
  folds = CV_FOLDS,
): { scores: CvScore[]; best: CvScore } {
  const all = sets.flatMap((s) => s.examples.map((e) => ({ ...e, source: s.source })));
  const scores = grid.map((l2) => scoreL2(all, l2, folds));
  const best = scores.reduce((a, b) => (b.logLoss < a.logLoss ? b : a));
  return { scores, best };
}

/** `npm run train -- --cv`: the grid's figures, and whether `FIT_OPTIONS.l2` is the one they choose. */
export async function answerabilityCvReport(
  splits: readonly TrainingSplit[] = ANSWERABILITY_SPLITS,
): Promise<string> {
  const kb = await memoryKnowledgeBase();
  const sets = await crossFittedAnswerabilitySets(kb, splits);
  const { scores, best } = crossValidateL2(sets);
  const lines = scores.map(
    (s) =>
      `    l2 ${String(s.l2).padEnd(6)} log loss ${s.logLoss.toFixed(4)}, routed as labelled ${s.routedRight}/${s.scored}${s === best ? '  <- lowest loss' : ''}`,
  );
  const verdict =
    best.l2 === FIT_OPTIONS.l2
      ? `FIT_OPTIONS.l2 (${FIT_OPTIONS.l2}) is the grid's choice`
      : `FIT_OPTIONS.l2 is ${FIT_OPTIONS.l2}; the grid chooses ${best.l2}`;
  return [
    `  answerability, grouped ${CV_FOLDS}-fold cross-validation by article:`,
    ...lines,
    `  ${verdict}`,
  ].join('\n');
}
