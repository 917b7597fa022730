import matter from 'gray-matter';
import { z } from 'zod';
import { LocaleSchema } from '../domain/index.js';
import type { ArticleSource, SourceItem } from './source.js';

const FrontMatterSchema = z.object({
  title: z.string().trim().min(1).optional(),
  category: z.string().optional(),
  tags: z
    .union([z.array(z.coerce.string()), z.string().transform((s) => s.split(',').map((t) => t.trim()))])
    .optional(),
  locale: LocaleSchema.optional(),
  lang: LocaleSchema.optional(),
  url: z.url().optional(),
  section: z.string().optional(),
});

const MARKDOWN = /\.(?:md|markdown)$/i;
/** `returns.es.md`: the language before the extension. */
const LOCALE_SUFFIX = /\.([a-z]{2}(?:-[a-z0-9]{2,8})?)\.(?:md|markdown)$/i;

/**
 * Markdown files, front matter optional (title, category, tags, locale, url). Without a title the
 * first heading is the title (and leaves the body); without either, the file name. The article id
 * is the path without its extension, so the demo's `kb/returns-policy.md` stays `returns-policy`.
 */
export const markdownSource: ArticleSource = {
  format: 'markdown',
  accepts: (input) => input.kind === 'file' && MARKDOWN.test(input.path),
  async *read(input): AsyncIterable<SourceItem> {
    if (input.kind !== 'file') return;
    const key = input.relPath.replace(/\\/g, '/').replace(MARKDOWN, '');
    let parsed: matter.GrayMatterFile<string>;
    try {
      // A fresh options object per call: gray-matter caches by content otherwise.
      parsed = matter(input.text, {});
    } catch (err) {
      yield { ok: false, item: input.relPath, key, reason: `unreadable front matter (${firstLine(err)})` };
      return;
    }
    const fm = FrontMatterSchema.safeParse(parsed.data ?? {});
    if (!fm.success) {
      const issue = fm.error.issues[0];
      yield {
        ok: false,
        item: input.relPath,
        key,
        reason: `front matter: ${issue?.path.join('.')} ${issue?.message}`,
      };
      return;
    }
    let body = parsed.content.trim();
    let title = fm.data.title;
    if (!title) {
      const heading = /^#{1,6}[^\S\n]+(\S.*)$/m.exec(body);
      if (heading) {
        title = withoutClosingHashes(heading[1]!);
        body = body.replace(heading[0], '').trim();
      }
    }
    title ??= key.split('/').pop()!.replace(/[-_]+/g, ' ');
    if (!body) {
      yield { ok: false, item: input.relPath, key, reason: 'no text after the title' };
      return;
    }
    yield {
      ok: true,
      draft: {
        key,
        title,
        body,
        url: fm.data.url ?? input.path,
        locale: fm.data.locale ?? fm.data.lang ?? LOCALE_SUFFIX.exec(input.path)?.[1]?.toLowerCase(),
        tags: fm.data.tags?.filter(Boolean),
        category: fm.data.category,
        section: fm.data.section,
      },
    };
  },
};

function firstLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0]!.slice(0, 120);
}

/** "Title ##" → "Title": a closing sequence of #s after a space goes (CommonMark); "C#" stays. */
function withoutClosingHashes(heading: string): string {
  const text = heading.trim();
  let i = text.length;
  while (i > 0 && text[i - 1] === '#') i--;
  if (i === 0 || i === text.length || !/\s/.test(text[i - 1]!)) return text;
  return text.slice(0, i).trim();
}
