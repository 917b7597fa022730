import { createSubsetDetector } from './language-detector.js';
import { fold } from './offline/text.js';

/** Languages the stock sentences and offline templates are written in; others get English. */
export const SUPPORTED_LANGUAGES = ['en', 'es', 'fr', 'de', 'pt', 'it', 'nl', 'pl'] as const;

/** Latin-script languages told apart by the n-gram detector. */
const LATIN_LANGUAGES: readonly string[] = SUPPORTED_LANGUAGES;

// Customers of a business write in a handful of languages; restricting the detector to them
// stops "refund pls" from coming back as Danish. The detector is eld's, loaded with only these
// languages' n-grams (see language-detector.ts: 170 MB less memory than eld's full database).
const detector = await createSubsetDetector(LATIN_LANGUAGES);

/**
 * Scripts that name their language outright. An n-gram detector trained mostly on Latin text
 * called Thai and Japanese "en"; counting characters cannot. Han without kana is Chinese unless
 * the customer is known to write Japanese; Cyrillic is Russian unless they prefer another.
 */
const SCRIPTS: Array<{ re: RegExp; language: string; alternatives?: string[] }> = [
  { re: /[\u0E00-\u0E7F]/gu, language: 'th' },
  { re: /[\u3040-\u30FF\u31F0-\u31FF\uFF66-\uFF9F]/gu, language: 'ja' },
  { re: /[\uAC00-\uD7AF\u1100-\u11FF\u3130-\u318F]/gu, language: 'ko' },
  { re: /\p{Script=Han}/gu, language: 'zh', alternatives: ['ja'] },
  { re: /\p{Script=Arabic}/gu, language: 'ar', alternatives: ['fa', 'ur'] },
  { re: /\p{Script=Hebrew}/gu, language: 'he' },
  { re: /\p{Script=Greek}/gu, language: 'el' },
  { re: /\p{Script=Cyrillic}/gu, language: 'ru', alternatives: ['uk', 'bg', 'sr'] },
  { re: /\p{Script=Devanagari}/gu, language: 'hi' },
];

/**
 * Words that settle a short message's language on their own ("grazie", "dziękuję"), where the
 * n-gram detector has too little text to be reliable. Matched on accent-folded text.
 */
const SHORT_MARKERS: Record<string, RegExp> = {
  es: /\b(?:hola|gracias|vale|pedido|reembolso|ayuda|donde|quiero|cuenta|factura)\b/,
  fr: /\b(?:bonjour|salut|merci|commande|aide|rembourse\w*|facture|compte)\b/,
  de: /\b(?:hallo|danke|bitte|bestellung|hilfe|rechnung|konto|wo ist)\b/,
  pt: /\b(?:ola|obrigad[oa]|valeu|encomenda|ajuda|fatura|conta|cade)\b/,
  it: /\b(?:ciao|grazie|ordine|aiuto|rimborso|fattura|buongiorno|dov'e)\b/,
  nl: /\b(?:hoi|dank je|dankjewel|bedankt|bestelling|hulp|factuur|waar is)\b/,
  pl: /\b(?:czesc|dzien dobry|dziekuje|dzieki|zamowienie|pomocy|faktura|gdzie jest)\b/,
  en: /\b(?:hi|hello|thanks|thank you|order|help|refund|where is|invoice)\b/,
};

const MIN_RELIABLE_CHARS = 12;
/** How far behind the best score the customer's stored language may be and still win. */
const PRIOR_MARGIN = 0.08;
/** The same, for English when the customer has no stored language. */
const ENGLISH_MARGIN = 0.05;

const isCode = (s: string | undefined): s is string => !!s && /^[a-z]{2}$/.test(s);

/** Any character of those scripts: most messages have none, and then no script is counted. */
const ANY_SCRIPT = new RegExp(SCRIPTS.map((s) => s.re.source).join('|'), 'u');

function byScript(text: string, preferred: string | undefined): string | null {
  if (!ANY_SCRIPT.test(text)) return null;
  const letters = (text.match(/\p{L}/gu) ?? []).length;
  if (!letters) return null;
  let best: { language: string; count: number; alternatives?: string[] } | null = null;
  for (const s of SCRIPTS) {
    const count = (text.match(s.re) ?? []).length;
    if (count && (!best || count > best.count)) best = { ...s, count };
  }
  // Japanese mixes kana with Han: any kana at all makes it Japanese.
  const kana = (text.match(SCRIPTS[1]!.re) ?? []).length;
  if (kana && best?.language === 'zh') return 'ja';
  if (!best || best.count * 2 < letters) return null;
  if (preferred && best.alternatives?.includes(preferred)) return preferred;
  return best.language;
}

/**
 * ISO 639-1 code of the text's language. Non-Latin scripts are decided by the characters
 * themselves; Latin text by n-grams over the supported languages, with the customer's stored
 * preference as a prior (it wins when it scores within a small margin of the best). Short or
 * unreliable texts ("ok", "refund pls") fall back to a marker word, else the preference, else
 * English.
 */
export function detectLanguage(text: string, preferred?: string): string {
  const prefer = isCode(preferred) ? preferred : undefined;
  const script = byScript(text, prefer);
  if (script) return script;
  const letters = text
    .replace(/[^\p{L}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const fallback = prefer ?? 'en';
  if (letters.length < MIN_RELIABLE_CHARS) return markerLanguage(letters, prefer) ?? fallback;
  const result = detector.detect(letters);
  const scores = result.getScores();
  if (prefer && scores[prefer] !== undefined && result.language) {
    if (scores[prefer]! >= (scores[result.language] ?? 0) - PRIOR_MARGIN) return prefer;
  }
  // English is the business's own language and the most common one; a near tie goes to it
  // ("forgot my password" scores Italian a hair above English).
  if (!prefer && result.language && (scores.en ?? 0) >= (scores[result.language] ?? 0) - ENGLISH_MARGIN)
    return 'en';
  if (!result.language || !result.isReliable()) return markerLanguage(letters, prefer) ?? fallback;
  return result.language;
}

/** The language a short text's marker words name, when exactly one (or the preferred one) does. */
function markerLanguage(letters: string, prefer: string | undefined): string | null {
  const f = fold(letters);
  const hits = Object.entries(SHORT_MARKERS)
    .filter(([, re]) => re.test(f))
    .map(([lang]) => lang);
  if (prefer && hits.includes(prefer)) return prefer;
  return hits.length === 1 ? hits[0]! : null;
}

/** For staff: the customer wrote in a language the replies are not written in. */
export function unsupportedLanguageNote(language: string): string | null {
  const base = language.toLowerCase().split(/[-_]/)[0] ?? 'en';
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(base)
    ? null
    : `the customer wrote in "${base}", which replies are not written in; answered in English`;
}
