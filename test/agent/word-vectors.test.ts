import { statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/errors.js';
import {
  GENERAL_WORDS,
  extractWordVectors,
  type SourceEmbeddings,
} from '../../src/agent/train/word-vectors-extract.js';
import { WORD_VECTORS_FILE, decodeWordVectors, wordVectors } from '../../src/agent/word-vectors.js';
import { semanticFit, softCoverage } from '../../src/agent/semantic-signals.js';
import type { KbArticle } from '../../src/domain/index.js';

// A source shaped like the npm package's: words by frequency, each vector followed by its norm and rank.
const source: SourceEmbeddings = {
  dimensions: 3,
  words: ['the', ',', 'delete', '2020', 'remove', 'chair', 'banana', 'armrest'],
  vectors: {},
};
const raw: Record<string, number[]> = {
  the: [0.1, 0.1, 0.1],
  ',': [0.2, 0, 0],
  delete: [1, 0.1, 0],
  '2020': [0, 0, 1],
  remove: [0.9, 0.2, 0],
  chair: [0, 1, 0.1],
  banana: [0, -1, 0.5],
  armrest: [0.1, 0.9, 0.2],
};
source.words.forEach((w, i) => (source.vectors[w] = [...raw[w]!, 1, i]));

const article = (body: string): KbArticle => ({
  tenantId: 't',
  articleId: 'a',
  title: 'Deleting your account',
  category: 'account',
  tags: [],
  body,
  updatedAt: new Date(0),
});

describe('word vectors cut from the npm package by npm run train', () => {
  it('keeps the most frequent content words and the product’s own, drops what is never looked up, byte for byte the same', () => {
    const bytes = extractWordVectors(source, ['my armrest broke'], 2);
    expect(extractWordVectors(source, ['my armrest broke'], 2).equals(bytes)).toBe(true);
    const v = decodeWordVectors(bytes);
    // "the" (a stop word), "," and "2020" are never looked up; "delete" and "remove" are the two most
    // frequent content words; "armrest" is the product's, beyond the limit; "chair" is neither.
    expect(['delete', 'remove', 'armrest'].map((w) => v.index(w) >= 0)).toEqual([true, true, true]);
    expect(['the', ',', '2020', 'chair', 'banana'].map((w) => v.index(w))).toEqual([-1, -1, -1, -1, -1]);
    expect(v.cosine(v.index('delete'), v.index('remove'))).toBeGreaterThan(0.95);
    expect(v.cosine(v.index('delete'), v.index('armrest'))).toBeLessThan(0.3);
    // A frequent word says less than a rare one; an unknown word says the most.
    expect(v.weight('delete')).toBeLessThan(v.weight('armrest'));
    expect(v.weight('zzz')).toBe(1);
  });

  it('a file cut short is refused with the command that rebuilds it', () => {
    const bytes = extractWordVectors(source, [], 8);
    expect(() => decodeWordVectors(bytes.subarray(0, bytes.length - 1))).toThrow(ConfigError);
    expect(() => decodeWordVectors(bytes.subarray(0, bytes.length - 1))).toThrow(/npm run train/);
  });

  it('soft coverage counts a word the article says in other words, and nothing for one it lacks', () => {
    const v = decodeWordVectors(extractWordVectors(source, ['banana'], 8));
    const a = article('You can delete your account.');
    expect(softCoverage(v, ['delete'], a)).toBe(1);
    expect(softCoverage(v, ['remove'], a)).toBeGreaterThan(0.95);
    expect(softCoverage(v, ['banana'], a)).toBeLessThan(0.1);
    expect(softCoverage(v, ['dogecoin'], a)).toBe(0);
    // Questions not in English keep the lexical ranking.
    expect(semanticFit('es', 'remove', a, () => v)).toBe(1);
    expect(semanticFit('en', 'remove', a, () => v)).toBeGreaterThan(0.95);
    expect(semanticFit('en', 'banana', a, () => v)).toBeLessThan(0.6);
  });

  it('the committed file holds the help center’s words and common ones, in a few MB', () => {
    const v = wordVectors()!;
    for (const w of ['warranty', 'deletion', 'authenticator', 'staff', 'shut', 'swap', 'downtime'])
      expect(v.index(w), w).toBeGreaterThanOrEqual(0);
    expect(v.cosine(v.index('staff'), v.index('employees'))).toBeGreaterThan(0.5);
    expect(statSync(WORD_VECTORS_FILE).size).toBeLessThan(GENERAL_WORDS * 100 * 1.5);
  });
});
