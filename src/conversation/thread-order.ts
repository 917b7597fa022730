import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from '../domain/index.js';
import { ConflictError, UnavailableError } from '../errors.js';
import type { Logger } from '../logger.js';
import { preTicketKeys } from './find-ticket.js';
import {
  inboundRecordId,
  type InboundJournalStore,
  type InboundRef,
  type TurnRequest,
} from './inbound-journal.schema.js';
import type { ParsedInboundMessage } from './ports.js';
import type { OutboxStore, WriteFence } from './stores.js';
import type { TakenTurn, ThreadLeaseStore, ThreadTicket, ThreadTurn } from './thread-lease.schema.js';
import type { TurnPosts } from './turn-posts.js';

/**
 * How a run's journal record is finished: by the write that gives the thread's turn back, once the
 * run succeeded (`finished` is then set, and the journal does not finish it again). That write also
 * carries the sent marks of what the run posted (see turn-posts.ts).
 */
export interface RunFinish<T> {
  ref: InboundRef;
  /** The journal's owner of the record (its process id). */
  owner: string;
  /** The outcome to record for the run's result. */
  outcome(result: T): string;
  finished?: boolean;
}

/**
 * Per-thread order across processes (issue 13). The in-process keyed queue orders a thread's
 * messages within one process; with several processes on one database, each thread key (see
 * preTicketKeys) also has a turn in MongoDB:
 * - accepting a message appends its journal id to its keys' queues in the write that stores its
 *   journal record (kept in its own thread key's turn document), before the platform is answered,
 *   so the queue holds the order of acceptance; a key nobody is queued on or holding is taken for
 *   the message in that same round trip, and its run, starting within a third of the lease, goes
 *   without asking again;
 * - a run starts only once its message heads the queue of each of its keys and it holds the
 *   lease (owner, expiry, a token raised by every acquisition), renewed while it runs;
 * - the run's ticket writes check the token first: a run that lost its lease (paused past its
 *   expiry, another process took the thread over) cannot write. A write within a third of the
 *   lease of its last confirmation (the acquisition, a renewal) needs no round trip: the lease
 *   cannot have expired yet;
 * - the run's end removes its message from the queues and frees the lease, in the write that marks
 *   its journal record done (see RunFinish).
 * A queue head whose process died (its journal record unclaimed or its lease run out) is skipped
 * after the lease time; the recovery sweep runs it later. That is the one case a thread's order
 * can bend: a dead process's message answered after a later one.
 */
export interface ThreadOrder {
  /** What a customer message's accept writes besides its record: its places in its keys' queues. */
  turnRequest(msg: ParsedInboundMessage): TurnRequest;
  /** The message was accepted (stored in the journal, queued): `turns` is what its write took. */
  accepted(msg: ParsedInboundMessage, turns: Map<string, TakenTurn>): void;
  /** This process queued the message (its in-process queue orders it with its own others). */
  reserve(msg: ParsedInboundMessage): () => void;
  /**
   * Runs `task` in the message's turn: after the thread's earlier messages, holding the lease.
   * `task` is given the run (its lease, its posts), to pass to what it calls; undefined for an
   * event that is not a customer message (it takes no turn). With `finish`, a successful run's end
   * also finishes its journal record (one write).
   */
  run<T>(
    msg: ParsedInboundMessage,
    task: (run: ThreadRun | undefined) => Promise<T>,
    finish?: RunFinish<T>,
  ): Promise<T>;
}

/**
 * One run holding its thread's turn, passed explicitly to what the run calls (an AsyncLocalStorage
 * would turn on Node's promise hooks for every promise of the process).
 */
export interface ThreadRun {
  /** Throws LeaseLostError when the run no longer holds its thread. */
  check(): Promise<void>;
  /** As check, but always asks the database (a fenced write was refused: lost, or something else?). */
  confirmHeld(): Promise<void>;
  /** The run's lease key and token, which its ticket writes carry. */
  fence(): WriteFence;
  /**
   * The ticket the thread's last run worked on, as its turn document said when this run took the
   * thread (undefined when none is known): a hint its first ticket write checks.
   */
  threadTicket(): ThreadTicket | undefined;
  /** The ticket this run worked on: remembered with the release for the thread's next run. */
  noteTicket(ticket: ThreadTicket): void;
  /**
   * The outbox the run's deliveries go through, when the write that ends its turn carries their
   * sent marks (see turn-posts.ts); absent: the outbox every delivery uses.
   */
  outbox?: OutboxStore;
}

/** Early-taken leases remembered for runs still to come (bounded; the oldest go first). */
const MAX_EARLY = 10_000;

export interface ThreadOrderOptions {
  /** How long a run holds its thread without renewing (renewed every third). 30 s by default. */
  leaseMs?: number;
  /** How long a message waits for its turn before its run fails (and is escalated). 3 min. */
  waitMs?: number;
}

