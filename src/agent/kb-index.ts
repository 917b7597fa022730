import SearchableMap from 'minisearch/SearchableMap';
import { fold } from './offline/text.js';
import { editDistance } from './term-match.js';

/**
 * The lexical index behind knowledge-base search: BM25 over title, tags and body (the scoring
 * MiniSearch uses, with its field boosts and prefix weights), but with every term's per-article
 * score computed once at build time into flat arrays. A search then only adds numbers: at 5,000
 * articles a query costs a fraction of a millisecond instead of MiniSearch's several, whose time
 * went into per-posting objects and fuzzy expansion of every query word.
 *
 * Typo tolerance is a spelling correction against the index's own vocabulary, decided once per
 * query word and cached: a word the articles contain is taken as written (its near neighbours are
 * other words, not typos of it); a word they do not contain is replaced by the closest words they
 * do contain. That also keeps "coverage" honest: a question word counts as covered only by itself,
 * its longer forms, or its correction, never by a different word one letter away.
 */

const STOP = new Set(
  (
    'a an the i me my we our us you your it its is are was were be been do does did have has had to of in on at for with and or ' +
    'but if so this that can could would should will please hi hello hey what how when where why which who there just about ' +
    'any get got need want know tell'
  ).split(' '),
);

/** A search term as the index stores it: folded, stop words dropped, light stemming. */
export function processTerm(term: string): string | null {
  const t = fold(term).replace(/[^a-z0-9]/g, '');
  if (t.length < 2 || STOP.has(t)) return null;
  // Light stemming so "returns"/"returned"/"returning" meet "return".
  return t.length > 4 ? t.replace(/(?:ing|ed|es|s)$/, '') : t;
}

const SPACE_OR_PUNCTUATION = /[\n\r\p{Z}\p{P}]+/u;

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

/** How much a question word counts as covered by each kind of match (see `LexicalHit.coverage`). */
export const COVERAGE_WEIGHT = { exact: 1, prefix: 0.9, corrected: 0.9 } as const;

const FIELDS = ['title', 'tags', 'body'] as const;
const BOOST = { title: 2.5, tags: 2, body: 1 } as const;
// MiniSearch's defaults, so rankings stay what the knowledge base was tuned with.
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };
const PREFIX_WEIGHT = 0.375;
const CORRECTION_WEIGHT = 0.45;
/** Shorter words get no prefix matches ("pro" is not "product", "ship" is "shipment"). */
const PREFIX_MIN = 4;
/** Past this many cached query words the cache starts over (hostile or endless new words). */
const MAX_CACHED_WORDS = 20_000;

function typosAllowed(term: string): number {
  return term.length >= 8 ? 2 : term.length >= 4 ? 1 : 0;
}

interface Posting {
  docs: Uint32Array;
  /** The term's BM25 score in each document, field boosts applied and summed. */
  scores: Float32Array;
  /** 1 where the term is in the document's title. */
  title: Uint8Array;
}

interface Expansion {
  term: number;
  /** Scoring weight (MiniSearch's: 1 exact, less for longer forms and corrections). */
  weight: number;
  /** How far it covers the question word (COVERAGE_WEIGHT). */
  coverage: number;
}

export interface LexicalHit {
  id: string;
  score: number;
  /**
   * How much of the question the article covers, 0–1: per question word 1 when the article has
   * it, a little less when it has only a longer form of it or a spelling correction of it.
   */
  coverage: number;
  /** Whether a question word (or its longer form or correction) is in the article's title. */
  titleHit: boolean;
}

export interface LexicalIndex {
  readonly size: number;
  search(query: string, opts?: { filter?: (id: string) => boolean; limit?: number }): LexicalHit[];
}

