// `npm run kb -- import|list|remove`: the organization's knowledge base from the command line.
// Parses arguments and prints; the import itself is src/knowledge/import-articles.ts.
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { createIdGenerator, systemClock, type KbArticle } from '../domain/index.js';
import { isAppError } from '../errors.js';
import { createLogger, redactText } from '../logger.js';
import { importKnowledge, sourceKeyOf, type KbImportReport } from '../knowledge/import-articles.js';
import type { MongoStores } from '../memory/mongo-stores.js';
import { cliConfig, withStores } from './cli-database.js';

const USAGE = `Usage: npm run kb -- <command> [options]

  import <folder|file|url>   Markdown, HTML, a Zendesk or Intercom JSON export, a sitemap.xml
                             or a list of URLs (file or URL); only new and changed articles are written
  list                       the organization's articles, and the last import
  remove <article-id>...     remove articles by id (or every article of a source with --source)

Options:
  --org <id>           organization (default: ORG_ID, T0DEMO0001 when unset)
  --prune              import: remove this source's articles that are no longer in it
  --dry-run            import/remove: report what would change, write nothing
  --source <name>      name of the source (default: the folder's path or the URL)
  --concurrency <n>    import: pages fetched at once (default 4)
  --timeout <seconds>  import: per page (default 15)

Exit codes: 0 done, 1 done but some items failed (listed), 2 bad arguments or configuration.`;

class UsageError extends Error {}

function parse(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      org: { type: 'string' },
      prune: { type: 'boolean', default: false },
      'dry-run': { type: 'boolean', default: false },
      source: { type: 'string' },
      concurrency: { type: 'string' },
      timeout: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command, ...args] = positionals;
  const positive = (name: string, raw: string | undefined, fallback: number) => {
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isFinite(n) || n <= 0)
      throw new UsageError(`--${name} must be a positive number, got "${raw}"`);
    return n;
  };
  return {
    command,
    args,
    help: values.help,
    org: values.org,
    prune: values.prune,
    dryRun: values['dry-run'],
    source: values.source,
    concurrency: Math.round(positive('concurrency', values.concurrency, 4)),
    timeoutMs: positive('timeout', values.timeout, 15) * 1000,
  };
}

type Args = ReturnType<typeof parse>;

