import { LocaleSchema } from '../domain/index.js';
import { extractArticle } from './html-text.js';
import type { ArticleSource, SourceItem } from './source.js';

const HTML = /\.(?:html?|xhtml)$/i;

/**
 * Saved HTML pages: the main content by Readability (see html-text.ts), the title from the page's
 * first heading or <title>, the language from <html lang>, the URL from its canonical link.
 */
export const htmlSource: ArticleSource = {
  format: 'html',
  accepts: (input) => input.kind === 'file' && HTML.test(input.path),
  async *read(input): AsyncIterable<SourceItem> {
    if (input.kind !== 'file') return;
    const key = input.relPath.replace(/\\/g, '/').replace(HTML, '');
    const page = extractArticle(input.text);
    if (!page) {
      yield { ok: false, item: input.relPath, key, reason: 'the page has no readable text' };
      return;
    }
    yield {
      ok: true,
      draft: {
        key,
        title: page.title || key.split('/').pop()!.replace(/[-_]+/g, ' '),
        body: page.body,
        url: page.canonical ?? input.path,
        locale: LocaleSchema.safeParse(page.locale).data,
      },
    };
  },
};
