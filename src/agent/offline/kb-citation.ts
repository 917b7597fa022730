import type { KbArticle } from '../../domain/index.js';
import { inLanguage } from '../kb-search.js';
import type { AgentReply } from '../types.js';
import { t } from './templates.js';

/** The article's web address, when it has one a customer can open (a local file path is not). */
export function publicUrl(article: Pick<KbArticle, 'url'>): string | undefined {
  return article.url && /^https?:\/\//i.test(article.url) ? article.url : undefined;
}

/** A citation for the reply: the platforms render its URL as a link. */
export function citationOf(article: KbArticle): AgentReply['citations'][number] {
  const url = publicUrl(article);
  return url
    ? { articleId: article.articleId, title: article.title, url }
    : { articleId: article.articleId, title: article.title };
}

/** "Source: Our return policy (https://help.example.com/…)" in the customer's language. */
export function sourceLine(article: KbArticle, lang: string): string {
  const url = publicUrl(article);
  return `${t('source', lang)}: ${article.title}${url ? ` (${url})` : ''}`;
}

/** The help-center intro, saying the article is in English when the customer writes otherwise. */
export function kbIntro(article: KbArticle, lang: string): string {
  return t(lang === 'en' || inLanguage(article, lang) ? 'kb_intro' : 'kb_intro_translated', lang);
}
