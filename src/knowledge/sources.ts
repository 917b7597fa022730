import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { htmlSource } from './html-source.js';
import { intercomSource } from './intercom-source.js';
import { markdownSource } from './markdown-source.js';
import type { ArticleSource, SourceContext, SourceInput, SourceItem } from './source.js';
import { webSource } from './web-source.js';
import { zendeskSource } from './zendesk-source.js';

/** Every format the importer reads, asked in this order (the JSON exports before anything generic). */
export const SOURCES: readonly ArticleSource[] = [
  zendeskSource,
  intercomSource,
  markdownSource,
  htmlSource,
  webSource,
];

/** Files a folder import never reads (the folder's own notes, version control, dependencies). */
const IGNORED = /^(?:readme\.md|\..*|node_modules)$/i;
/** Extensions a folder import looks at; other files (images, PDFs) are passed over silently. */
const CANDIDATE = /\.(?:md|markdown|html?|xhtml|json|xml|txt|urls)$/i;

/** Whether the target is read over HTTP. */
export const isUrl = (target: string) => /^https?:\/\//i.test(target);

/**
 * Every item of an import target: a URL (page, sitemap or URL list), one file, or a folder walked
 * recursively. Each input goes to the first source that accepts it; a file nobody reads is
 * reported when it was named or has a known extension, an unreadable one always.
 */
export async function* readTarget(target: string, ctx: SourceContext): AsyncIterable<SourceItem> {
  if (isUrl(target)) {
    yield* webSource.read({ kind: 'url', url: target }, ctx);
    return;
  }
  const root = path.resolve(target);
  let info;
  try {
    info = await stat(root);
  } catch (err) {
    yield { ok: false, item: target, reason: describeFsError(err) };
    return;
  }
  const files = info.isDirectory() ? await walk(root) : [root];
  const base = info.isDirectory() ? root : path.dirname(root);
  ctx.onTotal(files.length);
  for (const file of files) {
    const relPath = path.relative(base, file);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (err) {
      yield { ok: false, item: relPath, reason: describeFsError(err) };
      ctx.onItem(relPath);
      continue;
    }
    const input: SourceInput = { kind: 'file', path: file, relPath, text };
    const source = SOURCES.find((s) => s.accepts(input));
    if (source) yield* source.read(input, ctx);
    else yield { ok: false, item: relPath, reason: unclaimedReason(file) };
    ctx.onItem(relPath);
  }
}

function unclaimedReason(file: string): string {
  if (/\.json$/i.test(file)) return 'not a Zendesk (articles[]) or Intercom (data[]) export';
  if (/\.xml$/i.test(file)) return 'not a sitemap (<urlset> or <sitemapindex>)';
  if (/\.(?:txt|urls)$/i.test(file)) return 'not a list of http(s) URLs, one a line';
  return 'not a format the importer reads (Markdown, HTML, Zendesk or Intercom JSON, sitemap, URL list)';
}

async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  const entries = await readdir(dir, { withFileTypes: true });
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (IGNORED.test(e.name)) continue;
    const full = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await walk(full)));
    else if (CANDIDATE.test(e.name)) out.push(full);
  }
  return out;
}

function describeFsError(err: unknown): string {
  const code = (err as { code?: string } | null)?.code;
  if (code === 'ENOENT') return 'no such file or folder';
  if (code === 'EACCES' || code === 'EPERM') return 'not readable (permission denied)';
  if (code === 'EISDIR') return 'is a folder';
  return `unreadable (${code ?? (err instanceof Error ? err.message : String(err))})`;
}
