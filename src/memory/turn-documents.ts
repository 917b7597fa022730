import type { AnyBulkWriteOperation, Document } from 'mongodb';
import type { TurnPosted } from '../conversation/inbound-journal.schema.js';
import type { ThreadTicket, TurnRecordState } from '../conversation/thread-lease.schema.js';
import { PostedRefSchema, type PostedRef } from '../domain/index.js';

export const THREAD_LEASES_COLLECTION = 'thread_leases';

/**
 * One thread key's turn document (`thread_leases`, `_id` = the key): its queue and lease, and the
 * journal records of the thread's own messages (issue 13: accepting a message and taking its turn
 * are one write, so are finishing it and giving the turn back).
 */
export type TurnDoc = {
  _id: string;
  queue?: string[];
  owner?: string;
  until?: Date;
  token?: number;
  expiresAt?: Date;
  /** The thread's ticket as its last run left it (see ThreadTicket). */
  ticket?: { id?: unknown; resolved?: unknown };
  /**
   * The journal records of messages whose own thread this is, by `recordField(id)`: a keyed map,
   * not an array (the bundled server matches nothing inside arrays of documents).
   */
  events?: Record<string, Document>;
  /** How many of `events` are not finished: what the recovery sweep looks for (indexed). */
  unfinished?: number;
  /** On another key's document (a top-level message's author): where its queued records live. */
  homes?: Record<string, string>;
};

/** A thread quiet this long forgets its turn document (the retention purge or a TTL index). */
export const IDLE_RETENTION_MS = 7 * 86_400_000;

/**
 * How long a finished record stays in its turn document, so a redelivery of its event is still
 * known as one: a day (Slack retries within minutes, three times; the Bot Connector within the
 * hour), and only the newest 50 of a thread (the redeliveries come within the hour, and a thread
 * answering more than 50 messages in an hour is not a customer's). Records past either bound are
 * dropped by the thread's next finishing write; the document goes whole after IDLE_RETENTION_MS
 * without a message. A finished record keeps no text (about 850 bytes), so a thread's document
 * stays near 45 KB: every accept returns it and the embedded server rewrites it whole on every
 * update (with 200 kept, the 220th reply of one thread took 611 ms against 175 ms for the first
 * ones, its document 171 KB). Only the unfinished records carry their message (at most 160 KB
 * each: 40,000 four-byte characters).
 */
export const FINISHED_KEEP_MS = 86_400_000;
export const FINISHED_KEEP_COUNT = 50;

/** A record id as a field name: ids hold `.` (Teams) and may start with `$`, which paths cannot. */
export function recordField(id: string): string {
  return encodeURIComponent(id).replace(/\./g, '%2E');
}

function idOfField(field: string): string {
  return decodeURIComponent(field);
}

/** The remembered ticket, when the document holds a well-formed one (it is only a hint). */
export function ticketOf(doc: TurnDoc | null | undefined): ThreadTicket | undefined {
  const t = doc?.ticket;
  if (!t || typeof t.id !== 'string' || t.id === '') return undefined;
  return { ticketId: t.id, resolved: t.resolved === true };
}

const asDate = (v: unknown): Date | undefined => (v instanceof Date ? v : undefined);

/** The states of the records a document holds, by record id. */
export function recordStates(doc: TurnDoc): Map<string, TurnRecordState> {
  const out = new Map<string, TurnRecordState>();
  for (const [field, rec] of Object.entries(doc.events ?? {})) {
    const state = rec?.state;
    if (state !== 'received' && state !== 'processing' && state !== 'done' && state !== 'failed') continue;
    const leaseUntil = asDate(rec.leaseUntil);
    out.set(idOfField(field), {
      state,
      updatedAt: asDate(rec.updatedAt) ?? new Date(0),
      ...(leaseUntil ? { leaseUntil } : {}),
    });
  }
  return out;
}

/** Where the records of this document's queued messages live, when in another document. */
export function homesOf(doc: TurnDoc): Map<string, string> {
  const out = new Map<string, string>();
  for (const [field, home] of Object.entries(doc.homes ?? {}))
    if (typeof home === 'string') out.set(idOfField(field), home);
  return out;
}

/**
 * A finished record holding the sent marks of its run's posts (see turn-posted.ts) is kept at least
 * this long whatever the thread's count, so the outbox sweep, which copies the marks to the outbox
 * once the poster's lease (5 minutes by default) ran out, finds them before the record goes.
 */
export const POSTED_KEEP_MS = 60 * 60_000;

