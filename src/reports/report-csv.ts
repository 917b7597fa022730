import type { AnalyticsReport, ReportFigures } from './report.js';
import { ESCALATION_REASONS } from './facts.js';

const seconds = (ms: number | null) => (ms === null ? '' : String(Math.round(ms / 1000)));
const share = (x: number | null) => (x === null ? '' : x.toFixed(3));

/** RFC 4180: quoted when needed, quotes doubled; a leading =+-@ is defused for spreadsheets. */
function cell(value: string | number): string {
  let s = String(value);
  if (/^[=+\-@\t\r]/.test(s) && typeof value === 'string') s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const COLUMNS: Array<[string, (f: ReportFigures) => string | number]> = [
  ['conversations', (f) => f.conversations],
  ['bot_resolved', (f) => f.botResolved],
  ['bot_resolution_rate', (f) => share(f.botResolutionRate)],
  ['resolved_by_bot', (f) => f.resolvedByBot],
  ['resolved_by_person', (f) => f.resolvedByPerson],
  ['reopened_within_72h', (f) => f.reopened],
  ['escalated', (f) => f.escalated],
  ...ESCALATION_REASONS.map((r): [string, (f: ReportFigures) => number] => [
    `escalated_${r}`,
    (f) => f.escalationsByReason[r],
  ]),
  ['first_response_p50_s', (f) => seconds(f.firstResponse.p50Ms)],
  ['first_response_p90_s', (f) => seconds(f.firstResponse.p90Ms)],
  ['first_response_with_sla', (f) => f.firstResponse.withTarget],
  ['first_response_breaches', (f) => f.firstResponse.breaches],
  ['first_response_met_rate', (f) => share(f.firstResponse.metShare)],
  ['first_response_target_p50_s', (f) => seconds(f.firstResponse.targetP50Ms)],
  ['resolution_p50_s', (f) => seconds(f.resolution.p50Ms)],
  ['resolution_p90_s', (f) => seconds(f.resolution.p90Ms)],
  ['resolution_with_sla', (f) => f.resolution.withTarget],
  ['resolution_breaches', (f) => f.resolution.breaches],
  ['resolution_met_rate', (f) => share(f.resolution.metShare)],
  ['resolution_target_p50_s', (f) => seconds(f.resolution.targetP50Ms)],
  ['approvals_approved', (f) => f.approvals.byOutcome.approved + f.approvals.byOutcome.executed],
  ['approvals_rejected', (f) => f.approvals.byOutcome.rejected],
  ['approvals_expired', (f) => f.approvals.byOutcome.expired],
  ['approvals_pending', (f) => f.approvals.byOutcome.pending],
  ['approval_decision_p50_s', (f) => seconds(f.approvals.decisionP50Ms)],
  [
    'refunds',
    (f) =>
      f.refunds
        .map((r) => `${r.outcome}:${r.count}${r.amounts.map((a) => ` ${a.currency} ${a.minor}`).join('')}`)
        .join('; '),
  ],
  ['csat_bot_great', (f) => f.csat.bot.great],
  ['csat_bot_ok', (f) => f.csat.bot.ok],
  ['csat_bot_not_good', (f) => f.csat.bot.notGood],
  ['csat_person_great', (f) => f.csat.person.great],
  ['csat_person_ok', (f) => f.csat.person.ok],
  ['csat_person_not_good', (f) => f.csat.person.notGood],
  ['csat_bot_great_rate', (f) => share(f.csat.bot.satisfied)],
  ['csat_person_great_rate', (f) => share(f.csat.person.satisfied)],
];

/** The report as CSV: one row for the period, then one per intent, channel and customer. */
export function reportToCsv(report: AnalyticsReport): string {
  const head = ['since', 'until', 'breakdown', 'key', 'label', ...COLUMNS.map(([name]) => name)];
  const line = (breakdown: string, key: string, label: string, f: ReportFigures) =>
    [report.since, report.until, breakdown, key, label, ...COLUMNS.map(([, get]) => get(f))]
      .map(cell)
      .join(',');
  const rows = [
    head.join(','),
    line('all', '', 'All conversations', report.total),
    ...report.byIntent.map((r) => line('intent', r.key, r.label, r)),
    ...report.byChannel.map((r) => line('channel', r.key, r.label, r)),
    ...report.byCustomer.map((r) => line('customer', r.key, r.label, r)),
  ];
  return `${rows.join('\r\n')}\r\n`;
}
