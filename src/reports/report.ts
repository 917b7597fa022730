import type { ApprovalStatus } from '../domain/index.js';
import { ApprovalStatusSchema } from '../domain/index.js';
import { DIMENSIONS, percentile, sum, unescapeKeyPart, type Counters, type Dimension } from './counters.js';
import { CSAT_RATINGS, ESCALATION_REASONS, type CsatRating, type EscalationReason } from './facts.js';

/** Median and 90th percentile of a duration, with how many values and the SLA figures. */
export interface DurationFigures {
  count: number;
  p50Ms: number | null;
  p90Ms: number | null;
  /** Tickets measured against an SLA target, and how many missed it (null: no SLA policy). */
  withTarget: number;
  breaches: number;
  /** Share of the tickets with a target that met it (0..1), null without any. */
  metShare: number | null;
  /** Median target those tickets were held to (business time), null without any. */
  targetP50Ms: number | null;
}

export interface CsatFigures {
  great: number;
  ok: number;
  notGood: number;
  /** Share of ratings that were "Great" (0..1), null without ratings. */
  satisfied: number | null;
}

/** Every figure of the report, for the whole period or for one intent, channel or customer. */
export interface ReportFigures {
  conversations: number;
  resolvedByBot: number;
  resolvedByPerson: number;
  /** Resolved by the bot and not reopened within 72 hours. */
  botResolved: number;
  /** botResolved / conversations (0..1), null without conversations. */
  botResolutionRate: number | null;
  reopened: number;
  escalated: number;
  escalationsByReason: Record<EscalationReason, number>;
  firstResponse: DurationFigures;
  resolution: DurationFigures;
  approvals: {
    byOutcome: Record<ApprovalStatus, number>;
    decided: number;
    decisionP50Ms: number | null;
    decisionP90Ms: number | null;
  };
  /** Refund requests by outcome, with their amounts per currency (minor units). */
  refunds: Array<{
    outcome: ApprovalStatus;
    count: number;
    amounts: Array<{ currency: string; minor: number }>;
  }>;
  csat: { bot: CsatFigures; person: CsatFigures };
}

export interface ReportRow extends ReportFigures {
  /** The intent id, platform or customer id. */
  key: string;
  /** What a person reads: the customer's name, the intent's label. */
  label: string;
}

export interface AnalyticsReport {
  tenantId: string;
  /** First day counted (UTC, inclusive) and the day after the last (exclusive). */
  since: string;
  until: string;
  generatedAt: string;
  /** Tickets are counted on the day they were opened; approvals on the day they were asked for. */
  total: ReportFigures;
  perDay: Array<{ day: string; conversations: number; botResolved: number; escalated: number }>;
  byIntent: ReportRow[];
  byChannel: ReportRow[];
  byCustomer: ReportRow[];
}

function histogram(c: Counters, prefix: string): Map<number, number> {
  const out = new Map<number, number>();
  for (const [metric, n] of Object.entries(c)) {
    if (!metric.startsWith(prefix)) continue;
    const i = Number(metric.slice(prefix.length));
    if (Number.isInteger(i)) out.set(i, (out.get(i) ?? 0) + n);
  }
  return out;
}

function csat(c: Counters, by: 'bot' | 'person'): CsatFigures {
  const n = (r: CsatRating) => c[`csat_${by}_${r}`] ?? 0;
  const total = CSAT_RATINGS.reduce((s, r) => s + n(r), 0);
  return {
    great: n('great'),
    ok: n('ok'),
    notGood: n('not_good'),
    satisfied: total ? n('great') / total : null,
  };
}

