import type { Document } from 'mongodb';
import { z } from 'zod';
import {
  DecisionRecordSchema,
  TurnInteractionSchema,
  type DecisionRecord,
  type TurnInteraction,
} from '../domain/index.js';

/**
 * A turn's decision stored in `messages`, in the insert of the bot message the turn posts (issue
 * 13: one command for both). Its own kind of document: every reader of messages leaves it out
 * (`NOT_DECISION`), the decision and history readers read it beside `decisions`, where a turn
 * that posts nothing (and every turn before this) stores its decision.
 */
export const DECISION_KIND = 'decision';

/** The filter every reader of `messages` as messages adds. */
export const NOT_DECISION = { kind: { $ne: DECISION_KIND } } as const;

/** A decision's `_id`, in either collection: keyed by organization (one shard per organization). */
export const decisionKey = (tenantId: string, decisionId: string) => `${tenantId}:${decisionId}`;

/** A decision as stored: with the interaction entry of its turn, when it carries one. */
export const StoredDecisionSchema = DecisionRecordSchema.extend({
  interaction: TurnInteractionSchema.optional(),
});

/** The decision's fields in a `messages` document (its `messageId` would be a message's). */
const InMessagesSchema = z.object({
  kind: z.literal(DECISION_KIND),
  tenantId: z.string(),
  ticketId: z.string(),
  createdAt: z.date(),
  decision: DecisionRecordSchema,
  interaction: TurnInteractionSchema.optional(),
});

/**
 * The `messages` document of a decision. `messageId` fills the unique slot of the collection's
 * `{tenantId, messageId}` index with a value no message has (a missing one would collide with the
 * next decision's on MongoDB); the decided message's id is `decision.messageId`.
 */
export function decisionDocument(record: DecisionRecord, interaction: TurnInteraction | undefined): Document {
  const parsed = InMessagesSchema.parse({
    kind: DECISION_KIND,
    tenantId: record.tenantId,
    ticketId: record.ticketId,
    createdAt: record.createdAt,
    decision: record,
    ...(interaction ? { interaction } : {}),
  });
  return {
    _id: decisionKey(record.tenantId, record.decisionId),
    messageId: `${DECISION_KIND}:${record.decisionId}`,
    ...parsed,
  };
}

/** A stored decision (with its entry) from either collection; null for a document that fails. */
export function storedDecision(doc: Document): z.output<typeof StoredDecisionSchema> | null {
  if (doc.kind === DECISION_KIND) {
    const parsed = InMessagesSchema.safeParse(doc);
    if (!parsed.success) return null;
    return {
      ...parsed.data.decision,
      ...(parsed.data.interaction ? { interaction: parsed.data.interaction } : {}),
    };
  }
  const { _id: _ignored, ...rest } = doc;
  const parsed = StoredDecisionSchema.safeParse(rest);
  return parsed.success ? parsed.data : null;
}
