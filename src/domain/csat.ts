import { z } from 'zod';
import { ActorSchema, DateSchema, IntentSchema, PlatformSchema, TenantIdSchema } from './common.js';
import { ResolvedBySchema, TicketIdSchema } from './ticket.js';

/**
 * Customer satisfaction. Shared contract: the analytics report reads the `csat` collection
 * (`_id` = ticketId) as declared here, so fields are only ever added.
 */

export const CsatRatingSchema = z.enum(['great', 'ok', 'not_good']);
export type CsatRating = z.infer<typeof CsatRatingSchema>;

export const CsatRecordSchema = z.object({
  tenantId: TenantIdSchema,
  ticketId: TicketIdSchema,
  platform: PlatformSchema,
  customerId: z.string().optional(),
  intent: IntentSchema.optional(),
  resolvedBy: ResolvedBySchema,
  /** The person who resolved it, when a person did. */
  resolver: ActorSchema.optional(),
  /** When the prompt was posted; a record without `rating` is a prompt not yet answered. */
  promptedAt: DateSchema,
  rating: CsatRatingSchema.optional(),
  ratedAt: DateSchema.optional(),
  comment: z.string().max(1000).optional(),
  /** The customer who rated (platform user id). */
  ratedBy: z.string().optional(),
});
export type CsatRecord = z.infer<typeof CsatRecordSchema>;

/** Button data on a CSAT prompt (Slack action value, Teams card data, sandbox form). */
export const CsatButtonSchema = z.object({
  v: z.literal(1),
  action: z.literal('csat.rate'),
  ticketId: TicketIdSchema,
  rating: CsatRatingSchema,
});
export type CsatButton = z.infer<typeof CsatButtonSchema>;
