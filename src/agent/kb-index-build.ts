import SearchableMap from 'minisearch/SearchableMap';
import { stemmer } from 'stemmer';
import { eng } from 'stopword';
import { fold } from './offline/text.js';

/** Building the lexical index of kb-index.ts: terms, BM25 scores per term and article. */

const STOP = new Set(
  (
    'a an the i me my we our us you your it its is are was were be been do does did have has had to of in on at for with and or ' +
    'but if so this that can could would should will please hi hello hey what how when where why which who there just about ' +
    'any get got need want know tell ' +
    // Conversational filler: a question that says "roughly" or "stuff" is no less about its topic.
    'roughly stuff thing things basically actually exactly quick question wondering wonder guys pls plz thx thanks ' +
    'lol ok okay usually normally typically currently anyone someone whats idea again yes really maybe'
  )
    .split(' ')
    // A general English list on top: "take", "way", "now", "still" say nothing about the topic.
    .concat(eng),
);

/** A word that says nothing about the topic (folded, lower-case). */
export function isStopWord(word: string): boolean {
  return STOP.has(word);
}

/** A search term as the index stores it: folded, stop words dropped, light stemming. */
/**
 * No word is longer than this: spelling correction and stemming of a 40,000-character "word" (a
 * hostile message) would cost seconds; no article term is that long.
 */
const MAX_TERM_CHARS = 40;

export function processTerm(term: string): string | null {
  if (term.length > MAX_TERM_CHARS * 4) return null;
  const t = fold(term).replace(/[^a-z0-9]/g, '');
  if (t.length < 2 || t.length > MAX_TERM_CHARS || STOP.has(t)) return null;
  // Porter stemming: "returns"/"returned" meet "return", "prices" meets "price", "deliveries" "delivery".
  return /^\d+$/.test(t) ? t : stemmer(t);
}

export const SPACE_OR_PUNCTUATION = /[\n\r\p{Z}\p{P}]+/u;

/** The distinct search terms of a text, in order. */
export function queryTerms(text: string): string[] {
  const out = new Set<string>();
  for (const token of text.split(SPACE_OR_PUNCTUATION)) {
    const t = processTerm(token);
    if (t) out.add(t);
  }
  return [...out];
}

export interface IndexedDocument {
  id: string;
  title: string;
  tags: string;
  body: string;
}

const FIELDS = ['title', 'tags', 'body'] as const;
const BOOST = { title: 2.5, tags: 2, body: 1 } as const;
// MiniSearch's defaults, so rankings stay what the knowledge base was tuned with.
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };

export interface Posting {
  docs: Uint32Array;
  /** The term's BM25 score in each document, field boosts applied and summed. */
  scores: Float32Array;
  /** 1 where the term is in the document's title. */
  title: Uint8Array;
}

/** What a search needs, and nothing of the build's working tables (they are garbage after it). */
export interface IndexTables {
  ids: string[];
  /** Posting lists by term id. */
  postings: Posting[];
  /** Term → term id, searchable by prefix and edit distance. */
  vocabulary: SearchableMap<number>;
}

export function buildTables(documents: readonly IndexedDocument[]): IndexTables {
  const ids = documents.map((d) => d.id);
  const n = documents.length;
  // Per field: each document's term frequencies and length (in tokens, as MiniSearch counts).
  const termIds = new Map<string, number>();
  // Stemming is the costly part of a build and articles repeat their words: once per token.
  const processed = new Map<string, string | null>();
  const freqs: Array<Array<Map<number, number>>> = FIELDS.map(() => []);
  const lengths = FIELDS.map(() => new Float64Array(n));
  documents.forEach((doc, d) => {
    FIELDS.forEach((field, f) => {
      const tokens = doc[field].split(SPACE_OR_PUNCTUATION).filter(Boolean);
      lengths[f]![d] = tokens.length;
      const tf = new Map<number, number>();
      for (const token of tokens) {
        let term = processed.get(token);
        if (term === undefined) processed.set(token, (term = processTerm(token)));
        if (!term) continue;
        let id = termIds.get(term);
        if (id === undefined) termIds.set(term, (id = termIds.size));
        tf.set(id, (tf.get(id) ?? 0) + 1);
      }
      freqs[f]![d] = tf;
    });
  });
  const postings = buildPostings(termIds.size, n, freqs, lengths);
  const vocabulary = new SearchableMap<number>();
  for (const [term, id] of termIds) vocabulary.set(term, id);
  return { ids, postings, vocabulary };
}

function buildPostings(
  terms: number,
  n: number,
  freqs: Array<Array<Map<number, number>>>,
  lengths: Float64Array[],
): Posting[] {
  // Documents per term and field (BM25's document frequency), and the average field lengths.
  const df = FIELDS.map(() => new Uint32Array(terms));
  freqs.forEach((byDoc, f) => byDoc.forEach((tf) => tf.forEach((_, t) => df[f]![t]!++)));
  const avg = lengths.map((l) => (n ? l.reduce((s, x) => s + x, 0) / n : 0) || 1);
  const docs: number[][] = Array.from({ length: terms }, () => []);
  const scores: number[][] = Array.from({ length: terms }, () => []);
  const title: number[][] = Array.from({ length: terms }, () => []);
  for (let d = 0; d < n; d++) {
    const perTerm = new Map<number, { score: number; title: number }>();
    FIELDS.forEach((field, f) => {
      freqs[f]![d]!.forEach((tf, t) => {
        const idf = Math.log(1 + (n - df[f]![t]! + 0.5) / (df[f]![t]! + 0.5));
        const norm = tf + BM25.k * (1 - BM25.b + (BM25.b * lengths[f]![d]!) / avg[f]!);
        const s = BOOST[field] * idf * (BM25.d + (tf * (BM25.k + 1)) / norm);
        const entry = perTerm.get(t) ?? { score: 0, title: 0 };
        entry.score += s;
        if (field === 'title') entry.title = 1;
        perTerm.set(t, entry);
      });
    });
    for (const [t, e] of perTerm) {
      docs[t]!.push(d);
      scores[t]!.push(e.score);
      title[t]!.push(e.title);
    }
  }
  return docs.map((list, t) => ({
    docs: Uint32Array.from(list),
    scores: Float32Array.from(scores[t]!),
    title: Uint8Array.from(title[t]!),
  }));
}
