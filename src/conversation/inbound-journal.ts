import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { describeZodIssues, UnavailableError, ValidationError } from '../errors.js';
import type { EngineDeps } from './engine-deps.js';
import { inboundRecordId, type InboundRecord, type InboundRef } from './inbound-journal.schema.js';
import type { InboundMessage, InboundOutcome, ParsedInboundMessage } from './ports.js';
import { InboundMessageSchema } from './ports.js';
import { isAnswered } from './answered.js';
import { finishEscalation } from './finish-escalation.js';
import { escalateUnprocessed } from './recovery.js';
import { adoptRiddenPost } from './ridden-posts.js';
import { customerMessageIdOf, errorCode, type InboundProgress } from './turn.js';
import { leftPlaceholder, type PlaceholderSlot } from './working.js';
import type { PostedRef } from '../domain/index.js';

export interface InboundJournalOptions {
  /**
   * How long a run holds its record without renewing it. Renewed every third of this while the
   * run lives, so it only bounds how long a dead process's events wait before the sweep (or a
   * redelivery) takes them over. 30 s by default.
   */
  leaseMs?: number;
  /**
   * A record accepted but not taken this long (its process died right after the ack) is swept by
   * another process; this process never sweeps what it queued itself. 30 s by default.
   */
  sweepGraceMs?: number;
  /** Runs that fail before storing anything, before the event is given up (logged). 5. */
  maxAttempts?: number;
}

/** What `accept` hands back: the event is stored; run it now (or leave it to whoever holds it). */
export interface AcceptedInbound {
  /** The event was already in the journal (a redelivery, or a retried sandbox POST). */
  redelivery: boolean;
  /** The platform message id as first stored (a retried sandbox POST gets its first post back). */
  messageId: string;
  /** Runs the stored event unless another run holds it or it is finished ("duplicate"). */
  process(): Promise<InboundOutcome>;
}

export interface InboundJournal {
  accept(input: InboundMessage): Promise<AcceptedInbound>;
  /** Runs stored events nobody finished: accepted but never taken, or held by a dead process. */
  sweep(): Promise<{ resumed: number; escalated: number }>;
  stop(): void;
}

/** Runs claimed messages through the engine (handle-inbound's pipeline). */
export interface InboundRunner {
  run(msg: ParsedInboundMessage, progress: InboundProgress): Promise<InboundOutcome>;
  /**
   * Takes the message's place in its thread's queue now (arrival order), to run once `run` is
   * called, or to give up the place with `cancel` (not stored, or someone else runs it).
   */
  reserve(msg: ParsedInboundMessage): InboundSlot;
}

export interface InboundSlot {
  run(progress: InboundProgress): Promise<InboundOutcome>;
  cancel(): void;
  /**
   * Resolves when the message may start (see admission.ts); absent when it may start at once. A
   * message that waits is stored unclaimed and claimed when its turn comes: a held lease would be
   * renewed by a write every few seconds for as long as it waits.
   */
  turn?(): Promise<void> | undefined;
}

/**
 * Accept means stored: every inbound event is written to the journal before the platform is
 * answered, then processed from there. A redelivery of a stored event finds the same record: it
 * runs it only when nobody finished or holds it, so the event is processed exactly once.
 */
/** How long the sweep trusts this process's own queue with an accepted event. */
const QUEUED_MAX_MS = 10 * 60_000;