/** Finished records past their keeping (FINISHED_KEEP_MS, FINISHED_KEEP_COUNT), by record id. */
export function staleRecords(doc: TurnDoc | null | undefined, now: Date): string[] {
  if (!doc?.events) return [];
  const finished = [...recordStates(doc)]
    .filter(([, r]) => r.state === 'done' || r.state === 'failed')
    .sort(([, a], [, b]) => b.updatedAt.getTime() - a.updatedAt.getTime());
  const cutoff = now.getTime() - FINISHED_KEEP_MS;
  const marksCutoff = now.getTime() - POSTED_KEEP_MS;
  const holdsMarks = (id: string) => doc.events?.[recordField(id)]?.posted !== undefined;
  return finished
    .filter(
      ([id, r], i) =>
        r.updatedAt.getTime() < cutoff ||
        (i >= FINISHED_KEEP_COUNT && (r.updatedAt.getTime() < marksCutoff || !holdsMarks(id))),
    )
    .map(([id]) => id);
}

/** How a finished record keeps its run's posts: by outbox entry, where each landed and when. */
export function postedMarks(posted: TurnPosted[], at: Date): Document {
  return Object.fromEntries(
    posted.map((p) => [recordField(p.entryId), { at, ...(p.ref ? { ref: p.ref } : {}) }]),
  );
}

/** What a turn document says of one outbox entry opened during the run of its record `record`. */
export type TurnPostState =
  /** The run's finish recorded it posted (where, when known). */
  | { kind: 'posted'; ref?: PostedRef; at: Date }
  /** The run is still going (its record held under a live lease): it records the post when it ends. */
  | { kind: 'running' }
  /** Nothing recorded: the run died before its finish (its record unfinished, its lease run out). */
  | { kind: 'unknown' }
  /**
   * The run ended without recording it (it failed to post, or its finish did not carry the mark),
   * or its record is gone (finished long ago). For the outbox's readers as good as `unknown`; an
   * entry a turn's answer carried (issue 13) was put in the outbox by that turn then if needed.
   */
  | { kind: 'ended' };

export function turnPostState(
  doc: TurnDoc | null | undefined,
  record: string,
  entryId: string,
  now: Date,
): TurnPostState {
  const rec = doc?.events?.[recordField(record)];
  if (!rec) return { kind: 'ended' };
  const mark = (rec.posted as Document | undefined)?.[recordField(entryId)] as Document | undefined;
  if (mark) {
    // Validated where it leaves the database; a mark whose ref fails still says it was posted.
    const ref = PostedRefSchema.safeParse(mark.ref);
    return { kind: 'posted', at: asDate(mark.at) ?? now, ...(ref.success ? { ref: ref.data } : {}) };
  }
  const lease = asDate(rec.leaseUntil);
  if (rec.state === 'processing' && lease && lease.getTime() > now.getTime()) return { kind: 'running' };
  return rec.state === 'processing' ? { kind: 'unknown' } : { kind: 'ended' };
}

/** The `$set` that notes the thread's ticket on key `k`'s document, when the ticket is noted there. */
export function ticketSet(ticket: ({ key: string } & ThreadTicket) | undefined, k: string) {
  return ticket?.key === k ? { ticket: { id: ticket.ticketId, resolved: ticket.resolved } } : {};
}

/**
 * What key `k`'s document forgets when `entry`'s run ends: a key that is not the record's `home`
 * where the record was; the home the finished records it no longer keeps (`prune`, not `entry`).
 */
export function forgottenFields(k: string, home: string, entry: string, prune: readonly string[]) {
  const unset: Record<string, ''> = {};
  if (k !== home) unset[`homes.${recordField(entry)}`] = '';
  else for (const id of prune) if (id !== entry) unset[`events.${recordField(id)}`] = '';
  return unset;
}

/**
 * The statements that give a turn back outside a journal record's finish (ThreadLeaseStore.release),
 * per key: the entry leaves the queue and the owner's lease is freed (and the thread's ticket
 * noted, only while the run still holds the thread); the document then expires when the thread
 * stays quiet.
 */
export function releaseStatements(
  keys: string[],
  entry: string,
  owner: string,
  expiresAt: Date,
  ticket?: { key: string } & ThreadTicket,
): AnyBulkWriteOperation<TurnDoc>[] {
  return keys.flatMap((k): AnyBulkWriteOperation<TurnDoc>[] => {
    const noted = ticketSet(ticket, k);
    return [
      {
        updateOne: {
          filter: { _id: k, owner },
          update: {
            $unset: { owner: '', until: '' },
            $pull: { queue: entry },
            // The thread's ticket rides on the release the run makes anyway (no round trip of its
            // own), and only while the run still holds the thread: a run that lost it says nothing.
            ...(Object.keys(noted).length > 0 ? { $set: noted } : {}),
          },
        },
      },
      { updateOne: { filter: { _id: k }, update: { $pull: { queue: entry }, $set: { expiresAt } } } },
    ];
  });
}
