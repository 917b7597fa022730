import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ConfigError } from '../../../errors.js';
import { FEATURE_DIMS, FEATURE_VERSION } from './features.js';
import type { LinearModel } from './linear-model.js';

/**
 * On disk: weights quantized to int16 with one scale per model, base64 in JSON. Quantizing
 * keeps a model under a megabyte and makes the file byte-identical whenever training is.
 */
export const ModelFileSchema = z.object({
  format: z.literal('switchboard-linear/1'),
  head: z.string(),
  featureVersion: z.literal(FEATURE_VERSION),
  dims: z.literal(FEATURE_DIMS),
  classes: z.array(z.string()).min(2),
  temperature: z.number().positive(),
  scale: z.number().positive(),
  bias: z.array(z.number()),
  weights: z.string(),
  /** Figures from training, for people reading the file. */
  trainedOn: z.object({
    train: z.number(),
    dev: z.number(),
    /** Golden messages fitted beside the corpus (train/golden-labels.ts), when any were. */
    golden: z.number().optional(),
    /** The training corpus's digest (train.ts `corpusDigest`): which corpus, not only its size. */
    corpus: z.string().optional(),
    devAccuracy: z.number(),
  }),
});
export type ModelFile = z.infer<typeof ModelFileSchema>;

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

export function serializeModel(head: string, model: LinearModel, trainedOn: ModelFile['trainedOn']): string {
  let maxAbs = 0;
  for (const v of model.weights) maxAbs = Math.max(maxAbs, Math.abs(v));
  const scale = maxAbs / 32767 || 1;
  const q = new Int16Array(model.weights.length);
  for (let i = 0; i < q.length; i++) q[i] = Math.round(model.weights[i]! / scale);
  const file: ModelFile = {
    format: 'switchboard-linear/1',
    head,
    featureVersion: FEATURE_VERSION,
    dims: FEATURE_DIMS,
    classes: model.classes,
    temperature: model.temperature,
    scale,
    bias: Array.from(model.bias, round6),
    trainedOn,
    weights: Buffer.from(q.buffer, q.byteOffset, q.byteLength).toString('base64'),
  };
  return `${JSON.stringify(file)}\n`;
}

export function parseModel(json: string, source: string): LinearModel {
  const parsed = ModelFileSchema.safeParse(JSON.parse(json));
  if (!parsed.success)
    throw new ConfigError(`model file ${source} is not a switchboard model (run npm run train)`);
  const f = parsed.data;
  // Copied into a fresh buffer: a pooled Buffer may start at an odd offset, which Int16Array refuses.
  const bytes = new Uint8Array(Buffer.from(f.weights, 'base64'));
  const q = new Int16Array(bytes.buffer, 0, bytes.byteLength >> 1);
  if (q.length !== f.classes.length * f.dims)
    throw new ConfigError(`model file ${source} has the wrong size`);
  const weights = new Float32Array(q.length);
  for (let i = 0; i < q.length; i++) weights[i] = q[i]! * f.scale;
  return {
    classes: f.classes,
    dims: f.dims,
    weights,
    bias: Float32Array.from(f.bias),
    temperature: f.temperature,
  };
}

export function loadModelFile(path: string): LinearModel {
  return parseModel(readFileSync(path, 'utf8'), path);
}
