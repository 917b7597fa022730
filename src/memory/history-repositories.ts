import type { Document } from 'mongodb';
import {
  DecisionRecordSchema,
  InteractionSchema,
  ProcessedEventSchema,
  type DecisionRecord,
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
import {
  DECISION_KIND,
  INTERACTION_KIND,
  StoredDecisionSchema,
  decisionKey,
  storedDecision,
  storedInteraction,
} from './turn-decisions.js';

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
  const decisions = collection(db, COLLECTIONS.decisions);
  const messages = collection(db, COLLECTIONS.messages);
  const codec = createCodec(InteractionSchema, COLLECTIONS.interactions, logger);
  /** A turn's entry as the history shows it: the decision's id and time are the entry's. */
  const fromDecision = (doc: Document): Interaction | null => {
    const stored = storedDecision(doc);
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
      // entries turns carry on their decisions (indexed by organization, customer and time; in
      // `messages` when the decision rode in its bot message's insert, in `decisions` otherwise),
      // those an approval's notice carried (`messages`), and those written outside a turn or
      // before: all of them, newest first.
      const now = clock.now();
      const carriedFilter = {
        tenantId,
        'interaction.customerId': customerId,
        'interaction.expiresAt': { $gt: now },
      };
      const [own, carried, rode] = await Promise.all([
        col
          .find({ tenantId, customerId, expiresAt: { $gt: now } })
          .sort({ createdAt: -1 })
          .limit(limit)
          .toArray(),
        decisions.find(carriedFilter).sort({ createdAt: -1 }).limit(limit).toArray(),
        // Decisions that rode in their answer's insert, and entries that rode in an approval
        // notice's (one query; each branch has its partial index on MongoDB).
        messages
          .find({
            $or: [
              { kind: DECISION_KIND, ...carriedFilter },
              {
                kind: INTERACTION_KIND,
                tenantId,
                'history.customerId': customerId,
                'history.expiresAt': { $gt: now },
              },
            ],
          })
          .sort({ createdAt: -1 })
          .limit(limit)
          .toArray(),
      ]);
      const fromMessages = (doc: Document) =>
        doc.kind === INTERACTION_KIND ? storedInteraction(doc) : fromDecision(doc);
      const entries = [
        ...codec.outMany(own),
        ...carried.map(fromDecision).filter((e) => e !== null),
        ...rode.map(fromMessages).filter((e) => e !== null),
      ];
      return entries.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, limit);
    },
  };
}

export function createDecisionRepository({ db, logger }: RepositoryDeps): DecisionStore {
  const col = collection(db, COLLECTIONS.decisions);
  const messages = collection(db, COLLECTIONS.messages);
  const storedCodec = createCodec(StoredDecisionSchema, COLLECTIONS.decisions, logger);
  const codec = createCodec(DecisionRecordSchema, COLLECTIONS.decisions, logger);
  /** Where a decision may be: alone in `decisions`, or in `messages` beside its bot message. */
  const both = [col, messages] as const;
  return {
    async add(record, interaction) {
      const doc = storedCodec.in(interaction ? { ...record, interaction } : record);
      await col.insertOne({ _id: decisionKey(record.tenantId, record.decisionId) as never, ...doc });
    },
    async listByTicket(tenantId, ticketId) {
      // The schema leaves the carried interaction entry out: staff see the decision as recorded.
      const [alone, rode] = await Promise.all([
        col.find({ tenantId, ticketId }).sort({ createdAt: 1, _id: 1 }).toArray(),
        messages.find({ kind: DECISION_KIND, tenantId, ticketId }).sort({ createdAt: 1, _id: 1 }).toArray(),
      ]);
      const records: DecisionRecord[] = [
        ...codec.outMany(alone),
        ...rode.flatMap((d) => {
          const stored = storedDecision(d);
          if (!stored) return [];
          const { interaction: _entry, ...record } = stored;
          return [record];
        }),
      ];
      return records.sort(
        (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.decisionId.localeCompare(b.decisionId),
      );
    },
    async dropInteraction(tenantId, of) {
      // The decision's `_id` is the same in both collections; the recovery's by message may be in
      // either (the turns before this one wrote `decisions` only).
      if ('decisionId' in of) {
        const _id = decisionKey(tenantId, of.decisionId) as never;
        await Promise.all(both.map((c) => c.updateOne({ _id }, { $unset: { interaction: '' } })));
        return;
      }
      await Promise.all([
        col.updateMany(
          { tenantId, ticketId: of.ticketId, messageId: of.messageId, interaction: { $exists: true } },
          { $unset: { interaction: '' } },
        ),
        messages.updateMany(
          {
            kind: DECISION_KIND,
            tenantId,
            ticketId: of.ticketId,
            'decision.messageId': of.messageId,
            interaction: { $exists: true },
          },
          { $unset: { interaction: '' } },
        ),
      ]);
    },
  };
}
