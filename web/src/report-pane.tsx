import { useMemo, useState } from 'preact/hooks';
import type { ChartConfiguration } from 'chart.js';
import { getToken } from './api.js';
import { ChartBox } from './chart-box.js';
import { duration, humanize } from './format.js';
import { useFetch } from './use-fetch.js';
import type { AnalyticsReport, ReportRow } from './types.js';

const PERIODS = [
  { id: '7d', label: 'Last 7 days' },
  { id: '30d', label: 'Last 30 days' },
  { id: '90d', label: 'Last 90 days' },
] as const;

const REASON_LABEL: Record<string, string> = {
  low_confidence: 'Low confidence',
  policy: 'Policy',
  customer_asked: 'Customer asked',
  sentiment: 'Sentiment',
  sla: 'SLA',
  failure: 'Failure',
};

const pct = (x: number | null) => (x === null ? '—' : `${Math.round(x * 100)} %`);
const money = (minor: number, currency: string) => `${(minor / 100).toFixed(2)} ${currency}`;

/** Downloads the CSV through the API (the bearer token goes in a header, so a plain link would not do). */
async function downloadCsv(since: string): Promise<void> {
  const token = getToken();
  const res = await fetch(`/sandbox/api/report?since=${encodeURIComponent(since)}&format=csv`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) return;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `switchboard-report-${since}.csv`;
  a.click();
  URL.revokeObjectURL(url);
}

