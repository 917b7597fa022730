import { randomUUID } from 'node:crypto';
import type { Document, Filter } from 'mongodb';
import type { OutboxStore } from '../conversation/stores.js';
import { OutboxEntrySchema, type OutboxEntry } from '../conversation/outbox.schema.js';
import { collection, createCodec, isDuplicateKeyError, type RepositoryDeps } from './collections.js';
import { guardedUpdate } from './guarded-update.js';
import { hasLegacyDocuments } from './keyed-documents.js';
import { createApprovalPostReader } from './outbox-approval-posts.js';
import { createTurnPostReader } from './outbox-turn-posts.js';
import type { TurnPostState } from './turn-documents.js';

export const OUTBOX_COLLECTION = 'outbox';
/** Delivered and given-up entries are kept a week for diagnosis, then purged. */
const FINISHED_RETENTION_MS = 7 * 86_400_000;
/** Statements per bulk write: the bundled server hangs on update commands of ~300 statements. */
const BATCH = 50;
/**
 * The sweep's look at due entries, and how many such looks one claim makes at most: entries their
 * turn recorded posted are marked sent on the way and do not count against its limit, so a busy
 * hour's worth (every reply of a turn comes due once its poster's lease ran out) is settled.
 */
const DUE_PAGE = 200;
const DUE_PAGES = 25;

/** Due, pending and held by nobody: what the sweep (or a second caller of the same key) may take. */
function claimable(now: Date): Filter<Document> {
  return {
    status: 'pending',
    nextAttemptAt: { $lte: now },
    $or: [{ leaseUntil: { $exists: false } }, { leaseUntil: null }, { leaseUntil: { $lte: now } }],
  };
}

/** A staff card post given up earlier: asked for again, it is tried afresh (an approval needs its card). */
const RETRYABLE_FAILED: Filter<Document> = { status: 'failed', kind: 'card_post' };

function isRetryableFailed(doc: Document): boolean {
  return doc.status === 'failed' && doc.kind === 'card_post';
}

/**
 * Only the lease's holder may record the outcome. Entries written before lease tokens existed
 * have none, and a caller without a token (older code) is not checked.
 */
/**
 * An entry's `_id` is `${tenantId}:${entryId}`, so every write to it after the insert is a
 * primary-key update (the embedded server scans for any other filter, and the outbox grows with
 * every reply). Entries stored before carry an ObjectId and are found by their fields.
 */
const entryDocId = (tenantId: string, entryId: string) => `${tenantId}:${entryId}`;

function heldBy(tenantId: string, entryId: string, leaseToken: string | undefined): Filter<Document> {
  return leaseToken === undefined ? { tenantId, entryId } : { tenantId, entryId, leaseToken };
}

function isClaimable(doc: Document, now: Date): boolean {
  const lease = doc.leaseUntil instanceof Date ? doc.leaseUntil.getTime() : 0;
  return (
    doc.status === 'pending' &&
    doc.nextAttemptAt instanceof Date &&
    doc.nextAttemptAt.getTime() <= now.getTime() &&
    lease <= now.getTime()
  );
}

