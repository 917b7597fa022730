import type { z } from 'zod';
/**
 * One article as a source found it, before it is validated and stored. `key` is stable across
 * imports of the same source (a file's path, a help-center id plus locale, a page URL): it becomes
 * the article id, so a re-import updates the article instead of adding a copy.
 */
export interface ArticleDraft {
  key: string;
  title: string;
  /** Markdown (HTML sources are converted). */
  body: string;
  url?: string;
  locale?: string;
  tags?: string[];
  /** A category the source states outright (front matter); used when it is one of ours. */
  category?: string;
  /** The source's own grouping (Zendesk section, Intercom collection), a hint for the category. */
  section?: string;
  updatedAt?: Date;
}

/** What a source yields per item: an article, or why that item could not be read. */
export type SourceItem =
  | { ok: true; draft: ArticleDraft }
  /** `key`, when known, keeps the stored article out of `--prune` (a page that timed out is not gone). */
  | { ok: false; item: string; reason: string; key?: string };

/** What an import reads: one local file (read by the walker), or one URL. */
export type SourceInput =
  | {
      kind: 'file';
      path: string;
      /** Relative to the imported folder (the file name for a single file). */ relPath: string;
      text: string;
    }
  | { kind: 'url'; url: string };

/** What a source may use while reading: HTTP limits, progress, and the run's options. */
export interface SourceContext {
  /** Parallel HTTP requests (web pages). */
  concurrency: number;
  /** Per request, milliseconds. */
  timeoutMs: number;
  userAgent: string;
  fetch: typeof fetch;
  /** Told that `n` more items are coming, once a source knows (a folder's files, a sitemap's URLs). */
  onTotal(n: number): void;
  /** Told as each item finishes, with a short label (a file name, a URL). */
  onItem(label: string): void;
}

/**
 * One source format (Markdown, HTML, Zendesk, Intercom, sitemaps and URL lists). Declared once:
 * a new format is one module implementing this, listed in SOURCES (sources.ts).
 */
export interface ArticleSource {
  readonly format: 'markdown' | 'html' | 'zendesk' | 'intercom' | 'web';
  /** Whether this format reads the input: a file by its name and content, or a URL. */
  accepts(input: SourceInput): boolean;
  read(input: SourceInput, ctx: SourceContext): AsyncIterable<SourceItem>;
}

/**
 * A JSON export file parsed against its top-level schema, or the one failed item saying why not
 * (malformed JSON, or not the export `what` names): Zendesk and Intercom exports start alike.
 */
export function parseJsonExport<S extends z.ZodType>(
  input: { relPath: string; text: string },
  schema: S,
  what: string,
): { ok: true; data: z.output<S> } | { ok: false; failed: SourceItem } {
  let json: unknown;
  try {
    json = JSON.parse(input.text);
  } catch (err) {
    const reason = `malformed JSON (${(err as Error).message.slice(0, 100)})`;
    return { ok: false, failed: { ok: false, item: input.relPath, reason } };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    return { ok: false, failed: { ok: false, item: input.relPath, reason: `not ${what}` } };
  return { ok: true, data: parsed.data };
}

/** A file the walker could not read, as a failed item. */
export function failure(item: string, err: unknown, key?: string): SourceItem {
  const reason = err instanceof Error ? err.message : String(err);
  return { ok: false, item, reason, key };
}
