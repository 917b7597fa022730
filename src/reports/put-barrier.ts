/**
 * One party of a put barrier: it either reaches its first write (`atPut`, which waits for the
 * others) or finishes without one (`leave`). Either, once; the second call of either is a no-op.
 */
export interface PutParty {
  atPut(): Promise<void>;
  leave(): void;
}

/**
 * Lets the first writes of several recounts start in one tick, so the report store's inserts of
 * that tick go as one command: each party waits at its first write until every party has either
 * reached its own or finished without one. A party that never reaches either (a recount merged
 * into one already queued) must be made to `leave` by its caller, or the others wait for it.
 */
export function createPutBarrier(parties: number): PutParty[] {
  let left = parties;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const arrive = () => {
    left -= 1;
    if (left <= 0) open();
  };
  return Array.from({ length: parties }, () => {
    let done = false;
    const once = () => {
      if (done) return false;
      done = true;
      arrive();
      return true;
    };
    return {
      async atPut() {
        if (once()) await opened;
      },
      leave() {
        once();
      },
    };
  });
}
