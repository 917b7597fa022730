import type { Logger } from '../logger.js';
import { difference, type Counters } from './counters.js';
import type { ReportStore } from './ports.js';
import type { PutParty } from './put-barrier.js';
import type { RememberedFacts } from './remembered-facts.js';

const MAX_ATTEMPTS = 5;

export interface FactWriterDeps {
  store: Pick<ReportStore, 'getFact' | 'putFact'>;
  facts: RememberedFacts;
  /** Resolves when a write may go (the flush gate, flush-gate.ts). */
  nextFlush: () => Promise<void>;
  logger: Logger;
}

export interface ApplyOptions<F> {
  /** Runs once the fact is stored (not when it was unchanged). */
  afterWrite?: (fact: F, previous: F | null) => Promise<void>;
  /**
   * Nobody can have counted this yet (a ticket this process created and never counted): the
   * fact is stored without reading first, and read only if that write loses.
   */
  fresh?: boolean;
  /** Its first write waits for the other recounts of the same barrier (put-barrier.ts). */
  party?: PutParty;
}

/**
 * Stores `compute(previous)` under compare-and-set and applies the counters' difference, with
 * the fact in one command (the store's `putFact`: applied only if the fact won). A lost write
 * reads the fact again and recomputes, a few times at most; then it is left for the next event.
 */
export type ApplyFact = <F extends { day: string }>(
  tenantId: string,
  factId: string,
  parse: (raw: unknown) => F | null,
  compute: (previous: F | null) => Promise<{ fact: F; counters: Counters } | null>,
  options?: ApplyOptions<F>,
) => Promise<void>;

export function createFactWriter({ store, facts, nextFlush, logger }: FactWriterDeps): ApplyFact {
  async function applyOnce<F extends { day: string }>(
    tenantId: string,
    factId: string,
    parse: (raw: unknown) => F | null,
    compute: (previous: F | null) => Promise<{ fact: F; counters: Counters } | null>,
    { afterWrite, fresh = false, party }: ApplyOptions<F>,
  ): Promise<void> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const remembered = attempt === 0 ? facts.get(tenantId, factId) : undefined;
      const stored = remembered ?? (attempt === 0 && fresh ? null : await store.getFact(tenantId, factId));
      if (!remembered && stored) facts.keep(tenantId, factId, stored);
      const previous = stored ? parse(stored.fact) : null;
      const next = await compute(previous);
      if (!next) return;
      const before = stored?.counters ?? {};
      const delta = difference(next.counters, before);
      const sameDay = !stored || stored.day === next.fact.day;
      // A fact also records the ticket version it counted, even when nothing else changed: the
      // report sweep recounts a ticket whose fact is behind its ticket (report-sweep.ts).
      if (
        Object.keys(delta).length === 0 &&
        sameDay &&
        JSON.stringify(previous) === JSON.stringify(next.fact)
      )
        return;
      const value = { fact: next.fact, counters: next.counters, day: next.fact.day };
      // What the fact changes in its day (or, moved, in its old and its new day).
      const changes = sameDay
        ? Object.keys(delta).length
          ? [{ day: next.fact.day, delta }]
          : []
        : [
            { day: stored.day, delta: difference({}, before) },
            { day: next.fact.day, delta: next.counters },
          ];
      await party?.atPut();
      await nextFlush();
      const won = await store.putFact(tenantId, factId, value, stored?.rev ?? 0, changes);
      if (!won) {
        facts.keep(tenantId, factId, null);
        continue;
      }
      facts.keep(tenantId, factId, { ...value, rev: (stored?.rev ?? 0) + 1 });
      await afterWrite?.(next.fact, previous);
      return;
    }
    logger.warn({ tenantId, factId }, 'report fact kept changing under us; left for the next event');
  }

  return async (tenantId, factId, parse, compute, options = {}) => {
    try {
      await applyOnce(tenantId, factId, parse, compute, options);
    } finally {
      options.party?.leave();
    }
  };
}
