/**
 * `npm run drill`: fault drills against the real process. Each drill reports what it lost,
 * posted twice or left stuck; every one of those counts must be 0. Figures, not assertions:
 * the runner exits non-zero when any count is above 0 so CI can run the quick ones.
 */
export interface DrillOptions {
  /** The short version of each drill (fewer trials) that CI runs. */
  quick: boolean;
}

export interface DrillResult {
  /** What was exercised, e.g. "kill -9 with 20 Slack messages in flight". */
  name: string;
  trials: number;
  /** Acknowledged inputs (messages, clicks) that never reached their end state. */
  lost: number;
  /** Replies, cards or refunds that happened twice. */
  duplicated: number;
  /** Tickets or approvals left in a state nothing will move them out of. */
  stuck: number;
  /** Responses with a 5xx status to requests that deserved a 4xx or a 2xx. */
  serverErrors: number;
  /** Secrets, emails or card numbers found in an output stream or a response. */
  leaks: number;
  /** Other figures worth printing (latencies, counts), one line each. */
  notes: string[];
}

export interface Drill {
  /** Short id for `npm run drill -- --only <id>`. */
  id: string;
  run(options: DrillOptions): Promise<DrillResult[]>;
}

/** Trials for a drill: `DRILL_TRIALS` when set, else the short or the full count. */
export function trialsFor(quick: boolean, quickTrials: number, fullTrials: number): number {
  return Number(process.env.DRILL_TRIALS) || (quick ? quickTrials : fullTrials);
}