async function main(argv: string[]): Promise<number> {
  let args: Args;
  try {
    args = parse(argv);
  } catch (err) {
    console.error(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
    return 2;
  }
  if (args.help || !args.command) {
    console.log(USAGE);
    return args.help ? 0 : 2;
  }
  if (!['import', 'list', 'remove'].includes(args.command)) {
    console.error(`Unknown command "${args.command}".\n\n${USAGE}`);
    return 2;
  }
  if (args.command === 'import' && args.args.length !== 1) {
    console.error(`import takes one folder, file or URL.\n\n${USAGE}`);
    return 2;
  }
  if (args.command === 'remove' && !args.args.length && !args.source) {
    console.error(`remove takes article ids, or --source <name>.\n\n${USAGE}`);
    return 2;
  }
  const config = cliConfig();
  if (!config) return 2;
  const tenantId = args.org ?? config.org.id;
  // Warnings only: the CLI prints its own report; the database's chatter would drown it.
  const logger = createLogger({ level: 'warn', pretty: process.stderr.isTTY === true });
  return withStores(config, logger, async (stores) => {
    if (args.command === 'import') return runImport(stores, tenantId, args);
    if (args.command === 'list') return runList(stores, tenantId, args);
    return runRemove(stores, tenantId, args);
  });
}

async function runImport(stores: MongoStores, tenantId: string, args: Args): Promise<number> {
  const target = args.args[0]!;
  const bar = process.stderr.isTTY
    ? new cliProgress.SingleBar(
        {
          stream: process.stderr,
          format: ' {bar} {value}/{total} {label}',
          hideCursor: true,
          clearOnComplete: true,
        },
        cliProgress.Presets.shades_classic,
      )
    : null;
  let total = 0;
  bar?.start(0, 0, { label: '' });
  let report: KbImportReport;
  try {
    report = await importKnowledge(
      { articles: stores.kbArticles, syncs: stores.kbSyncs, clock: systemClock, ids: createIdGenerator() },
      {
        tenantId,
        target,
        source: args.source ?? sourceKeyOf(target),
        prune: args.prune,
        dryRun: args.dryRun,
        concurrency: args.concurrency,
        timeoutMs: args.timeoutMs,
        onTotal: (n) => {
          total += n;
          bar?.setTotal(total);
        },
        onItem: (label) => bar?.increment({ label: label.length > 60 ? `…${label.slice(-59)}` : label }),
      },
    );
  } finally {
    bar?.stop();
  }
  printSummary(report, tenantId);
  return report.counts.failed > 0 ? 1 : 0;
}

function printSummary(report: KbImportReport, tenantId: string): void {
  const c = report.counts;
  const prefix = report.dryRun ? 'Dry run (nothing written) — would have: ' : '';
  console.log(`Knowledge base of ${tenantId}, source ${report.source}`);
  console.log(
    `${prefix}${c.imported} imported, ${c.updated} updated, ${c.unchanged} unchanged, ${c.removed} removed, ${c.failed} failed`,
  );
  if (report.failures.length) {
    console.log('\nFailed:');
    for (const f of report.failures) console.log(`  ${f.item}: ${f.reason}`);
  }
  if (report.stale.length) {
    console.log(
      `\n${report.stale.length} article(s) of this source are no longer in it and were kept (--prune removes them):`,
    );
    for (const id of report.stale.slice(0, 20)) console.log(`  ${id}`);
    if (report.stale.length > 20) console.log(`  … and ${report.stale.length - 20} more`);
  }
}

async function runList(stores: MongoStores, tenantId: string, args: Args): Promise<number> {
  const articles = (await stores.kbArticles.listArticles(tenantId)).filter(
    (a) => !args.source || a.source === args.source,
  );
  for (const a of articles) console.log(describe(a));
  const status = await stores.kbSyncs.status(tenantId);
  const locales = Object.entries(status.byLocale)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([l, n]) => `${l} ${n}`)
    .join(', ');
  console.log(
    `\n${articles.length} article(s)${args.source ? ` from ${args.source}` : ''} in ${tenantId} (${locales || 'none'})`,
  );
  const last = status.lastSync;
  if (last) {
    const c = last.counts;
    console.log(
      `Last import ${last.finishedAt.toISOString()} from ${last.source}: ${c.imported} imported, ${c.updated} updated, ` +
        `${c.unchanged} unchanged, ${c.removed} removed, ${c.failed} failed`,
    );
  } else console.log('No import recorded yet.');
  return 0;
}

function describe(a: KbArticle): string {
  return [a.articleId, a.locale ?? 'en', a.category, a.title, a.url ?? ''].join('\t');
}

async function runRemove(stores: MongoStores, tenantId: string, args: Args): Promise<number> {
  const hashes = await stores.kbArticles.hashes(tenantId);
  const ids = args.source
    ? [...hashes].filter(([, h]) => h.source === args.source).map(([id]) => id)
    : args.args;
  const missing = ids.filter((id) => !hashes.has(id));
  const present = ids.filter((id) => hashes.has(id));
  const removed = args.dryRun ? present.length : await stores.kbArticles.removeMany(tenantId, present);
  console.log(`${args.dryRun ? 'Dry run: would remove' : 'Removed'} ${removed} article(s) from ${tenantId}.`);
  for (const id of missing) console.log(`  ${id}: no such article`);
  return missing.length ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    const message = isAppError(err) ? err.message : err instanceof Error ? err.message : String(err);
    console.error(`kb: ${redactText(message.split('\n')[0] ?? message)}`);
    process.exit(isAppError(err) && err.code === 'config_invalid' ? 2 : 1);
  },
);
