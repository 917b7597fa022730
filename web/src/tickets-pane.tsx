import { useState } from 'preact/hooks';
import { dateTime, excerpt, humanize } from './format.js';
import { TicketDetailView } from './ticket-detail.js';
import { useFetch } from './use-fetch.js';
import { STATUSES, STATUS_LABEL, type StaffIdentity, type Ticket, type TicketStatus } from './types.js';

/** Every ticket with status filters; one opens into transcript, decision records and audit trail. */
export function TicketsPane({ revision, actor }: { revision: number; actor: StaffIdentity }) {
  const [statuses, setStatuses] = useState<TicketStatus[]>([]);
  const [openId, setOpenId] = useState<string | null>(null);
  const query = statuses.length ? `?status=${statuses.join(',')}` : '';
  const { data, error } = useFetch<{ tickets: Ticket[] }>(`/tickets${query}`, revision);
  const tickets = data?.tickets ?? [];

  const toggle = (s: TicketStatus) =>
    setStatuses((cur) => (cur.includes(s) ? cur.filter((x) => x !== s) : [...cur, s]));

  return (
    <div class="tickets-layout" data-pane="tickets">
      <section class="pane ticket-list" aria-labelledby="tickets-heading">
        <header class="pane-head">
          <h2 id="tickets-heading">Tickets</h2>
          <fieldset class="filters">
            <legend>Status (none checked shows all)</legend>
            {STATUSES.map((s) => (
              <label key={s} class="inline">
                <input type="checkbox" checked={statuses.includes(s)} onChange={() => toggle(s)} />{' '}
                {STATUS_LABEL[s]}
              </label>
            ))}
          </fieldset>
        </header>
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        <table>
          <caption class="visually-hidden">Tickets, most recently updated first</caption>
          <thead>
            <tr>
              <th scope="col">Ticket</th>
              <th scope="col">Subject</th>
              <th scope="col">Customer</th>
              <th scope="col">Status</th>
              <th scope="col">Urgency</th>
              <th scope="col">Intent</th>
              <th scope="col">Updated</th>
            </tr>
          </thead>
          <tbody>
            {tickets.length === 0 && (
              <tr>
                <td colSpan={7} class="empty">
                  No tickets{statuses.length ? ' with this status' : ' yet'}.
                </td>
              </tr>
            )}
            {tickets.map((t) => (
              <tr
                key={t.ticketId}
                class={openId === t.ticketId ? 'selected' : ''}
                data-ticket-id={t.ticketId}
              >
                <td>
                  <button
                    type="button"
                    class="link"
                    aria-pressed={openId === t.ticketId}
                    onClick={() => setOpenId(t.ticketId)}
                  >
                    {t.ticketId}
                  </button>
                </td>
                <td>{excerpt(t.subject || '—', 60)}</td>
                <td>
                  {t.customerName ?? 'Unidentified'}
                  {t.plan ? ` (${t.plan})` : ''}
                </td>
                <td>
                  <span class={`status status-${t.status}`}>{STATUS_LABEL[t.status]}</span>
                  {t.assigneeName ? ` · ${t.assigneeName}` : ''}
                </td>
                <td class={`urgency-${t.urgency}`}>{t.urgency}</td>
                <td>{humanize(t.intent)}</td>
                <td>{dateTime(t.updatedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section class="pane ticket-detail" aria-label="Ticket detail" data-pane="ticket-detail">
        {openId ? (
          <TicketDetailView ticketId={openId} revision={revision} actor={actor} />
        ) : (
          <p class="empty">Choose a ticket to see its transcript, decisions and audit trail.</p>
        )}
      </section>
    </div>
  );
}
