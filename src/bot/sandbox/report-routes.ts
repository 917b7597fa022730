import type express from 'express';
import { z } from 'zod';
import type { Engine } from '../../conversation/engine-api.js';
import { NotFoundError } from '../../errors.js';
import { ReportPeriodQuerySchema } from '../../reports/period.js';
import { reportToCsv } from '../../reports/report-csv.js';

const ReportQuerySchema = ReportPeriodQuerySchema.extend({ format: z.enum(['json', 'csv']).default('json') });

/**
 * GET /report?since=30d&until=…&format=json|csv and GET /knowledge-gaps?since=…: the analytics
 * report and the grouped unanswered questions of a period, for the overview pane and for anyone
 * who wants the figures elsewhere. A bad period is a 400 with one sentence.
 */
export function mountReportRoutes(
  api: express.Router,
  deps: {
    engine: Engine;
    tenantId: string;
    parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S>;
  },
): void {
  const { engine, tenantId } = deps;
  const unavailable = () =>
    new NotFoundError('this engine has no reports', { publicMessage: 'Reports are not available here.' });

  api.get('/report', async (req, res) => {
    if (!engine.report) throw unavailable();
    const { format, ...period } = deps.parse(ReportQuerySchema, req.query);
    const report = await engine.report(tenantId, period);
    if (format === 'csv') {
      res
        .type('text/csv; charset=utf-8')
        .attachment(`switchboard-report-${report.since}-${report.until}.csv`)
        .send(reportToCsv(report));
      return;
    }
    res.json(report);
  });

  api.get('/knowledge-gaps', async (req, res) => {
    if (!engine.knowledgeGaps) throw unavailable();
    res.json(await engine.knowledgeGaps(tenantId, deps.parse(ReportPeriodQuerySchema, req.query)));
  });
}
