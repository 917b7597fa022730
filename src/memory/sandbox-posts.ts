import type { Db, Document } from 'mongodb';
import type { Logger } from '../logger.js';
import {
  SandboxPostSchema,
  type SandboxPost,
  type SandboxPostPatch,
  type SandboxPostStore,
} from '../bot/sandbox/posts.js';

export const SANDBOX_POSTS_COLLECTION = 'sandbox_posts';

function withoutUndefined<T extends object>(value: T): Document {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}

export interface MongoSandboxPostStore extends SandboxPostStore {
  /** Idempotent; call once at start-up. */
  ensureIndexes(): Promise<void>;
}

/** The sandbox's channel posts in MongoDB; every document is parsed with zod on the way out. */
export function createSandboxPostStore(db: Db, logger?: Logger): MongoSandboxPostStore {
  const posts = db.collection(SANDBOX_POSTS_COLLECTION);

  function parse(doc: Document | null): SandboxPost | null {
    if (!doc) return null;
    const { _id, ...rest } = doc;
    const parsed = SandboxPostSchema.safeParse(rest);
    if (parsed.success) return parsed.data;
    // Hand-edited or stale data must not take the page down: skip it, say which.
    logger?.warn(
      { postId: doc.postId, issues: parsed.error.issues.slice(0, 3) },
      'sandbox post failed its schema; skipped',
    );
    return null;
  }

  return {
    async ensureIndexes() {
      await posts.createIndex({ tenantId: 1, channelId: 1, postId: 1 }, { unique: true });
      await posts.createIndex({ tenantId: 1, channelId: 1, createdAt: -1 });
    },
    async insert(post) {
      // The driver stores `undefined` as null, which the schema would then reject on the way out.
      await posts.insertOne(withoutUndefined(SandboxPostSchema.parse(post)));
    },
    async get(tenantId, channelId, postId) {
      return parse(await posts.findOne({ tenantId, channelId, postId }));
    },
    async update(tenantId, channelId, postId, patch: SandboxPostPatch, at) {
      const set: Document = { updatedAt: at };
      const unset: Document = {};
      for (const [key, value] of Object.entries(patch)) {
        if (value === null) unset[key] = '';
        else if (value !== undefined) set[key] = value;
      }
      if (patch.card) set.card = SandboxPostSchema.shape.card.parse(patch.card);
      const doc = await posts.findOneAndUpdate(
        { tenantId, channelId, postId },
        Object.keys(unset).length > 0 ? { $set: set, $unset: unset } : { $set: set },
        { returnDocument: 'after' },
      );
      return parse(doc);
    },
    async listChannel(tenantId, channelId, limit = 300) {
      // _id breaks ties between posts made in the same millisecond (ObjectIds grow per process).
      const docs = await posts
        .find({ tenantId, channelId })
        .sort({ createdAt: -1, _id: -1 })
        .limit(limit)
        .toArray();
      return docs
        .reverse()
        .map(parse)
        .filter((p): p is SandboxPost => p !== null);
    },
  };
}
