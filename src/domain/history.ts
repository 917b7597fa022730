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

/** A platform event already handled, for at-least-once delivery. */
export const ProcessedEventSchema = z.object({
  tenantId: TenantIdSchema,
  platform: PlatformSchema,
  eventId: z.string().min(1),
  receivedAt: DateSchema,
  expiresAt: DateSchema,
});
export type ProcessedEvent = z.infer<typeof ProcessedEventSchema>;
