import type { Document } from 'mongodb';
import { z } from 'zod';
import {
  DecisionRecordSchema,
  TurnInteractionSchema,
  type DecisionRecord,
  type Interaction,
  type TurnInteraction,
} from '../domain/index.js';

/**
 * A turn's decision stored in `messages`, in the insert of the bot message the turn posts (issue
 * 13: one command for both). Its own kind of document: every reader of messages leaves it out
 * (`ONLY_MESSAGES`), the decision and history readers read it beside `decisions`, where a turn
 * that posts nothing (and every turn before this) stores its decision.
 */
export const DECISION_KIND = 'decision';

/**
 * An interaction history entry stored in `messages`, in the insert of the customer's notice that
 * resolved its ticket (an approval's outcome, issue 13: one command for both). Read only by the
 * customer history, beside the entries decisions carry; purged when it expires.
 */
export const INTERACTION_KIND = 'interaction';

/** The filter every reader of `messages` as messages adds: no decision, no history entry. */
export const ONLY_MESSAGES = { kind: { $nin: [DECISION_KIND, INTERACTION_KIND] } } as const;

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

/**
 * The `messages` document of a history entry: the entry under `history` (its own field, so its
 * partial indexes do not share a decision's key pattern). `_id` and `messageId` derive from the
 * entry's id (derived by the caller from the notice), so a rerun finds it stored.
 */
export function interactionDocument(entry: Interaction): Document {
  const { tenantId, interactionId, ticketId, createdAt, ...rest } = entry;
  return {
    _id: `${tenantId}:${INTERACTION_KIND}:${interactionId}`,
    kind: INTERACTION_KIND,
    tenantId,
    ticketId,
    messageId: `${INTERACTION_KIND}:${interactionId}`,
    interactionId,
    createdAt,
    history: TurnInteractionSchema.parse(rest),
  };
}

const InteractionInMessagesSchema = z.object({
  kind: z.literal(INTERACTION_KIND),
  tenantId: z.string(),
  ticketId: z.string(),
  interactionId: z.string(),
  createdAt: z.date(),
  history: TurnInteractionSchema,
});

/** A history entry stored in `messages` (interactionDocument); null for a document that fails. */
export function storedInteraction(doc: Document): Interaction | null {
  const parsed = InteractionInMessagesSchema.safeParse(doc);
  if (!parsed.success) return null;
  const { tenantId, ticketId, interactionId, createdAt, history } = parsed.data;
  return { tenantId, ticketId, interactionId, createdAt, ...history };
}
