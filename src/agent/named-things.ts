import { processTerm } from './kb-index.js';
import { inArticleWordsSameThing } from './offline/glossary.js';
import { fold } from './offline/text.js';
import { namesAskedInScript } from './script-names.js';

/**
 * Whether the article speaks of the very thing a question asks about. "Can we pay with PayPal?"
 * finds the payment-methods article, and "do you support JumpCloud?" the single-sign-on one: the
 * topic is right, but the thing asked (a provider, a format, a tool, a product by its name) is
 * not in it, so quoting the article answers a question nobody asked. A person answers, and the
 * unanswered question is recorded as a knowledge gap.
 *
 * Only names are judged, and only where the question asks what can be done with them (the object
 * of "support", "accept", "pay with", "integrate with", "in … format", "via", "through"…): a name
 * is what a help center lists when it supports it, while everyday words have synonyms the article
 * may use instead. Places, weekdays and months are not judged: "do you ship to Norway?" is
 * answered by the rule for every international destination.
 */

// The languages the offline engine replies in: places and days are named in each.
const NAMING_LANGUAGES = ['en', 'es', 'fr', 'de', 'pt', 'it', 'nl', 'pl'];

let placesAndDaysCache: ReadonlySet<string> | undefined;

/**
 * Country and region names, weekdays and months in the reply languages (from Intl, not a hand
 * list); built on first use, not at start-up (some 5,000 Intl look-ups).
 */
function notJudged(): ReadonlySet<string> {
  return (placesAndDaysCache ??= placesAndDays());
}

function placesAndDays(): ReadonlySet<string> {
  const out = new Set<string>();
  const add = (name: string | undefined) => {
    for (const w of fold(name ?? '').split(/[^a-z0-9]+/)) if (w.length > 2) out.add(processTerm(w) ?? w);
  };
  for (const language of NAMING_LANGUAGES) {
    const regions = new Intl.DisplayNames([language], { type: 'region' });
    for (let a = 65; a <= 90; a++)
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b);
        try {
          const name = regions.of(code);
          if (name && name !== code) add(name);
        } catch {
          // Not a region code: nothing to add.
        }
      }
    const weekday = new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' });
    const month = new Intl.DateTimeFormat(language, { month: 'long', timeZone: 'UTC' });
    for (let i = 0; i < 7; i++) add(weekday.format(new Date(Date.UTC(2024, 0, 1 + i))));
    for (let i = 0; i < 12; i++) add(month.format(new Date(Date.UTC(2024, i, 15))));
  }
  return out;
}

// Languages that capitalize every noun: there only acronyms and mixed case ("XRechnung") are names.
const NOUNS_CAPITALIZED = new Set(['de', 'lb']);

// What a question asks to do with a thing, in the reply languages: the name that follows (within
// two words) is what it asks about. Bare prepositions are not enough: "the warranty on the X
// chair" asks about the warranty, and a product's name is rarely in the article that answers it.
const ASKS_WITH =
  /\b(?:support(?:s|ed)?|accept(?:s|ed)?|take|integrat\w* (?:with|into)|work(?:s)? with|connect\w* (?:to|with)|sync\w* (?:to|with)|use|using|pay(?:ing)? (?:with|by|via|through|using)|(?:sign|log)(?:ging)? ?in (?:with|via|through)|export\w* (?:to|into)|(?:send|post|push)\w* (?:\w+ )?(?:to|into)|(?:push|feed|pipe|stream|post|sync|export|load|dump)\w* (?:[\w-]+ ){0,3}(?:(?:straight|directly|right) )?into|(?:push|feed|pipe|stream)\w* (?:[\w-]+ ){0,3}(?:straight|directly) to|via|through|unterstutz\w*|akzeptier\w*|soporta\w*|acepta\w*|accept\w*|supporte\w*|aceita\w*|suporta\w*|supporta\w*|accetta\w*|ondersteun\w*|accepteren|obslugu\w*|akceptu\w*)\s+(?:an?\s+|the\s+|your\s+|our\s+)?(?:[\p{L}\p{N}-]+\s+){0,2}$/iu;

