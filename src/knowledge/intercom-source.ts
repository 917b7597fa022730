import { z } from 'zod';
import { LocaleSchema } from '../domain/index.js';
import { htmlToMarkdown } from './html-text.js';
import { parseJsonExport, type ArticleSource, type SourceItem } from './source.js';

/** One language's content of an article (`translated_content.<locale>`, or the article itself). */
const ContentSchema = z.object({
  title: z.string().nullish(),
  body: z.string().nullish(),
  url: z.string().nullish(),
  state: z.string().nullish(),
  updated_at: z.number().nullish(),
});

/** An item of Intercom's `GET /articles` list (fields we read; others ignored). */
const IntercomArticleSchema = ContentSchema.extend({
  id: z.union([z.string().min(1), z.number().int()]),
  type: z.literal('article').optional(),
  default_locale: z.string().nullish(),
  translated_content: z.record(z.string(), z.unknown()).nullish(),
});

/** `{ type: "list", data: [...articles], pages, total_count }`; several pages are several files. */
const IntercomListSchema = z.object({ type: z.literal('list').optional(), data: z.array(z.unknown()) });

/** Intercom's articles export: every published language of every article, each its own article. */
export const intercomSource: ArticleSource = {
  format: 'intercom',
  accepts: (input) =>
    input.kind === 'file' &&
    /\.json$/i.test(input.path) &&
    /"data"\s*:/.test(input.text) &&
    /"article/.test(input.text),
  async *read(input): AsyncIterable<SourceItem> {
    if (input.kind !== 'file') return;
    const parsed = parseJsonExport(input, IntercomListSchema, 'an Intercom articles export (no data[])');
    if (!parsed.ok) {
      yield parsed.failed;
      return;
    }
    const list = parsed.data;
    for (const [i, raw] of list.data.entries()) {
      const a = IntercomArticleSchema.safeParse(raw);
      const item = `${input.relPath} data[${i}]`;
      if (!a.success) {
        const issue = a.error.issues[0];
        yield { ok: false, item, reason: `${issue?.path.join('.') || 'article'}: ${issue?.message}` };
        continue;
      }
      const defaultLocale = LocaleSchema.safeParse(a.data.default_locale ?? 'en').data ?? 'en';
      const versions: Array<[string, z.infer<typeof ContentSchema>]> = [[defaultLocale, a.data]];
      for (const [locale, content] of Object.entries(a.data.translated_content ?? {})) {
        const parsedLocale = LocaleSchema.safeParse(locale);
        const parsed = ContentSchema.safeParse(content);
        if (
          locale === 'type' ||
          !parsedLocale.success ||
          parsedLocale.data === defaultLocale ||
          !parsed.success
        )
          continue;
        if (parsed.data.title || parsed.data.body) versions.push([parsedLocale.data, parsed.data]);
      }
      for (const [locale, c] of versions) {
        const key = `intercom-${a.data.id}-${locale}`;
        const label = `${item} (id ${a.data.id}, ${locale})`;
        // Drafts are not on the help center.
        if (c.state && c.state !== 'published') continue;
        const body = c.body ? htmlToMarkdown(c.body) : '';
        if (!c.title?.trim() || !body) {
          yield {
            ok: false,
            item: label,
            key,
            reason: c.title?.trim() ? 'the article body has no text' : 'no title',
          };
          continue;
        }
        yield {
          ok: true,
          draft: {
            key,
            title: c.title.trim(),
            body,
            url: c.url ?? undefined,
            locale,
            updatedAt: c.updated_at ? new Date(c.updated_at * 1000) : undefined,
          },
        };
      }
    }
  },
};
