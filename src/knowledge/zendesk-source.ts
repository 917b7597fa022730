import { z } from 'zod';
import { LocaleSchema } from '../domain/index.js';
import { htmlToMarkdown } from './html-text.js';
import { parseJsonExport, type ArticleSource, type SourceItem } from './source.js';

/** One article as the Help Center articles API returns it (fields we read; others ignored). */
const ZendeskArticleSchema = z.object({
  id: z.union([z.number().int(), z.string().min(1)]),
  title: z.string().trim().min(1),
  body: z.string().nullable(),
  html_url: z.url(),
  section_id: z.union([z.number(), z.string()]).nullish(),
  locale: LocaleSchema,
  updated_at: z.iso.datetime({ offset: true }).optional(),
  draft: z.boolean().optional(),
  label_names: z.array(z.string()).optional(),
});

/**
 * A page of `GET /api/v2/help_center/{locale}/articles.json`: `articles[]`, maybe `sections[]`
 * side-loaded (`?include=sections`), and pagination fields. Several pages are several files.
 */
const ZendeskPageSchema = z.object({
  articles: z.array(z.unknown()),
  sections: z.array(z.object({ id: z.union([z.number(), z.string()]), name: z.string() })).optional(),
});

export const zendeskSource: ArticleSource = {
  format: 'zendesk',
  accepts: (input) =>
    input.kind === 'file' && /\.json$/i.test(input.path) && /"articles"\s*:/.test(input.text),
  async *read(input): AsyncIterable<SourceItem> {
    if (input.kind !== 'file') return;
    const parsed = parseJsonExport(input, ZendeskPageSchema, 'a Zendesk articles export (no articles[])');
    if (!parsed.ok) {
      yield parsed.failed;
      return;
    }
    const page = parsed.data;
    const sections = new Map((page.sections ?? []).map((s) => [String(s.id), s.name]));
    for (const [i, raw] of page.articles.entries()) {
      const a = ZendeskArticleSchema.safeParse(raw);
      const id = (raw as { id?: unknown } | null)?.id;
      const item = `${input.relPath} articles[${i}]${id !== undefined ? ` (id ${String(id)})` : ''}`;
      if (!a.success) {
        const issue = a.error.issues[0];
        yield { ok: false, item, reason: `${issue?.path.join('.') || 'article'}: ${issue?.message}` };
        continue;
      }
      const key = `zendesk-${a.data.id}-${a.data.locale}`;
      // A draft is not on the help center: not imported (and pruned if it was published before).
      if (a.data.draft) continue;
      const body = a.data.body ? htmlToMarkdown(a.data.body) : '';
      if (!body) {
        yield { ok: false, item, key, reason: 'the article body has no text' };
        continue;
      }
      yield {
        ok: true,
        draft: {
          key,
          title: a.data.title,
          body,
          url: a.data.html_url,
          locale: a.data.locale,
          tags: a.data.label_names,
          section: a.data.section_id != null ? sections.get(String(a.data.section_id)) : undefined,
          updatedAt: a.data.updated_at ? new Date(a.data.updated_at) : undefined,
        },
      };
    }
  },
};
