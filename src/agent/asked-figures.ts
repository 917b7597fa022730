import { fold } from './offline/text.js';

/**
 * Figures a yes/no question asks about that the article does not state. "Can our contract have a
 * 60-day return window?" or "can we require 16-character passwords?" find the article with the
 * rule (30 days, the default length), but ask for a case it does not cover: an exception, a custom
 * term, a setting the article never names. Quoting the rule does not answer that; a person does.
 * A question asking for a figure ("how many days…") names none, so it is not judged here.
 */

// A question about what is possible or offered, in the reply languages' English renderings and in
// English (the offline engine reads the customer's own words).
const YES_NO =
  /^\s*(?:(?:so|and|also|hey|hi|ok)[,:]?\s+)?(?:can|could|do|does|is|are|will|would|may)\b|\b(?:is there|are there|is it possible|do you|can (?:we|i|you)|could (?:we|i|you|our|the)|will you)\b/;

// A figure with the unit that says what it counts: days, attempts, characters, seats, a share.
const FIGURE =
  /(?<![\w$.,])(\d+(?:[.,]\d+)?)(?=\s*(?:-|\s)?(?:days?|weeks?|months?|years?|hours?|minutes?|attempts?|tries|characters?|chars?|users?|seats?|%|percent|kg|lbs?)\b)/g;

/** The figures a yes/no question names that the article's text does not contain (empty: none). */
export function figuresNotInArticle(question: string, articleText: string): string[] {
  const q = fold(question);
  if (!YES_NO.test(q)) return [];
  const article = fold(articleText);
  const missing = new Set<string>();
  for (const m of q.matchAll(FIGURE)) {
    const n = m[1]!;
    // A figure stands as a number: the "2" of "2FA" states no two years.
    const stated = new RegExp(`(?<![\\w.,])${n.replace(/[.,]/g, '[.,]')}(?![\\d.,]?\\w)`).test(article);
    if (!stated) missing.add(n);
  }
  return [...missing];
}
