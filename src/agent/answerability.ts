import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ConfigError } from '../errors.js';
import { AnswerMemorySchema, neighbourIndex, type NeighbourIndex } from './answer-memory.js';
import { MODEL_DIR } from './offline/model/models.js';

/**
 * Whether the knowledge base answers a question, as a probability learned from labelled questions
 * (`npm run train`): a logistic regression over the figures retrieval already has. It replaces the
 * hand-set relevance arithmetic as the confidence the router compares with its thresholds.
 */
export interface AnswerabilitySignals {
  /** The best article's relevance (coverage, title hit and BM25 share blended, 0–1). */
  relevance: number;
  /** Share of the question's words the best article has. */
  coverage: number;
  /** A question word is in the best article's title. */
  titleHit: boolean;
  /** How far the best article leads the next one (relevance difference; 1 when it is alone). */
  margin: number;
  /** Share of the question's words the quoted passage has. */
  passageOverlap: number;
  /** The question asks for a duration, an amount, a date or a place. */
  asksSpecific: boolean;
  /** It does, and the passage has one (answer-type.ts `answerSignal`, 0 otherwise). */
  typeSignal: number;
  /** It asks for one the passage does not hold. */
  typeMissing: boolean;
  /** The intent model's probability of its intent. */
  intentConfidence: number;
  /** The intent is `other` or `general`: no article category narrows the search. */
  vagueIntent: boolean;
  /** The best article is filed under the intent's category. */
  inCategory: boolean;
  /** Content words the article search used. */
  queryWords: number;
  /** The question is not in English. */
  nonEnglish: boolean;
  /** Understood as high or critical urgency (an outage, a blocked team: rarely an article's to answer). */
  urgent: boolean;
  /** The sentiment model reads it as negative. */
  negative: boolean;
  /** The message names an order number. */
  namesOrder: boolean;
  /** The question's search terms (the English glossary's for other languages): what `neighbourVote` compares. */
  terms: readonly string[];
  /** The best article as the neighbour memory knows it (answer-memory.ts `articleKey`). */
  article: string;
  /** How the labelled questions most like this one were routed (answer-memory.ts `neighbourVote`, -1..1; 0 when none is alike; null when the memory never read the article). */
  neighbourVote: number | null;
}

export const ANSWERABILITY_FEATURES = [
  'relevance',
  'coverage',
  'titleHit',
  'margin',
  'passageOverlap',
  'asksSpecific',
  'typeSignal',
  'typeMissing',
  'intentConfidence',
  'vagueIntent',
  'inCategory',
  'fewWords',
  'nonEnglish',
  'urgent',
  'negative',
  'namesOrder',
  'neighbourVote',
] as const;

/** The model's input, in `ANSWERABILITY_FEATURES` order. */
export function answerabilityVector(s: AnswerabilitySignals): number[] {
  const b = (v: boolean) => (v ? 1 : 0);
  return [
    s.relevance,
    s.coverage,
    b(s.titleHit),
    s.margin,
    s.passageOverlap,
    b(s.asksSpecific),
    s.typeSignal,
    b(s.typeMissing),
    s.intentConfidence,
    b(s.vagueIntent),
    b(s.inCategory),
    // One or two content words: a short question rests on very little evidence either way.
    b(s.queryWords <= 2),
    b(s.nonEnglish),
    b(s.urgent),
    b(s.negative),
    b(s.namesOrder),
    s.neighbourVote ?? Number.NaN,
  ];
}

export const AnswerabilityFileSchema = z.object({
  format: z.literal('switchboard-answerability/1'),
  features: z.array(z.string()),
  /** Standardization: x' = (x - mean) / scale, then w·x' + bias. */
  mean: z.array(z.number()),
  scale: z.array(z.number()),
  weights: z.array(z.number()),
  bias: z.number(),
  trainedOn: z.object({
    examples: z.number(),
    answerable: z.number(),
    sources: z.record(z.string(), z.number()),
  }),
  /** The labelled questions `neighbourVote` reads (the golden splits fitted on). */
  memory: AnswerMemorySchema.default({ articles: [], entries: [] }),
});
export type AnswerabilityModel = z.infer<typeof AnswerabilityFileSchema>;

export const ANSWERABILITY_FILE = path.join(MODEL_DIR, 'answerability.json');

/**
 * The probability for a feature vector; a feature that is NaN (no evidence, e.g. no neighbour
 * vote for an article the memory never read) sits at its training mean and moves nothing.
 */
