import { createHash } from 'node:crypto';
import { INTENT_IDS, UrgencySchema } from '../../domain/index.js';
import { SentimentSchema } from '../../domain/index.js';
import { featurize } from '../offline/model/features.js';
import {
  fitTemperature,
  predictVector,
  trainLinear,
  type Example,
  type LinearModel,
} from '../offline/model/linear-model.js';
import { serializeModel } from '../offline/model/model-file.js';
import { CONCERNS, type CorpusRecord } from './corpus.js';
import type { GoldenLabel } from './golden-labels.js';

/** The four heads the offline engine reads, each a label of a corpus record. */
export const HEADS = {
  intent: { classes: [...INTENT_IDS] as string[], label: (r: CorpusRecord) => r.intent },
  urgency: { classes: [...UrgencySchema.options] as string[], label: (r: CorpusRecord) => r.urgency },
  sentiment: { classes: [...SentimentSchema.options] as string[], label: (r: CorpusRecord) => r.sentiment },
  concern: { classes: [...CONCERNS] as string[], label: (r: CorpusRecord) => r.concern },
} as const;
export type Head = keyof typeof HEADS;

export const TRAIN_OPTIONS = { epochs: 12, learningRate: 0.5, l2: 1e-5, seed: 20261123 };

export interface TrainedHead {
  head: Head;
  file: string;
  devAccuracy: number;
  temperature: number;
}

/**
 * What a model was trained on, in 16 hex digits: a model file whose digest differs from the
 * corpus the banks generate today (and the golden lines fitted beside it) is stale, even when the
 * counts happen to match.
 */
export function corpusDigest(train: CorpusRecord[], dev: CorpusRecord[], golden: GoldenLabel[] = []): string {
  const h = createHash('sha256');
  for (const r of train) h.update(JSON.stringify(r) + '\n');
  h.update('--dev--\n');
  for (const r of dev) h.update(JSON.stringify(r) + '\n');
  if (golden.length) {
    h.update('--golden--\n');
    for (const g of golden) h.update(JSON.stringify(g) + '\n');
  }
  return h.digest('hex').slice(0, 16);
}

/**
 * Trains one head on the corpus's train split and the golden lines labelled for it, calibrates
 * its temperature on the corpus's dev split, and returns the file's text.
 */
export function trainHead(
  head: Head,
  train: CorpusRecord[],
  dev: CorpusRecord[],
  golden: GoldenLabel[] = [],
): TrainedHead {
  const { classes, label } = HEADS[head];
  // The incident banks' records teach the concern head alone (CorpusRecord.concernOnly): the
  // other heads fit the language banks, and the file still names the whole corpus it came from.
  const toExamples = (list: CorpusRecord[]): Example[] =>
    list
      .filter((r) => head === 'concern' || !r.concernOnly)
      .map((r) => ({ x: featurize(r.text), y: classes.indexOf(label(r)) }));
  const trainEx = [
    ...toExamples(train),
    ...golden.map((g) => ({ x: featurize(g.text), y: classes.indexOf(g.label) })),
  ];
  if (trainEx.some((e) => e.y < 0)) throw new Error(`${head}: a golden label is not one of its classes`);
  const devEx = toExamples(dev);
  const raw = trainLinear(trainEx, classes, TRAIN_OPTIONS);
  const temperature = fitTemperature(raw, devEx);
  const model: LinearModel = { ...raw, temperature };
  const hits = devEx.filter((e) => predictVector(model, e.x).label === classes[e.y]).length;
  const devAccuracy = Math.round((devEx.length ? hits / devEx.length : 0) * 1000) / 1000;
  return {
    head,
    devAccuracy,
    temperature,
    file: serializeModel(head, model, {
      train: train.length,
      dev: dev.length,
      ...(golden.length ? { golden: golden.length } : {}),
      corpus: corpusDigest(train, dev, golden),
      devAccuracy,
    }),
  };
}
