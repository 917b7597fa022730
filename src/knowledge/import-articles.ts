import { randomUUID } from 'node:crypto';
import path from 'node:path';
import {
  KbArticleSchema,
  kbContentHash,
  type Clock,
  type IdGenerator,
  type KbArticle,
  type KbSyncCounts,
  type KbSyncRun,
} from '../domain/index.js';
import { describeZodIssues } from '../errors.js';
import { categorize } from './category.js';
import type { SourceContext, SourceItem } from './source.js';
import { isUrl, readTarget } from './sources.js';

/** The article store as an import uses it (src/memory implements it over MongoDB). */
export interface KbImportStore {
  /** Every stored article's content hash and source, by article id. */
  hashes(tenantId: string): Promise<Map<string, { hash: string; source?: string }>>;
  /** Replaces each article whole; returns the ones that could not be written, with why. */
  writeMany(articles: KbArticle[]): Promise<Array<{ articleId: string; reason: string }>>;
  removeMany(tenantId: string, articleIds: string[]): Promise<number>;
}

/** Where import runs are recorded (staff see the last with `/switchboard kb`). */
export interface KbSyncLog {
  record(run: KbSyncRun): Promise<void>;
}

export interface KbImportDeps {
  articles: KbImportStore;
  syncs: KbSyncLog;
  clock: Clock;
  /** Names the sync run; random ids by default. */
  ids?: Pick<IdGenerator, 'id'>;
  /** HTTP client for web sources; the global fetch by default. */
  fetch?: typeof fetch;
}

export interface KbImportOptions {
  /** The organization the articles belong to. */
  tenantId: string;
  /** A folder, a file, or an http(s) URL (page, sitemap.xml, URL list). */
  target: string;
  /**
   * Names the source for `--prune` (only its own articles are removed). By default the target:
   * `files:<absolute path>` or `web:<url>`.
   */
  source?: string;
  /** Remove this source's articles that are no longer in it. */
  prune?: boolean;
  /** Read and compare everything, write nothing (no sync run either). */
  dryRun?: boolean;
  /** Parallel page fetches (default 4) and per-request timeout (default 15 s). */
  concurrency?: number;
  timeoutMs?: number;
  userAgent?: string;
  /** Progress of reading (the CLI draws a bar on a terminal). */
  onTotal?: (n: number) => void;
  onItem?: (label: string) => void;
  /**
   * Record the run for staff to see: always (the default: "last sync" is when the source was last
   * checked), or only when it changed something (the demo seed, which runs at every start).
   */
  record?: 'always' | 'changes';
}

export interface KbImportReport {
  runId: string;
  source: string;
  dryRun: boolean;
  pruned: boolean;
  counts: KbSyncCounts;
  /** Every item that was not imported, and why. */
  failures: Array<{ item: string; reason: string }>;
  /** This source's articles no longer in it, kept because --prune was not given. */
  stale: string[];
}

export const DEFAULT_USER_AGENT = 'SwitchboardKbImporter/1.0 (+https://github.com/switchboard)';

/** The default source key of a target. */
export function sourceKeyOf(target: string): string {
  return isUrl(target) ? `web:${target}` : `files:${path.resolve(target)}`;
}

/**
 * Imports a help center into the organization's knowledge base. Everything is read and validated
 * first; then only new and changed articles are written (each replaced whole, in bulk), and with
 * `prune` the source's articles that are gone are removed. One bad item never stops the rest.
 */
export async function importKnowledge(deps: KbImportDeps, options: KbImportOptions): Promise<KbImportReport> {
  const ctx: SourceContext = {
    concurrency: options.concurrency ?? 4,
    timeoutMs: options.timeoutMs ?? 15_000,
    userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
    fetch: deps.fetch ?? globalThis.fetch,
    onTotal: options.onTotal ?? (() => undefined),
    onItem: options.onItem ?? (() => undefined),
  };
  return importItems(
    deps,
    { ...options, source: options.source ?? sourceKeyOf(options.target) },
    readTarget(options.target, ctx),
  );
}

/**
 * The pipeline every article goes through, whatever produced it (a folder, a help center, a
 * supervisor publishing a draft from a person's reply): validated and categorized into an
 * article, compared by content hash, written in bulk, the run recorded for staff.
 */