export function createOutboxRepository({ db, logger, clock }: RepositoryDeps): OutboxStore {
  const col = collection(db, OUTBOX_COLLECTION);
  const codec = createCodec(OutboxEntrySchema, OUTBOX_COLLECTION, logger);
  const turnPosts = createTurnPostReader(db);
  const approvalPosts = createApprovalPostReader(db);
  /** Where the sent marks of entries posted in a turn or by an approval's run are (issue 13). */
  async function postStates(entries: readonly OutboxEntry[], now: Date): Promise<Map<string, TurnPostState>> {
    const states = await turnPosts(entries, now);
    for (const [entryId, state] of await approvalPosts(entries, now))
      if (state.kind === 'posted' || !states.has(entryId)) states.set(entryId, state);
    return states;
  }
  const sentPatch = (result: OutboxEntry['result'], at: Date) =>
    codec.patch({
      status: 'sent',
      sentAt: at,
      updatedAt: at,
      expiresAt: new Date(at.getTime() + FINISHED_RETENTION_MS),
      ...(result ? { result } : {}),
    });

  /** Takes the lease of one entry (one conditional update: of two takers, one gets it). */
  async function hold(tenantId: string, entryId: string, now: Date, leaseUntil: Date) {
    const doc = await guardedUpdate({
      col,
      key: { tenantId, entryId },
      id: entryDocId(tenantId, entryId),
      revField: '_rev',
      condition: claimable(now),
      update: { $set: { leaseUntil, leaseToken: randomUUID(), updatedAt: now } },
    });
    return codec.out(doc);
  }

  /** Resets a given-up card post to a fresh pending entry held by the caller. */
  async function revive(existing: OutboxEntry, entry: OutboxEntry, now: Date) {
    const doc = await guardedUpdate({
      col,
      key: { tenantId: existing.tenantId, entryId: existing.entryId },
      id: entryDocId(existing.tenantId, existing.entryId),
      revField: '_rev',
      condition: RETRYABLE_FAILED,
      update: {
        $set: {
          status: 'pending',
          attempts: 0,
          nextAttemptAt: now,
          leaseUntil: entry.leaseUntil ?? now,
          leaseToken: randomUUID(),
          payload: entry.payload,
          updatedAt: now,
        },
        // A pending entry must never be purged.
        $unset: { expiresAt: '' },
      },
    });
    return codec.out(doc);
  }

  /** Records an outcome only while `leaseToken` is still the entry's lease; true when it applied. */
  async function finish(
    tenantId: string,
    entryId: string,
    leaseToken: string | undefined,
    set: Document,
  ): Promise<boolean> {
    // One conditional update: atomic on MongoDB. On FerretDB v1 the filter and the update are two
    // steps, but a lease is only taken over minutes after it ran out, so the gap is theoretical.
    const update = { $set: set, $unset: { leaseUntil: '', leaseToken: '' }, $inc: { _rev: 1 } };
    const filter = heldBy(tenantId, entryId, leaseToken);
    const r = await col.updateOne({ _id: entryDocId(tenantId, entryId) as never, ...filter }, update);
    if (r.matchedCount > 0) return true;
    if (!(await hasLegacyDocuments(col))) return false;
    return (await col.updateOne(filter, update)).matchedCount > 0;
  }

  /**
   * Copies the sent marks the entries' turns recorded (see OutboxEntry.turn) to the entries, in
   * bulk writes by primary key, only where still pending; returns each as it now stands.
   */
  async function settle(posted: Array<{ entry: OutboxEntry; state: TurnPostState & { kind: 'posted' } }>) {
    for (let i = 0; i < posted.length; i += BATCH) {
      const ops = posted.slice(i, i + BATCH).map(({ entry, state }) => ({
        updateOne: {
          filter: { _id: entryDocId(entry.tenantId, entry.entryId) as never, status: 'pending' },
          update: {
            $set: sentPatch(state.ref, state.at),
            $unset: { leaseUntil: '', leaseToken: '' },
            $inc: { _rev: 1 },
          },
        },
      }));
      await col.bulkWrite(ops, { ordered: false });
    }
    return posted.map(({ entry, state }) => postedView(entry, state));
  }

  /** An entry as it stands once its turn's mark is copied to it. */
  function postedView(entry: OutboxEntry, state: TurnPostState & { kind: 'posted' }): OutboxEntry {
    const { leaseUntil: _until, leaseToken: _token, ...rest } = entry;
    return { ...rest, ...sentPatch(state.ref, state.at), status: 'sent' } as OutboxEntry;
  }

  return {
    async open(entry) {
      const doc = codec.in({ ...entry, leaseToken: entry.leaseToken ?? randomUUID() });
      try {
        await col.insertOne({ _id: entryDocId(doc.tenantId, doc.entryId) as never, ...doc });
        return { entry: doc, claimed: true };
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
      }
      const existing = codec.out(await col.findOne({ tenantId: doc.tenantId, key: doc.key }));
      if (!existing) throw new Error(`outbox entry ${doc.key} exists but cannot be read`);
      const now = clock.now();
      if ((existing.turn || existing.approvalRun) && existing.status === 'pending') {
        // Posted in its turn (or by an approval's run): the turn's finish (the request) holds the
        // mark. Its run still going: it is the poster.
        const state = (await postStates([existing], now)).get(existing.entryId);
        if (state?.kind === 'posted')
          return { entry: (await settle([{ entry: existing, state }]))[0]!, claimed: false };
        if (state?.kind === 'running') return { entry: existing, claimed: false };
      }
      if (isRetryableFailed(existing)) {
        const revived = await revive(existing, doc, now);
        return revived ? { entry: revived, claimed: true } : { entry: existing, claimed: false };
      }
      if (!isClaimable(existing, now)) return { entry: existing, claimed: false };
      const held = await hold(existing.tenantId, existing.entryId, now, doc.leaseUntil ?? now);
      return held ? { entry: held, claimed: true } : { entry: existing, claimed: false };
    },
    async adopt(entry, outcome) {
      const now = clock.now();
      if (!outcome && entry.turn) {
        // Found by a recovery: only a turn that never ended leaves its answer's entry to it (one
        // that ended recorded the post, or put the entry here itself).
        const state = (await turnPosts([{ ...entry, status: 'pending' }], now)).get(entry.entryId);
        if (state && state.kind !== 'unknown' && state.kind !== 'running') return;
      }
      const { leaseUntil: _until, leaseToken: _token, ...free } = entry;
      const doc = codec.in(
        !outcome
          ? entry
          : 'sent' in outcome
            ? { ...free, ...sentPatch(outcome.sent.result, outcome.sent.at), status: 'sent' }
            : {
                ...free,
                attempts: outcome.attempt.attempts,
                nextAttemptAt: outcome.attempt.nextAttemptAt,
                lastError: outcome.attempt.lastError,
                status: outcome.attempt.status,
                updatedAt: outcome.attempt.at,
                ...(outcome.attempt.status === 'failed'
                  ? { expiresAt: new Date(outcome.attempt.at.getTime() + FINISHED_RETENTION_MS) }
                  : {}),
              },
      );
      try {
        await col.insertOne({ _id: entryDocId(doc.tenantId, doc.entryId) as never, ...doc });
        return;
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
      }
      // Put here before (a recovery found it while its poster was still going): the outcome is
      // recorded as the poster's own write would, only while its lease is still the entry's.
      if (!outcome) return;
      const { tenantId, entryId, leaseToken } = entry;
      const set =
        'sent' in outcome
          ? sentPatch(outcome.sent.result, outcome.sent.at)
          : codec.patch({
              attempts: outcome.attempt.attempts,
              nextAttemptAt: outcome.attempt.nextAttemptAt,
              lastError: outcome.attempt.lastError,
              status: outcome.attempt.status,
              updatedAt: now,
            });
      await finish(tenantId, entryId, leaseToken, set);
    },
    async markSent(tenantId, entryId, result, at, leaseToken) {
      return finish(tenantId, entryId, leaseToken, sentPatch(result, at));
    },
    async markSentAll(sent, at) {
      if (sent.length === 0) return [];
      // One command, each entry by its primary key and lease (ordered: false: one entry's lost
      // lease does not keep the others from being marked).
      const r = await col.bulkWrite(
        sent.map((s) => ({
          updateOne: {
            filter: {
              _id: entryDocId(s.tenantId, s.entryId) as never,
              ...heldBy(s.tenantId, s.entryId, s.leaseToken),
            },
            update: {
              $set: sentPatch(s.result, at),
              $unset: { leaseUntil: '', leaseToken: '' },
              $inc: { _rev: 1 },
            },
          },
        })),
        { ordered: false },
      );
      if (r.matchedCount === sent.length) return [];
      // Rare (a lease outlived, an entry stored before keyed ids): the rest one at a time; an entry
      // this write marked already is sent with this instant and no lease.
      const lost: string[] = [];
      for (const s of sent) {
        const doc = await col.findOne({ _id: entryDocId(s.tenantId, s.entryId) as never });
        const marked =
          doc?.status === 'sent' && doc.sentAt instanceof Date && doc.sentAt.getTime() === at.getTime();
        if (!marked && !(await finish(s.tenantId, s.entryId, s.leaseToken, sentPatch(s.result, at))))
          lost.push(s.entryId);
      }
      return lost;
    },
    async markAttempt(tenantId, entryId, patch) {
      const set = codec.patch({
        attempts: patch.attempts,
        nextAttemptAt: patch.nextAttemptAt,
        lastError: patch.lastError,
        status: patch.status,
        updatedAt: patch.at,
        ...(patch.status === 'failed'
          ? { expiresAt: new Date(patch.at.getTime() + FINISHED_RETENTION_MS) }
          : {}),
      });
      return finish(tenantId, entryId, patch.leaseToken, set);
    },
    async markSuperseded(tenantId, entryId, patch) {
      const set = codec.patch({
        status: 'superseded',
        lastError: patch.reason.slice(0, 300),
        updatedAt: patch.at,
        expiresAt: new Date(patch.at.getTime() + FINISHED_RETENTION_MS),
      });
      return finish(tenantId, entryId, patch.leaseToken, set);
    },
    async claimDue(now, leaseUntil, limit) {
      const held: OutboxEntry[] = [];
      const size = Math.max(limit, DUE_PAGE);
      for (let page = 0; page < DUE_PAGES && held.length < limit; page += 1) {
        const due = codec.outMany(
          await col.find(claimable(now)).sort({ createdAt: 1 }).limit(size).toArray(),
        );
        // Entries a turn posted are settled here (their poster's lease ran out before the sweep
        // came); entries whose run is still going are its to record, not the sweep's to post.
        const states = await postStates(due, now);
        const posted = due.flatMap((entry) => {
          const state = states.get(entry.entryId);
          return state?.kind === 'posted' ? [{ entry, state }] : [];
        });
        await settle(posted);
        for (const entry of due) {
          if (held.length >= limit) break;
          if (states.get(entry.entryId)?.kind === 'posted' || states.get(entry.entryId)?.kind === 'running')
            continue;
          const mine = await hold(entry.tenantId, entry.entryId, now, leaseUntil);
          if (mine) held.push(mine);
        }
        // Another look only when this one was full and settled some (they left the due set).
        if (due.length < size || posted.length === 0) break;
      }
      return held;
    },
    async list(tenantId, filter = {}) {
      const q: Filter<Document> = { tenantId };
      if (filter.ticketId) q.ticketId = filter.ticketId;
      // An entry its turn recorded posted is stored pending until the sweep copies its mark.
      const wanted = filter.status?.length ? new Set<string>(filter.status) : undefined;
      if (wanted) q.status = { $in: wanted.has('sent') ? [...wanted, 'pending'] : [...wanted] };
      const docs = await col
        .find(q)
        .sort({ createdAt: 1 })
        .limit(filter.limit ?? 100)
        .toArray();
      // Entries their turn recorded posted are shown sent (the sweep copies the mark later).
      const entries = codec.outMany(docs);
      const states = await postStates(entries, clock.now());
      return entries
        .map((e) => {
          const state = states.get(e.entryId);
          return state?.kind === 'posted' ? postedView(e, state) : e;
        })
        .filter((e) => !wanted || wanted.has(e.status));
    },
  };
}
