import type { PostedRef, ThreadRef } from '../domain/index.js';
import type { Logger } from '../logger.js';
import type { ChannelPort } from './ports.js';

/** A placeholder the first reply of a run replaces (chat.update); nobody else may use it. */
export interface PlaceholderSlot {
  /** The placeholder, the first time it is asked for; undefined after that or when none was shown. */
  take(): PostedRef | undefined;
}

/** Progress shown while the agent works on one message. */
export interface Working {
  /**
   * The agent is done: no placeholder appears from now on. Resolves (after one still being posted)
   * to the slot the answer replaces.
   */
  stop(): Promise<PlaceholderSlot>;
  /**
   * The run is over, whatever happened: a placeholder no reply took (the answer became an internal
   * note after a takeover, nothing was said, the run failed) is deleted, never left saying
   * "Looking into this…" for ever.
   */
  release(): Promise<void>;
}

export interface WorkingOptions {
  /** A placeholder appears only when the answer takes longer than this (2 s). */
  placeholderAfterMs?: number;
  /** When a fading indicator (Teams typing) first shows; placeholderAfterMs unless set (0: at once). */
  indicatorAfterMs?: number;
  /** A fading indicator (Teams typing lasts about 3 s) is shown again this often while the agent works. */
  indicatorEveryMs?: number;
  /**
   * Called once a placeholder message is shown, before the answer may take it: the run makes it
   * durable (see inbound-journal.ts) so whoever finishes the message after a crash replaces it.
   * A failure is logged; the placeholder then lives only in this run, as before.
   */
  onPlaceholder?: (ref: PostedRef) => Promise<void>;
}

const NOTHING: PlaceholderSlot = { take: () => undefined };

/**
 * A placeholder a dead run left (read back from where it was recorded): taken once, by the
 * message that finishes what that run began, or removed when nothing is said.
 */
export function leftPlaceholder(ref: PostedRef | undefined): PlaceholderSlot {
  let left = ref;
  return {
    take() {
      const taken = left;
      left = undefined;
      return taken;
    },
  };
}

/**
 * Starts showing progress in `thread`. Platforms with a fading indicator (port.progress ===
 * 'indicator') show it at once and keep it up; platforms with a placeholder message post one only
 * when the answer is slow, so a quick answer is one message and no edit.
 */
export function startWorking(
  deps: { logger: Logger },
  port: ChannelPort,
  tenantId: string,
  thread: ThreadRef,
  options: WorkingOptions = {},
): Working {
  const after = options.placeholderAfterMs ?? 2000;
  const every = options.indicatorEveryMs ?? 3000;
  const indicator = port.progress === 'indicator';
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let released = false;
  let posting: Promise<PostedRef | undefined> | undefined;
  let taken = false;

  const show = async (): Promise<PostedRef | undefined> => {
    let ref: PostedRef | undefined;
    try {
      ref = await port.showWorking?.(tenantId, thread);
    } catch (err) {
      deps.logger.warn({ err }, 'showing progress failed');
      return undefined;
    }
    if (ref && !indicator && options.onPlaceholder) {
      try {
        await options.onPlaceholder(ref);
      } catch (err) {
        deps.logger.warn({ err, channelId: ref.channelId }, 'placeholder not recorded; kept in memory only');
      }
    }
    return ref;
  };

  const tick = () => {
    timer = undefined;
    if (stopped) return;
    posting = show();
    if (indicator)
      void posting.then(() => {
        if (!stopped) timer = setTimeout(tick, every);
      });
  };
  if (port.showWorking) timer = setTimeout(tick, indicator ? (options.indicatorAfterMs ?? after) : after);

  const halt = () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    timer = undefined;
  };

  return {
    async stop() {
      halt();
      // Awaited either way: typing sent after the answer would claim the bot is still at it.
      const shown = await posting;
      const ref = indicator ? undefined : shown;
      if (!ref || released) return NOTHING;
      return {
        take() {
          if (taken || released) return undefined;
          taken = true;
          return ref;
        },
      };
    },
    async release() {
      halt();
      if (released) return;
      released = true;
      const ref = indicator ? undefined : await posting;
      if (!ref || taken) return;
      try {
        await port.deleteMessage?.(tenantId, ref);
      } catch (err) {
        deps.logger.warn({ err, channelId: ref.channelId }, 'placeholder could not be removed');
      }
    },
  };
}