function BreakdownTable({ caption, rows }: { caption: string; rows: ReportRow[] }) {
  if (!rows.length) return null;
  return (
    <table class="report-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{caption.replace(/^By /, '')}</th>
          <th scope="col">Conversations</th>
          <th scope="col">Bot resolution</th>
          <th scope="col">Escalated</th>
          <th scope="col">First response p50 / p90</th>
          <th scope="col">Resolution p50 / p90</th>
          <th scope="col">SLA breaches (first response / resolution)</th>
          <th scope="col">Approvals decided</th>
          <th scope="col">CSAT bot / person (great)</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <th scope="row">{r.label}</th>
            <td>{r.conversations}</td>
            <td>{pct(r.botResolutionRate)}</td>
            <td>{r.escalated}</td>
            <td>
              {duration(r.firstResponse.p50Ms)} / {duration(r.firstResponse.p90Ms)}
            </td>
            <td>
              {duration(r.resolution.p50Ms)} / {duration(r.resolution.p90Ms)}
            </td>
            <td>
              {r.firstResponse.withTarget || r.resolution.withTarget
                ? `${r.firstResponse.breaches} / ${r.resolution.breaches}`
                : '—'}
            </td>
            <td>{r.approvals.decided}</td>
            <td>
              {pct(r.csat.bot.satisfied)} / {pct(r.csat.person.satisfied)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The analytics report of a period: tiles, charts (each with its table) and breakdowns. */
export function ReportSection({ revision }: { revision: number }) {
  const [since, setSince] = useState<string>('30d');
  const { data: r, error } = useFetch<AnalyticsReport>(`/report?since=${since}`, revision);

  const charts = useMemo(() => {
    if (!r) return null;
    const perDay: ChartConfiguration = {
      type: 'bar',
      data: {
        labels: r.perDay.map((d) => d.day),
        datasets: [
          {
            label: 'Resolved by the bot',
            data: r.perDay.map((d) => d.botResolved),
            backgroundColor: '#16a34a',
          },
          { label: 'Escalated', data: r.perDay.map((d) => d.escalated), backgroundColor: '#dc2626' },
          {
            label: 'Other',
            data: r.perDay.map((d) => Math.max(0, d.conversations - d.botResolved - d.escalated)),
            backgroundColor: '#94a3b8',
          },
        ],
      },
      options: {
        scales: { x: { stacked: true }, y: { stacked: true, beginAtZero: true, ticks: { precision: 0 } } },
      },
    };
    const reasons = Object.entries(r.total.escalationsByReason);
    const escalations: ChartConfiguration = {
      type: 'bar',
      data: {
        labels: reasons.map(([k]) => REASON_LABEL[k] ?? k),
        datasets: [
          {
            label: 'Escalations',
            data: reasons.map(([, n]) => n),
            backgroundColor: '#dc2626',
            maxBarThickness: 48,
          },
        ],
      },
      options: {
        indexAxis: 'y',
        plugins: { legend: { display: false } },
        scales: { x: { beginAtZero: true, ticks: { precision: 0 } } },
      },
    };
    const csatLabels = ['Great', 'OK', 'Not good'];
    const csat: ChartConfiguration = {
      type: 'bar',
      data: {
        labels: csatLabels,
        datasets: [
          {
            label: 'Bot-resolved',
            data: [r.total.csat.bot.great, r.total.csat.bot.ok, r.total.csat.bot.notGood],
            backgroundColor: '#16a34a',
          },
          {
            label: 'Person-resolved',
            data: [r.total.csat.person.great, r.total.csat.person.ok, r.total.csat.person.notGood],
            backgroundColor: '#d97706',
          },
        ],
      },
      options: { scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } },
    };
    const slaRows = [
      ['First response', r.total.firstResponse],
      ['Resolution', r.total.resolution],
    ] as const;
    const sla: ChartConfiguration = {
      type: 'bar',
      data: {
        labels: slaRows.map(([label]) => label),
        datasets: [
          {
            label: 'Within target',
            data: slaRows.map(([, f]) => f.withTarget - f.breaches),
            backgroundColor: '#16a34a',
          },
          { label: 'Breached', data: slaRows.map(([, f]) => f.breaches), backgroundColor: '#dc2626' },
        ],
      },
      options: {
        indexAxis: 'y',
        scales: { x: { stacked: true, beginAtZero: true, ticks: { precision: 0 } }, y: { stacked: true } },
      },
    };
    return { perDay, escalations, csat, sla, slaRows };
  }, [r]);

  return (
    <section class="report" aria-labelledby="report-heading" data-section="report">
      <header class="pane-head">
        <h2 id="report-heading">Report</h2>
        <div class="report-controls">
          <label for="report-period">Period</label>
          <select id="report-period" value={since} onChange={(e) => setSince(e.currentTarget.value)}>
            {PERIODS.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </select>
          <button type="button" onClick={() => void downloadCsv(since)}>
            Download CSV
          </button>
        </div>
      </header>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {!r || !charts ? (
        <p class="loading">Loading the report…</p>
      ) : (
        <>
          <p class="hint">
            {r.since} to {r.until} (UTC days; tickets count on the day they were opened).
          </p>
          <ul class="tiles">
            <li>
              <span class="tile-value" data-tile="conversations">
                {r.total.conversations}
              </span>
              <span class="tile-label">Conversations</span>
            </li>
            <li>
              <span class="tile-value" data-tile="bot-resolution">
                {pct(r.total.botResolutionRate)}
              </span>
              <span class="tile-label">Resolved by the bot (not reopened within 72 h)</span>
            </li>
            <li>
              <span class="tile-value" data-tile="first-response">
                {duration(r.total.firstResponse.p50Ms)} / {duration(r.total.firstResponse.p90Ms)}
              </span>
              <span class="tile-label">
                First response p50 / p90
                {r.total.firstResponse.withTarget ? `, ${r.total.firstResponse.breaches} past SLA` : ''}
              </span>
            </li>
            <li>
              <span class="tile-value" data-tile="resolution">
                {duration(r.total.resolution.p50Ms)} / {duration(r.total.resolution.p90Ms)}
              </span>
              <span class="tile-label">
                Resolution p50 / p90
                {r.total.resolution.withTarget ? `, ${r.total.resolution.breaches} past SLA` : ''}
              </span>
            </li>
            <li>
              <span class="tile-value" data-tile="decision-time">
                {duration(r.total.approvals.decisionP50Ms)}
              </span>
              <span class="tile-label">Approval decision p50 ({r.total.approvals.decided} decided)</span>
            </li>
          </ul>
          <div class="chart-grid">
            <ChartBox
              id="report-per-day"
              title="Conversations per day"
              description={`${r.total.conversations} conversations, ${r.total.botResolved} resolved by the bot, ${r.total.escalated} escalated.`}
              config={charts.perDay}
              table={{
                head: ['Day', 'Conversations', 'Resolved by the bot', 'Escalated'],
                rows: r.perDay.map((d) => [d.day, d.conversations, d.botResolved, d.escalated]),
              }}
            />
            <ChartBox
              id="report-escalations"
              title="Escalations by reason"
              description={`Escalations: ${Object.entries(r.total.escalationsByReason)
                .map(([k, n]) => `${n} ${REASON_LABEL[k] ?? k}`)
                .join(', ')}.`}
              config={charts.escalations}
              table={{
                head: ['Reason', 'Escalations'],
                rows: Object.entries(r.total.escalationsByReason).map(([k, n]) => [REASON_LABEL[k] ?? k, n]),
              }}
            />
            <ChartBox
              id="report-sla"
              title="Response times against the SLA"
              description={charts.slaRows
                .map(
                  ([label, f]) =>
                    `${label}: p50 ${duration(f.p50Ms)}, p90 ${duration(f.p90Ms)}, ${f.breaches} of ${f.withTarget} past target`,
                )
                .join('; ')}
              config={charts.sla}
              table={{
                head: ['Clock', 'p50', 'p90', 'Target (median)', 'With a target', 'Breached', 'Met'],
                rows: charts.slaRows.map(([label, f]) => [
                  label,
                  duration(f.p50Ms),
                  duration(f.p90Ms),
                  duration(f.targetP50Ms),
                  f.withTarget,
                  f.breaches,
                  pct(f.metShare),
                ]),
              }}
            />
            <ChartBox
              id="report-csat"
              title="CSAT: bot-resolved vs person-resolved"
              description={`Bot-resolved: ${pct(r.total.csat.bot.satisfied)} great; person-resolved: ${pct(r.total.csat.person.satisfied)} great.`}
              config={charts.csat}
              table={{
                head: ['Rating', 'Bot-resolved', 'Person-resolved'],
                rows: [
                  ['Great', r.total.csat.bot.great, r.total.csat.person.great],
                  ['OK', r.total.csat.bot.ok, r.total.csat.person.ok],
                  ['Not good', r.total.csat.bot.notGood, r.total.csat.person.notGood],
                ],
              }}
            />
          </div>
          <table class="report-table" data-table="refunds">
            <caption>Approvals and refunds by outcome</caption>
            <thead>
              <tr>
                <th scope="col">Outcome</th>
                <th scope="col">Approval requests</th>
                <th scope="col">Refunds</th>
                <th scope="col">Refund amounts</th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(r.total.approvals.byOutcome)
                .filter(([, n]) => n > 0)
                .map(([outcome, n]) => {
                  const refunds = r.total.refunds.find((x) => x.outcome === outcome);
                  return (
                    <tr key={outcome}>
                      <th scope="row">{humanize(outcome)}</th>
                      <td>{n}</td>
                      <td>{refunds?.count ?? 0}</td>
                      <td>{refunds?.amounts.map((a) => money(a.minor, a.currency)).join(', ') || '—'}</td>
                    </tr>
                  );
                })}
            </tbody>
          </table>
          <BreakdownTable caption="By intent" rows={r.byIntent} />
          <BreakdownTable caption="By channel" rows={r.byChannel} />
          <BreakdownTable caption="By customer" rows={r.byCustomer} />
        </>
      )}
    </section>
  );
}
