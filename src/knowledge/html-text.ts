import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import TurndownService from 'turndown';

/**
 * HTML to the Markdown our articles are stored in. Links keep their text only: an answer quotes a
 * paragraph to a customer, and "[label](https://…)" inside it reads badly on every platform.
 * Images, scripts and styles are dropped.
 */
function createTurndown(): TurndownService {
  const td = new TurndownService({ headingStyle: 'atx', bulletListMarker: '-', codeBlockStyle: 'fenced' });
  td.remove(['script', 'style', 'noscript', 'iframe', 'img', 'form', 'button']);
  td.remove((node) => node.nodeName.toLowerCase() === 'svg');
  td.addRule('link-text', { filter: 'a', replacement: (content) => content });
  return td;
}

const turndown = createTurndown();

/** An HTML fragment (a help-center article body) as Markdown, blank lines collapsed. */
export function htmlToMarkdown(html: string): string {
  return turndown
    .turndown(html)
    .replace(/\u00a0/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Fewer words than this is not an article. */
const MIN_WORDS = 5;

export interface ExtractedPage {
  title: string;
  body: string;
  locale?: string;
  /** The page's canonical URL, when it names one. */
  canonical?: string;
}

/**
 * The main content of a whole web page (navigation, footers and sidebars left out) with Mozilla's
 * Readability over a linkedom DOM. Null when the page has no readable text.
 */
export function extractArticle(html: string): ExtractedPage | null {
  const { document } = parseHTML(html);
  const h1 = document.querySelector('h1')?.textContent?.trim();
  const lang = document.documentElement?.getAttribute('lang') ?? undefined;
  const canonical =
    document.querySelector('link[rel="canonical"]')?.getAttribute('href') ??
    document.querySelector('meta[property="og:url"]')?.getAttribute('content') ??
    undefined;
  // Readability's types name the browser's Document; linkedom's is structurally what it reads.
  const parsed = new Readability(document as unknown as Document, { charThreshold: 100 }).parse();
  const body = parsed?.content ? htmlToMarkdown(parsed.content) : '';
  // A page whose "content" is a menu item or two (a shell filled by scripts) has nothing to answer with.
  if ((body.match(/\p{L}{2,}/gu) ?? []).length < MIN_WORDS) return null;
  const title = h1 || parsed?.title?.trim() || '';
  // A leading copy of the title as a heading repeats it in every quoted paragraph.
  const withoutTitle = body.replace(new RegExp(`^#{1,6}\\s*${escapeRegExp(title)}\\s*\\n+`), '').trim();
  return {
    title,
    body: withoutTitle || body,
    locale: lang || parsed?.lang || undefined,
    canonical: canonical && /^https?:\/\//.test(canonical) ? canonical : undefined,
  };
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