export function buildLexicalIndex(documents: readonly IndexedDocument[]): LexicalIndex {
  const ids = documents.map((d) => d.id);
  const n = documents.length;
  // Per field: each document's term frequencies and length (in tokens, as MiniSearch counts).
  const termIds = new Map<string, number>();
  const freqs: Array<Array<Map<number, number>>> = FIELDS.map(() => []);
  const lengths = FIELDS.map(() => new Float64Array(n));
  documents.forEach((doc, d) => {
    FIELDS.forEach((field, f) => {
      const tokens = doc[field].split(SPACE_OR_PUNCTUATION).filter(Boolean);
      lengths[f]![d] = tokens.length;
      const tf = new Map<number, number>();
      for (const token of tokens) {
        const term = processTerm(token);
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

  /**
   * A word the articles do not contain, corrected to the closest one they do (Levenshtein k+1
   * holds every single transposition: "retrun"): the same first letter (typos rarely hit it, or
   * swap it with the second), and of equally close words the one in most articles.
   */
  function correction(word: string, k: number): Expansion | undefined {
    let best: { id: number; distance: number; docs: number } | undefined;
    for (const [term, [id]] of vocabulary.fuzzyGet(word, k + 1)) {
      if (term[0] !== word[0] && !(term[0] === word[1] && term[1] === word[0])) continue;
      const distance = editDistance(word, term);
      const docs = postings[id]!.docs.length;
      if (
        distance > k ||
        (best && (distance > best.distance || (distance === best.distance && docs <= best.docs)))
      )
        continue;
      best = { id, distance, docs };
    }
    if (!best) return undefined;
    const length = word.length;
    return {
      term: best.id,
      weight: (CORRECTION_WEIGHT * length) / (length + best.distance),
      coverage: COVERAGE_WEIGHT.corrected,
    };
  }

  const cache = new Map<string, Expansion[]>();
  function expand(word: string): Expansion[] {
    let hit = cache.get(word);
    if (hit) return hit;
    hit = [];
    const exact = vocabulary.get(word);
    if (exact !== undefined) hit.push({ term: exact, weight: 1, coverage: COVERAGE_WEIGHT.exact });
    if (word.length >= PREFIX_MIN) {
      for (const [term, id] of vocabulary.atPrefix(word)) {
        if (term === word) continue;
        const weight = (PREFIX_WEIGHT * term.length) / (term.length + 0.3 * (term.length - word.length));
        hit.push({ term: id, weight, coverage: COVERAGE_WEIGHT.prefix });
      }
    }
    const k = typosAllowed(word);
    if (!hit.length && k > 0) {
      const fix = correction(word, k);
      if (fix) hit.push(fix);
    }
    if (cache.size >= MAX_CACHED_WORDS) cache.clear();
    cache.set(word, hit);
    return hit;
  }

  // Scratch space reused by every search (searches are synchronous, so never shared).
  const score = new Float64Array(n);
  const covered = new Float64Array(n);
  const lastWord = new Int32Array(n).fill(-1);
  const lastCoverage = new Float64Array(n);
  const titled = new Uint8Array(n);
  const matchedWords = new Uint32Array(n);

  return {
    size: n,
    search(query, opts = {}) {
      const words = queryTerms(query);
      if (!words.length) return [];
      const touched: number[] = [];
      words.forEach((word, w) => {
        for (const e of expand(word)) {
          const p = postings[e.term]!;
          for (let j = 0; j < p.docs.length; j++) {
            const d = p.docs[j]!;
            if (lastWord[d] === -1) touched.push(d);
            score[d] = score[d]! + e.weight * p.scores[j]!;
            if (p.title[j]) titled[d] = 1;
            if (lastWord[d] !== w) {
              lastWord[d] = w;
              lastCoverage[d] = e.coverage;
              covered[d] = covered[d]! + e.coverage;
              matchedWords[d] = matchedWords[d]! + 1;
            } else if (e.coverage > lastCoverage[d]!) {
              covered[d] = covered[d]! + e.coverage - lastCoverage[d]!;
              lastCoverage[d] = e.coverage;
            }
          }
        }
      });
      // The best `limit` articles that pass the filter, kept in order (limit is small).
      const limit = opts.limit ?? Infinity;
      const best: Array<{ d: number; score: number }> = [];
      for (const d of touched) {
        // As MiniSearch: an article matching more of the question's words ranks higher.
        const s = score[d]! * matchedWords[d]!;
        const fitsIn = best.length < limit || s > best[best.length - 1]!.score;
        if (fitsIn && (!opts.filter || opts.filter(ids[d]!))) {
          let at = best.length;
          while (at > 0 && best[at - 1]!.score < s) at--;
          best.splice(at, 0, { d, score: s });
          if (best.length > limit) best.pop();
        }
      }
      const hits = best.map(({ d, score: s }) => ({
        id: ids[d]!,
        score: s,
        coverage: covered[d]! / words.length,
        titleHit: titled[d] === 1,
      }));
      for (const d of touched) {
        score[d] = 0;
        covered[d] = 0;
        lastWord[d] = -1;
        lastCoverage[d] = 0;
        titled[d] = 0;
        matchedWords[d] = 0;
      }
      return hits;
    },
  };
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
