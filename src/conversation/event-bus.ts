import type { EventSink, LiveEvent } from './ports.js';

/** An EventSink others can watch (the sandbox's live pane subscribes to it). */
export interface EventBus extends EventSink {
  /** Calls `listener` for every published event until the returned function is called. */
  subscribe(listener: (event: LiveEvent) => void): () => void;
}

/**
 * In-process publish/subscribe. A throwing listener is isolated so one broken watcher (a
 * closed browser tab) never breaks message handling.
 */
export function createEventBus(onListenerError?: (err: unknown) => void): EventBus {
  const listeners = new Set<(event: LiveEvent) => void>();
  return {
    publish(event) {
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch (err) {
          onListenerError?.(err);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
