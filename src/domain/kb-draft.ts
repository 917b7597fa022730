import { z } from 'zod';
import { ActorSchema, DateSchema, TenantIdSchema } from './common.js';
import { TicketIdSchema } from './ticket.js';

/**
 * A knowledge-base article drafted from a person's reply on an escalated ticket. Kept apart from
 * the articles (`kb_drafts`): search never sees a draft, so it cannot answer a customer until a
 * supervisor publishes it through the import pipeline.
 */
export const KbDraftStatusSchema = z.enum(['draft', 'published', 'discarded']);
export type KbDraftStatus = z.infer<typeof KbDraftStatusSchema>;

export const KB_DRAFT_ID_PATTERN = /^KBD-[0-9A-Z]{6}$/;
export const KbDraftIdSchema = z.string().regex(KB_DRAFT_ID_PATTERN);

export const KbDraftSchema = z.object({
  tenantId: TenantIdSchema,
  /** `KBD-` + the ticket's six characters: one draft per ticket. */
  draftId: KbDraftIdSchema,
  ticketId: TicketIdSchema,
  status: KbDraftStatusSchema,
  title: z.string().min(1).max(200),
  /** The customer's question(s), PII redacted. */
  question: z.string().min(1).max(4000),
  /** The person's reply, PII redacted: the article's body once published. */
  answer: z.string().min(1).max(8000),
  createdBy: ActorSchema,
  createdAt: DateSchema,
  updatedAt: DateSchema,
  updatedBy: ActorSchema.optional(),
  publishedAt: DateSchema.optional(),
  publishedBy: ActorSchema.optional(),
  discardedAt: DateSchema.optional(),
  discardedBy: ActorSchema.optional(),
  /**
   * A supervisor's publish under way (its import running): edits, discards and other publishes
   * wait for it; a claim older than PUBLISH_CLAIM_MS is a publish that died and no longer holds.
   */
  publishingSince: DateSchema.optional(),
  publishingBy: ActorSchema.optional(),
  /** The article it became (`reply-tkt-…`). */
  articleId: z.string().optional(),
});
export type KbDraft = z.infer<typeof KbDraftSchema>;

/** How long a publish holds its draft (the import takes seconds; a dead process's claim runs out). */
export const PUBLISH_CLAIM_MS = 2 * 60_000;

/** What a supervisor may change before publishing. */
export const KbDraftEditSchema = z
  .object({
    title: z.string().trim().min(1).max(200).optional(),
    question: z.string().trim().min(1).max(4000).optional(),
    answer: z.string().trim().min(1).max(8000).optional(),
  })
  .refine((e) => e.title !== undefined || e.question !== undefined || e.answer !== undefined, {
    error: 'Change the title, the question or the answer.',
  });
export type KbDraftEdit = z.infer<typeof KbDraftEditSchema>;

export function draftIdOf(ticketId: string): string {
  return `KBD-${ticketId.slice(4)}`;
}
