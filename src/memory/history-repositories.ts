import { DecisionRecordSchema, InteractionSchema, ProcessedEventSchema } from '../domain/index.js';
import type { DecisionStore, InteractionStore, ProcessedEventStore } from '../conversation/stores.js';
import {
  COLLECTIONS,
  collection,
  createCodec,
  isDuplicateKeyError,
  type RepositoryDeps,
} from './collections.js';

/** Platforms retry for minutes (Slack) to hours (Bot Connector); a week covers every redelivery. */
export const PROCESSED_EVENT_RETENTION_DAYS = 7;
const DAY_MS = 86_400_000;

export function createProcessedEventRepository({ db, logger }: RepositoryDeps): ProcessedEventStore {
  const col = collection(db, COLLECTIONS.processedEvents);
  const codec = createCodec(ProcessedEventSchema, COLLECTIONS.processedEvents, logger);
  return {
    async markProcessed(tenantId, platform, eventId, at) {
      const doc = codec.in({
        tenantId,
        platform,
        eventId,
        receivedAt: at,
        expiresAt: new Date(at.getTime() + PROCESSED_EVENT_RETENTION_DAYS * DAY_MS),
      });
      try {
        await col.insertOne(doc);
        return true;
      } catch (err) {
        // The unique index is the de-duplication: two deliveries racing here get one true.
        if (isDuplicateKeyError(err)) return false;
        throw err;
      }
    },
    async release(tenantId, platform, eventId) {
      await col.deleteOne({ tenantId, platform, eventId });
    },
  };
}

export function createInteractionRepository({ db, logger, clock }: RepositoryDeps): InteractionStore {
  const col = collection(db, COLLECTIONS.interactions);
  const codec = createCodec(InteractionSchema, COLLECTIONS.interactions, logger);
  return {
    async add(entry) {
      await col.insertOne(codec.in(entry));
    },
    async listForCustomer(tenantId, customerId, limit = 10) {
      // Expired entries are hidden even before the purge (or TTL monitor) gets to them.
      const docs = await col
        .find({ tenantId, customerId, expiresAt: { $gt: clock.now() } })
        .sort({ createdAt: -1 })
        .limit(limit)
        .toArray();
      return codec.outMany(docs);
    },
  };
}

export function createDecisionRepository({ db, logger }: RepositoryDeps): DecisionStore {
  const col = collection(db, COLLECTIONS.decisions);
  const codec = createCodec(DecisionRecordSchema, COLLECTIONS.decisions, logger);
  return {
    async add(record) {
      await col.insertOne(codec.in(record));
    },
    async listByTicket(tenantId, ticketId) {
      return codec.outMany(await col.find({ tenantId, ticketId }).sort({ createdAt: 1, _id: 1 }).toArray());
    },
  };
}
