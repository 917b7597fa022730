import type { Counters } from './counters.js';

/** One ticket's or approval's last counted state and the counters it added to its day. */
export interface StoredFact {
  fact: unknown;
  counters: Counters;
  day: string;
  /** Compare-and-set guard: bumped by every write; 0 for a fact never stored. */
  rev: number;
}

/** A question the bot could not answer, kept on the day its ticket was opened. */
export interface GapEntry {
  ticketId: string;
  question: string;
  intent: string;
  language?: string;
  /** `low_confidence` (escalated because no answer was good enough) or `not_good` (rated so). */
  why: 'low_confidence' | 'not_good';
  at: Date;
}

/**
 * What the report needs from storage: facts read and written by key, and per-organization,
 * per-day rollups read by key. Implemented over MongoDB in src/memory/report-repository.ts,
 * every read an `_id` lookup so a 30-day report is 30 small reads at any ticket count.
 */
export interface ReportStore {
  getFact(tenantId: string, factId: string): Promise<StoredFact | null>;
  /**
   * Stores a fact if its stored `rev` is still `expectedRev` (0: not stored yet) and, only then,
   * adds `days` (the counters' changes the fact makes) to their days, in the same command as the
   * fact and as the other facts put in the same tick. False when another writer got there first
   * (nothing of this fact's changes was added): the caller reads again and recomputes.
   */
  putFact(
    tenantId: string,
    factId: string,
    value: Omit<StoredFact, 'rev'>,
    expectedRev: number,
    days?: ReadonlyArray<{ day: string; delta: Counters }>,
  ): Promise<boolean>;
  /** Adds `delta` to a day's counters (created on first use). */
  addToDay(tenantId: string, day: string, delta: Counters): Promise<void>;
  /** The counters of each listed day that has any. */
  readDays(tenantId: string, days: readonly string[]): Promise<Array<{ day: string; counters: Counters }>>;
  /** Records (or, with null, forgets) a ticket's unanswered question on its day. */
  setGap(tenantId: string, day: string, ticketId: string, entry: GapEntry | null): Promise<void>;
  readGaps(tenantId: string, days: readonly string[]): Promise<GapEntry[]>;
  /** Drops the days' rollups and the organization's facts (before a rebuild from the tickets). */
  clear(tenantId: string): Promise<void>;
  /**
   * Tickets of every organization changed in `[from, to)`, oldest first, at most `limit` of them
   * (`scanned`, with `last` the newest change among them): `behind` lists those whose fact counted
   * an older version of the ticket or none, what a recorder that died or lost its database left.
   */
  ticketsBehind(from: Date, to: Date, limit: number): Promise<TicketsBehind>;
  /**
   * Takes the report sweep for `leaseMs` (one process at a time: null while another holds it) and
   * returns how far the sweeps got (`through`: every ticket changed before it was counted).
   */
  claimSweep(owner: string, now: Date, leaseMs: number): Promise<{ through: Date | null } | null>;
  /** Records how far this sweep got and frees it for the next. */
  releaseSweep(owner: string, through: Date): Promise<void>;
}

export interface TicketsBehind {
  behind: Array<{ tenantId: string; ticketId: string }>;
  scanned: number;
  last: Date | null;
}
