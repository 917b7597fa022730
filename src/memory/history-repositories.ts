import type { Document } from 'mongodb';
import {
  DecisionRecordSchema,
  InteractionSchema,
  ProcessedEventSchema,
  TurnInteractionSchema,
  type Interaction,
} from '../domain/index.js';
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

/** A decision as stored: with the interaction entry of its turn, when it carries one. */
const StoredDecisionSchema = DecisionRecordSchema.extend({ interaction: TurnInteractionSchema.optional() });

/** A decision's `_id`: keyed by organization (one organization's documents stay on one shard). */
const decisionKey = (tenantId: string, decisionId: string) => `${tenantId}:${decisionId}`;

export function createInteractionRepository({ db, logger, clock }: RepositoryDeps): InteractionStore {
  const col = collection(db, COLLECTIONS.interactions);
  const decisions = collection(db, COLLECTIONS.decisions);
  const codec = createCodec(InteractionSchema, COLLECTIONS.interactions, logger);
  const carriedCodec = createCodec(StoredDecisionSchema, COLLECTIONS.decisions, logger);
  /** A turn's entry as the history shows it: the decision's id and time are the entry's. */
  const fromDecision = (doc: Document): Interaction | null => {
    const stored = carriedCodec.out(doc);
    if (!stored?.interaction) return null;
    return {
      tenantId: stored.tenantId,
      interactionId: stored.decisionId,
      ticketId: stored.ticketId,
      createdAt: stored.createdAt,
      ...stored.interaction,
    };
  };
  return {
    async add(entry) {
      await col.insertOne(codec.in(entry));
    },
    async listForCustomer(tenantId, customerId, limit = 10) {
      // Expired entries are hidden even before the purge (or TTL monitor) gets to them. The
      // entries turns carry on their decisions (indexed by organization, customer and time), and
      // those written outside a turn or before: both, newest first.
      const now = clock.now();
      const [own, carried] = await Promise.all([
        col
          .find({ tenantId, customerId, expiresAt: { $gt: now } })
          .sort({ createdAt: -1 })
          .limit(limit)
          .toArray(),
        decisions
          .find({ tenantId, 'interaction.customerId': customerId, 'interaction.expiresAt': { $gt: now } })
          .sort({ createdAt: -1 })
          .limit(limit)
          .toArray(),
      ]);
      const entries = [...codec.outMany(own), ...carried.map(fromDecision).filter((e) => e !== null)];
      return entries.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, limit);
    },
  };
}

export function createDecisionRepository({ db, logger }: RepositoryDeps): DecisionStore {
  const col = collection(db, COLLECTIONS.decisions);
  const storedCodec = createCodec(StoredDecisionSchema, COLLECTIONS.decisions, logger);
  const codec = createCodec(DecisionRecordSchema, COLLECTIONS.decisions, logger);
  return {
    async add(record, interaction) {
      const doc = storedCodec.in(interaction ? { ...record, interaction } : record);
      await col.insertOne({ _id: decisionKey(record.tenantId, record.decisionId) as never, ...doc });
    },
    async listByTicket(tenantId, ticketId) {
      // The schema leaves the carried interaction entry out: staff see the decision as recorded.
      return codec.outMany(await col.find({ tenantId, ticketId }).sort({ createdAt: 1, _id: 1 }).toArray());
    },
    async dropInteraction(tenantId, of) {
      if ('decisionId' in of) {
        await col.updateOne(
          { _id: decisionKey(tenantId, of.decisionId) as never },
          { $unset: { interaction: '' } },
        );
        return;
      }
      await col.updateMany(
        { tenantId, ticketId: of.ticketId, messageId: of.messageId, interaction: { $exists: true } },
        { $unset: { interaction: '' } },
      );
    },
  };
}
