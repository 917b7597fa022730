import { useState } from 'preact/hooks';
import { formatMoney } from '../../src/domain/money.js';
import { api, type ApiError } from './api.js';
import { dateTime, duration, humanize } from './format.js';
import { useFetch } from './use-fetch.js';
import { STATUS_LABEL, type Detail, type StaffIdentity } from './types.js';

type Decision = Detail['decisions'][number];

// The same formatting as the bot's messages: currency digits from Intl (2 for USD, 0 for JPY).
const money = (minor: number, currency: string): string => formatMoney(minor, currency);

function who(actor: { kind: string; name?: string; userId?: string }): string {
  return actor.name ?? actor.userId ?? actor.kind;
}

function DecisionView({ d }: { d: Decision }) {
  return (
    <article class="decision" data-route={d.route}>
      <h4>
        {dateTime(d.createdAt)} — route <strong>{d.route}</strong>, confidence {d.confidence.toFixed(2)}{' '}
        against {d.threshold.toFixed(2)} ({d.engine} engine)
      </h4>
      <p>
        <strong>Why:</strong> {d.reason}
      </p>
      {d.understanding && (
        <p>
          Understood: {humanize(d.understanding.intent)}, urgency {d.understanding.urgency}
          {d.understanding.urgencySignals.length ? ` (${d.understanding.urgencySignals.join('; ')})` : ''},
          sentiment {d.understanding.sentiment}, language {d.understanding.language}.
        </p>
      )}
      <table>
        <caption>Stages</caption>
        <thead>
          <tr>
            <th scope="col">Stage</th>
            <th scope="col">Duration</th>
            <th scope="col">Result</th>
            <th scope="col">Note</th>
          </tr>
        </thead>
        <tbody>
          {d.stages.map((s, i) => (
            <tr key={i}>
              <td>{s.name}</td>
              <td>{duration(s.durationMs)}</td>
              <td>{s.ok ? 'ok' : 'failed'}</td>
              <td>{s.note ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        Model calls: {d.modelCalls.count} ({d.modelCalls.tokensIn} tokens in, {d.modelCalls.tokensOut} out,{' '}
        {duration(d.modelCalls.latencyMs)}).
      </p>
      {d.tools.length > 0 && (
        <table>
          <caption>Tools</caption>
          <thead>
            <tr>
              <th scope="col">Tool</th>
              <th scope="col">Duration</th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            {d.tools.map((t, i) => (
              <tr key={i}>
                <td>{t.name}</td>
                <td>{duration(t.durationMs)}</td>
                <td>{t.ok ? 'ok' : `error: ${t.error ?? 'failed'}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {d.articleIds.length > 0 && <p>Articles: {d.articleIds.join(', ')}</p>}
    </article>
  );
}

const TICKET_ACTIONS = [
  { action: 'ticket.takeover', label: 'Take over' },
  { action: 'ticket.handback', label: 'Hand back to the bot' },
  { action: 'ticket.resolve', label: 'Resolve' },
] as const;

/** One ticket: transcript, decision records, approvals and the audit trail. */
export function TicketDetailView({
  ticketId,
  revision,
  actor,
}: {
  ticketId: string;
  revision: number;
  actor: StaffIdentity;
}) {
  const { data: d, error } = useFetch<Detail>(`/tickets/${encodeURIComponent(ticketId)}`, revision);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  if (error)
    return (
      <p class="error" role="alert">
        {error}
      </p>
    );
  if (!d) return <p class="loading">Loading {ticketId}…</p>;
  const t = d.ticket;

  async function act(action: (typeof TICKET_ACTIONS)[number]['action']) {
    try {
      const res = await api.post<{ ok: boolean; message: string }>('/staff-actions', {
        actorId: actor.userId,
        data: { v: 1, action, ticketId },
      });
      setResult({ ok: res.ok, text: `${actor.name}: ${res.message}` });
    } catch (err) {
      setResult({ ok: false, text: (err as ApiError).message });
    }
  }

  return (
    <div class="detail" data-ticket-id={t.ticketId}>
      <h2>
        {t.ticketId} <span class={`status status-${t.status}`}>{STATUS_LABEL[t.status]}</span>
      </h2>
      <p>
        {d.customerName ?? 'Unidentified customer'} · {humanize(t.intent)} · urgency {t.urgency}
        {t.sentiment ? ` · ${t.sentiment}` : ''}
        {t.assignee ? ` · with ${who(t.assignee)}` : ''}
      </p>
      {d.sla && (
        <p class={`sla sla-${d.sla.state}`} data-sla-state={d.sla.state}>
          <strong>SLA</strong> {t.sla?.plan} · {t.sla?.urgency}: {d.sla.text}
          {t.sla?.breaches.length
            ? ` · ${t.sla.breaches.length} breach${t.sla.breaches.length > 1 ? 'es' : ''}`
            : ''}
        </p>
      )}
      {t.escalation && (
        <p class="summary">
          <strong>Escalated:</strong> {t.escalation.summary} ({t.escalation.reason})
        </p>
      )}
      <div class="actions" role="group" aria-label={`Act on ${t.ticketId} as ${actor.name}`}>
        {TICKET_ACTIONS.map((a) => (
          <button
            key={a.action}
            type="button"
            onClick={() => act(a.action)}
            disabled={t.status === 'resolved'}
          >
            {a.label}
          </button>
        ))}
      </div>
      {result && (
        <p class={`result ${result.ok ? 'ok' : 'refused'}`} role={result.ok ? 'status' : 'alert'}>
          {result.text}
        </p>
      )}

      <h3>Transcript</h3>
      <ol class="transcript">
        {d.messages.map((m) => (
          <li key={m.messageId} class={`role-${m.role}`}>
            <span class="meta">
              {dateTime(m.createdAt)} · {m.role}
              {m.author.name ? ` · ${m.author.name}` : ''}
            </span>
            <p>{m.deleted ? <em>(deleted)</em> : m.text}</p>
            {m.englishText && <p class="translation">English: {m.englishText}</p>}
          </li>
        ))}
      </ol>

      <h3>Decision records</h3>
      {d.decisions.length === 0 ? (
        <p class="empty">No agent runs.</p>
      ) : (
        d.decisions.map((x) => <DecisionView key={x.decisionId} d={x} />)
      )}

      {d.approvals.length > 0 && (
        <>
          <h3>Approvals</h3>
          <ul class="approvals">
            {d.approvals.map((a) => (
              <li key={a.approvalId}>
                {a.action} of {money(a.amountMinor, a.currency)} for order {a.orderId}:{' '}
                <strong>{a.status}</strong> (needs {a.requiredRole})
                {a.decidedBy
                  ? ` — decided by ${who(a.decidedBy)}${a.decidedAt ? ` at ${dateTime(a.decidedAt)}` : ''}`
                  : ''}
                {a.execution?.reference ? ` — reference ${a.execution.reference}` : ''}
              </li>
            ))}
          </ul>
        </>
      )}

      <h3>Audit trail</h3>
      <ol class="audit" aria-label="Audit trail">
        {d.audit.map((e) => (
          <li key={e.auditId} data-action={e.action}>
            <span class="meta">{dateTime(e.at)}</span> <strong>{e.action}</strong> by {who(e.actor)}
            {e.note ? ` — ${e.note}` : ''}
          </li>
        ))}
        {d.audit.length === 0 && <li class="empty">No audited steps yet.</li>}
      </ol>
    </div>
  );
}
