import type { AnalyticsReport, DurationFigures, ReportFigures } from './report.js';
import type { KnowledgeGapsReport } from './report-service.js';

/** "4 min", "2.5 h", "—": durations as a person reads them. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 60_000) return `${Math.round(ms / 1000)} s`;
  if (ms < 3_600_000) return `${Math.round(ms / 60_000)} min`;
  if (ms < 86_400_000) return `${(ms / 3_600_000).toFixed(1)} h`;
  return `${(ms / 86_400_000).toFixed(1)} d`;
}

const pct = (x: number | null) => (x === null ? '—' : `${Math.round(x * 100)} %`);

function times(name: string, d: DurationFigures): string {
  const sla = d.withTarget ? `, ${d.breaches} of ${d.withTarget} past the SLA target` : '';
  return `${name}: p50 ${formatDuration(d.p50Ms)}, p90 ${formatDuration(d.p90Ms)} (${d.count} tickets${sla})`;
}

function figures(f: ReportFigures): string[] {
  const reasons = Object.entries(f.escalationsByReason)
    .filter(([, n]) => n > 0)
    .map(([r, n]) => `${r.replace('_', ' ')} ${n}`)
    .join(', ');
  const approvals = Object.entries(f.approvals.byOutcome)
    .filter(([, n]) => n > 0)
    .map(([s, n]) => `${s} ${n}`)
    .join(', ');
  const refunds = f.refunds
    .map(
      (r) =>
        `${r.outcome} ${r.count} (${r.amounts.map((a) => `${(a.minor / 100).toFixed(2)} ${a.currency}`).join(', ')})`,
    )
    .join(', ');
  const csat = (c: ReportFigures['csat']['bot']) =>
    `${c.great} great, ${c.ok} ok, ${c.notGood} not good (${pct(c.satisfied)} great)`;
  return [
    `Conversations: ${f.conversations}`,
    `Resolved by the bot and not reopened within 72 h: ${f.botResolved} (${pct(f.botResolutionRate)}); by a person: ${f.resolvedByPerson}; reopened: ${f.reopened}`,
    `Escalated: ${f.escalated}${reasons ? ` (${reasons})` : ''}`,
    times('First response', f.firstResponse),
    times('Resolution', f.resolution),
    `Approvals: ${approvals || 'none'}; time to decision p50 ${formatDuration(f.approvals.decisionP50Ms)}, p90 ${formatDuration(f.approvals.decisionP90Ms)}`,
    `Refunds: ${refunds || 'none'}`,
    `CSAT bot-resolved: ${csat(f.csat.bot)}; person-resolved: ${csat(f.csat.person)}`,
  ];
}

/** The report for a terminal: the period's figures, then the largest rows of each breakdown. */
export function reportToText(r: AnalyticsReport): string {
  const lines = [`Switchboard report for ${r.tenantId}, ${r.since} to ${r.until} (exclusive, UTC days)`, ''];
  lines.push(...figures(r.total), '');
  const table = (title: string, rows: AnalyticsReport['byIntent']) => {
    if (!rows.length) return;
    lines.push(`${title}:`);
    for (const row of rows.slice(0, 10))
      lines.push(
        `  ${row.label}: ${row.conversations} conversations, bot ${pct(row.botResolutionRate)}, escalated ${row.escalated}, first response p90 ${formatDuration(row.firstResponse.p90Ms)}`,
      );
    lines.push('');
  };
  table('By intent', r.byIntent);
  table('By channel', r.byChannel);
  table('By customer', r.byCustomer);
  return `${lines.join('\n')}\n`;
}

export function gapsToText(g: KnowledgeGapsReport): string {
  const lines = [
    `Knowledge gaps for ${g.tenantId}, ${g.since} to ${g.until}: ${g.questions} unanswered questions`,
    '',
  ];
  for (const group of g.groups) {
    lines.push(`${group.count} × ${group.terms.join(', ')} (${group.intent})`);
    for (const e of group.examples) lines.push(`    “${e.question}” (${e.ticketId})`);
    lines.push(
      group.closestArticle
        ? `    closest article: ${group.closestArticle.title} (${group.closestArticle.articleId})`
        : '    no article comes close',
    );
  }
  return `${lines.join('\n')}\n`;
}
