import { useEffect, useRef, useState } from 'preact/hooks';
import { eventsUrl } from './api.js';
import type { ChannelMode, Live, Post } from './types.js';

export type StageState = 'running' | 'done' | 'failed';

export interface StageRun {
  ticketId?: string;
  stages: Array<{ name: string; state: StageState; startedAt: number; ms?: number }>;
  finished: boolean;
}

export interface LiveState {
  connected: boolean;
  /** Bumped per channel when a post there is created or updated. */
  postRevision: Record<string, number>;
  /** Bumped when tickets, approvals or cards change: panes that read them refetch. */
  dataRevision: number;
  /**
   * Bumped each time the stream (re)opens: whatever happened while it was down (a server
   * restart, a laptop asleep) was never announced, so every pane refetches.
   */
  epoch: number;
  /** The customer channel's mode as last changed from any page; null until someone changes it. */
  mode: ChannelMode | null;
  run: StageRun | null;
}

const FINAL_STAGES = new Set(['resolve', 'escalate', 'policy']);

function nextRun(run: StageRun | null, event: Extract<Live, { type: 'stage' }>): StageRun {
  const at = Date.parse(event.at);
  const fresh =
    !run ||
    run.finished ||
    (event.ticketId !== undefined && run.ticketId !== undefined && run.ticketId !== event.ticketId);
  const base: StageRun =
    fresh && event.phase === 'start'
      ? { ticketId: event.ticketId, stages: [], finished: false }
      : (run ?? { stages: [], finished: false });
  const stages = [...base.stages];
  const i = stages.findIndex((s) => s.name === event.stage && s.state === 'running');
  if (event.phase === 'start') stages.push({ name: event.stage, state: 'running', startedAt: at });
  else if (i >= 0)
    stages[i] = {
      ...stages[i]!,
      state: event.ok === false ? 'failed' : 'done',
      ms: Math.max(0, at - stages[i]!.startedAt),
    };
  const finished =
    event.phase === 'end' && FINAL_STAGES.has(event.stage) && !stages.some((s) => s.state === 'running');
  return { ticketId: base.ticketId ?? event.ticketId, stages, finished };
}

/** One EventSource for the page; reconnects by itself (the server sends `retry`). */
export function useLive(): LiveState {
  const [state, setState] = useState<LiveState>({
    connected: false,
    postRevision: {},
    dataRevision: 0,
    epoch: 0,
    mode: null,
    run: null,
  });
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    const source = new EventSource(eventsUrl());
    source.onopen = () => setState((s) => ({ ...s, connected: true, epoch: s.epoch + 1 }));
    source.onerror = () => setState((s) => ({ ...s, connected: false }));
    source.addEventListener('post', (e) => {
      const event = JSON.parse((e as MessageEvent<string>).data) as { channelId: Post['channelId'] };
      setState((s) => ({
        ...s,
        postRevision: { ...s.postRevision, [event.channelId]: (s.postRevision[event.channelId] ?? 0) + 1 },
      }));
    });
    source.addEventListener('mode', (e) => {
      const event = JSON.parse((e as MessageEvent<string>).data) as { mode: ChannelMode };
      setState((s) => ({ ...s, mode: event.mode }));
    });
    source.addEventListener('live', (e) => {
      const event = JSON.parse((e as MessageEvent<string>).data) as Live;
      if (event.type === 'stage') {
        setState((s) => ({ ...s, run: nextRun(s.run, event) }));
        return;
      }
      // Bursts of ticket/approval events come together: refetch once.
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(
        () => setState((s) => ({ ...s, dataRevision: s.dataRevision + 1 })),
        150,
      );
    });
    return () => {
      window.clearTimeout(timer.current);
      source.close();
    };
  }, []);

  return state;
}
