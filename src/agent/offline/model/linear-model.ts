import { FEATURE_DIMS, featurize, type SparseVector } from './features.js';

/** A multinomial logistic regression over hashed features, with a calibration temperature. */
export interface LinearModel {
  classes: string[];
  dims: number;
  /** Row-major: weights[c * dims + feature]. */
  weights: Float32Array;
  bias: Float32Array;
  /** Logits are divided by this before the softmax (fitted on the dev split). */
  temperature: number;
}

export interface Prediction {
  label: string;
  /** Calibrated probability of `label`. */
  probability: number;
  probabilities: Record<string, number>;
}

function logits(
  model: Pick<LinearModel, 'dims' | 'weights' | 'bias'>,
  x: SparseVector,
  n: number,
): Float64Array {
  const out = new Float64Array(n);
  for (let c = 0; c < n; c++) {
    let s = model.bias[c]!;
    const row = c * model.dims;
    for (let i = 0; i < x.index.length; i++) s += model.weights[row + x.index[i]!]! * x.value[i]!;
    out[c] = s;
  }
  return out;
}

export function softmax(z: Float64Array, temperature = 1): Float64Array {
  const out = new Float64Array(z.length);
  let max = -Infinity;
  for (const v of z) max = Math.max(max, v / temperature);
  let sum = 0;
  for (let i = 0; i < z.length; i++) sum += out[i] = Math.exp(z[i]! / temperature - max);
  for (let i = 0; i < z.length; i++) out[i]! /= sum;
  return out;
}

export function predictVector(model: LinearModel, x: SparseVector): Prediction {
  return prediction(model, logits(model, x, model.classes.length));
}

function prediction(model: LinearModel, z: Float64Array): Prediction {
  const p = softmax(z, model.temperature);
  let best = 0;
  for (let c = 1; c < p.length; c++) if (p[c]! > p[best]!) best = c;
  const probabilities: Record<string, number> = {};
  model.classes.forEach((c, i) => (probabilities[c] = p[i]!));
  return { label: model.classes[best]!, probability: p[best]!, probabilities };
}

/**
 * Heads that read the same features, their weights side by side feature by feature
 * (w[feature * width + offset + c]). Each class row of a head is megabytes long, so a message's
 * few hundred features cost one scattered read per class per head; side by side, every head's
 * weights for a feature are one short run, read once for all heads.
 */
interface Joint {
  models: LinearModel[];
  offsets: number[];
  width: number;
  /** Built on the first prediction (3 MB for the four heads), not at start-up. */
  w?: Float32Array;
}
const jointOf = new WeakMap<LinearModel, Joint>();

/** Lays the heads' weights side by side: predict() then reads a message once for all of them. */
export function readTogether(models: LinearModel[]): void {
  const dims = models[0]?.dims;
  if (dims === undefined || models.some((m) => m.dims !== dims)) return;
  // Each agent made lays them out again: the same heads keep the matrix they have.
  const same = jointOf.get(models[0]!);
  if (same?.models.length === models.length && same.models.every((m, k) => m === models[k])) return;
  const offsets: number[] = [];
  let width = 0;
  for (const m of models) {
    offsets.push(width);
    width += m.classes.length;
  }
  const joint: Joint = { models, offsets, width };
  for (const m of models) jointOf.set(m, joint);
}

function sideBySide({ models, offsets, width }: Joint): Float32Array {
  const dims = models[0]!.dims;
  const w = new Float32Array(dims * width);
  models.forEach((m, k) => {
    for (let c = 0; c < m.classes.length; c++)
      for (let f = 0; f < dims; f++) w[f * width + offsets[k]! + c] = m.weights[c * dims + f]!;
  });
  return w;
}

