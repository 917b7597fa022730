import { z } from 'zod';
import {
  DateSchema,
  PlatformSchema,
  PostedRefSchema,
  TenantIdSchema,
  ThreadRefSchema,
} from '../domain/index.js';
import { ConfirmPromptSchema, RatingPromptSchema, StaffCardSchema } from './ports.js';

/** Cards in outbox payloads are parsed with the one StaffCardSchema (declared beside StaffCard). */
export { StaffCardSchema };

const OutboundMessageSchema = z.object({
  text: z.string(),
  citations: z
    .array(z.object({ articleId: z.string(), title: z.string(), url: z.string().optional() }))
    .optional(),
  author: z.object({ kind: z.enum(['bot', 'staff']), name: z.string().optional() }).optional(),
  rating: RatingPromptSchema.optional(),
  confirm: ConfirmPromptSchema.optional(),
});

/** What one delivery sends, by kind. */
export const OutboxPayloadSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('reply'),
    thread: ThreadRefSchema,
    message: OutboundMessageSchema,
    /** A "working…" placeholder to replace instead of posting anew. */
    placeholder: PostedRefSchema.optional(),
    /**
     * Said on a person's behalf (takeover and handback notices, a draft staff chose to send): it
     * goes out even when a person holds the thread or the channel is in draft/off mode.
     */
    notice: z.boolean().optional(),
  }),
  z.object({ kind: z.literal('card_post'), staffChannelId: z.string().min(1), card: StaffCardSchema }),
  z.object({ kind: z.literal('card_update'), ref: PostedRefSchema, card: StaffCardSchema }),
]);
export type OutboxPayload = z.infer<typeof OutboxPayloadSchema>;

/** `superseded`: given up on purpose, e.g. a bot reply whose thread a person took over meanwhile. */
export const OutboxStatusSchema = z.enum(['pending', 'sent', 'failed', 'superseded']);
export type OutboxStatus = z.infer<typeof OutboxStatusSchema>;

/**
 * One customer-facing post or staff-card change, recorded before the platform is called so a
 * failure is retried by the sweep and a retry never posts twice (one entry per idempotency key).
 */
export const OutboxEntrySchema = z.object({
  tenantId: TenantIdSchema,
  entryId: z.string().min(1),
  /** Unique per tenant: `reply:<transcript message id>`, `card:ticket:<id>`, `card:approval:<id>`… */
  key: z.string().min(1),
  kind: z.enum(['reply', 'card_post', 'card_update']),
  platform: PlatformSchema,
  ticketId: z.string().optional(),
  approvalId: z.string().optional(),
  payload: OutboxPayloadSchema,
  status: OutboxStatusSchema,
  attempts: z.number().int().nonnegative(),
  nextAttemptAt: DateSchema,
  /** Whoever is posting holds the entry until then; the sweep leaves held entries alone. */
  leaseUntil: DateSchema.optional(),
  /**
   * Who holds the lease: a new token with every claim. Only the holder may mark the entry sent or
   * failed, so a poster that outlived its lease cannot overwrite what the next holder records.
   */
  leaseToken: z.string().optional(),
  lastError: z.string().optional(),
  /**
   * Opened during a thread's turn whose finishing write records the post (issue 13): the entry
   * stays `pending` after posting, and its sent mark (with the posted ref) is in that turn's journal
   * record (`home`: its turn document, `record`: the journal record's id) until the outbox sweep
   * copies it here. Whoever reads the entry looks there before posting it again.
   */
  turn: z.object({ home: z.string().min(1), record: z.string().min(1) }).optional(),
  /**
   * Opened by an approval's run (an Approve click, the sweep's) whose write of the request that
   * ends its effects records the post (issue 13): the entry stays `pending` after posting, and its
   * sent mark is on that request (`posted.<entry>`) until the outbox sweep copies it here. Whoever
   * reads the entry looks there before posting it again.
   */
  approvalRun: z.object({ approvalId: z.string().min(1) }).optional(),
  /** Where it was posted (replies and card posts). */
  result: PostedRefSchema.optional(),
  createdAt: DateSchema,
  updatedAt: DateSchema,
  sentAt: DateSchema.optional(),
  /** Finished entries are purged after a while; pending ones never expire. */
  expiresAt: DateSchema.optional(),
});
export type OutboxEntry = z.infer<typeof OutboxEntrySchema>;
