import type { AnyBulkWriteOperation, Document } from 'mongodb';
import type { TurnPosted } from '../conversation/inbound-journal.schema.js';
import type { ThreadTicket } from '../conversation/thread-lease.schema.js';
import { forgottenFields, postedMarks, recordField, ticketSet, type TurnDoc } from './turn-documents.js';

/** How a run's journal record is finished (state, outcome, its posts' sent marks). */
export interface RecordFinish {
  id: string;
  /** The journal's owner of the record: only its holder finishes it. */
  owner: string;
  patch: { state: 'done' | 'failed'; outcome: string; at: Date };
  posted: TurnPosted[];
}

/** How the run held its turns: the thread order's process id and the home key's token. */
export interface TurnHold {
  keys: string[];
  owner: string;
  /** The lease token of the home key (the thread's own, the last key), when known. */
  token?: number;
  ticket?: { key: string } & ThreadTicket;
  /** Finished records the home document may drop (TakenTurn.stale). */
  prune: string[];
  expiresAt: Date;
}

/** The record's part of a finishing write: filter and update, by `events.<id>`. */
function recordParts({ id, owner, patch, posted }: RecordFinish) {
  const p = `events.${recordField(id)}`;
  return {
    filter: { [`${p}.owner`]: owner },
    set: {
      // A finished record is kept only to know a redelivery: without the customer's words, so a
      // thread's document stays small (and holds no more text than it needs).
      [`${p}.message.text`]: '',
      [`${p}.state`]: patch.state,
      [`${p}.outcome`]: patch.outcome.slice(0, 200),
      [`${p}.updatedAt`]: patch.at,
      // What the run posted: the outbox entries' sent marks (see turn-posted.ts).
      ...(posted.length > 0 ? { [`${p}.posted`]: postedMarks(posted, patch.at) } : {}),
    },
    unset: { [`${p}.owner`]: '', [`${p}.leaseUntil`]: '' },
  };
}

/** Finishes the record alone (no turn given back with it). */
export function recordFinishStatement(home: string, record: RecordFinish): AnyBulkWriteOperation<TurnDoc> {
  const r = recordParts(record);
  return {
    updateOne: {
      filter: { _id: home, ...r.filter } as Document,
      update: { $set: r.set, $unset: r.unset, $inc: { unfinished: -1 } } as Document,
    },
  };
}

/**
 * The end of a run that still holds its turns, one statement per key (issue 13: each statement
 * costs the bundled server a pass of its one-at-a-time write path): the entry leaves the queue, the
 * lease is freed, the document may expire; on the home key the record is finished and the thread's
 * ticket noted in the same statement. Each applies only while the run holds that key (owner, and
 * the home's token), and the home's only while the journal record is the run's: when one matches
 * nothing, endFallbackStatements does what is left.
 */
export function endTurnStatements(
  home: string,
  record: RecordFinish,
  hold: TurnHold,
): AnyBulkWriteOperation<TurnDoc>[] {
  const entry = record.id;
  const r = recordParts(record);
  return hold.keys.map((k): AnyBulkWriteOperation<TurnDoc> => {
    const isHome = k === home;
    const unset = { owner: '', until: '', ...forgottenFields(k, home, entry, hold.prune) };
    const fenced = isHome && hold.token !== undefined ? { token: hold.token } : {};
    return {
      updateOne: {
        filter: { _id: k, owner: hold.owner, ...fenced, ...(isHome ? r.filter : {}) } as Document,
        update: {
          $pull: { queue: entry },
          $set: { expiresAt: hold.expiresAt, ...ticketSet(hold.ticket, k), ...(isHome ? r.set : {}) },
          $unset: { ...unset, ...(isHome ? r.unset : {}) },
          ...(isHome ? { $inc: { unfinished: -1 } } : {}),
        } as Document,
      },
    };
  });
}

/**
 * What is left of endTurnStatements when a statement of the shared command matched nothing (this
 * run lost a lease or its record, or another run of the command did), in statements each safe
 * whether or not this run's own applied: per key, the entry leaves the queue where it still is
 * (and only then is the document's expiry set: it may hold a newer turn by now); then the home's
 * lease is freed where this run still holds it by its token (not a later turn of this same process:
 * another key's release is not repeated, since its statement matched exactly when this process
 * held it); the record is finished where it is still the run's (a finished one is not).
 */
export function endFallbackStatements(
  home: string,
  record: RecordFinish,
  hold: TurnHold,
): AnyBulkWriteOperation<TurnDoc>[] {
  const entry = record.id;
  const ops: AnyBulkWriteOperation<TurnDoc>[] = [];
  for (const k of hold.keys) {
    const unset = forgottenFields(k, home, entry, hold.prune);
    ops.push({
      updateOne: {
        filter: { _id: k, queue: entry } as Document,
        update: {
          $pull: { queue: entry },
          $set: { expiresAt: hold.expiresAt },
          ...(Object.keys(unset).length > 0 ? { $unset: unset } : {}),
        } as Document,
      },
    });
  }
  if (hold.token !== undefined) {
    const noted = ticketSet(hold.ticket, home);
    ops.push({
      updateOne: {
        filter: { _id: home, owner: hold.owner, token: hold.token },
        update: {
          $unset: { owner: '', until: '' },
          $pull: { queue: entry },
          ...(Object.keys(noted).length > 0 ? { $set: noted } : {}),
        },
      },
    });
  }
  ops.push(recordFinishStatement(home, record));
  return ops;
}
