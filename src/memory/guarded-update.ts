import type { Collection, Document, Filter, UpdateFilter, WithId } from 'mongodb';
import { hasLegacyDocuments } from './keyed-documents.js';

/**
 * Where revision claims lived: an earlier guard against FerretDB's non-atomic updates, replaced by
 * the per-collection write lock in its build (tools/mongo-compat/_patch/handler). Spent claims
 * left by older versions still expire through the retention purge.
 */
export const CLAIMS_COLLECTION = 'write_claims';

export interface GuardedUpdateOptions {
  col: Collection;
  /** Identifies the document within its organization: `{ tenantId, ticketId }`. */
  key: Filter<Document>;
  /**
   * The document's deterministic `_id`, when it has one (keyed-documents.ts): the update then
   * addresses it by primary key, and falls back to `key` alone only for documents stored before
   * keyed ids.
   */
  id?: unknown;
  /** The revision counter the update increments (`version` on tickets, `_rev` elsewhere). */
  revField: string;
  /** The expected state: the update applies only where the document matches it. */
  condition: Filter<Document>;
  update: UpdateFilter<Document>;
}

export type GuardedOutcome = { kind: 'updated'; doc: WithId<Document> } | { kind: 'condition_failed' };

/**
 * A conditional update in one round trip: the expected state is in the filter of one
 * findOneAndUpdate, which is atomic on MongoDB and on the bundled server (whose build locks each
 * collection from a modifying command's query to its write). Of two concurrent changes from the
 * same state, exactly one gets a document back. The revision field moves with every change, so a
 * reader can tell a document changed since it read it.
 */
export async function guardedUpdateOutcome(options: GuardedUpdateOptions): Promise<GuardedOutcome> {
  const { col, key, id, condition } = options;
  const update = mergeInc(options.update, options.revField);
  const apply = (filter: Filter<Document>) =>
    col.findOneAndUpdate({ ...filter, ...condition }, update, { returnDocument: 'after' });
  // The driver types `_id` as ObjectId on an untyped collection; keyed ones are strings.
  let updated = await apply(id === undefined ? key : ({ _id: id as never, ...key } as Filter<Document>));
  // A document stored before keyed ids (or a condition that failed: the second try fails too).
  if (!updated && id !== undefined && !('_id' in key) && (await hasLegacyDocuments(col)))
    updated = await apply(key);
  return updated ? { kind: 'updated', doc: updated } : { kind: 'condition_failed' };
}

/** `guardedUpdateOutcome` as the updated document, or null when the condition did not hold. */
export async function guardedUpdate(options: GuardedUpdateOptions): Promise<WithId<Document> | null> {
  const outcome = await guardedUpdateOutcome(options);
  return outcome.kind === 'updated' ? outcome.doc : null;
}

function mergeInc(update: UpdateFilter<Document>, revField: string): UpdateFilter<Document> {
  return { ...update, $inc: { ...(update.$inc ?? {}), [revField]: 1 } } as UpdateFilter<Document>;
}
