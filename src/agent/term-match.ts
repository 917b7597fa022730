import { fold } from './offline/text.js';
import { NEGATIONS } from './lexicon.js';

/** A word list of src/agent/lexicon.ts and how it may match. */
export interface Lexicon {
  readonly terms: readonly string[];
  /** Phrases that contain a term but mean something else ("cancellation fee"). */
  readonly exclude?: readonly string[];
  /** No typo tolerance: for short everyday words where a typo is another word ("socks"). */
  readonly exact?: boolean;
}

export interface TermHit {
  /** The lexicon entry that matched. */
  term: string;
  /** Index of the matching word in the folded text's word list. */
  word: number;
}

/** Words of a text as the lexicon sees them: folded, apostrophes kept ("don't"). */
export function words(text: string): string[] {
  return (
    fold(text)
      .replace(/ł/g, 'l')
      .split(/[^a-z0-9']+/)
      .map((w) => w.replace(/^'+|(?<!')'+$/g, ''))
      .filter(Boolean)
      // French and Italian elisions are two words ("d'annuler" → d annuler); "don't" stays one.
      .flatMap((w) => {
        const m = /^(l|d|j|qu|n|s|m|t|c|un|dell|all|nell)'(.+)$/.exec(w);
        return m ? [m[1]!, m[2]!] : [w];
      })
  );
}

/**
 * Whether a word that turns the ask around (`turns`, asked of each index) stands before word `at`
 * with only `frame` words between, at most `reach` words back: "not asking for a refund",
 * "disregard my cancellation request". The walk stops at the first word that is neither.
 */
export function turnedThroughFrame(
  list: readonly string[],
  at: number,
  turns: (i: number) => boolean,
  frame: ReadonlySet<string>,
  reach: number,
): boolean {
  for (let i = at - 1; i >= Math.max(0, at - 1 - reach); i--) {
    if (turns(i)) return true;
    if (!frame.has(list[i]!)) return false;
  }
  return false;
}

/** Whether `seq` stands in `list` as consecutive words (both folded as `words` gives them). */
export function hasSequence(list: readonly string[], seq: readonly string[]): boolean {
  return list.some((_, i) => seq.every((w, k) => list[i + k] === w));
}

/** Optimal string alignment distance (Damerau–Levenshtein with adjacent transpositions). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [
    i,
    ...Array<number>(b.length).fill(0),
  ]);
  for (let j = 0; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

function typosAllowed(stem: string): number {
  return stem.length >= 9 ? 2 : stem.length >= 5 ? 1 : 0;
}

/** Whether one word begins with a stem, allowing the stem's typos. */
export function wordMatchesStem(word: string, stem: string): boolean {
  if (word.startsWith(stem)) return true;
  const k = typosAllowed(stem);
  if (k === 0 || word.length < stem.length - k) return false;
  // Typos are rarely in the first letter: checking it first keeps long messages cheap.
  if (word[0] !== stem[0] && !(word[0] === stem[1] && word[1] === stem[0])) return false;
  for (let len = Math.max(1, stem.length - k); len <= Math.min(word.length, stem.length + k); len++) {
    if (editDistance(word.slice(0, len), stem) <= k) return true;
  }
  return false;
}

/** Every place a lexicon matches a text (exclusions removed). */
export function findTerms(text: string, lexicon: Lexicon): TermHit[] {
  return findTermsIn(words(text), lexicon);
}

function findTermsIn(list: string[], lexicon: Lexicon): TermHit[] {
  const joined = ` ${list.join(' ')} `;
  const excluded = (lexicon.exclude ?? []).filter((e) => joined.includes(` ${e}`));
  // Each distinct word is judged once per term: a 40,000-character message of one repeated word
  // is one comparison per term, not 20,000.
  const positions = new Map<string, number[]>();
  list.forEach((w, i) => {
    const at = positions.get(w);
    if (at) at.push(i);
    else positions.set(w, [i]);
  });
  const hits: TermHit[] = [];
  for (const term of lexicon.terms) {
    if (term.includes(' ')) {
      // Phrases match whole words ("a return" is not "a returning customer").
      const parts = term.split(' ');
      for (const i of positions.get(parts[0]!) ?? []) {
        if (i + parts.length <= list.length && parts.every((p, j) => list[i + j] === p))
          hits.push({ term, word: i });
      }
      continue;
    }
    for (const [w, at] of positions) {
      // Short entries ("ok", "si", "no") must be the whole word; stems may carry endings and typos.
      const match =
        term.length <= 3 ? w === term : lexicon.exact ? w.startsWith(term) : wordMatchesStem(w, term);
      if (match) for (const i of at) hits.push({ term, word: i });
    }
  }
  if (!excluded.length) return hits;
  return hits.filter(
    (h) => !excluded.some((e) => list.slice(h.word, h.word + e.split(' ').length).join(' ') === e),
  );
}

const PHRASES = NEGATIONS.filter((n) => n.includes(' ')).map((n) => ({
  n: ` ${n} `,
  reach: n.split(' ').length + 2,
}));
const SINGLE = new Set(NEGATIONS.filter((n) => !n.includes(' ')));

/**
 * Whether the word at `at` of a text's `words` is negated by one of the three words before it
 * ("I don't want a refund"), or by a phrase ending at most two words before it ("en lugar de un
 * reembolso").
 */
export function isNegatedAt(list: readonly string[], at: number): boolean {
  if (list.slice(Math.max(0, at - 3), at).some((w) => SINGLE.has(w))) return true;
  return PHRASES.some(({ n, reach }) => ` ${list.slice(Math.max(0, at - reach), at).join(' ')} `.includes(n));
}

/** True when the text says something in the lexicon that is not negated. */
export function says(text: string, lexicon: Lexicon): boolean {
  // The words once: splitting the text again for every hit was quadratic in a long message of hits.
  const list = words(text);
  return findTermsIn(list, lexicon).some((h) => !isNegatedAt(list, h.word));
}
