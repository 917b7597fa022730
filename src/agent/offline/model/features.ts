import { fold } from '../text.js';
import { conceptsOf } from './lexicon.js';

/** Hashed feature space: 2^15 buckets keeps each model file under a megabyte. */
export const FEATURE_DIMS = 1 << 15;
/** Bumped whenever featurize() changes, so a stale model file is refused rather than misread. */
export const FEATURE_VERSION = 1;

/** A sparse, L2-normalized feature vector. */
export interface SparseVector {
  index: Int32Array;
  value: Float64Array;
}

/** FNV-1a, 32-bit: stable across runs and platforms, so a model trained once reads the same everywhere. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * Text as the models see it: accent-folded lower case, every run of digits one "0" (order
 * numbers and amounts carry no topic), money and order-number shapes kept as shapes.
 */
export function normalizeForModel(text: string): string {
  return fold(text)
    .replace(/[$€£¥]\s?\d[\d.,]*|(?<![\d.,])\d[\d.,]*\s?(?:€|eur|usd|zl|pln)\b/g, ' <money> ')
    .replace(/\d+/g, '0')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Features that survive typos and work in any script: character 2–4-grams inside each word
 * (with word boundaries, so "refnud" still shares "ref", "efn", "nd " with "refund"), plus whole
 * words and word pairs for phrasing, and the support concepts the lexicon finds (shared across
 * languages). Counts are log-damped and the vector L2-normalized.
 */
// The four heads read the same message one after another: keep its features once.
let last: { text: string; vector: SparseVector } | null = null;

export function featurize(text: string): SparseVector {
  if (last?.text === text) return last.vector;
  const vector = computeFeatures(text);
  last = { text, vector };
  return vector;
}

/** What the models read of a message: its intent is in its opening; the rest only costs time. */
const MODEL_TEXT_CHARS = 4000;

function computeFeatures(text: string): SparseVector {
  const counts = new Map<number, number>();
  const add = (key: string, weight: number) => {
    const h = hash(key) % FEATURE_DIMS;
    counts.set(h, (counts.get(h) ?? 0) + weight);
  };
  const normalized = normalizeForModel(text.slice(0, MODEL_TEXT_CHARS));
  for (const concept of conceptsOf(normalized)) add(`k:${concept}`, 4);
  const words = normalized.split(/[^\p{L}\p{N}<>']+/u).filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    add(`w:${w}`, 1);
    if (i > 0) add(`b:${words[i - 1]} ${w}`, 1);
    const padded = ` ${w} `;
    for (let n = 2; n <= 4; n++) {
      for (let j = 0; j + n <= padded.length; j++) add(`c${n}:${padded.slice(j, j + n)}`, 0.5);
    }
  }
  if (!words.length) add('empty', 1);
  const keys = [...counts.keys()].sort((a, b) => a - b);
  const value = new Float64Array(keys.length);
  let norm = 0;
  keys.forEach((k, i) => {
    const v = Math.log1p(counts.get(k)!);
    value[i] = v;
    norm += v * v;
  });
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < value.length; i++) value[i]! /= norm;
  return { index: Int32Array.from(keys), value };
}
