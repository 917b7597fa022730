import { useCallback, useEffect, useState } from 'preact/hooks';
import { api, ApiError, setToken } from './api.js';
import { CustomerPane } from './customer-pane.js';
import { useLive } from './live.js';
import { GapsPane } from './gaps-pane.js';
import { OverviewPane } from './overview-pane.js';
import { SettingsPane } from './settings-pane.js';
import { StaffPane } from './staff-pane.js';
import { StageIndicator } from './stage-indicator.js';
import { TicketsPane } from './tickets-pane.js';
import type { Session } from './types.js';

const TABS = [
  { id: 'channels', label: 'Channels' },
  { id: 'tickets', label: 'Tickets' },
  { id: 'overview', label: 'Overview' },
  { id: 'settings', label: 'Settings' },
  { id: 'gaps', label: 'Knowledge gaps' },
] as const;
type TabId = (typeof TABS)[number]['id'];

function tabFromHash(): TabId {
  const hash = window.location.hash.replace('#', '');
  return TABS.some((t) => t.id === hash) ? (hash as TabId) : 'channels';
}

function TokenForm({ onSaved }: { onSaved: () => void }) {
  const [value, setValue] = useState('');
  return (
    <form
      class="token-form"
      onSubmit={(e) => {
        e.preventDefault();
        setToken(value.trim());
        onSaved();
      }}
    >
      <h1>Switchboard sandbox</h1>
      <p>This sandbox is protected. Enter its access token (SANDBOX_TOKEN).</p>
      <label for="token">Access token</label>
      <input
        id="token"
        type="password"
        autoComplete="off"
        value={value}
        onInput={(e) => setValue(e.currentTarget.value)}
        required
      />
      <button type="submit">Open the sandbox</button>
    </form>
  );
}

export function App() {
  const [session, setSession] = useState<Session | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [tab, setTab] = useState<TabId>(tabFromHash);
  const [actorId, setActorId] = useState('sandbox-dana');
  const [attempt, setAttempt] = useState(0);
  const live = useLive();

  useEffect(() => {
    api
      .get<Session>('/session')
      .then((s) => {
        setSession(s);
        setError(null);
      })
      .catch((e: ApiError) => setError(e));
  }, [attempt]);

  useEffect(() => {
    const onHash = () => setTab(tabFromHash());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  const choose = useCallback((id: TabId) => {
    setTab(id);
    history.replaceState(null, '', `#${id}`);
  }, []);

  const onTabKey = (e: KeyboardEvent, index: number) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    const next = TABS[(index + (e.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length]!;
    choose(next.id);
    document.getElementById(`tab-${next.id}`)?.focus();
  };

  if (error?.status === 401) return <TokenForm onSaved={() => setAttempt((n) => n + 1)} />;
  if (error)
    return (
      <p class="fatal" role="alert">
        {error.message}
      </p>
    );
  if (!session) return <p class="loading">Loading the Switchboard sandbox…</p>;

  const actor = session.staff.find((s) => s.userId === actorId) ?? session.staff[0]!;
  return (
    <div class="shell">
      <header class="top">
        <div class="brand">
          <h1>Switchboard sandbox</h1>
          <span class="tenant">{session.tenantName}</span>
        </div>
        <nav role="tablist" aria-label="Sandbox panes" class="tabs">
          {TABS.map((t, i) => (
            <button
              key={t.id}
              id={`tab-${t.id}`}
              role="tab"
              aria-selected={tab === t.id}
              aria-controls={`pane-${t.id}`}
              tabIndex={tab === t.id ? 0 : -1}
              onClick={() => choose(t.id)}
              onKeyDown={(e) => onTabKey(e, i)}
            >
              {t.label}
            </button>
          ))}
        </nav>
        <div class="act-as">
          <label for="act-as">Act as (staff)</label>
          <select id="act-as" value={actor.userId} onChange={(e) => setActorId(e.currentTarget.value)}>
            {session.staff.map((s) => (
              <option key={s.userId} value={s.userId}>
                {s.name} — {s.role}
              </option>
            ))}
          </select>
        </div>
        <StageIndicator run={live.run} connected={live.connected} />
      </header>
      <main id={`pane-${tab}`} role="tabpanel" aria-labelledby={`tab-${tab}`} class={`pane-${tab}`}>
        {tab === 'channels' && (
          <div class="channels">
            <CustomerPane
              session={session}
              actor={actor}
              revision={(live.postRevision[session.channels.customer] ?? 0) + live.epoch}
            />
            <StaffPane
              session={session}
              actor={actor}
              liveMode={live.mode}
              revision={(live.postRevision[session.channels.staff] ?? 0) + live.dataRevision + live.epoch}
            />
          </div>
        )}
        {tab === 'tickets' && (
          <TicketsPane
            actor={actor}
            revision={live.dataRevision + (live.postRevision[session.channels.customer] ?? 0) + live.epoch}
          />
        )}
        {tab === 'overview' && <OverviewPane revision={live.dataRevision + live.epoch} />}
        {tab === 'gaps' && <GapsPane actor={actor} revision={live.dataRevision + live.epoch} />}
        {tab === 'settings' && <SettingsPane actor={actor} revision={live.dataRevision + live.epoch} />}
      </main>
    </div>
  );
}
