import { buildTables, queryTerms, type IndexedDocument } from './kb-index-build.js';
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
 * other words, not typos of it); a word they do not contain is replaced by the closest word they
 * do contain (the one in most articles). That also keeps "coverage" honest: a question word counts as covered only by itself,
 * its longer forms, or its correction, never by a different word one letter away.
 */

export { processTerm, queryTerms, type IndexedDocument } from './kb-index-build.js';

/** How much a question word counts as covered by each kind of match (see `LexicalHit.coverage`). */
export const COVERAGE_WEIGHT = { exact: 1, prefix: 0.9, corrected: 0.9 } as const;

const PREFIX_WEIGHT = 0.375;
const CORRECTION_WEIGHT = 0.45;
/** Shorter words get no prefix matches ("pro" is not "product", "ship" is "shipment"). */
const PREFIX_MIN = 4;
/** The shortest stem a longer unknown word is taken to be a form of. */
const SHORTER_FORM_MIN = 5;
/** Past this many cached query words the cache starts over (hostile or endless new words). */
const MAX_CACHED_WORDS = 20_000;

/** An unknown word of four letters or fewer is more often a word the articles lack than a typo. */
function typosAllowed(term: string): number {
  return term.length >= 8 ? 2 : term.length >= 5 ? 1 : 0;
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
  const { ids, postings, vocabulary } = buildTables(documents);
  const n = ids.length;

  /**
   * A word the articles lack whose beginning they have: stemming is not perfect
   * ("internationally" → internation, "international" → intern).
   */
  function shorterForm(word: string): Expansion | undefined {
    for (let length = word.length - 1; length >= SHORTER_FORM_MIN; length--) {
      const id = vocabulary.get(word.slice(0, length));
      if (id === undefined) continue;
      const weight = (PREFIX_WEIGHT * length) / (length + 0.3 * (word.length - length));
      return { term: id, weight, coverage: COVERAGE_WEIGHT.prefix };
    }
    return undefined;
  }

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
    if (!hit.length) {
      const fix = shorterForm(word) ?? (k > 0 ? correction(word, k) : undefined);
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
  const touched = new Uint32Array(n);

  return {
    size: n,
    search(query, opts = {}) {
      const words = queryTerms(query);
      if (!words.length) return [];
      let count = 0;
      words.forEach((word, w) => {
        for (const e of expand(word)) {
          const p = postings[e.term]!;
          for (let j = 0; j < p.docs.length; j++) {
            const d = p.docs[j]!;
            if (lastWord[d] === -1) touched[count++] = d;
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
      for (let i = 0; i < count; i++) {
        const d = touched[i]!;
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
      for (let i = 0; i < count; i++) {
        const d = touched[i]!;
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
