// `npm run report -- [--since 30d] [--until 2026-11-21] [--format text|csv|json] [--gaps]`:
// the analytics report (or the knowledge gaps) of a period from the daily rollups, printed to
// stdout; `--rebuild` recounts every ticket of the organization first (after a restore, or to
// repair rollups a crash left between a fact and its day).
import { parseArgs } from 'node:util';
import { createKnowledgeBase } from '../agent/knowledge-base.js';
import { systemClock } from '../domain/index.js';
import { isAppError } from '../errors.js';
import { createLogger } from '../logger.js';
import type { MongoStores } from '../memory/mongo-stores.js';
import { csatRatingOf } from '../conversation/csat.js';
import { createReportRecorder } from '../reports/recorder.js';
import { reportToCsv } from '../reports/report-csv.js';
import { createReportService } from '../reports/report-service.js';
import { reportToText, gapsToText } from '../reports/report-text.js';
import { cliConfig, withStores } from './cli-database.js';

const USAGE = `Usage: npm run report -- [options]

  --since <30d|YYYY-MM-DD>   first day of the period (default 30d: the last 30 days)
  --until <YYYY-MM-DD|0d>    the day after the last one (default: today included)
  --format <text|csv|json>   how to print it (default text)
  --gaps                     the knowledge gaps (unanswered questions, grouped) instead
  --rebuild                  recount every ticket of the organization before reporting
  --org <id>                 organization (default: ORG_ID)

Exit codes: 0 done, 2 bad arguments or configuration.`;

/** Tickets recounted per --rebuild (all of an organization's, newest first). */
const REBUILD_LIMIT = 1_000_000;

async function rebuild(stores: MongoStores, tenantId: string, logger: ReturnType<typeof createLogger>) {
  const recorder = createReportRecorder({
    store: stores.reports,
    tickets: stores.tickets,
    messages: stores.messages,
    approvals: stores.approvals,
    clock: systemClock,
    logger,
    csatRating: csatRatingOf(stores.csat),
    // One ticket after the other: each written at once, not held for a flush.
    flushMs: 0,
  });
  await stores.reports.clear(tenantId);
  const tickets = await stores.tickets.list(tenantId, { limit: REBUILD_LIMIT });
  let done = 0;
  for (const t of tickets) {
    await recorder.recordTicket(tenantId, t.ticketId);
    done += 1;
    if (done % 1000 === 0) console.error(`recounted ${done} of ${tickets.length} tickets`);
  }
  console.error(`recounted ${done} tickets`);
}

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        since: { type: 'string', default: '30d' },
        until: { type: 'string' },
        format: { type: 'string', default: 'text' },
        gaps: { type: 'boolean', default: false },
        rebuild: { type: 'boolean', default: false },
        org: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const format = values.format;
  if (format !== 'text' && format !== 'csv' && format !== 'json') {
    console.error(`--format must be text, csv or json.\n\n${USAGE}`);
    return 2;
  }
  const config = cliConfig();
  if (!config) return 2;
  const tenantId = values.org ?? config.org.id;
  const logger = createLogger({
    level: config.logLevel === 'info' ? 'warn' : config.logLevel,
    pretty: false,
  });
  const period = { since: values.since, ...(values.until ? { until: values.until } : {}) };
  return withStores(config, logger, async (stores) => {
    if (values.rebuild) await rebuild(stores, tenantId, logger);
    const service = createReportService({
      store: stores.reports,
      customers: stores.customers,
      kb: createKnowledgeBase({ source: stores.kbArticles, logger }),
      clock: systemClock,
    });
    try {
      if (values.gaps) {
        const gaps = await service.knowledgeGaps(tenantId, period);
        process.stdout.write(format === 'json' ? `${JSON.stringify(gaps, null, 2)}\n` : gapsToText(gaps));
        return 0;
      }
      const report = await service.report(tenantId, period);
      process.stdout.write(
        format === 'csv'
          ? reportToCsv(report)
          : format === 'json'
            ? `${JSON.stringify(report, null, 2)}\n`
            : reportToText(report),
      );
      return 0;
    } catch (err) {
      if (isAppError(err) && err.code === 'validation_failed') {
        console.error(err.publicMessage);
        return 2;
      }
      throw err;
    }
  });
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(
      `Report failed: ${isAppError(err) ? err.message : err instanceof Error ? err.message : String(err)}`,
    );
    process.exit(1);
  },
);
