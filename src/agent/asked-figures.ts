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

/**
 * A figure that tells the customer's own case, not a term asked for: how late a parcel was ("came
 * 4 days late"), how long ago ("invoices from 2 months back", "3 weeks ago"), how old the item is
 * ("6 weeks old"), when it failed ("if it dies after 6 months"). The article's rule answers the
 * case; there is no other figure to state.
 */
const CASE_AFTER = /^[\s-]{0,2}[a-z]+\s+(?:late|ago|back|old|overdue|later|in a row)\b/;
const CASE_BEFORE =
  /\b(?:die[sd]?|dying|broke|breaks|broken|fail(?:s|ed)?|stop(?:s|ped)(?: \w+ing)?|quit(?:s)?|gave out|gives out|went dead|wears? out|wore out) (?:after|within|in) (?:about |only |just |around |roughly )?~?$/;

/** The figures a yes/no question names that the article's text does not contain (empty: none). */
export function figuresNotInArticle(question: string, articleText: string): string[] {
  const q = fold(question);
  if (!YES_NO.test(q)) return [];
  const article = fold(articleText);
  const missing = new Set<string>();
  for (const m of q.matchAll(FIGURE)) {
    const n = m[1]!;
    const at = m.index;
    if (CASE_AFTER.test(q.slice(at + n.length)) || CASE_BEFORE.test(q.slice(Math.max(0, at - 40), at)))
      continue;
    // A figure stands as a number: the "2" of "2FA" states no two years.
    const stated = new RegExp(`(?<![\\w.,])${n.replace(/[.,]/g, '[.,]')}(?![\\d.,]?\\w)`).test(article);
    if (!stated) missing.add(n);
  }
  return [...missing];
}
