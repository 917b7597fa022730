import { useMemo } from 'preact/hooks';
import type { ChartConfiguration } from 'chart.js';
import { ChartBox } from './chart-box.js';
import { ReportSection } from './report-pane.js';
import { duration, humanize } from './format.js';
import { useFetch } from './use-fetch.js';
import { STATUSES, STATUS_LABEL, type Overview } from './types.js';

const COLORS = {
  customer: '#2563eb',
  bot: '#16a34a',
  staff: '#d97706',
  escalated: '#dc2626',
  waiting: '#94a3b8',
};
const PALETTE = [
  '#2563eb',
  '#16a34a',
  '#d97706',
  '#dc2626',
  '#7c3aed',
  '#0891b2',
  '#db2777',
  '#65a30d',
  '#475569',
  '#ea580c',
  '#0f766e',
];

function hourLabel(iso: string): string {
  return new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

/** A few charts where people would rather look than read. */
export function OverviewPane({ revision }: { revision: number }) {
  const { data: o, error } = useFetch<Overview>('/overview', revision);

  const charts = useMemo(() => {
    if (!o) return null;
    const perHour: ChartConfiguration = {
      type: 'bar',
      data: {
        labels: o.messagesPerHour.map((h) => hourLabel(h.hour)),
        datasets: (['customer', 'bot', 'staff'] as const).map((role) => ({
          label: role === 'bot' ? 'Bot' : role === 'staff' ? 'Staff' : 'Customers',
          data: o.messagesPerHour.map((h) => h[role]),
          backgroundColor: COLORS[role],
        })),
      },
      options: {
        scales: { x: { stacked: true }, y: { stacked: true, beginAtZero: true, ticks: { precision: 0 } } },
      },
    };
    const outcomes: ChartConfiguration = {
      type: 'doughnut',
      data: {
        labels: ['Answered by the bot', 'Escalated to staff', 'Waiting'],
        datasets: [
          {
            data: [o.outcomes.bot, o.outcomes.escalated, o.outcomes.waiting],
            backgroundColor: [COLORS.bot, COLORS.escalated, COLORS.waiting],
          },
        ],
      },
      options: { plugins: { legend: { position: 'bottom' } } },
    };
    const approvalLabels = Object.keys(o.approvals.byStatus);
    const approvals: ChartConfiguration = {
      type: 'bar',
      data: {
        labels: approvalLabels,
        datasets: [
          {
            label: 'Approval requests',
            data: approvalLabels.map((k) => o.approvals.byStatus[k] ?? 0),
            backgroundColor: PALETTE,
            maxBarThickness: 56,
          },
        ],
      },
      options: {
        plugins: { legend: { display: false } },
        scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
      },
    };
    const intents: ChartConfiguration = {
      type: 'bar',
      data: {
        labels: o.intents.map((i) => humanize(i.intent)),
        datasets: [
          {
            label: 'Tickets',
            data: o.intents.map((i) => i.count),
            backgroundColor: PALETTE,
            maxBarThickness: 28,
          },
        ],
      },
      options: {
        indexAxis: 'y',
        plugins: { legend: { display: false } },
        scales: { x: { beginAtZero: true, ticks: { precision: 0 } } },
      },
    };
    const stages: ChartConfiguration = {
      type: 'bar',
      data: {
        labels: o.stageTimings.map((s) => s.stage),
        datasets: [
          {
            label: 'Mean duration (ms)',
            data: o.stageTimings.map((s) => s.meanMs),
            backgroundColor: '#0891b2',
            maxBarThickness: 56,
          },
        ],
      },
      options: { plugins: { legend: { display: false } }, scales: { y: { beginAtZero: true } } },
    };
    return { perHour, outcomes, approvals, intents, stages };
  }, [o]);

  if (error)
    return (
      <p class="error" role="alert">
        {error}
      </p>
    );
  if (!o || !charts) return <p class="loading">Loading the overview…</p>;
  const totalMessages = o.messagesPerHour.reduce((n, h) => n + h.customer + h.bot + h.staff, 0);

  return (
    <section class="pane overview" aria-labelledby="overview-heading" data-pane="overview">
      <header class="pane-head">
        <h2 id="overview-heading">Overview</h2>
        <p class="hint">The {o.ticketsCovered} most recent tickets; refreshed live.</p>
      </header>
      <ul class="tiles">
        {STATUSES.map((s) => (
          <li key={s}>
            <span class="tile-value">{o.ticketsByStatus[s] ?? 0}</span>
            <span class="tile-label">{STATUS_LABEL[s]}</span>
          </li>
        ))}
        <li>
          <span class="tile-value" data-tile="approvals-pending">
            {o.approvals.pending}
          </span>
          <span class="tile-label">Approvals pending</span>
        </li>
        <li>
          <span class="tile-value" data-tile="median-decision">
            {duration(o.approvals.medianDecisionMs)}
          </span>
          <span class="tile-label">Median time to decision ({o.approvals.decided} decided)</span>
        </li>
      </ul>
      <div class="chart-grid">
        <ChartBox
          id="messages-per-hour"
          title="Messages per hour (last 24 hours)"
          description={`${totalMessages} messages in the last 24 hours, split by customers, bot and staff.`}
          config={charts.perHour}
          table={{
            head: ['Hour', 'Customers', 'Bot', 'Staff'],
            rows: o.messagesPerHour
              .filter((h) => h.customer + h.bot + h.staff > 0)
              .map((h) => [hourLabel(h.hour), h.customer, h.bot, h.staff]),
          }}
        />
        <ChartBox
          id="outcomes"
          title="Answered by the bot vs escalated"
          description={`${o.outcomes.bot} tickets answered by the bot, ${o.outcomes.escalated} escalated, ${o.outcomes.waiting} waiting.`}
          config={charts.outcomes}
          table={{
            head: ['Outcome', 'Tickets'],
            rows: [
              ['Answered by the bot', o.outcomes.bot],
              ['Escalated to staff', o.outcomes.escalated],
              ['Waiting', o.outcomes.waiting],
            ],
          }}
        />
        <ChartBox
          id="approvals"
          title={`Approvals: ${o.approvals.pending} pending, median decision ${duration(o.approvals.medianDecisionMs)}`}
          description={`Approval requests by status: ${
            Object.entries(o.approvals.byStatus)
              .map(([k, v]) => `${v} ${k}`)
              .join(', ') || 'none yet'
          }.`}
          config={charts.approvals}
          table={{ head: ['Status', 'Requests'], rows: Object.entries(o.approvals.byStatus) }}
        />
        <ChartBox
          id="intents"
          title="What customers ask about"
          description={`Tickets by intent: ${o.intents.map((i) => `${i.count} ${humanize(i.intent)}`).join(', ') || 'none yet'}.`}
          config={charts.intents}
          table={{ head: ['Intent', 'Tickets'], rows: o.intents.map((i) => [humanize(i.intent), i.count]) }}
        />
        <ChartBox
          id="stages"
          title="Mean time per agent stage"
          description={`Mean stage durations: ${o.stageTimings.map((s) => `${s.stage} ${s.meanMs} ms`).join(', ') || 'no runs yet'}.`}
          config={charts.stages}
          table={{
            head: ['Stage', 'Mean (ms)', 'Runs'],
            rows: o.stageTimings.map((s) => [s.stage, s.meanMs, s.runs]),
          }}
        />
      </div>
      <ReportSection revision={revision} />
    </section>
  );
}
