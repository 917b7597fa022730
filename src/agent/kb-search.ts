import type { KbCategory } from '../domain/index.js';
import { languageOf } from './knowledge-base.js';
import type { KbHit, KnowledgeBase } from './types.js';

/** Below this an article does not answer the question (retrieve's bar for a useful hit). */
export const USEFUL_RELEVANCE = 0.3;

export interface LanguageSearch {
  tenantId: string;
  /** What to search all articles with (the English rendering of a non-English question). */
  query: string;
  /** The customer's own words: what articles in their language are searched with. */
  text: string;
  language: string;
  category?: KbCategory;
  limit?: number;
}

/**
 * Articles in the customer's language when the knowledge base has one that answers, else articles
 * in any language (a help center translated in part still answers everyone).
 */
export async function searchInLanguage(kb: KnowledgeBase, s: LanguageSearch): Promise<KbHit[]> {
  const own = languageOf(s.language);
  const words = own === 'en' ? s.query : s.text;
  const local = await kb.search(s.tenantId, words, { category: s.category, limit: s.limit, locale: own });
  if (local.some((h) => h.relevance >= USEFUL_RELEVANCE)) return local;
  return kb.search(s.tenantId, s.query, { category: s.category, limit: s.limit });
}

/** Whether the article is written in the customer's language. */
export function inLanguage(article: { locale?: string }, language: string): boolean {
  return languageOf(article.locale) === languageOf(language);
}
