import type { StageRun } from './live.js';

const LABELS: Record<string, string> = {
  understand: 'Router · understand',
  retrieve: 'Retriever',
  route: 'Router · route',
  resolve: 'Resolver',
  escalate: 'Escalation',
  policy: 'Policy',
};

/** The agent's stages as they start and end, from the live stream. */
export function StageIndicator({ run, connected }: { run: StageRun | null; connected: boolean }) {
  const running = run?.stages.find((s) => s.state === 'running');
  const summary = !run
    ? 'Agent idle'
    : running
      ? `${LABELS[running.name] ?? running.name} running${run.ticketId ? ` for ${run.ticketId}` : ''}`
      : `Last run${run.ticketId ? ` for ${run.ticketId}` : ''} finished`;
  return (
    <section class="stages" aria-label="Agent stages">
      <span
        class={`dot ${connected ? 'on' : 'off'}`}
        title={connected ? 'Live updates connected' : 'Live updates reconnecting'}
      />
      <span class="visually-hidden">
        {connected ? 'Live updates connected.' : 'Live updates reconnecting.'}
      </span>
      <span class="stage-summary" role="status" aria-live="polite">
        {summary}
      </span>
      <ol class="stage-list">
        {(run?.stages ?? []).map((s, i) => (
          <li key={`${s.name}-${i}`} class={`stage ${s.state}`} data-stage={s.name} data-state={s.state}>
            {LABELS[s.name] ?? s.name}
            {s.ms !== undefined ? <small> {s.ms} ms</small> : <small> …</small>}
          </li>
        ))}
      </ol>
    </section>
  );
}
