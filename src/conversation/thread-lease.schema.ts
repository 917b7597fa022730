/**
 * One thread key's turn (see preTicketKeys): the messages waiting for it, in the order they were
 * accepted, and the lease of the run that holds it. Shared by every process on the database, so
 * messages of one thread run one at a time and in order across processes, not just within one.
 */
export interface ThreadTurn {
  /** Journal record ids of the thread's unfinished messages, in the order they were accepted. */
  queue: string[];
  /** The process run holding the thread, while `until` is in the future. */
  owner?: string;
  until?: Date;
  /** Raised by every acquisition: a run whose token is no longer current has lost the thread. */
  token: number;
  /** The ticket the thread's last run worked on (see ThreadTicket). */
  ticket?: ThreadTicket;
  /** The journal records this document holds (the thread's own messages), by record id. */
  records?: Map<string, TurnRecordState>;
  /** Where the records of queued messages held elsewhere are (another key's document), by id. */
  homes?: Map<string, string>;
}

/** How far a queued message's journal record is, as its turn document holds it. */
export interface TurnRecordState {
  state: 'received' | 'processing' | 'done' | 'failed';
  leaseUntil?: Date;
  updatedAt: Date;
}

/**
 * A thread's ticket as its last run left it, written with that run's release (no round trip of its
 * own) and read back by the next run's acquisition, so a reply finds its ticket without looking up
 * the thread's key. A hint, not the truth: the reply's first ticket write checks it.
 */
export interface ThreadTicket {
  ticketId: string;
  /** The run left it resolved: the reply's first write reopens it. */
  resolved: boolean;
}

/** A key's turn at acceptance (see InboundJournalStore.accept with a TurnRequest). */
export interface TakenTurn {
  /**
   * The lease's token when taken and known, `undefined` when taken (token unknown: an existing
   * turn document), `null` when the key was busy and the message only joined its queue.
   */
  token: number | undefined | null;
  /** The thread's ticket, when the turn document said (a taken one with a known token only). */
  ticket?: ThreadTicket;
  /**
   * Finished records the document holds past their keeping (see the memory's bound): the run's
   * finishing write drops them, so the document does not grow with its thread.
   */
  stale?: string[];
}

/** The thread turns. Implemented in src/memory over MongoDB (`thread_leases`, `_id` = the key). */
export interface ThreadLeaseStore {
  /**
   * Appends `entry` to each key's queue unless it is there (one round trip for all keys); `home`:
   * the key whose document holds the entry's journal record, noted on the others.
   */
  enqueue(keys: string[], entry: string, home?: string): Promise<void>;
  /**
   * Takes the key's lease for `entry` when the queue's head is `entry` (or one of `heads`: this
   * process's own queued messages, which its in-process queue already orders) and the lease is
   * free, expired or this owner's. Atomic; the new token (and the thread's ticket, when the turn
   * document names one), or null when the turn is not ours yet.
   */
  acquire(
    key: string,
    entry: string,
    heads: string[],
    owner: string,
    now: Date,
    until: Date,
  ): Promise<{ token: number; ticket?: ThreadTicket; stale?: string[] } | null>;
  get(key: string): Promise<ThreadTurn | null>;
  /** Drops `entry` from the key's queue (finished, or abandoned by a dead process). */
  skip(key: string, entry: string): Promise<void>;
  /** Extends the lease while `owner` holds it with `token`; false when it was lost. */
  renew(key: string, owner: string, token: number, until: Date): Promise<boolean>;
  /**
   * The run is over: `entry` leaves every key's queue and the owner's leases are freed. `ticket`:
   * the ticket the run worked on, remembered on that key's document for the thread's next run.
   */
  release(
    keys: string[],
    entry: string,
    owner: string,
    ticket?: { key: string } & ThreadTicket,
  ): Promise<void>;
}
