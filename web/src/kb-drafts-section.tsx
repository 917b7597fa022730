import { useEffect, useRef, useState } from 'preact/hooks';
import { api, type ApiError } from './api.js';
import { dateTime } from './format.js';
import { useFetch } from './use-fetch.js';
import type { KbDraft, KbDraftList, KbDraftResult, StaffIdentity } from './types.js';

type Answer = { ok: boolean; message: string };

/**
 * One draft opened for review: the customer's question for context, the title and the answer
 * (the article's body) to edit, and Save, Publish and Discard. The engine decides who may do
 * what: a refusal comes back as its sentence, as in Slack and Teams.
 */
function DraftEditor({
  draft,
  actor,
  onAnswer,
  onChanged,
}: {
  draft: KbDraft;
  actor: StaffIdentity;
  onAnswer: (a: Answer) => void;
  /** The draft changed; `closed` when it left the list (published or discarded). */
  onChanged: (closed: boolean) => void;
}) {
  const [title, setTitle] = useState(draft.title);
  const [body, setBody] = useState(draft.answer);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const yes = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) yes.current?.focus();
  }, [confirming]);

  const edited = title !== draft.title || body !== draft.answer;
  const post = (path: string, extra: object = {}) =>
    api.post<KbDraftResult>(`/kb-drafts/${draft.draftId}${path}`, { actorId: actor.userId, ...extra });

  async function run(step: () => Promise<KbDraftResult | null>) {
    setBusy(true);
    setConfirming(false);
    try {
      const result = await step();
      if (result) onAnswer({ ok: result.ok, message: result.message });
      if (result?.ok) onChanged(result.draft?.status !== 'draft');
    } catch (err) {
      onAnswer({ ok: false, message: (err as ApiError).message });
    } finally {
      setBusy(false);
    }
  }

  const save = async () => post('', { title, answer: body });
  // What the supervisor sees is what is published: unsaved edits are saved first.
  const publish = async () => {
    if (edited) {
      const saved = await save();
      if (!saved.ok) return saved;
    }
    return post('/publish');
  };

  return (
    <form
      id={`draft-${draft.draftId}`}
      class="kb-draft-editor"
      aria-label={`Review ${draft.draftId}`}
      onSubmit={(e) => {
        e.preventDefault();
        void run(save);
      }}
    >
      <p class="kb-draft-question">
        <strong>The customer asked</strong>
        <span dir="auto">{draft.question}</span>
      </p>
      <label for={`draft-${draft.draftId}-title`}>Title</label>
      <input
        id={`draft-${draft.draftId}-title`}
        type="text"
        value={title}
        maxLength={200}
        required
        onInput={(e) => setTitle(e.currentTarget.value)}
      />
      <label for={`draft-${draft.draftId}-answer`}>Answer (the article’s body)</label>
      <textarea
        id={`draft-${draft.draftId}-answer`}
        value={body}
        maxLength={8000}
        rows={5}
        required
        dir="auto"
        onInput={(e) => setBody(e.currentTarget.value)}
      />
      <div class="actions">
        <button type="submit" disabled={busy || !edited}>
          Save changes
        </button>
        <button type="button" class="primary" disabled={busy} onClick={() => void run(publish)}>
          Publish
        </button>
        <button type="button" class="danger" disabled={busy} onClick={() => setConfirming(true)}>
          Discard
        </button>
      </div>
      {confirming && (
        <div
          class="confirm"
          role="alertdialog"
          aria-label="Confirm"
          aria-describedby={`draft-${draft.draftId}-confirm`}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setConfirming(false);
          }}
        >
          <p id={`draft-${draft.draftId}-confirm`}>
            Discard {draft.draftId}? It never becomes an article; customers never saw it.
          </p>
          <button type="button" ref={yes} class="danger" onClick={() => void run(() => post('/discard'))}>
            Yes, discard
          </button>
          <button type="button" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      )}
    </form>
  );
}

/**
 * Articles drafted from people's replies ("Draft KB article" on an escalated ticket's staff card),
 * waiting for a supervisor: open one, edit it, publish it into search or discard it.
 */
export function KbDraftsSection({ actor, revision }: { actor: StaffIdentity; revision: number }) {
  const [bump, setBump] = useState(0);
  const { data, error } = useFetch<KbDraftList>(
    `/kb-drafts?actorId=${encodeURIComponent(actor.userId)}`,
    revision + bump,
  );
  const [openId, setOpenId] = useState<string | null>(null);
  const [answer, setAnswer] = useState<Answer | null>(null);
  // A refusal was for the person acting then; the next one starts without it.
  useEffect(() => setAnswer(null), [actor.userId]);

  const drafts = data?.drafts ?? [];
  return (
    <section class="kb-drafts" aria-labelledby="kb-drafts-heading" data-section="kb-drafts">
      <header class="pane-head">
        <h2 id="kb-drafts-heading">Article drafts to review</h2>
      </header>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {!data ? (
        <p class="loading">Loading the article drafts…</p>
      ) : !data.ok ? (
        <p class="refused">{data.message}</p>
      ) : (
        <>
          <p class="hint">
            {data.message}{' '}
            {data.canReview
              ? 'You are a supervisor: edit a draft, then publish it into search or discard it.'
              : 'Only a supervisor can edit, publish or discard a draft.'}{' '}
            Drafts come from “Draft KB article” on an escalated ticket’s staff card.
          </p>
          <ul class="kb-draft-list" aria-label="Article drafts">
            {drafts.map((d) => {
              const open = openId === d.draftId;
              return (
                <li key={d.draftId} class="kb-draft" data-draft-id={d.draftId}>
                  <button
                    type="button"
                    class="link"
                    aria-expanded={open}
                    aria-controls={`draft-${d.draftId}`}
                    onClick={() => setOpenId(open ? null : d.draftId)}
                  >
                    Review {d.draftId}: {d.title}
                  </button>
                  <span class="hint">
                    {' '}
                    from {d.ticketId}, drafted by {d.createdBy.name ?? d.createdBy.userId ?? 'staff'}{' '}
                    {dateTime(d.createdAt)}
                  </span>
                  {open && (
                    <DraftEditor
                      draft={d}
                      actor={actor}
                      onAnswer={setAnswer}
                      onChanged={(closed) => {
                        if (closed) setOpenId(null);
                        setBump((n) => n + 1);
                      }}
                    />
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
      {answer && (
        <p class={`result ${answer.ok ? 'ok' : 'refused'}`} role={answer.ok ? 'status' : 'alert'}>
          {answer.message}
        </p>
      )}
    </section>
  );
}
