import { MessageSchema } from '../domain/index.js';
import type { MessageStore } from '../conversation/stores.js';
import { COLLECTIONS, collection, createCodec, type RepositoryDeps } from './collections.js';

export function createMessageRepository({ db, logger }: RepositoryDeps): MessageStore {
  const col = collection(db, COLLECTIONS.messages);
  const codec = createCodec(MessageSchema, COLLECTIONS.messages, logger);
  return {
    async insert(message) {
      await col.insertOne(codec.in(message));
    },
    async listByTicket(tenantId, ticketId, limit = 50) {
      // The newest `limit`, returned oldest first; _id breaks ties between same-millisecond messages.
      const docs = await col
        .find({ tenantId, ticketId })
        .sort({ createdAt: -1, _id: -1 })
        .limit(limit)
        .toArray();
      return codec.outMany(docs).reverse();
    },
    async findByPlatformId(tenantId, platform, platformMessageId) {
      return codec.out(await col.findOne({ tenantId, 'thread.platform': platform, platformMessageId }));
    },
    async markEdited(tenantId, messageId, text) {
      await col.updateOne(
        { tenantId, messageId },
        { $set: { text, edited: true }, $unset: { englishText: '' } },
      );
    },
    async markDeleted(tenantId, messageId) {
      // The author took it back: keep the fact, drop the words.
      await col.updateOne(
        { tenantId, messageId },
        { $set: { deleted: true, text: '' }, $unset: { englishText: '' } },
      );
    },
    async annotate(tenantId, messageId, patch) {
      const set: Record<string, unknown> = {};
      const unset: Record<string, ''> = {};
      if (patch.ticketId === null) unset.ticketId = '';
      else if (patch.ticketId !== undefined) set.ticketId = patch.ticketId;
      if (patch.language !== undefined) set.language = patch.language;
      if (patch.englishText !== undefined) set.englishText = patch.englishText;
      const update: Record<string, Record<string, unknown>> = {};
      if (Object.keys(set).length > 0) update.$set = set;
      if (Object.keys(unset).length > 0) update.$unset = unset;
      if (Object.keys(update).length === 0) return;
      await col.updateOne({ tenantId, messageId }, update);
    },
    async listCustomerBetween(from, to, limit) {
      const docs = await col
        .find({ role: 'customer', ticketId: { $exists: true }, createdAt: { $gt: from, $lte: to } })
        .sort({ createdAt: 1, _id: 1 })
        .limit(limit)
        .toArray();
      return codec.outMany(docs);
    },
    async countSince(tenantId, since) {
      const docs = await col
        .find({ tenantId, createdAt: { $gte: since } }, { projection: { createdAt: 1 } })
        .toArray();
      const buckets = new Map<string, number>();
      for (const d of docs) {
        if (!(d.createdAt instanceof Date)) continue;
        const hour = `${d.createdAt.toISOString().slice(0, 13)}:00:00.000Z`;
        buckets.set(hour, (buckets.get(hour) ?? 0) + 1);
      }
      return [...buckets.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([hour, count]) => ({ hour, count }));
    },
  };
}
