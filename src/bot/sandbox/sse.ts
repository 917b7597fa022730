import type { Request, Response } from 'express';
import type { LiveEvent } from '../../conversation/ports.js';
import type { ChannelMode } from '../../domain/index.js';
import type { SandboxPostEvent } from './posts.js';

/** Anything the page can watch: the app's event bus, the sandbox's own post events. */
export interface LiveEventSource<E> {
  subscribe(listener: (event: E) => void): () => void;
}

export interface SseOptions {
  tenantId: string;
  /** The engine's live events (stages, tickets, approvals); read per connection so it may arrive late. */
  live: () => LiveEventSource<LiveEvent> | undefined;
  posts: LiveEventSource<SandboxPostEvent>;
  /**
   * The sandbox customer channel: the engine's mode changes for it (made from the page, or by
   * the engine for any other reason) go out as `event: mode`, so every open page shows the same mode.
   */
  customerChannelId: string;
  heartbeatMs?: number;
}

/**
 * `GET /sandbox/api/events`: a server-sent event stream. `event: live` carries the engine's
 * LiveEvent (this tenant's only), `event: post` a change in the sandbox's channels, `event: mode`
 * the customer channel's new mode (from the engine's `mode` LiveEvent, its one source).
 */
export function serveEvents(options: SseOptions): {
  handler: (req: Request, res: Response) => void;
  closeAll(): void;
} {
  const open = new Set<Response>();
  const handler = (req: Request, res: Response): void => {
    res.status(200).set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      // Proxies (nginx) must not buffer a live stream.
      'X-Accel-Buffering': 'no',
    });
    res.flushHeaders();
    res.write('retry: 2000\n: connected\n\n');

    const send = (name: string, data: unknown) => {
      if (!res.writableEnded) res.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    const unsubscribers: Array<() => void> = [];
    const live = options.live();
    if (live) {
      unsubscribers.push(
        live.subscribe((event) => {
          if (event.tenantId !== options.tenantId) return;
          if (event.type !== 'mode') return send('live', event);
          if (event.platform === 'sandbox' && event.channelId === options.customerChannelId) {
            const changed: SandboxModeEvent = { channelId: event.channelId, mode: event.mode };
            send('mode', changed);
          }
        }),
      );
    }
    unsubscribers.push(options.posts.subscribe((event) => send('post', event)));
    const heartbeat = setInterval(() => {
      if (!res.writableEnded) res.write(': ping\n\n');
    }, options.heartbeatMs ?? 15_000);
    heartbeat.unref();

    open.add(res);
    req.on('close', () => {
      open.delete(res);
      clearInterval(heartbeat);
      for (const off of unsubscribers) off();
    });
  };
  return {
    handler,
    // Open streams would keep the server from closing on shutdown.
    closeAll() {
      for (const res of open) res.end();
      open.clear();
    },
  };
}

/** The customer channel's mode changed (`event: mode`). */
export interface SandboxModeEvent {
  channelId: string;
  mode: ChannelMode;
}

/** A minimal in-process emitter for the sandbox's post events. */
export function createPostEvents(): LiveEventSource<SandboxPostEvent> & {
  publish(event: SandboxPostEvent): void;
} {
  return createEmitter<SandboxPostEvent>();
}

/** A minimal in-process emitter: a listener that throws never breaks the publisher. */
export function createEmitter<E>(): LiveEventSource<E> & { publish(event: E): void } {
  const listeners = new Set<(event: E) => void>();
  return {
    publish(event: E) {
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch {
          // A closed browser tab must never break the engine's post.
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