export function answerabilityProbability(model: AnswerabilityModel, x: number[]): number {
  let z = model.bias;
  for (let i = 0; i < x.length; i++)
    if (!Number.isNaN(x[i])) z += (model.weights[i]! * (x[i]! - model.mean[i]!)) / model.scale[i]!;
  return 1 / (1 + Math.exp(-z));
}

let cached: AnswerabilityModel | null | undefined;
const indexes = new WeakMap<AnswerabilityModel, NeighbourIndex>();

/** The model's labelled questions, indexed once per model. */
export function answerabilityNeighbours(model: AnswerabilityModel): NeighbourIndex {
  let index = indexes.get(model);
  if (!index) indexes.set(model, (index = neighbourIndex(model.memory)));
  return index;
}

/** The trained model; null before `npm run train` has written one (the hand-set confidence applies). */
export function answerabilityModel(): AnswerabilityModel | null {
  if (cached !== undefined) return cached;
  if (!existsSync(ANSWERABILITY_FILE)) return (cached = null);
  const parsed = AnswerabilityFileSchema.safeParse(JSON.parse(readFileSync(ANSWERABILITY_FILE, 'utf8')));
  if (!parsed.success || parsed.data.features.join() !== ANSWERABILITY_FEATURES.join()) {
    throw new ConfigError(
      `${ANSWERABILITY_FILE} does not match the answerability features; run npm run train`,
    );
  }
  return (cached = parsed.data);
}

/**
 * For training and tests: use this model (null: none, the hand-set confidence applies; undefined:
 * read the file again on the next call).
 */
export function useAnswerabilityModel(model: AnswerabilityModel | null | undefined): void {
  cached = model;
}

export interface LabelledSignals {
  x: number[];
  /** 1: the knowledge base answers it (labelled resolve); 0: a person must. */
  y: 0 | 1;
  /** How much the example counts in fitting (1 by default). */
  weight?: number;
}

export const FIT_OPTIONS = { iterations: 3000, learningRate: 0.1, l2: 0.02 };

/**
 * Logistic regression by full-batch gradient descent on standardized features: no randomness,
 * the same examples in the same order give the same weights.
 */
export function fitAnswerability(
  examples: LabelledSignals[],
  trainedOn: AnswerabilityModel['trainedOn'],
  opts = FIT_OPTIONS,
): AnswerabilityModel {
  const d = ANSWERABILITY_FEATURES.length;
  const n = examples.length;
  const weightOf = (e: LabelledSignals) => e.weight ?? 1;
  const total = examples.reduce((s, e) => s + weightOf(e), 0);
  // A NaN feature (no evidence) is left out of its mean and spread and standardized to 0, as
  // answerabilityProbability reads it.
  const known = Array.from({ length: d }, (_, j) => examples.filter((e) => !Number.isNaN(e.x[j])));
  const totals = known.map((k) => (k.length === n ? total : k.reduce((s, e) => s + weightOf(e), 0)));
  const mean = known.map((k, j) => k.reduce((s, e) => s + weightOf(e) * e.x[j]!, 0) / totals[j]!);
  const scale = mean.map((m, j) => {
    const v = known[j]!.reduce((s, e) => s + weightOf(e) * (e.x[j]! - m) ** 2, 0) / totals[j]!;
    return Math.sqrt(v) || 1;
  });
  const xs = examples.map((e) => e.x.map((v, j) => (Number.isNaN(v) ? 0 : (v - mean[j]!) / scale[j]!)));
  const w = new Array<number>(d).fill(0);
  let bias = 0;
  for (let it = 0; it < opts.iterations; it++) {
    const gw = new Array<number>(d).fill(0);
    let gb = 0;
    for (let i = 0; i < n; i++) {
      let z = bias;
      for (let j = 0; j < d; j++) z += w[j]! * xs[i]![j]!;
      const err = weightOf(examples[i]!) * (1 / (1 + Math.exp(-z)) - examples[i]!.y);
      for (let j = 0; j < d; j++) gw[j]! += err * xs[i]![j]!;
      gb += err;
    }
    for (let j = 0; j < d; j++) w[j]! -= opts.learningRate * (gw[j]! / total + opts.l2 * w[j]!);
    bias -= (opts.learningRate * gb) / total;
  }
  const r = (v: number) => Math.round(v * 1e6) / 1e6;
  return {
    format: 'switchboard-answerability/1',
    features: [...ANSWERABILITY_FEATURES],
    mean: mean.map(r),
    scale: scale.map(r),
    weights: w.map(r),
    bias: r(bias),
    trainedOn,
    memory: { articles: [], entries: [] },
  };
}