export interface ThreadOrderDeps {
  leases: ThreadLeaseStore;
  inbound: InboundJournalStore;
  clock: Clock;
  logger: Logger;
  /** Sent marks of the run's posts, carried by the write that finishes its record (turn-posts.ts). */
  posts?: TurnPosts;
}

/** A run went on after another process took its thread over: nothing more of it is written. */
export class LeaseLostError extends ConflictError {
  constructor(readonly key: string) {
    super(`This run no longer holds ${key}; another process has the thread`);
  }
}

interface Held {
  key: string;
  token: number;
  /** When the database last confirmed the lease (acquired or renewed), by the clock. */
  confirmedAt: number;
  /** A renewal found the lease taken over: every later write is refused without asking. */
  lost: boolean;
  /** The thread's ticket as the turn document named it when taken. */
  ticket?: ThreadTicket;
  /** The ticket this run worked on (noteTicket). */
  noted?: ThreadTicket;
  /** Finished journal records the thread's home document may drop (TakenTurn.stale). */
  stale?: string[];
}

export function createThreadOrder(deps: ThreadOrderDeps, options: ThreadOrderOptions = {}): ThreadOrder {
  const { leases, clock, logger } = deps;
  const leaseMs = options.leaseMs ?? 30_000;
  const waitMs = options.waitMs ?? 3 * 60_000;
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  /** Messages this process has queued, per key: they may head a queue in any order among themselves. */
  const local = new Map<string, Set<string>>();
  /**
   * Leases taken when their message was accepted, by journal id: per key the token when known
   * (undefined: taken, token not known), and when. Its run takes them over (see run).
   */
  const early = new Map<string, { at: number; tokens: Map<string, TakenTurn> }>();
  const entryOf = (msg: ParsedInboundMessage) => inboundRecordId(msg.tenantId, msg.platform, msg.eventId);
  const until = () => new Date(clock.now().getTime() + leaseMs);

  /**
   * A head whose run will not come: finished, gone, or held by a process that died. Its record is
   * in the turn document just read (the thread's own message), in the one `homes` names (a
   * top-level message in its author's queue), or in the journal's collection (accepted before).
   */
  async function abandoned(head: string, turn: ThreadTurn): Promise<boolean> {
    const record =
      turn.records?.get(head) ?? (await deps.inbound.get({ id: head, home: turn.homes?.get(head) }));
    if (!record || record.state === 'done' || record.state === 'failed') return true;
    const now = clock.now().getTime();
    if (record.state === 'processing') return (record.leaseUntil?.getTime() ?? 0) + leaseMs <= now;
    return record.updatedAt.getTime() + leaseMs <= now;
  }

  async function take(
    key: string,
    entry: string,
    home: string,
    deadline: number,
  ): Promise<{ token: number; ticket?: ThreadTicket; stale?: string[] }> {
    for (let pause = 10; ; pause = Math.min(pause * 2, 200)) {
      const heads = [...(local.get(key) ?? [])].filter((e) => e !== entry);
      const token = await leases.acquire(key, entry, heads, owner, clock.now(), until());
      if (token) {
        // This acquisition raised the key's token: another of this process's messages that took
        // the key at acceptance no longer holds it with that token (its writes would be fenced
        // off), so that message takes the key again when its run comes.
        for (const [other, taken] of early) if (other !== entry) taken.tokens.delete(key);
        return token;
      }
      const turn = await leases.get(key);
      const head = turn?.queue[0];
      if (!turn || !turn.queue.includes(entry)) {
        // Accepted before this version, or the enqueue failed: it goes to the end of the line.
        await leases.enqueue([key], entry, home);
        continue;
      }
      // While a live run holds the thread, its head is not abandoned: no need to look it up.
      const running = turn.owner !== undefined && (turn.until?.getTime() ?? 0) > clock.now().getTime();
      if (head && head !== entry && !heads.includes(head) && !running && (await abandoned(head, turn))) {
        await leases.skip(key, head);
        continue;
      }
      if (Date.now() > deadline)
        throw new UnavailableError(`waited too long for ${key}`, {
          publicMessage: 'Switchboard is busy with this conversation; a person will follow up.',
        });
      await sleep(pause);
    }
  }

  /** Renews the lease; false (and remembered) when another run holds the thread now. */
  async function confirm(held: Held): Promise<boolean> {
    if (held.lost) return false;
    const at = clock.now().getTime();
    if (await leases.renew(held.key, owner, held.token, until())) {
      held.confirmedAt = Math.max(held.confirmedAt, at);
      return true;
    }
    held.lost = true;
    return false;
  }

  /** The run holding `held`, as its task sees it. */
  function threadRun(held: Held, outbox: OutboxStore | undefined): ThreadRun {
    return {
      async check() {
        // Confirmed within the first third of the lease (acquired, or renewed by the heartbeat):
        // nobody else can have it before it expires, so the write goes without a round trip.
        if (!held.lost && clock.now().getTime() - held.confirmedAt < leaseMs / 3) return;
        if (!(await confirm(held))) throw new LeaseLostError(held.key);
      },
      async confirmHeld() {
        if (!(await confirm(held))) throw new LeaseLostError(held.key);
      },
      fence: () => ({ key: held.key, token: held.token }),
      threadTicket: () => held.ticket,
      noteTicket(ticket) {
        held.noted = ticket;
      },
      ...(outbox ? { outbox } : {}),
    };
  }

  return {
    turnRequest(msg) {
      return { keys: preTicketKeys(msg), owner, now: clock.now(), until: until() };
    },
    accepted(msg, tokens) {
      if (msg.kind !== 'message') return;
      const entry = entryOf(msg);
      const at = clock.now().getTime();
      // A message accepted here but never run here (a crash, a duplicate) is not remembered forever.
      if (early.size >= MAX_EARLY) early.delete(early.keys().next().value!);
      if ([...tokens.values()].some((t) => t.token !== null)) early.set(entry, { at, tokens });
    },
    reserve(msg) {
      if (msg.kind !== 'message') return () => undefined;
      const entry = entryOf(msg);
      const keys = preTicketKeys(msg);
      for (const k of keys) {
        const set = local.get(k) ?? new Set<string>();
        set.add(entry);
        local.set(k, set);
      }
      return () => {
        for (const k of keys) {
          const set = local.get(k);
          set?.delete(entry);
          if (set?.size === 0) local.delete(k);
        }
      };
    },
    async run(msg, task, finish) {
      if (msg.kind !== 'message') return task(undefined);
      const entry = entryOf(msg);
      const keys = preTicketKeys(msg);
      const home = keys.at(-1)!;
      const deadline = Date.now() + waitMs;
      let held: Held | undefined;
      let renewal: NodeJS.Timeout | undefined;
      let result: { value: Awaited<ReturnType<typeof task>> } | undefined;
      const pre = early.get(entry);
      early.delete(entry);
      // The write that ends the turn finishes the record too: the run's posts are marked sent there.
      const posting =
        deps.posts && finish?.ref.home === home
          ? deps.posts.open({ home, record: finish.ref.id })
          : undefined;
      try {
        // The thread's own key last: its token fences the run's ticket writes.
        for (const [i, key] of keys.entries()) {
          const last = i === keys.length - 1;
          // Taken at acceptance a moment ago (judged when reached: an earlier key may have made it
          // wait): still ours for at least two thirds of the lease.
          const fresh = pre && clock.now().getTime() - pre.at < leaseMs / 3 ? pre : undefined;
          const taken = fresh?.tokens.get(key);
          const known = taken?.token;
          // Only the last key's token is used (it fences): an earlier key taken early is simply held.
          if (fresh && known !== undefined && known !== null) {
            held = {
              key,
              token: known,
              confirmedAt: fresh.at,
              lost: false,
              ticket: taken?.ticket,
              stale: taken?.stale,
            };
            continue;
          }
          if (taken && known === undefined && !last) continue;
          const got = await take(key, entry, home, deadline);
          held = {
            key,
            token: got.token,
            confirmedAt: clock.now().getTime(),
            lost: false,
            ticket: got.ticket,
            stale: got.stale,
          };
        }
        const fence = held!;
        renewal = setInterval(
          () => {
            confirm(fence).catch((err: unknown) =>
              logger.warn({ err, key: fence.key }, 'renewing a thread lease failed'),
            );
          },
          Math.max(500, Math.floor(leaseMs / 3)),
        );
        renewal.unref();
        const outbox = posting ? deps.posts!.scoped(posting) : undefined;
        result = { value: await task(threadRun(fence, outbox)) };
        return result.value;
      } finally {
        if (renewal) clearInterval(renewal);
        const noted = held?.noted;
        const ticket = noted ? { key: held!.key, ...noted } : undefined;
        const posted = posting ? await deps.posts!.close(posting) : [];
        // A run that succeeded finishes its record in the write that gives the turn back; when that
        // write fails, the journal finishes the record itself and the turn expires.
        if (result && finish?.ref.home === home) {
          const patch = { state: 'done' as const, outcome: finish.outcome(result.value), at: clock.now() };
          const token = held?.key === home ? held.token : undefined;
          const release = { keys, owner, token, ticket, prune: held?.stale, posted };
          await deps.inbound.finish(finish.ref, finish.owner, patch, release).then(
            () => (finish.finished = true),
            (err: unknown) =>
              logger.warn({ err, keys }, 'finishing a run and its turn failed; the turn expires'),
          );
        }
        // Posts the finish did not carry (it failed, or the run failed after posting): marked now.
        if (posting && !finish?.finished) await deps.posts!.flush(posting);
        if (!(result && finish?.ref.home === home)) {
          await leases
            .release(keys, entry, owner, ticket)
            .catch((err: unknown) =>
              logger.warn({ err, keys }, 'releasing a thread lease failed; it expires'),
            );
        }
      }
    },
  };
}

export { fencedTickets, orderedInbound, withRun } from './thread-order.stores.js';