/** Every head's logits in one pass: per class the bias, then the features in order, as logits() sums them. */
function jointPredictions(joint: Joint, x: SparseVector): Prediction[] {
  const { models, offsets, width } = joint;
  const w = (joint.w ??= sideBySide(joint));
  const z = new Float64Array(width);
  models.forEach((m, k) => {
    for (let c = 0; c < m.classes.length; c++) z[offsets[k]! + c] = m.bias[c]!;
  });
  for (let i = 0; i < x.index.length; i++) {
    const row = x.index[i]! * width;
    const v = x.value[i]!;
    for (let j = 0; j < width; j++) z[j]! += w[row + j]! * v;
  }
  return models.map((m, k) => prediction(m, z.subarray(offsets[k]!, offsets[k]! + m.classes.length)));
}

// What each head last read: the heads read one message one after another (the concern head
// twice), and featurize() hands back the same vector for the same text.
const lastPrediction = new WeakMap<LinearModel, { x: SparseVector; p: Prediction }>();

/** The model's reading of a text. The prediction may be shared with an earlier call: read it, do not change it. */
export function predict(model: LinearModel, text: string): Prediction {
  const x = featurize(text);
  const last = lastPrediction.get(model);
  if (last?.x === x) return last.p;
  const joint = jointOf.get(model);
  if (!joint) {
    const p = predictVector(model, x);
    lastPrediction.set(model, { x, p });
    return p;
  }
  const all = jointPredictions(joint, x);
  joint.models.forEach((m, k) => lastPrediction.set(m, { x, p: all[k]! }));
  return all[joint.models.indexOf(model)]!;
}

export interface TrainOptions {
  epochs: number;
  learningRate: number;
  /** L2 penalty, applied to the features a step touches. */
  l2: number;
  seed: number;
}

export interface Example {
  x: SparseVector;
  y: number;
}

/** mulberry32: a tiny seeded generator, so the shuffle (and so the model) is the same every run. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Stochastic gradient descent on the cross-entropy, classes weighted by inverse frequency so a
 * rare intent is not drowned by a common one. Deterministic: a fixed seed orders the examples.
 */
export function trainLinear(
  examples: Example[],
  classes: string[],
  options: TrainOptions,
): Omit<LinearModel, 'temperature'> {
  const n = classes.length;
  const dims = FEATURE_DIMS;
  const w = new Float64Array(n * dims);
  const b = new Float64Array(n);
  const freq = new Float64Array(n);
  for (const e of examples) freq[e.y]!++;
  const classWeight = Array.from(freq, (f) => (f ? examples.length / (n * f) : 0));
  const random = rng(options.seed);
  const order = examples.map((_, i) => i);
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    const lr = options.learningRate / (1 + epoch * 0.2);
    for (const k of order) {
      const { x, y } = examples[k]!;
      const p = softmax(
        logits({ dims, weights: w as unknown as Float32Array, bias: b as unknown as Float32Array }, x, n),
      );
      const cw = classWeight[y]!;
      for (let c = 0; c < n; c++) {
        const g = (p[c]! - (c === y ? 1 : 0)) * cw;
        b[c]! -= lr * g;
        const row = c * dims;
        for (let i = 0; i < x.index.length; i++) {
          const f = row + x.index[i]!;
          w[f]! -= lr * (g * x.value[i]! + options.l2 * w[f]!);
        }
      }
    }
  }
  return { classes, dims, weights: Float32Array.from(w), bias: Float32Array.from(b) };
}

/** The temperature that minimizes the negative log-likelihood on held-out examples (grid search). */
export function fitTemperature(model: Omit<LinearModel, 'temperature'>, heldOut: Example[]): number {
  const z = heldOut.map((e) => ({ z: logits(model, e.x, model.classes.length), y: e.y }));
  let best = 1;
  let bestLoss = Infinity;
  for (let t = 0.2; t <= 5.0001; t += 0.05) {
    const temp = Math.round(t * 100) / 100;
    let loss = 0;
    for (const { z: l, y } of z) loss -= Math.log(Math.max(1e-12, softmax(l, temp)[y]!));
    if (loss < bestLoss - 1e-9) {
      bestLoss = loss;
      best = temp;
    }
  }
  return best;
}
