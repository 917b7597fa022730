import { randomUUID } from 'node:crypto';
import type { Clock } from '../domain/index.js';
import type { Logger } from '../logger.js';
import type { TurnPosted } from './inbound-journal.schema.js';
import type { OutboxEntry } from './outbox.schema.js';
import { markHeldSent } from './mark-sent.js';
import type { OutboxStore } from './stores.js';

/** A post of the run: what marking its entry sent takes (see OutboxStore.markSentAll). */
interface PostedMark {
  tenantId: string;
  entryId: string;
  result: OutboxEntry['result'];
  leaseToken?: string;
}

/**
 * One run's posts while its thread's turn is held: the outbox entries it opens name its journal
 * record (`turn`), and their sent marks wait here for the write that ends the turn.
 */
export interface TurnPosting {
  readonly turn: NonNullable<OutboxEntry['turn']>;
  /** Entries this run opened (stamped with `turn`): only theirs may wait for the finish. */
  readonly opened: Set<string>;
  readonly marks: PostedMark[];
  /**
   * Entries that rode in the turn's answer's insert into `messages` (see `OutboxStore.ride`), by
   * id, while the outbox has no copy: the turn's end puts each there whose post it cannot record.
   */
  readonly riding: Map<string, OutboxEntry>;
  /** The turn's answer rode already (one per turn: its `_id` is derived from the turn). */
  rode: boolean;
  /** The run's task is over: a post of work it left behind is marked as usual. */
  closed: boolean;
}

/**
 * Issue 13: a post made inside a thread's turn is marked sent by the write that ends the turn (its
 * journal record keeps the mark), not by a write of the outbox of its own: one round trip less per
 * post. The run's deliveries go through `scoped(posting)`, which stamps the entries it opens and
 * keeps their sent marks back; `outbox` is the store as every other delivery sees it. The outbox
 * store, asked about such an entry later (the sweep, the same key again), finds the mark in the
 * turn document. The posting is passed to the run explicitly (no AsyncLocalStorage: one turns on
 * Node's promise hooks for every promise of the process).
 */
export interface TurnPosts {
  outbox: OutboxStore;
  /** A posting scope for the run of journal record `record`, kept in turn document `home`. */
  open(turn: TurnPosting['turn']): TurnPosting;
  /** The outbox the run of `posting` delivers through: its posts' sent marks are kept back there. */
  scoped(posting: TurnPosting): OutboxStore;
  /**
   * Ends the scope: the marks kept back, for the write that ends the turn. A ridden entry whose
   * post was not made (its lease ran out first) is put in the outbox first, for the sweep; if that
   * fails this throws, and the turn's record stays unfinished for the recovery to find it.
   */
  close(posting: TurnPosting): Promise<TurnPosted[]>;
  /** The turn's write did not carry the marks (it failed, or the run did): the outbox takes them. */
  flush(posting: TurnPosting): Promise<void>;
}

export function createTurnPosts(
  inner: OutboxStore,
  deps: {
    clock: Clock;
    logger: Logger;
    /** The turn's answer may carry its entry in its insert into `messages` (`ride`); true by default. */
    rideInAnswer?: boolean;
  },
): TurnPosts {
  const rides = deps.rideInAnswer !== false && inner.adopt !== undefined;
  /** The outbox of one run's posting (`posting.closed`: its task is over, marks go as usual). */
  function scoped(posting: TurnPosting): OutboxStore {
    /** `posting`, when a mark of `entryId` may wait in it. */
    const waiting = (entryId: string): TurnPosting | undefined =>
      !posting.closed && posting.opened.has(entryId) ? posting : undefined;
    return {
      ...inner,
      async open(entry) {
        if (posting.closed) return inner.open(entry);
        const opened = await inner.open({ ...entry, turn: posting.turn });
        // Only an entry this call created carries this turn (an existing one keeps what it had).
        if (opened.claimed && opened.entry.entryId === entry.entryId) posting.opened.add(entry.entryId);
        return opened;
      },
      ride(entry, turnMessageId) {
        if (!rides || posting.closed || posting.rode) return undefined;
        posting.rode = true;
        return {
          entry: { ...entry, turn: posting.turn, leaseToken: entry.leaseToken ?? randomUUID() },
          turnMessageId,
        };
      },
      rode(riding) {
        posting.opened.add(riding.entry.entryId);
        posting.riding.set(riding.entry.entryId, riding.entry);
      },
      async markAttempt(tenantId, entryId, patch) {
        const entry = posting.riding.get(entryId);
        if (!entry) return inner.markAttempt(tenantId, entryId, patch);
        // A refused post of a ridden entry: the outbox takes it, with the attempt, for the sweep.
        await inner.adopt!(entry, { attempt: patch });
        posting.riding.delete(entryId);
        return true;
      },
      async markSent(tenantId, entryId, result, at, leaseToken) {
        if (!waiting(entryId)) return inner.markSent(tenantId, entryId, result, at, leaseToken);
        posting.marks.push({ tenantId, entryId, result, leaseToken });
        return true;
      },
      ...(inner.markSentAll
        ? {
            async markSentAll(sent, at) {
              const rest = sent.filter((s) => {
                const held = waiting(s.entryId);
                held?.marks.push(s);
                return !held;
              });
              return rest.length > 0 ? inner.markSentAll!(rest, at) : [];
            },
          }
        : {}),
    };
  }
  return {
    outbox: inner,
    open: (turn) => ({ turn, opened: new Set(), marks: [], riding: new Map(), rode: false, closed: false }),
    scoped,
    async close(posting) {
      posting.closed = true;
      const marked = new Set(posting.marks.map((m) => m.entryId));
      for (const [entryId, entry] of posting.riding) {
        if (marked.has(entryId)) continue;
        // Not posted (its lease ran out before it could be): due for the sweep once that lease ends.
        await inner.adopt!(entry);
        posting.riding.delete(entryId);
      }
      return posting.marks.map((m) => ({ entryId: m.entryId, ...(m.result ? { ref: m.result } : {}) }));
    },
    async flush(posting) {
      const all = posting.marks.splice(0);
      // Ridden entries have no copy in the outbox to mark: stored there as sent.
      const marks: PostedMark[] = [];
      for (const m of all) {
        const entry = posting.riding.get(m.entryId);
        if (!entry) {
          marks.push(m);
          continue;
        }
        try {
          await inner.adopt!(entry, { sent: { result: m.result, at: deps.clock.now() } });
          posting.riding.delete(m.entryId);
        } catch (err) {
          // Posted and not recorded anywhere: nothing finds it due, so it is not posted again.
          deps.logger.error({ err, entryId: m.entryId }, 'recording a posted answer in the outbox failed');
        }
      }
      await markHeldSent(inner, marks, deps);
    },
  };
}
