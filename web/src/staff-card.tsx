import { useEffect, useRef, useState } from 'preact/hooks';
import { api, type ApiError } from './api.js';
import { time } from './format.js';
import { RichText } from './rich-text.js';
import type { Card, StaffIdentity } from './types.js';

type Action = Card['actions'][number];

/** A staff card rendered as HTML: the same fields and buttons Slack and Teams show. */
export function StaffCardView({
  card,
  actor,
  postedAt,
}: {
  card: Card;
  actor: StaffIdentity;
  postedAt: string;
}) {
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<Action | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  // `busy` disables the buttons only after the next render; two clicks in one task would both
  // get through. The engine refuses the second decision, but the person would see a refusal.
  const inFlight = useRef(false);
  const yesButton = useRef<HTMLButtonElement>(null);
  const resultLine = useRef<HTMLParagraphElement>(null);
  const opener = useRef<HTMLButtonElement | null>(null);

  // Keyboard users land on the question they must answer, and on the answer afterwards (the
  // button they pressed may be gone once the card is decided).
  useEffect(() => {
    if (confirming) yesButton.current?.focus();
  }, [confirming]);
  useEffect(() => {
    if (result) resultLine.current?.focus();
  }, [result]);

  function cancel() {
    setConfirming(null);
    opener.current?.focus();
  }

  async function click(action: Action) {
    if (inFlight.current) return;
    inFlight.current = true;
    setConfirming(null);
    setBusy(true);
    try {
      const res = await api.post<{ ok: boolean; message: string }>('/staff-actions', {
        actorId: actor.userId,
        data: action.data,
      });
      setResult({ ok: res.ok, text: `${actor.name}: ${res.message}` });
    } catch (err) {
      setResult({ ok: false, text: (err as ApiError).message });
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  const headingId = `card-${card.approvalId ?? card.ticketId}-${card.kind}`;
  return (
    <article
      class={`card card-${card.kind} ${card.final ? 'final' : ''}`}
      aria-labelledby={headingId}
      data-kind={card.kind}
      data-ticket-id={card.ticketId}
    >
      <header>
        <span class="badge">{card.kind}</span>
        <h3 id={headingId}>{card.title}</h3>
        <time dateTime={postedAt}>{time(postedAt)}</time>
      </header>
      {card.summary && (
        <p class="summary" dir="auto">
          {card.summary}
        </p>
      )}
      {card.fields.length > 0 && (
        <dl class="fields">
          {card.fields.map((f) => (
            <div key={f.label}>
              <dt>{f.label}</dt>
              <dd>{f.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {card.lastCustomerMessage && (
        <blockquote dir="auto">
          <span class="visually-hidden">Last customer message: </span>
          {card.lastCustomerMessage}
        </blockquote>
      )}
      {card.recentMessages && card.recentMessages.length > 0 && (
        <details>
          <summary>Recent messages ({card.recentMessages.length})</summary>
          <ol class="recent">
            {card.recentMessages.map((m, i) => (
              <li key={i} dir="auto">
                <strong>{m.role}:</strong> {m.text}
              </li>
            ))}
          </ol>
        </details>
      )}
      {card.draft && (
        <div class="draft">
          <strong>Draft answer</strong>
          <p dir="auto">
            <RichText text={card.draft} />
          </p>
        </div>
      )}
      {card.articles && card.articles.length > 0 && (
        <p class="articles">Articles found: {card.articles.map((a) => a.title).join(', ')}</p>
      )}
      {card.threadLink && (
        <p>
          <a href={card.threadLink}>Open the customer thread</a>
        </p>
      )}
      {card.statusLine && (
        <p class="status-line" data-status-line>
          {card.statusLine}
        </p>
      )}
      {card.actions.length > 0 && (
        <div class="actions" role="group" aria-label={`Actions for ${card.title}`}>
          {card.actions.map((a) => (
            <button
              key={a.label}
              type="button"
              class={a.style ?? ''}
              disabled={busy}
              onClick={(e) => {
                opener.current = e.currentTarget;
                if (a.confirm) setConfirming(a);
                else void click(a);
              }}
            >
              {a.label}
            </button>
          ))}
        </div>
      )}
      {confirming && (
        <div
          class="confirm"
          role="alertdialog"
          aria-label="Confirm"
          aria-describedby={`${headingId}-confirm`}
          onKeyDown={(e) => {
            if (e.key === 'Escape') cancel();
          }}
        >
          <p id={`${headingId}-confirm`}>{confirming.confirm}</p>
          <button
            type="button"
            ref={yesButton}
            class={confirming.style ?? 'primary'}
            onClick={() => click(confirming)}
          >
            Yes, {confirming.label.toLowerCase()}
          </button>
          <button type="button" onClick={cancel}>
            Cancel
          </button>
        </div>
      )}
      {result && (
        <p
          ref={resultLine}
          tabIndex={-1}
          class={`result ${result.ok ? 'ok' : 'refused'}`}
          role={result.ok ? 'status' : 'alert'}
        >
          {result.text}
        </p>
      )}
    </article>
  );
}
