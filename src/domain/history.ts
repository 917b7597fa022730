import { z } from 'zod';
import { ActorSchema, DateSchema, IntentSchema, PlatformSchema, TenantIdSchema } from './common.js';

export const INTERACTION_RETENTION_DAYS = 90;

export const InteractionSchema = z.object({
  tenantId: TenantIdSchema,
  interactionId: z.string().min(1),
  customerId: z.string().min(1),
  ticketId: z.string().min(1),
  intent: IntentSchema,
  outcome: z.enum(['resolved', 'escalated']),
  summary: z.string(),
  createdAt: DateSchema,
  /** Purged after 90 days (TTL index where supported, a timer otherwise). */
  expiresAt: DateSchema,
});
export type Interaction = z.infer<typeof InteractionSchema>;

/**
 * The interaction history entry of an agent's turn, carried by the turn's decision record (one
 * write for both, issue 13); its id and time are the decision's. The history reads it from there
 * as an `Interaction`; entries written outside a turn (a person resolving, an approval's outcome)
 * and those stored before are in `interactions`.
 */
export const TurnInteractionSchema = InteractionSchema.pick({
  customerId: true,
  intent: true,
  outcome: true,
  summary: true,
  expiresAt: true,
});
export type TurnInteraction = z.infer<typeof TurnInteractionSchema>;

export const AuditEventSchema = z.object({
  tenantId: TenantIdSchema,
  auditId: z.string().min(1),
  ticketId: z.string().optional(),
  approvalId: z.string().optional(),
  actor: ActorSchema,
  /** Dotted verb: `approval.created`, `approval.approved`, `approval.refused`, `ticket.taken_over`… */
  action: z.string().min(1),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
  note: z.string().optional(),
  at: DateSchema,
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

/**
 * What happens to an approval at most once: its creation, its decision, its execution's outcome.
 * Two writers can reach these (a click stalled in the order system and the sweep finishing its
 * request meanwhile, or the click waking after the sweep), so each is stored under a key derived
 * from the approval and the action, and the database refuses the second (see `auditEventKey`).
 * The customer's notice too: posted under an id derived from the request, it reaches them once
 * however many writers tell it, and is recorded once. `approval.refused` and
 * `approval.execution_retry` may happen many times and are not here.
 */
export const ONCE_PER_APPROVAL_ACTIONS: ReadonlySet<string> = new Set([
  'approval.created',
  'approval.approved',
  'approval.rejected',
  'approval.expired',
  'approval.executed',
  'approval.failed',
  'customer.notified',
]);

/**
 * The key an audit event is stored under when it must be written at most once, else undefined
 * (any number of them; the store gives each its own id). Prefixed by the organization, as every
 * keyed `_id` (one organization's documents stay on one shard, where `_id` is unique). A card's
 * posting is keyed by the card: the click's process and the outbox sweep may both link the same
 * posted card, while a second card (a race that posted twice) stays a fact of its own.
 */
export function auditEventKey(
  event: Pick<AuditEvent, 'tenantId' | 'approvalId' | 'action' | 'after'>,
): string | undefined {
  if (!event.approvalId) return undefined;
  const base = `${event.tenantId}:${event.approvalId}:${event.action}`;
  if (ONCE_PER_APPROVAL_ACTIONS.has(event.action)) return base;
  if (event.action === 'approval.card_posted') {
    const card = (event.after as { card?: { platform?: unknown; messageId?: unknown } } | undefined)?.card;
    if (typeof card?.messageId === 'string' && typeof card.platform === 'string')
      return `${base}:${card.platform}:${card.messageId}`;
  }
  return undefined;
}

/** A platform event already handled, for at-least-once delivery. */
export const ProcessedEventSchema = z.object({
  tenantId: TenantIdSchema,
  platform: PlatformSchema,
  eventId: z.string().min(1),
  receivedAt: DateSchema,
  expiresAt: DateSchema,
});
export type ProcessedEvent = z.infer<typeof ProcessedEventSchema>;
