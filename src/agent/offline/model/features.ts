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

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a, 32-bit: stable across runs and platforms, so a model trained once reads the same everywhere. */
function hash(s: string): number {
  return hashOn(FNV_OFFSET, s) >>> 0;
}

/** FNV-1a state after `s` from state `h`: the hash of a + b continues the hash of a with b. */
function hashOn(h: number, s: string): number {
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), FNV_PRIME);
  return h;
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

const SPACE = 32;
const WORD = hashOn(FNV_OFFSET, 'w:');
const PAIR = hashOn(FNV_OFFSET, 'b:');
const GRAM = [0, 0, hashOn(FNV_OFFSET, 'c2:'), hashOn(FNV_OFFSET, 'c3:'), hashOn(FNV_OFFSET, 'c4:')];

// Counts per bucket for the message being featurized, and the buckets it touched: one buffer
// reused by every call (featurize runs to completion), cleared as it is read.
const counts = new Float64Array(FEATURE_DIMS);
const touched: number[] = [];

function add(h: number, weight: number): void {
  const bucket = (h >>> 0) % FEATURE_DIMS;
  if (counts[bucket] === 0) touched.push(bucket);
  counts[bucket]! += weight;
}

/**
 * The features described at featurize(). Each key ("w:refund", "b:my order", "c3:efu") is hashed
 * as it would be as a string, without building the string: FNV-1a runs left to right, so a key's
 * hash continues its prefix's. Weights are positive, so a bucket at 0 is one not yet touched.
 */
function computeFeatures(text: string): SparseVector {
  // A call that threw half way (it should not) must not leave its counts to the next.
  for (const b of touched.splice(0)) counts[b] = 0;
  const normalized = normalizeForModel(text.slice(0, MODEL_TEXT_CHARS));
  for (const concept of conceptsOf(normalized)) add(hash(`k:${concept}`), 4);
  const words = normalized.split(/[^\p{L}\p{N}<>']+/u).filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    add(hashOn(WORD, w), 1);
    if (i > 0) add(hashOn(Math.imul(hashOn(PAIR, words[i - 1]!) ^ SPACE, FNV_PRIME), w), 1);
    // Character n-grams of " w ": the padding spaces are positions -1 and w.length.
    const end = w.length;
    for (let n = 2; n <= 4; n++) {
      for (let j = -1; j + n <= end + 1; j++) {
        let h = GRAM[n]!;
        for (let k = j; k < j + n; k++)
          h = Math.imul(h ^ (k < 0 || k === end ? SPACE : w.charCodeAt(k)), FNV_PRIME);
        add(h, 0.5);
      }
    }
  }
  if (!words.length) add(hash('empty'), 1);
  const keys = Int32Array.from(touched).sort();
  touched.length = 0;
  const value = new Float64Array(keys.length);
  let norm = 0;
  for (let i = 0; i < keys.length; i++) {
    const v = Math.log1p(counts[keys[i]!]!);
    counts[keys[i]!] = 0;
    value[i] = v;
    norm += v * v;
  }
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < value.length; i++) value[i]! /= norm;
  return { index: keys, value };
}
