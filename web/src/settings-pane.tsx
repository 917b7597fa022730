import { useEffect, useState } from 'preact/hooks';
import { api, type ApiError } from './api.js';
import { useFetch } from './use-fetch.js';
import type { SettingsResult, SettingsView, StaffIdentity } from './types.js';

const SOURCE_LABEL = { organization: 'Set for this organization', default: 'Default' } as const;

/**
 * The organization's settings as the acting person may see them, and one form to change or reset
 * one of them. The engine decides who may change what: a refusal comes back as its sentence.
 */
export function SettingsPane({ actor, revision }: { actor: StaffIdentity; revision: number }) {
  const [bump, setBump] = useState(0);
  const { data, error } = useFetch<SettingsResult>(
    `/settings?actorId=${encodeURIComponent(actor.userId)}`,
    revision + bump,
  );
  // The last view that came with an answer wins until the next fetch, so a change shows at once.
  const [view, setView] = useState<SettingsView | null>(null);
  useEffect(() => setView(data?.view ?? null), [data]);
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');
  const [answer, setAnswer] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setAnswer(null), [actor.userId]);

  const entries = view?.entries ?? [];
  const chosen = entries.find((e) => e.key === key) ?? entries[0];

  async function send(change: { op: 'set'; key: string; value: string } | { op: 'reset'; key: string }) {
    setBusy(true);
    try {
      const result = await api.post<SettingsResult>('/settings', { actorId: actor.userId, change });
      setAnswer({ ok: result.ok, message: result.message });
      if (result.view) setView(result.view);
      if (result.ok) setValue('');
      setBump((n) => n + 1);
    } catch (e) {
      setAnswer({ ok: false, message: (e as ApiError).message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section class="pane settings" data-pane="settings" aria-labelledby="settings-heading">
      <header class="pane-head">
        <h2 id="settings-heading">Settings{view ? ` — ${view.orgName}` : ''}</h2>
      </header>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {data && !data.ok && !view && <p class="refused">{data.message}</p>}
      <table>
        <caption class="visually-hidden">The organization's settings</caption>
        <thead>
          <tr>
            <th scope="col">Setting</th>
            <th scope="col">Value</th>
            <th scope="col">Comes from</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.key} data-setting={e.key}>
              <th scope="row">
                {e.label}
                <div class="hint">
                  <code>{e.key}</code> — {e.help}
                </div>
              </th>
              <td data-value>{e.value}</td>
              <td>
                {SOURCE_LABEL[e.source]}
                {e.source === 'default' && e.env ? (
                  <span class="hint">
                    {' '}
                    (<code>{e.env}</code>)
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {chosen && (
        <form
          class="settings-form"
          aria-label="Change a setting"
          onSubmit={(e) => {
            e.preventDefault();
            void send({ op: 'set', key: chosen.key, value });
          }}
        >
          <p class="hint">
            {view?.canChange
              ? 'You are a supervisor: you may change these settings.'
              : 'Only a supervisor can change settings; you may still try.'}
          </p>
          <div class="row">
            <div>
              <label for="setting-key">Setting</label>
              <select id="setting-key" value={chosen.key} onChange={(e) => setKey(e.currentTarget.value)}>
                {entries.map((e) => (
                  <option key={e.key} value={e.key}>
                    {e.label} ({e.key})
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label for="setting-value">New value</label>
              <input
                id="setting-value"
                type="text"
                value={value}
                placeholder={chosen.value}
                maxLength={200}
                onInput={(e) => setValue(e.currentTarget.value)}
                required
              />
            </div>
            <button type="submit" class="primary" disabled={busy}>
              Save
            </button>
            <button type="button" disabled={busy} onClick={() => void send({ op: 'reset', key: chosen.key })}>
              Reset to default
            </button>
          </div>
        </form>
      )}
      <p class="settings-answer" aria-live="polite" role="status">
        {answer && <span class={answer.ok ? 'ok' : 'refused'}>{answer.message}</span>}
      </p>
    </section>
  );
}
