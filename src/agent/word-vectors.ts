import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ConfigError } from '../errors.js';
import { MODEL_DIR } from './offline/model/models.js';

/**
 * Pretrained English word vectors, cut down by `npm run train` to the words the product meets
 * (kb/, the training corpus, the golden training splits and the most frequent general words) and
 * quantised to int8: the offline engine's sense of which words mean alike ("staff" is near
 * "members", "shut" near "closed"). The runtime reads only this file, never the npm package it came from.
 *
 * Layout (little-endian): "SWV1", uint32 header length, the header (JSON), the words joined by
 * "\n", one uint32 frequency rank per word (0 = the most frequent word of the source), then one
 * int8 vector per word (each scaled so its largest component is ±127; only directions matter).
 */
export const WORD_VECTORS_FILE = path.join(MODEL_DIR, 'word-vectors.bin');
const MAGIC = 'SWV1';

export const WordVectorsHeaderSchema = z.object({
  format: z.literal('switchboard-word-vectors/1'),
  source: z.string(),
  dimensions: z.number().int().positive(),
  count: z.number().int().nonnegative(),
  /** Size of the source's vocabulary: the denominator of a word's estimated frequency. */
  sourceSize: z.number().int().positive(),
  wordsBytes: z.number().int().nonnegative(),
});
export type WordVectorsHeader = z.infer<typeof WordVectorsHeaderSchema>;

export interface WordVectors {
  readonly dimensions: number;
  /** The word's row, or -1 when the file has no vector for it. */
  index(word: string): number;
  /** Cosine similarity of two rows. */
  cosine(a: number, b: number): number;
  /**
   * How much a word says (smooth inverse frequency, a / (a + p(word)) with p from the word's rank by
   * Zipf's law): a word of rank 10 ≈ 0.1, of rank 1,000 ≈ 0.9; a word the file lacks 1.
   */
  weight(word: string): number;
}

const SIF_A = 1e-3;

/** The bytes of a word-vectors file (the train side writes exactly what this reads). */
export function encodeWordVectors(
  header: Omit<WordVectorsHeader, 'format' | 'count' | 'wordsBytes'>,
  rows: Array<{ word: string; rank: number; vector: Int8Array }>,
): Buffer {
  const words = Buffer.from(rows.map((r) => r.word).join('\n'), 'utf8');
  const head = Buffer.from(
    JSON.stringify({
      format: 'switchboard-word-vectors/1',
      ...header,
      count: rows.length,
      wordsBytes: words.length,
    }),
    'utf8',
  );
  const prefix = Buffer.alloc(8);
  prefix.write(MAGIC, 0, 'latin1');
  prefix.writeUInt32LE(head.length, 4);
  const ranks = Buffer.alloc(rows.length * 4);
  rows.forEach((r, i) => ranks.writeUInt32LE(r.rank, i * 4));
  const vectors = Buffer.alloc(rows.length * header.dimensions);
  rows.forEach((r, i) =>
    vectors.set(new Uint8Array(r.vector.buffer, r.vector.byteOffset, r.vector.length), i * header.dimensions),
  );
  return Buffer.concat([prefix, head, words, ranks, vectors]);
}

export function decodeWordVectors(bytes: Buffer, file = 'word vectors'): WordVectors {
  const bad = (why: string) => new ConfigError(`${file}: ${why}; run npm run train`);
  if (bytes.length < 8 || bytes.toString('latin1', 0, 4) !== MAGIC) throw bad('not a word-vectors file');
  const headLength = bytes.readUInt32LE(4);
  const parsed = WordVectorsHeaderSchema.safeParse(JSON.parse(bytes.toString('utf8', 8, 8 + headLength)));
  if (!parsed.success) throw bad('unknown header');
  const { dimensions: d, count, sourceSize, wordsBytes } = parsed.data;
  let at = 8 + headLength;
  const words = count ? bytes.toString('utf8', at, at + wordsBytes).split('\n') : [];
  at += wordsBytes;
  if (words.length !== count || bytes.length !== at + count * 4 + count * d) throw bad('truncated');
  const rows = new Map<string, number>();
  const weights = new Float32Array(count);
  const logSize = Math.log(sourceSize);
  words.forEach((w, i) => {
    rows.set(w, i);
    const p = 1 / ((bytes.readUInt32LE(at + i * 4) + 1) * logSize);
    weights[i] = SIF_A / (SIF_A + p);
  });
  at += count * 4;
  // A view on the file's bytes, not a copy: 1 byte per component, held once.
  const q = new Int8Array(bytes.buffer, bytes.byteOffset + at, count * d);
  const inverseNorm = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    let s = 0;
    for (let j = i * d; j < (i + 1) * d; j++) s += q[j]! * q[j]!;
    inverseNorm[i] = s ? 1 / Math.sqrt(s) : 0;
  }
  return {
    dimensions: d,
    index: (word) => rows.get(word) ?? -1,
    cosine(a, b) {
      let dot = 0;
      const ea = a * d;
      const eb = b * d;
      for (let j = 0; j < d; j++) dot += q[ea + j]! * q[eb + j]!;
      return dot * inverseNorm[a]! * inverseNorm[b]!;
    },
    weight: (word) => {
      const row = rows.get(word);
      return row === undefined ? 1 : weights[row]!;
    },
  };
}

let cached: WordVectors | null | undefined;

/** The committed vectors; null when the file is absent (semantic signals are then left out). */
export function wordVectors(): WordVectors | null {
  if (cached !== undefined) return cached;
  if (!existsSync(WORD_VECTORS_FILE)) return (cached = null);
  return (cached = decodeWordVectors(readFileSync(WORD_VECTORS_FILE), WORD_VECTORS_FILE));
}

/** For training and tests: use these vectors (null: none; undefined: read the file again). */
export function useWordVectors(vectors: WordVectors | null | undefined): void {
  cached = vectors;
}
