import { XMLParser } from 'fast-xml-parser';
import pLimit from 'p-limit';
import { LocaleSchema } from '../domain/index.js';
import { extractArticle } from './html-text.js';
import type { ArticleSource, SourceContext, SourceInput, SourceItem } from './source.js';
import { createRobots, fetchText } from './web-fetch.js';

/** Nested sitemap indexes followed at most this deep, and URLs read from one import at most. */
const MAX_SITEMAP_DEPTH = 3;
const MAX_URLS = 50_000;

const xml = new XMLParser({
  ignoreAttributes: true,
  isArray: (name) => name === 'url' || name === 'sitemap',
});

type Listing = { kind: 'urls'; urls: string[] } | { kind: 'index'; sitemaps: string[] } | null;

/** A sitemap (`<urlset>` or `<sitemapindex>`), or null when the text is neither. */
export function parseSitemap(text: string): Listing {
  if (!/<(?:urlset|sitemapindex)[\s>]/.test(text)) return null;
  let doc: {
    urlset?: { url?: Array<{ loc?: unknown }> };
    sitemapindex?: { sitemap?: Array<{ loc?: unknown }> };
  };
  try {
    doc = xml.parse(text) as typeof doc;
  } catch {
    return null;
  }
  const locs = (list?: Array<{ loc?: unknown }>) =>
    (list ?? []).map((u) => String(u.loc ?? '').trim()).filter((u) => URL.canParse(u));
  if (doc.sitemapindex) return { kind: 'index', sitemaps: locs(doc.sitemapindex.sitemap) };
  return { kind: 'urls', urls: locs(doc.urlset?.url) };
}

/** A text file of URLs, one a line (blank lines and `#` comments ignored); null if any line is not one. */
export function parseUrlList(text: string): string[] | null {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  return lines.length && lines.every((l) => /^https?:\/\//.test(l) && URL.canParse(l)) ? lines : null;
}

/** The article id of a page: its URL without the fragment. */
const keyOf = (url: string) => {
  const u = new URL(url);
  u.hash = '';
  return u.toString();
};

/**
 * Web pages: a sitemap.xml (URL or file, indexes followed), a text file listing URLs, or one page's
 * URL. Pages are fetched with limited concurrency and a timeout, robots.txt honoured, the main
 * content extracted; each page that fails is reported alone.
 */
export const webSource: ArticleSource = {
  format: 'web',
  accepts(input) {
    if (input.kind === 'url') return true;
    if (/\.xml$/i.test(input.path)) return parseSitemap(input.text) !== null;
    return /\.(?:txt|urls)$/i.test(input.path) && parseUrlList(input.text) !== null;
  },
  async *read(input, ctx): AsyncIterable<SourceItem> {
    const failures: SourceItem[] = [];
    const urls = await listUrls(input, ctx, failures);
    yield* failures;
    const unique = [...new Set(urls.map(keyOf))].slice(0, MAX_URLS);
    ctx.onTotal(unique.length);
    const robots = createRobots(ctx);
    const limit = pLimit(Math.max(1, ctx.concurrency));
    const pages = unique.map((url) =>
      limit(async (): Promise<SourceItem> => {
        try {
          return await readPage(url, ctx, robots);
        } finally {
          ctx.onItem(url);
        }
      }),
    );
    // In listing order; the limiter keeps `concurrency` requests in flight meanwhile.
    for (const page of pages) yield await page;
  },
};

async function readPage(
  url: string,
  ctx: SourceContext,
  robots: ReturnType<typeof createRobots>,
): Promise<SourceItem> {
  await robots.load(url);
  const blocked = robots(url);
  if (blocked) return { ok: false, item: url, key: url, reason: blocked };
  try {
    const res = await fetchText(url, ctx);
    if (!/html/i.test(res.contentType) && !/^\s*</.test(res.text))
      return {
        ok: false,
        item: url,
        key: url,
        reason: `not an HTML page (${res.contentType || 'no content type'})`,
      };
    const page = extractArticle(res.text);
    if (!page || !page.title)
      return { ok: false, item: url, key: url, reason: 'the page has no readable text' };
    return {
      ok: true,
      draft: {
        key: url,
        title: page.title,
        body: page.body,
        url,
        locale: LocaleSchema.safeParse(page.locale).data,
      },
    };
  } catch (err) {
    return { ok: false, item: url, key: url, reason: err instanceof Error ? err.message : String(err) };
  }
}

/** Every page URL the input names (sitemap indexes followed); what could not be listed goes to `failures`. */
async function listUrls(input: SourceInput, ctx: SourceContext, failures: SourceItem[]): Promise<string[]> {
  if (input.kind === 'file') {
    const listing = parseSitemap(input.text);
    if (!listing) return parseUrlList(input.text) ?? [];
    return listing.kind === 'urls' ? listing.urls : followIndex(listing.sitemaps, ctx, failures, 1);
  }
  const { url } = input;
  // A page URL is a page; only something that looks like a listing is fetched as one first.
  if (!/(?:sitemap[^/]*\.xml|\.xml|\.txt)(?:\?.*)?$/i.test(new URL(url).pathname)) return [url];
  try {
    const res = await fetchText(url, ctx);
    const listing = parseSitemap(res.text);
    if (listing)
      return listing.kind === 'urls' ? listing.urls : followIndex(listing.sitemaps, ctx, failures, 1);
    const list = parseUrlList(res.text);
    if (list) return list;
    failures.push({ ok: false, item: url, reason: 'neither a sitemap nor a list of URLs' });
  } catch (err) {
    failures.push({ ok: false, item: url, reason: err instanceof Error ? err.message : String(err) });
  }
  return [];
}

async function followIndex(
  sitemaps: string[],
  ctx: SourceContext,
  failures: SourceItem[],
  depth: number,
): Promise<string[]> {
  const urls: string[] = [];
  for (const sitemap of sitemaps) {
    if (depth > MAX_SITEMAP_DEPTH) {
      failures.push({
        ok: false,
        item: sitemap,
        reason: `sitemap indexes nested deeper than ${MAX_SITEMAP_DEPTH}`,
      });
      continue;
    }
    try {
      const listing = parseSitemap((await fetchText(sitemap, ctx)).text);
      if (!listing) failures.push({ ok: false, item: sitemap, reason: 'not a sitemap' });
      else if (listing.kind === 'urls') urls.push(...listing.urls);
      else urls.push(...(await followIndex(listing.sitemaps, ctx, failures, depth + 1)));
    } catch (err) {
      failures.push({ ok: false, item: sitemap, reason: err instanceof Error ? err.message : String(err) });
    }
    if (urls.length >= MAX_URLS) break;
  }
  return urls;
}
