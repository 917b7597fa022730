import { KbDraftSchema, type KbDraft } from '../domain/index.js';
import type { KbDraftStore } from '../knowledge/article-drafts.js';
import { collection, createCodec, isDuplicateKeyError, type RepositoryDeps } from './collections.js';
import { guardedUpdateOutcome } from './guarded-update.js';

export const KB_DRAFTS_COLLECTION = 'kb_drafts';

/** At most this many drafts are listed for review (newest first). */
const LIST_LIMIT = 100;

/**
 * Article drafts, `_id` = `${tenantId}:${draftId}` (one per ticket: the insert is the guard against
 * two clicks making two drafts). Edits and publishing are guarded updates on a hidden `_rev`, so
 * only one of two supervisors publishing (or discarding) at once wins; a publish holds the draft
 * (`publishingSince`) from before its import to its mark, so nothing changes it in between.
 */
export function createKbDraftRepository({ db, logger }: RepositoryDeps): KbDraftStore {
  const col = collection(db, KB_DRAFTS_COLLECTION);
  const codec = createCodec(KbDraftSchema, KB_DRAFTS_COLLECTION, logger);
  const idOf = (tenantId: string, draftId: string) => `${tenantId}:${draftId}`;

  /** Still a draft, and no live publish holds it. */
  const open = (claimsBefore: Date) => ({
    status: 'draft',
    $or: [{ publishingSince: { $exists: false } }, { publishingSince: { $lt: claimsBefore } }],
  });

  async function guarded(
    tenantId: string,
    draftId: string,
    condition: Record<string, unknown>,
    update: { $set?: Record<string, unknown>; $unset?: Record<string, ''> },
  ): Promise<KbDraft | null> {
    const outcome = await guardedUpdateOutcome({
      col,
      key: { _id: idOf(tenantId, draftId) as never, tenantId },
      revField: '_rev',
      condition,
      update,
    });
    return outcome.kind === 'updated' ? codec.out(outcome.doc) : null;
  }
  const released = { publishingSince: '', publishingBy: '' } as const;

  return {
    async create(draft) {
      try {
        await col.insertOne({
          _id: idOf(draft.tenantId, draft.draftId) as never,
          ...codec.in(draft),
          _rev: 0,
        });
        return { draft, created: true };
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
        const existing = codec.out(await col.findOne({ _id: idOf(draft.tenantId, draft.draftId) as never }));
        if (!existing) throw err;
        return { draft: existing, created: false };
      }
    },
    async get(tenantId, draftId) {
      return codec.out(await col.findOne({ _id: idOf(tenantId, draftId) as never, tenantId }));
    },
    async list(tenantId, status) {
      const docs = await col.find({ tenantId, status }).sort({ updatedAt: -1 }).limit(LIST_LIMIT).toArray();
      return docs.map((d) => codec.out(d)).filter((d): d is KbDraft => d !== null);
    },
    edit: (tenantId, draftId, patch, claimsBefore) =>
      guarded(tenantId, draftId, open(claimsBefore), { $set: codec.patch(patch), $unset: released }),
    claimPublish: (tenantId, draftId, claim, claimsBefore) =>
      guarded(tenantId, draftId, open(claimsBefore), { $set: codec.patch(claim) }),
    async releasePublish(tenantId, draftId, publishingSince) {
      await guarded(tenantId, draftId, { status: 'draft', publishingSince }, { $unset: released });
    },
    markPublished: (tenantId, draftId, publishingSince, patch) =>
      guarded(
        tenantId,
        draftId,
        { status: 'draft', publishingSince },
        { $set: codec.patch({ ...patch, status: 'published' }), $unset: released },
      ),
    markDiscarded: (tenantId, draftId, patch, claimsBefore) =>
      guarded(tenantId, draftId, open(claimsBefore), {
        $set: codec.patch({ ...patch, status: 'discarded' }),
        $unset: released,
      }),
  };
}
