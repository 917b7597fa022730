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
}

/** The thread turns. Implemented in src/memory over MongoDB (`thread_leases`, `_id` = the key). */
export interface ThreadLeaseStore {
  /** Appends `entry` to each key's queue unless it is there (one round trip for all keys). */
  enqueue(keys: string[], entry: string): Promise<void>;
  /**
   * `enqueue`, and where a key's queue is empty and its lease free, the lease taken for `entry`
   * at once (one round trip when every key is free; a second one enqueues the busy keys). Per
   * key: the lease's token when taken and known, `undefined` when taken (token unknown: an
   * existing turn document), `null` when the key was busy and `entry` only joined its queue.
   */
  enqueueOrTake(
    keys: string[],
    entry: string,
    owner: string,
    now: Date,
    until: Date,
  ): Promise<Map<string, number | undefined | null>>;
  /**
   * Takes the key's lease for `entry` when the queue's head is `entry` (or one of `heads`: this
   * process's own queued messages, which its in-process queue already orders) and the lease is
   * free, expired or this owner's. Atomic; the new token, or null when the turn is not ours yet.
   */
  acquire(
    key: string,
    entry: string,
    heads: string[],
    owner: string,
    now: Date,
    until: Date,
  ): Promise<number | null>;
  get(key: string): Promise<ThreadTurn | null>;
  /** Drops `entry` from the key's queue (finished, or abandoned by a dead process). */
  skip(key: string, entry: string): Promise<void>;
  /** Extends the lease while `owner` holds it with `token`; false when it was lost. */
  renew(key: string, owner: string, token: number, until: Date): Promise<boolean>;
  /** The run is over: `entry` leaves every key's queue and the owner's leases are freed. */
  release(keys: string[], entry: string, owner: string): Promise<void>;
}