export async function importItems(
  deps: Pick<KbImportDeps, 'articles' | 'syncs' | 'clock' | 'ids'>,
  options: Pick<KbImportOptions, 'tenantId' | 'prune' | 'dryRun' | 'record'> & { source: string },
  items: AsyncIterable<SourceItem> | Iterable<SourceItem>,
): Promise<KbImportReport> {
  const startedAt = deps.clock.now();
  const source = options.source;
  const failures: KbImportReport['failures'] = [];
  /** Article ids this run saw, imported or not: none of them is pruned. */
  const seen = new Set<string>();
  const articles: KbArticle[] = [];
  for await (const item of items) {
    const built = buildArticle(item, { tenantId: options.tenantId, source, now: startedAt });
    if (item.ok || item.key) {
      const key = item.ok ? item.draft.key : item.key!;
      if (item.ok && seen.has(key)) {
        failures.push({ item: key, reason: 'the same article id as an earlier item of this import' });
        continue;
      }
      seen.add(key);
    }
    if ('reason' in built) failures.push(built);
    else articles.push(built.article);
  }

  const existing = await deps.articles.hashes(options.tenantId);
  const counts: KbSyncCounts = { imported: 0, updated: 0, unchanged: 0, removed: 0, failed: 0 };
  const toWrite: KbArticle[] = [];
  const isNew = new Set<string>();
  for (const a of articles) {
    const before = existing.get(a.articleId);
    if (before?.source && before.source !== source) {
      // Two folders may both hold a `returns.md`: neither import silently replaces the other's.
      failures.push({
        item: a.articleId,
        reason: `the id belongs to an article from ${before.source} (import with --source ${before.source} to update it, or remove it first)`,
      });
      continue;
    }
    if (before?.hash === kbContentHash(a)) {
      counts.unchanged++;
      continue;
    }
    if (!before) isNew.add(a.articleId);
    toWrite.push(a);
  }
  const stale = [...existing]
    .filter(([id, e]) => e.source === source && !seen.has(id))
    .map(([id]) => id)
    .sort();

  if (!options.dryRun) {
    const refused = await deps.articles.writeMany(toWrite);
    const refusedIds = new Set(refused.map((r) => r.articleId));
    for (const r of refused) failures.push({ item: r.articleId, reason: `not stored: ${r.reason}` });
    for (const a of toWrite)
      if (!refusedIds.has(a.articleId)) counts[isNew.has(a.articleId) ? 'imported' : 'updated']++;
    if (options.prune) counts.removed = await deps.articles.removeMany(options.tenantId, stale);
  } else {
    for (const a of toWrite) counts[isNew.has(a.articleId) ? 'imported' : 'updated']++;
    if (options.prune) counts.removed = stale.length;
  }
  counts.failed = failures.length;
  const runId = deps.ids?.id('kbs') ?? `kbs_${randomUUID()}`;
  const changed = counts.imported + counts.updated + counts.removed + counts.failed > 0;
  if (!options.dryRun && (options.record !== 'changes' || changed)) {
    await deps.syncs.record({
      tenantId: options.tenantId,
      runId,
      source,
      startedAt,
      finishedAt: deps.clock.now(),
      counts,
      failures: failures
        .slice(0, 50)
        .map((f) => ({ item: f.item.slice(0, 300), reason: f.reason.slice(0, 300) })),
      pruned: Boolean(options.prune),
    });
  }
  return {
    runId,
    source,
    dryRun: Boolean(options.dryRun),
    pruned: Boolean(options.prune),
    counts,
    failures,
    stale: options.prune ? [] : stale,
  };
}

/** A source item as a stored article, validated; or why it cannot be one. */
function buildArticle(
  item: SourceItem,
  run: { tenantId: string; source: string; now: Date },
): { article: KbArticle } | { item: string; reason: string } {
  if (!item.ok) return { item: item.item, reason: item.reason };
  const d = item.draft;
  const parsed = KbArticleSchema.safeParse({
    tenantId: run.tenantId,
    articleId: d.key,
    title: d.title.trim(),
    category: categorize(d),
    tags: [...new Set((d.tags ?? []).map((t) => t.trim()).filter(Boolean))],
    body: d.body.trim(),
    updatedAt: d.updatedAt && !Number.isNaN(d.updatedAt.getTime()) ? d.updatedAt : run.now,
    url: d.url,
    locale: d.locale,
    source: run.source,
  });
  if (!parsed.success)
    return { item: d.url ?? d.key, reason: `invalid article: ${describeZodIssues(parsed.error.issues)}` };
  return { article: parsed.data };
}
