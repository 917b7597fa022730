import type { KnowledgeBase } from '../agent/types.js';
import type { CustomerStore } from '../conversation/stores.js';
import { INTENTS, type Clock, type Intent } from '../domain/index.js';
import { ValidationError } from '../errors.js';
import { groupGaps, type GapGroup } from './knowledge-gaps.js';
import {
  resolvePeriod,
  ReportPeriodQuerySchema,
  type ReportPeriod,
  type ReportPeriodQuery,
} from './period.js';
import type { ReportStore } from './ports.js';
import { buildReport, type AnalyticsReport } from './report.js';

export interface KnowledgeGapsReport {
  tenantId: string;
  since: string;
  until: string;
  generatedAt: string;
  /** Unanswered questions in the period (before grouping). */
  questions: number;
  groups: GapGroup[];
}

/** What adapters and the CLI ask for: the analytics report and the knowledge gaps of a period. */
export interface ReportService {
  report(tenantId: string, query: ReportPeriodQuery): Promise<AnalyticsReport>;
  knowledgeGaps(tenantId: string, query: ReportPeriodQuery): Promise<KnowledgeGapsReport>;
}

export interface ReportServiceDeps {
  store: ReportStore;
  customers: Pick<CustomerStore, 'get'>;
  kb: Pick<KnowledgeBase, 'search'>;
  clock: Clock;
}

/** Questions grouped per report; the newest are kept when a period holds more. */
const MAX_GAP_QUESTIONS = 2000;
/** Groups for which the nearest article is looked up. */
const GAP_GROUPS = 25;

export function periodFor(query: ReportPeriodQuery, now: Date): ReportPeriod {
  const parsed = ReportPeriodQuerySchema.safeParse(query);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ValidationError('report period failed its schema', {
      publicMessage: `The period's ${String(issue?.path[0] ?? 'value')} must be ${issue?.message ?? 'valid'}.`,
    });
  }
  const period = resolvePeriod(parsed.data, now);
  if (typeof period === 'string') throw new ValidationError(period, { publicMessage: period });
  return period;
}

export function createReportService(deps: ReportServiceDeps): ReportService {
  return {
    async report(tenantId, query) {
      const now = deps.clock.now();
      const period = periodFor(query, now);
      const days = await deps.store.readDays(tenantId, period.days);
      const draft = buildReport({ tenantId, ...period, generatedAt: now, days });
      // Customer names only for the rows shown: one `_id` read each, not the customer list.
      const names = new Map<string, string>();
      await Promise.all(
        draft.byCustomer.map(async (row) => {
          const c = await deps.customers.get(tenantId, row.key).catch(() => null);
          if (c) names.set(row.key, c.name);
        }),
      );
      return {
        ...draft,
        byIntent: draft.byIntent.map((r) => ({ ...r, label: INTENTS[r.key as Intent]?.label ?? r.key })),
        byCustomer: draft.byCustomer.map((r) => ({
          ...r,
          label: names.get(r.key) ?? (r.key === 'unidentified' ? 'Not identified' : r.key),
        })),
      };
    },

    async knowledgeGaps(tenantId, query) {
      const now = deps.clock.now();
      const period = periodFor(query, now);
      const entries = (await deps.store.readGaps(tenantId, period.days))
        .sort((a, b) => b.at.getTime() - a.at.getTime())
        .slice(0, MAX_GAP_QUESTIONS);
      const groups = groupGaps(entries, { limit: GAP_GROUPS });
      const withArticles = await Promise.all(
        groups.map(async (g) => {
          const text = g.examples.map((e) => e.question).join(' ');
          const [hit] = await deps.kb.search(tenantId, text, { limit: 1 }).catch(() => []);
          if (!hit) return g;
          const { article } = hit;
          return {
            ...g,
            closestArticle: {
              articleId: article.articleId,
              title: article.title,
              ...(article.url ? { url: article.url } : {}),
              relevance: Math.round(hit.relevance * 100) / 100,
            },
          };
        }),
      );
      return {
        tenantId,
        since: period.since,
        until: period.until,
        generatedAt: now.toISOString(),
        questions: entries.length,
        groups: withArticles,
      };
    },
  };
}
