// eslint-disable-next-line no-control-regex -- ASCII is every code from 0 to 127, controls included
const ASCII = /^[\x00-\x7f]*$/;

/** Lower-case, accents folded, typographic quotes straightened: what the cue patterns expect. */
export function fold(text: string): string {
  // Most texts are ASCII, where NFD changes nothing and no mark or typographic quote can occur:
  // the same result without the Unicode passes (fold runs ~130 times a message).
  if (ASCII.test(text)) return (text.includes('`') ? text.replace(/`/g, "'") : text).toLowerCase();
  return text.normalize('NFD').replace(/\p{M}/gu, '').replace(/[’‘`]/g, "'").toLowerCase();
}

/**
 * A pattern of substrings in scripts without spaces (Japanese, Chinese, Thai, Arabic…), folded as
 * `fold` folds the text it is tested on: Thai vowel signs and Japanese voicing marks dropped.
 */
export function foldedPattern(terms: string): RegExp {
  return new RegExp(terms.normalize('NFD').replace(/\p{M}/gu, ''), 'u');
}

const STOPWORDS = new Set(
  (
    'a an the i me my we our us you your it its is are was were be been am do does did have has had to of in on at for ' +
    'with and or but if so this that these those can could would should will please hi hello hey there just ' +
    'el la los las un una de del y o que mi mis por para con es esta le les des du et ou je ma mes mon pour avec est ' +
    'der die das ein eine und oder ich mein meine ist mit fur o a os as um uma e eu meu minha com para'
  ).split(' '),
);

/** Crude suffix stripping: enough for "shipped/shipping/ships" to meet, language-agnostic. */
function stem(word: string): string {
  if (word.length <= 4) return word;
  return word.replace(/(?:ing|ed|es|s|ly|ment|ion)$/, '');
}

export function tokens(text: string): string[] {
  return fold(text)
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !STOPWORDS.has(w) && !/^\d+$/.test(w))
    .map(stem);
}

/** Cosine similarity of two bags of words. */
export function cosine(a: string[], b: string[]): number {
  if (!a.length || !b.length) return 0;
  const ca = new Map<string, number>();
  const cb = new Map<string, number>();
  for (const w of a) ca.set(w, (ca.get(w) ?? 0) + 1);
  for (const w of b) cb.set(w, (cb.get(w) ?? 0) + 1);
  let dot = 0;
  for (const [w, n] of ca) dot += n * (cb.get(w) ?? 0);
  const norm = (m: Map<string, number>) => Math.sqrt([...m.values()].reduce((s, n) => s + n * n, 0));
  return dot / (norm(ca) * norm(cb));
}

/** Damerau-free edit distance ≤ 1, for typo-tolerant keyword hits ("refnd", "cancle"). */
export function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (a[i + 1] === b[j] && a[i] === b[j + 1]) {
      // transposition
      i += 2;
      j += 2;
    } else if (a.length > b.length) i++;
    else if (b.length > a.length) j++;
    else {
      i++;
      j++;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}
