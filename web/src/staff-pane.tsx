import { useEffect, useState } from 'preact/hooks';
import { api, type ApiError } from './api.js';
import { StaffCardView } from './staff-card.js';
import { useFetch } from './use-fetch.js';
import type { ChannelMode, Post, Session, StaffIdentity } from './types.js';

interface Props {
  session: Session;
  actor: StaffIdentity;
  revision: number;
  /** The mode another page (or person) switched to, pushed over the live stream. */
  liveMode: ChannelMode | null;
}

const MODES: Array<{ value: ChannelMode; label: string }> = [
  { value: 'auto', label: 'Auto — the bot answers' },
  { value: 'draft', label: 'Draft — staff send the bot’s answers' },
  { value: 'off', label: 'Off — tickets only, the bot stays silent' },
];

/** The staff channel: approval, escalation and draft cards, acted on as the chosen person. */
export function StaffPane({ session, actor, revision, liveMode }: Props) {
  const posts =
    useFetch<{ posts: Post[] }>(`/channels/${session.channels.staff}/posts`, revision).data?.posts ?? [];
  const [mode, setMode] = useState<ChannelMode>(session.channelMode);
  const [pendingMode, setPendingMode] = useState<ChannelMode>(session.channelMode);
  const [modeNotice, setModeNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [showFinal, setShowFinal] = useState(true);
  const [switching, setSwitching] = useState(false);
  useEffect(() => setPendingMode(mode), [mode]);
  useEffect(() => {
    if (liveMode) setMode(liveMode);
  }, [liveMode]);

  async function applyMode(e: Event) {
    e.preventDefault();
    if (switching) return;
    setSwitching(true);
    try {
      const res = await api.post<{ ok: boolean; message: string }>('/channel-mode', {
        actorId: actor.userId,
        mode: pendingMode,
      });
      if (res.ok) setMode(pendingMode);
      setModeNotice({ ok: res.ok, text: `${actor.name}: ${res.message}` });
    } catch (err) {
      setModeNotice({ ok: false, text: (err as ApiError).message });
    } finally {
      setSwitching(false);
    }
  }

  const cards = posts.filter((p) => p.kind === 'card' && p.card && (showFinal || !p.card.final)).reverse();
  return (
    <section class="pane staff-pane" aria-labelledby="staff-heading" data-pane="staff">
      <header class="pane-head">
        <h2 id="staff-heading">Staff channel</h2>
        <p class="hint">
          #{session.channels.staff} — acting as <strong>{actor.name}</strong> ({actor.role}).
        </p>
        <form class="row" onSubmit={applyMode}>
          <label for="channel-mode">
            Customer channel mode
            <select
              id="channel-mode"
              value={pendingMode}
              onChange={(e) => setPendingMode(e.currentTarget.value as ChannelMode)}
            >
              {MODES.map((m) => (
                <option key={m.value} value={m.value}>
                  {m.label}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" disabled={pendingMode === mode || switching}>
            Switch mode
          </button>
          <label class="inline">
            <input
              type="checkbox"
              checked={showFinal}
              onChange={(e) => setShowFinal(e.currentTarget.checked)}
            />{' '}
            Show decided cards
          </label>
        </form>
        {modeNotice && (
          <p class={`result ${modeNotice.ok ? 'ok' : 'refused'}`} role={modeNotice.ok ? 'status' : 'alert'}>
            {modeNotice.text}
          </p>
        )}
      </header>
      <div class="cards" aria-label="Staff cards, newest first">
        {cards.length === 0 && (
          <p class="empty">No cards yet. Approval requests and escalations appear here as they happen.</p>
        )}
        {cards.map((p) => (
          <StaffCardView key={p.postId} card={p.card!} actor={actor} postedAt={p.createdAt} />
        ))}
      </div>
    </section>
  );
}
