import type { Db, Document } from 'mongodb';
import { PostedRefSchema } from '../domain/index.js';
import type { OutboxEntry } from '../conversation/outbox.schema.js';
import { POSTED } from './approval-repository.js';
import { COLLECTIONS } from './collections.js';
import { hasLegacyDocuments, keyedDocuments } from './keyed-documents.js';
import { recordField, type TurnPostState } from './turn-documents.js';

const keyed = keyedDocuments('approvalId');

/**
 * What the approval requests say of outbox entries their runs opened (OutboxEntry.approvalRun),
 * by entry id: posted (the run's write of the request recorded it, where and when), or unknown
 * (the run died before that write, or it did not carry the mark: the outbox's as any entry). The
 * requests of all the entries asked about in one read by `_id` (the sweep's page of due entries:
 * one read for all of them), only their marks.
 */
export function createApprovalPostReader(db: Db) {
  const approvals = db.collection(COLLECTIONS.approvals);
  return async function approvalPosts(
    entries: readonly OutboxEntry[],
    now: Date,
  ): Promise<Map<string, TurnPostState>> {
    const byRequest = new Map<string, OutboxEntry[]>();
    for (const e of entries) {
      if (!e.approvalRun || e.status !== 'pending') continue;
      const k = keyed.id(e.tenantId, e.approvalRun.approvalId);
      byRequest.set(k, [...(byRequest.get(k) ?? []), e]);
    }
    const out = new Map<string, TurnPostState>();
    if (byRequest.size === 0) return out;
    const docs = await approvals
      .find({ _id: { $in: [...byRequest.keys()] as never[] } }, { projection: { [POSTED]: 1 } })
      .toArray();
    const found = new Map<string, Document>(docs.map((d) => [String(d._id), d]));
    for (const [k, list] of byRequest) {
      let doc = found.get(k);
      // A request stored before keyed ids (a click of this version on it stored its marks there).
      if (!doc && (await hasLegacyDocuments(approvals))) {
        const first = list[0]!;
        doc = (await keyed.findOne(approvals, first.tenantId, first.approvalRun!.approvalId)) ?? undefined;
      }
      const marks = (doc?.[POSTED] ?? {}) as Record<string, Document | undefined>;
      for (const e of list) {
        const mark = marks[recordField(e.entryId)];
        if (!mark) {
          out.set(e.entryId, { kind: 'unknown' });
          continue;
        }
        // Validated where it leaves the database; a mark whose ref fails still says it was posted.
        const ref = PostedRefSchema.safeParse(mark.ref);
        const at = mark.at instanceof Date ? mark.at : now;
        out.set(e.entryId, { kind: 'posted', at, ...(ref.success ? { ref: ref.data } : {}) });
      }
    }
    return out;
  };
}