export function createInboundJournal(
  deps: EngineDeps,
  run: InboundRunner,
  options: InboundJournalOptions = {},
): InboundJournal {
  const { clock, logger } = deps;
  const store = deps.stores.inbound;
  const leaseMs = options.leaseMs ?? 30_000;
  const sweepGraceMs = options.sweepGraceMs ?? 30_000;
  const maxAttempts = options.maxAttempts ?? 5;
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const held = new Map<string, InboundRef>();
  /**
   * Accepted here and queued behind earlier work in their thread (id → when): this process runs
   * them, so its sweep leaves them alone (for at most QUEUED_MAX_MS, should a run never start).
   */
  const queued = new Map<string, number>();
  let heartbeat: NodeJS.Timeout | undefined;

  function hold(ref: InboundRef): void {
    held.set(ref.id, { id: ref.id, home: ref.home });
    heartbeat ??= setInterval(
      () => {
        const leaseUntil = new Date(clock.now().getTime() + leaseMs);
        store
          .renew([...held.values()], owner, leaseUntil)
          .catch((err: unknown) => logger.warn({ err }, 'renewing inbound leases failed'));
      },
      Math.max(1000, Math.floor(leaseMs / 3)),
    );
    heartbeat.unref();
  }

  function letGo(id: string): void {
    held.delete(id);
    if (held.size === 0 && heartbeat) {
      clearInterval(heartbeat);
      heartbeat = undefined;
    }
  }

  /**
   * Runs a stored record. `claimed`: this process stored it already held (a first delivery, see
   * accept), so it is not claimed again.
   */
  async function runRecord(
    record: InboundRecord,
    slot?: InboundSlot,
    claimed = false,
  ): Promise<InboundOutcome> {
    if (slot) queued.delete(record.id);
    const now = clock.now();
    let mine: InboundRecord | null;
    try {
      mine = claimed ? record : await store.claim(record, owner, now, new Date(now.getTime() + leaseMs));
    } catch (err) {
      slot?.cancel();
      throw err;
    }
    if (!mine) {
      slot?.cancel();
      return { status: 'duplicate' };
    }
    hold(mine);
    try {
      // Parsed already: by accept (this process built the record) or by the journal's codec (read back).
      const msg = mine.message;
      const ref: InboundRef = { id: mine.id, home: mine.home };
      // Only a slow answer pays this write: a placeholder is posted after about 2 s.
      const onPlaceholder = (posted: PostedRef) => store.notePlaceholder(ref, owner, posted);
      // A run in its thread's turn finishes the record with the write that gives the turn back.
      const journal = { ref, owner, outcome: (o: InboundOutcome) => o.status, finished: false };
      const go = (progress: InboundProgress) => {
        progress.onPlaceholder = onPlaceholder;
        progress.journal = journal;
        return slot ? slot.run(progress) : run.run(msg, progress);
      };
      const outcome = mine.attempts > 1 ? await resume(mine, go, slot) : await go({ claimed: true });
      if (!journal.finished)
        await store.finish(ref, owner, { state: 'done', outcome: outcome.status, at: clock.now() });
      return outcome;
    } catch (err) {
      await giveBack(mine, err);
      throw err;
    } finally {
      letGo(mine.id);
    }
  }

  /**
   * A run of this event started before and never finished (its process died, or it failed before
   * storing anything). Nothing stored: run it again. Its customer message stored: the run got that
   * far and may have said things, so a person takes it unless it was answered. A placeholder that
   * run showed is the record's (its holder is gone): the handoff replaces it, and when nothing is
   * said it is removed; an answer already given had replaced it.
   */
  async function resume(
    record: InboundRecord,
    go: (progress: InboundProgress) => Promise<InboundOutcome>,
    slot: InboundSlot | undefined,
  ): Promise<InboundOutcome> {
    const msg = record.message;
    // The dead run's answer may carry its outbox entry (issue 13): in the outbox before anything
    // judges what that run did, so the judgement sees it queued and the sweep posts it.
    if (msg.kind === 'message') await adoptRiddenPost(deps, msg.tenantId, customerMessageIdOf(msg));
    const stored =
      msg.kind === 'message'
        ? await deps.stores.messages.findByPlatformId(msg.tenantId, msg.platform, msg.messageId)
        : null;
    const placeholder = leftPlaceholder(record.placeholder);
    if (!stored) {
      await removePlaceholder(msg.tenantId, placeholder);
      return go({ claimed: true, rerun: true });
    }
    slot?.cancel();
    if (!stored.ticketId) {
      await removePlaceholder(msg.tenantId, placeholder);
      return { status: 'recorded', reason: 'pleasantry' };
    }
    if (stored.role !== 'customer')
      return { status: 'recorded', ticketId: stored.ticketId, reason: 'finished before the crash' };
    if (await isAnswered(deps, stored)) {
      // Escalated by the dead run, which may have died before its notice or its card: finished now.
      // The placeholder that run showed is replaced by the notice if it is said now (else as before).
      const finished = await finishEscalation(deps, stored, placeholder);
      return finished?.told || finished?.carded
        ? {
            status: 'escalated',
            ticketId: stored.ticketId,
            reason: 'escalation finished after its run stopped',
          }
        : { status: 'recorded', ticketId: stored.ticketId, reason: 'finished before the crash' };
    }
    const ticket = await escalateUnprocessed(deps, stored, {
      reason: 'interrupted before an answer',
      placeholder,
    });
    // Nothing said here (another path escalated it, or a person has the ticket): not left behind.
    await removePlaceholder(msg.tenantId, placeholder);
    return {
      status: ticket ? 'escalated' : 'recorded',
      ticketId: stored.ticketId,
      reason: 'resumed after its run stopped',
    };
  }

  /** Deletes a placeholder no message took (a no-op once the handoff took it). */
  async function removePlaceholder(tenantId: string, placeholder: PlaceholderSlot): Promise<void> {
    const ref = placeholder.take();
    if (!ref) return;
    try {
      await deps.ports.get(ref.platform)?.deleteMessage?.(tenantId, ref);
    } catch (err) {
      logger.warn({ err, channelId: ref.channelId }, 'placeholder could not be removed');
    }
  }

  async function giveBack(record: InboundRecord, err: unknown): Promise<void> {
    const ids = { eventId: record.eventId, tenantId: record.tenantId, attempts: record.attempts };
    try {
      if (record.attempts >= maxAttempts) {
        logger.error({ ...ids, code: errorCode(err) }, 'inbound event given up after repeated failures');
        await store.finish(record, owner, { state: 'failed', outcome: errorCode(err), at: clock.now() });
      } else {
        await store.release(record, owner, clock.now());
      }
    } catch (releaseErr) {
      // Still ours until the lease runs out; the sweep takes it over then.
      logger.warn(
        { err: releaseErr, ...ids },
        'releasing a failed inbound event failed; its lease will expire',
      );
    }
  }

  return {
    async accept(input) {
      const parsed = InboundMessageSchema.safeParse(input);
      if (!parsed.success)
        throw new ValidationError(`Invalid inbound message: ${describeZodIssues(parsed.error.issues)}`);
      const msg = parsed.data;
      const now = clock.now();
      // Stored already held by this process (one write instead of an insert and a claim): it runs
      // here next. Its lease is renewed from now on; a process that dies before running it leaves
      // a lease that runs out, and the sweep takes it over like any abandoned run.
      const record: InboundRecord = {
        id: inboundRecordId(msg.tenantId, msg.platform, msg.eventId),
        tenantId: msg.tenantId,
        platform: msg.platform,
        eventId: msg.eventId,
        message: msg,
        state: 'processing',
        owner,
        leaseUntil: new Date(now.getTime() + leaseMs),
        attempts: 1,
        receivedAt: now,
        updatedAt: now,
      };
      const slot = run.reserve(msg);
      const turn = slot.turn?.();
      let accepted: { record: InboundRecord; created: boolean };
      try {
        accepted = await store.accept(
          turn
            ? { ...record, state: 'received', owner: undefined, leaseUntil: undefined, attempts: 0 }
            : record,
        );
      } catch (err) {
        slot.cancel();
        logger.error(
          { err, code: errorCode(err), eventId: msg.eventId, platform: msg.platform },
          'inbound event could not be stored; the platform is asked to send it again',
        );
        throw new UnavailableError('inbound event not stored', {
          cause: err,
          publicMessage: 'Switchboard cannot store messages right now; please try again in a moment.',
        });
      }
      queued.set(accepted.record.id, clock.now().getTime());
      if (!accepted.created) {
        return {
          redelivery: true,
          messageId: accepted.record.message.messageId,
          process: () => runRecord(accepted.record, slot),
        };
      }
      if (turn) {
        // Waits for a slot, stored unclaimed: claimed when its turn comes (the sweep leaves it to
        // this process while it is queued here; another process may take it after the grace).
        return {
          redelivery: false,
          messageId: accepted.record.message.messageId,
          process: () => turn.then(() => runRecord(accepted.record, slot)),
        };
      }
      const id = accepted.record.id;
      hold(accepted.record);
      let started = false;
      // An adapter that never calls process (it should not happen) must not hold the event for ever.
      const unheld = setTimeout(() => {
        if (!started) letGo(id);
      }, QUEUED_MAX_MS);
      unheld.unref();
      return {
        redelivery: false,
        messageId: accepted.record.message.messageId,
        process: () => {
          // Only the first call runs it as held; another finds it held (or done): a duplicate.
          const first = !started;
          started = true;
          clearTimeout(unheld);
          return runRecord(accepted.record, slot, first);
        },
      };
    },
    async sweep() {
      const now = clock.now();
      const due = await store.listUnfinished(new Date(now.getTime() - sweepGraceMs), now, 100);
      let resumed = 0;
      let escalated = 0;
      for (const record of due) {
        // Running here (a lease renewal that came late is not abandonment), or waiting in this
        // process's queue for its thread's earlier messages: not abandoned.
        if (held.has(record.id)) continue;
        const since = queued.get(record.id);
        if (since !== undefined && now.getTime() - since < QUEUED_MAX_MS) continue;
        queued.delete(record.id);
        try {
          const outcome = await runRecord(record);
          if (outcome.status === 'duplicate') continue;
          resumed++;
          if (outcome.status === 'escalated') escalated++;
        } catch (err) {
          logger.error(
            { err, code: errorCode(err), eventId: record.eventId, tenantId: record.tenantId },
            'resuming an inbound event failed; will retry',
          );
        }
      }
      if (resumed > 0) logger.warn({ resumed, escalated }, 'resumed inbound events no run finished');
      return { resumed, escalated };
    },
    stop() {
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = undefined;
      held.clear();
    },
  };
}
