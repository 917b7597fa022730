import type { Message } from '../domain/index.js';
import type { InboundRunner, InboundSlot } from './inbound-journal.js';
import type { InboundOutcome, ParsedInboundMessage } from './ports.js';

/**
 * At most `limit` inbound messages run at once in this process; the others wait in line, in
 * acceptance order. A waiting message is stored in the inbound journal already (accept means
 * stored), unclaimed: it holds no lease, and this process's sweep leaves what it queued alone; what
 * it holds here is its place in line, not a run (no model call, prompt, thread turn or database
 * operation until its turn comes). 1,000 conversations at once used to be 1,000 runs in memory.
 */
export interface Admission {
  /**
   * Takes a place in line now. `onTurn` is called once a slot is the place's: at once when one is
   * free, else from the `leave` of the run that frees it. `leave` frees the slot (or gives the
   * place up); it may be called more than once.
   */
  enter(onTurn: () => void): { leave(): void };
  /** Messages running now, and waiting for a slot. */
  stats(): { running: number; waiting: number };
}

/** Default bound: a quarter of the database pool, so admitted runs never wait for a connection. */
export function defaultInboundConcurrency(maxPoolSize: number | undefined): number {
  return Math.max(2, Math.floor((maxPoolSize ?? 100) / 4));
}

export function createAdmission(limit: number): Admission {
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`admission limit must be ≥ 1, got ${limit}`);
  let running = 0;
  // A Set keeps insertion order: the line, with O(1) removal of a place given up.
  const line = new Set<() => void>();

  function next(): void {
    while (running < limit && line.size > 0) {
      const [turn] = line;
      line.delete(turn!);
      running++;
      turn!();
    }
  }

  return {
    enter(onTurn) {
      let state: 'waiting' | 'running' | 'left' = 'waiting';
      const turn = () => {
        state = 'running';
        onTurn();
      };
      line.add(turn);
      next();
      return {
        leave() {
          if (state === 'waiting') line.delete(turn);
          if (state === 'running') {
            running--;
            // Freed after the caller's own bookkeeping, not inside it: the next run starts clean.
            queueMicrotask(next);
          }
          state = 'left';
        },
      };
    },
    stats: () => ({ running, waiting: line.size }),
  };
}

/** What the admitted runner tells the recovery sweep. */
export interface AdmittedMessages {
  /**
   * The stored customer message's run is in line or running in this process. Its age counts from
   * its acceptance (the time in line included), so age alone would make it look abandoned.
   */
  holds(message: Pick<Message, 'tenantId' | 'thread' | 'platformMessageId'>): boolean;
}

export interface AdmittedRunnerOptions {
  /**
   * A slot whose message never runs (an adapter that called neither `process` nor the journal's
   * cancel; it should not happen) is given back after this, as the runner gives up such a place.
   */
  unclaimedMs: number;
}

/**
 * The inbound runner behind an admission line. A message's place in its thread's queue (the
 * runner's `reserve`) is taken only when the message is admitted: places are granted in
 * acceptance order, so a thread's earlier message always holds a slot before its later ones, and
 * an admitted message never waits for one that is still in line (no slot is held by a message
 * waiting for a message without one). The runner's own time bounds start at admission.
 */
export function admittedRunner(
  runner: InboundRunner,
  admission: Admission,
  options: AdmittedRunnerOptions,
): InboundRunner & AdmittedMessages {
  /** Platform messages in line or running here (counted: a redelivery may overlap its first run). */
  const here = new Map<string, number>();
  const keyOf = (tenantId: string, platform: string, messageId: string) =>
    `${tenantId}|${platform}|${messageId}`;
  function track(msg: ParsedInboundMessage): () => void {
    const key = keyOf(msg.tenantId, msg.platform, msg.messageId);
    here.set(key, (here.get(key) ?? 0) + 1);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const left = (here.get(key) ?? 1) - 1;
      if (left > 0) here.set(key, left);
      else here.delete(key);
    };
  }

  return {
    holds: (m) => here.has(keyOf(m.tenantId, m.thread.platform, m.platformMessageId ?? '')),
    run(msg, progress) {
      // A message the journal's sweep resumes: no reserved place, it joins the line now.
      const untrack = track(msg);
      return new Promise<InboundOutcome>((resolve, reject) => {
        const place = admission.enter(() => {
          runner
            .run(msg, progress)
            .then(resolve, reject)
            .finally(() => {
              untrack();
              place.leave();
            });
        });
      });
    },
    reserve(msg): InboundSlot {
      const untrack = track(msg);
      let inner: InboundSlot | undefined;
      let claimed = false;
      let unclaimed: NodeJS.Timeout | undefined;
      let admitted: () => void = () => undefined;
      let granted = false;
      const turn = new Promise<void>((resolve) => (admitted = resolve));
      const place = admission.enter(() => {
        granted = true;
        inner = runner.reserve(msg);
        if (!claimed) {
          unclaimed = setTimeout(() => {
            inner?.cancel();
            untrack();
            place.leave();
          }, options.unclaimedMs);
          unclaimed.unref();
        }
        admitted();
      });
      return {
        // Asked right after reserve: a message admitted at once starts without waiting.
        turn: () => (granted ? undefined : turn),
        async run(progress) {
          claimed = true;
          await turn;
          clearTimeout(unclaimed);
          try {
            return await inner!.run(progress);
          } finally {
            untrack();
            place.leave();
          }
        },
        cancel() {
          claimed = true;
          clearTimeout(unclaimed);
          inner?.cancel();
          untrack();
          place.leave();
        },
      };
    },
  };
}