/** The figures of one metric map (metric → count). */
export function figuresOf(c: Counters): ReportFigures {
  const get = (m: string) => c[m] ?? 0;
  const conversations = get('tickets');
  const frt = histogram(c, 'frt_');
  const res = histogram(c, 'res_');
  const decisions = histogram(c, 'apprt_');
  const sla = (metric: 'frt' | 'res') => {
    const withTarget = get(`${metric}_sla`);
    const breaches = get(`${metric}_breach`);
    return {
      withTarget,
      breaches,
      metShare: withTarget ? (withTarget - breaches) / withTarget : null,
      targetP50Ms: percentile(histogram(c, `${metric}tgt_`), 0.5),
    };
  };
  const byOutcome = Object.fromEntries(
    ApprovalStatusSchema.options.map((s) => [s, get(`appr_${s}`)]),
  ) as Record<ApprovalStatus, number>;
  const refunds = ApprovalStatusSchema.options
    .map((outcome) => ({
      outcome,
      count: get(`refund_${outcome}_n`),
      amounts: Object.entries(c)
        .filter(([m]) => m.startsWith(`refund_${outcome}_minor_`))
        .map(([m, minor]) => ({ currency: m.slice(`refund_${outcome}_minor_`.length), minor }))
        .filter((a) => a.minor !== 0),
    }))
    .filter((r) => r.count > 0);
  const count = (h: Map<number, number>) => [...h.values()].reduce((a, b) => a + b, 0);
  return {
    conversations,
    resolvedByBot: get('resolved_bot'),
    resolvedByPerson: get('resolved_person'),
    botResolved: get('bot_resolved'),
    botResolutionRate: conversations ? get('bot_resolved') / conversations : null,
    reopened: get('reopened'),
    escalated: get('escalated'),
    escalationsByReason: Object.fromEntries(ESCALATION_REASONS.map((r) => [r, get(`esc_${r}`)])) as Record<
      EscalationReason,
      number
    >,
    firstResponse: {
      count: count(frt),
      p50Ms: percentile(frt, 0.5),
      p90Ms: percentile(frt, 0.9),
      ...sla('frt'),
    },
    resolution: {
      count: count(res),
      p50Ms: percentile(res, 0.5),
      p90Ms: percentile(res, 0.9),
      ...sla('res'),
    },
    approvals: {
      byOutcome,
      decided: count(decisions),
      decisionP50Ms: percentile(decisions, 0.5),
      decisionP90Ms: percentile(decisions, 0.9),
    },
    refunds,
    csat: { bot: csat(c, 'bot'), person: csat(c, 'person') },
  };
}

/** Splits `dimension~value~metric` counters into one metric map per (dimension, value). */
export function splitCounters(c: Counters): {
  all: Counters;
  by: Record<Dimension, Map<string, Counters>>;
} {
  const all: Counters = {};
  const by = Object.fromEntries(DIMENSIONS.map((d) => [d, new Map<string, Counters>()])) as Record<
    Dimension,
    Map<string, Counters>
  >;
  for (const [key, n] of Object.entries(c)) {
    const [dimension, value, metric] = key.split('~');
    if (!dimension || value === undefined || !metric) continue;
    if (dimension === 'all') {
      all[metric] = (all[metric] ?? 0) + n;
      continue;
    }
    const map = by[dimension as Dimension];
    if (!map) continue;
    const decoded = unescapeKeyPart(value);
    const m = map.get(decoded) ?? {};
    m[metric] = (m[metric] ?? 0) + n;
    map.set(decoded, m);
  }
  return { all, by };
}

export interface BuildReportInput {
  tenantId: string;
  since: string;
  until: string;
  generatedAt: Date;
  days: Array<{ day: string; counters: Counters }>;
  /** Names for keys (customer names, intent labels); the key itself otherwise. */
  label?: (dimension: Dimension, key: string) => string;
  /** Rows kept per breakdown, largest first (customers can be many). */
  maxRows?: number;
}

/** The report from a period's daily rollups: pure, so the CLI, the API and tests agree. */
export function buildReport(input: BuildReportInput): AnalyticsReport {
  const { all, by } = splitCounters(sum(input.days.map((d) => d.counters)));
  const rows = (d: Dimension): ReportRow[] =>
    [...by[d].entries()]
      .map(([key, c]) => ({ key, label: input.label?.(d, key) ?? key, ...figuresOf(c) }))
      .filter((r) => r.conversations > 0 || Object.values(r.approvals.byOutcome).some((n) => n > 0))
      .sort((a, b) => b.conversations - a.conversations || a.key.localeCompare(b.key))
      .slice(0, input.maxRows ?? 50);
  const perDay = [...input.days]
    .sort((a, b) => a.day.localeCompare(b.day))
    .map(({ day, counters }) => {
      const c = splitCounters(counters).all;
      return {
        day,
        conversations: c.tickets ?? 0,
        botResolved: c.bot_resolved ?? 0,
        escalated: c.escalated ?? 0,
      };
    });
  return {
    tenantId: input.tenantId,
    since: input.since,
    until: input.until,
    generatedAt: input.generatedAt.toISOString(),
    total: figuresOf(all),
    perDay,
    byIntent: rows('intent'),
    byChannel: rows('channel'),
    byCustomer: rows('customer'),
  };
}
