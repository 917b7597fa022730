import { createSubsetDetector } from './language-detector.js';

/** Languages the stock sentences are written in; others fall back to English. */
export const SUPPORTED_LANGUAGES = ['en', 'es', 'fr', 'de', 'pt'] as const;

// Customers of a business write in a handful of languages; restricting the detector to the
// common European ones stops "refund pls" from coming back as Danish. The detector is eld's,
// loaded with only these languages' n-grams (see language-detector.ts: 170 MB less memory).
const detector = await createSubsetDetector();

const MIN_RELIABLE_CHARS = 12;

/**
 * ISO 639-1 code of the text's language. Short or unreliable texts ("ok", "thanks!") say too
 * little: the customer's stored preference wins, else English.
 */
export function detectLanguage(text: string, preferred?: string): string {
  const letters = text
    .replace(/[^\p{L}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const fallback = preferred && /^[a-z]{2}$/.test(preferred) ? preferred : 'en';
  if (letters.length < MIN_RELIABLE_CHARS) return fallback;
  const result = detector.detect(letters);
  if (!result.language || !result.isReliable()) return fallback;
  return result.language;
}