interface Token {
  word: string;
  /** First word of a sentence (its capital says nothing). */
  sentenceStart: boolean;
  /** The text before the word. */
  before: string;
}

function tokensOf(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(/[\p{L}\p{N}]+(?:[-'’][\p{L}\p{N}]+)*/gu)) {
    const before = text.slice(0, m.index);
    const prev = before.trimEnd();
    out.push({ word: m[0], sentenceStart: !prev || /[.!?:;¿¡—–(\n"]$/.test(prev), before });
  }
  return out;
}

function looksLikeName(t: Token, language: string): boolean {
  const w = t.word;
  if (/^\p{N}+$/u.test(w) || w === 'I' || /^I['’]/.test(w)) return false;
  // Two capitals are a state, a city or a country as often as a product ("in SF", "to the UK").
  if (/^\p{Lu}{2}$/u.test(w)) return false;
  // An acronym or mixed case ("SFTP", "OAuth", "JumpCloud", "S3") is a name in every language.
  if (/\p{Lu}.*\p{Lu}|\p{Ll}\p{Lu}|\p{L}\p{N}|\p{N}\p{L}/u.test(w) && /\p{Lu}/u.test(w)) return true;
  if (NOUNS_CAPITALIZED.has(language)) return false;
  return /^\p{Lu}\p{Ll}/u.test(w) && !t.sentenceStart;
}

const stems = (text: string) =>
  new Set(
    fold(text)
      .split(/[^a-z0-9]+/)
      .filter(Boolean)
      .map((w) => processTerm(w) ?? w),
  );

/** Whether the text has the word: as written, as a longer form, or in the articles' own words for it. */
function mentions(words: ReadonlySet<string>, folded: string, name: string): boolean {
  const same = inArticleWordsSameThing(name);
  const candidates = same !== name.toLowerCase() ? [name, same] : [name];
  return candidates.some((c) => {
    const terms = [...stems(c)];
    if (!terms.length) return true;
    return terms.every(
      (t) =>
        words.has(t) ||
        (t.length >= 4 && [...words].some((x) => x.startsWith(t))) ||
        folded.includes(fold(c)),
    );
  });
}

/** Whether an article's text (title, tags and body) names the thing, in its words or the articles' words for it. */
export function articleMentions(articleText: string, name: string): boolean {
  return mentions(stems(articleText), fold(articleText), name);
}

/**
 * The names a question asks about that none of the given articles mentions ("PayPal",
 * "JumpCloud", "SFTP"): empty when the article may answer it. The caller checks the rest of the
 * help center for the ones left (`articleMentions`).
 */
export function namesNotInArticles(
  question: string,
  language: string,
  /** The chosen article's title, tags and body, then any other articles found. */
  articles: readonly string[],
): string[] {
  if (!articles.length) return [];
  // The articles' words only once a name is asked about: most questions ask about none, and
  // stemming every article found cost a twentieth of a message's CPU (issue 13).
  let read: Array<{ words: ReadonlySet<string>; folded: string }> | undefined;
  const missing = new Set<string>();
  // Names asked about in words ("do you support PayPal?"), then in ja/zh/th/ar (script-names.ts).
  const asked = [
    ...tokensOf(question)
      .filter((t) => looksLikeName(t, language) && ASKS_WITH.test(fold(t.before)))
      .map((t) => t.word),
    ...namesAskedInScript(question),
  ];
  for (const name of asked) {
    if (notJudged().has(processTerm(name) ?? fold(name))) continue;
    read ??= articles.map((a) => ({ words: stems(a), folded: fold(a) }));
    if (!read.some((a) => mentions(a.words, a.folded, name))) missing.add(name);
  }
  return [...missing];
}
