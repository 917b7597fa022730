import { z } from 'zod';
import {
  ActorSchema,
  DateSchema,
  IntentSchema,
  PlatformSchema,
  SentimentSchema,
  TenantIdSchema,
  ThreadRefSchema,
  UrgencySchema,
  PostedRefSchema,
} from './common.js';
import { TicketSlaSchema } from './sla.js';

export const TICKET_ID_PATTERN = /^TKT-[0-9A-Z]{6}$/;
export const TicketIdSchema = z.string().regex(TICKET_ID_PATTERN);

/** `human` means a person took the ticket over: the bot stays silent in its thread. */
export const TicketStatusSchema = z.enum(['open', 'pending_approval', 'escalated', 'human', 'resolved']);
export type TicketStatus = z.infer<typeof TicketStatusSchema>;

/** A refund under the automatic limit, waiting for the customer's yes or no. */
export const PendingConfirmationSchema = z.object({
  confirmationId: z.string().min(1),
  action: z.literal('refund'),
  orderId: z.string().min(1),
  amountMinor: z.number().int().positive(),
  currency: z.string().min(3).max(3),
  /** What the customer wrote when asking (quoted in the audit trail). */
  customerQuote: z.string(),
  /** The order system's key for this refund: a second "yes" can never refund twice. */
  idempotencyKey: z.string().min(1),
  askedAt: DateSchema,
  expiresAt: DateSchema,
  /**
   * The customer who asked for the refund: only they may answer with a button. Absent on
   * questions stored before buttons (then the ticket's requester answers).
   */
  askedOf: z.object({ platform: PlatformSchema, userId: z.string().min(1) }).optional(),
});
export type PendingConfirmation = z.infer<typeof PendingConfirmationSchema>;

/**
 * Data of the Yes / No buttons under a refund question (Slack action value, Teams Action.Submit
 * data, sandbox request). Small and versioned; the amount and order are read from the ticket,
 * never from the button.
 */
export const ConfirmButtonSchema = z.object({
  v: z.literal(1),
  action: z.literal('refund.confirm'),
  ticketId: TicketIdSchema,
  confirmationId: z.string().min(1).max(64),
  answer: z.enum(['yes', 'no']),
});
export type ConfirmButton = z.infer<typeof ConfirmButtonSchema>;

export const MessageRoleSchema = z.enum(['customer', 'bot', 'staff', 'system']);
export type MessageRole = z.infer<typeof MessageRoleSchema>;

export const MessageSchema = z.object({
  tenantId: TenantIdSchema,
  messageId: z.string().min(1),
  ticketId: TicketIdSchema.optional(),
  thread: ThreadRefSchema,
  role: MessageRoleSchema,
  author: ActorSchema,
  text: z.string(),
  /** ISO 639-1 code of the language the text was written in. */
  language: z.string().optional(),
  /** English rendering when the original was not English. */
  englishText: z.string().optional(),
  platformMessageId: z.string().optional(),
  edited: z.boolean().default(false),
  deleted: z.boolean().default(false),
  createdAt: DateSchema,
});
export type Message = z.infer<typeof MessageSchema>;

/** One message as the ticket keeps it: a `Message` without what the ticket already says. */
export const TranscriptEntrySchema = MessageSchema.omit({ tenantId: true, ticketId: true }).extend({
  /** The text was too long to keep whole (`TRANSCRIPT_TEXT_MAX`): readers take it from `messages`. */
  cut: z.boolean().optional(),
  /**
   * When it was kept, as an ordered string (an ObjectId's hex): orders messages of the same
   * millisecond as `messages` does (by its `_id`). Absent on an entry a run added to its own copy
   * of the ticket a moment ago (`withKept`): that one is the newest.
   */
  seq: z.string().optional(),
  /**
   * The bot's answer, kept by the ticket write that resolved the ticket before its delivery was
   * queued (issue 13): it counts as an answer once its outbox entry exists, and a run that died
   * before queueing it has it dropped by the recovery (the customer never saw it).
   */
  carried: z.literal(true).optional(),
});
export type TranscriptEntry = z.infer<typeof TranscriptEntrySchema>;

/**
 * Entries keyed by message (`transcriptKey`), not an array: setting a key twice (a run resumed
 * after a crash) keeps one entry, two writers adding different messages never overwrite each
 * other, and an edit changes one entry in place, each in one atomic update on MongoDB and on the
 * embedded server (which supports neither `$slice` nor queries into arrays of documents).
 * `trimmed`: older messages were dropped, so it holds only the newest `TRANSCRIPT_KEEP` or so.
 */
export const TicketTranscriptSchema = z.object({
  entries: z.record(z.string(), TranscriptEntrySchema),
  /**
   * Set when the ticket is stored: it holds every message since (the newest, once `trimmed`).
   * Without it (a ticket stored before, where a run's write set an entry) it is not read.
   */
  whole: z.literal(true).optional(),
  trimmed: z.boolean().optional(),
});
export type TicketTranscript = z.infer<typeof TicketTranscriptSchema>;

/**
 * The ticket's approval requests by id (issue 13), so they are read by primary key (`_id $in`)
 * instead of by a filter on the ticket's id, which the embedded server answers by scanning every
 * request ever made. An id is added by the write that moves the ticket to `pending_approval` (or
 * by one of its own when the ticket does not move), with `$addToSet`: two writers never overwrite
 * each other.
 */
export const TicketApprovalsSchema = z.object({
  ids: z.array(z.string()),
  /**
   * Set when the ticket is stored: `ids` lists every request made since. Without it (a ticket
   * stored before, where a write added an id) the list is not read: its requests are found by
   * their ticket's id, as before.
   */
  whole: z.literal(true).optional(),
});
export type TicketApprovals = z.infer<typeof TicketApprovalsSchema>;

/** Who resolved a ticket: the bot's answer, or a person. */
export const ResolvedBySchema = z.enum(['bot', 'person']);
export type ResolvedBy = z.infer<typeof ResolvedBySchema>;

export const TicketSchema = z.object({
  tenantId: TenantIdSchema,
  ticketId: TicketIdSchema,
  customerId: z.string().optional(),
  requester: z.object({
    platform: PlatformSchema,
    userId: z.string().min(1),
    name: z.string().optional(),
    orgId: z.string().optional(),
  }),
  thread: ThreadRefSchema,
  status: TicketStatusSchema,
  urgency: UrgencySchema.default('medium'),
  intent: IntentSchema.default('other'),
  sentiment: SentimentSchema.optional(),
  language: z.string().default('en'),
  subject: z.string().default(''),
  assignee: ActorSchema.optional(),
  /** The staff-channel card for this ticket's escalation or draft, to update in place. */
  staffCard: PostedRefSchema.optional(),
  /** The agent's draft answer awaiting staff (draft mode, or an escalation with a draft). */
  draft: z.object({ text: z.string(), createdAt: DateSchema }).optional(),
  escalation: z.object({ summary: z.string(), reason: z.string(), at: DateSchema }).optional(),
  /** A refund the bot asked the customer to confirm ("Reply yes or no"); cleared by the answer. */
  pendingConfirmation: PendingConfirmationSchema.optional(),
  /** Bumped on every state change; conditional updates filter on it. */
  version: z.number().int().nonnegative().default(0),
  createdAt: DateSchema,
  updatedAt: DateSchema,
  lastMessageAt: DateSchema,
  resolvedAt: DateSchema.optional(),
  /** Who resolved it (the bot's answer, or a person); set with `resolvedAt`. */
  resolvedBy: ResolvedBySchema.optional(),
  /** SLA clocks and breaches (absent on tickets from before SLAs, and while none applies). */
  sla: TicketSlaSchema.optional(),
  /**
   * The recent transcript (transcript.ts). Absent on tickets stored before it: their history is
   * read from `messages`. Written only through the message store, never with a ticket update.
   */
  transcript: TicketTranscriptSchema.optional(),
  /**
   * Its approval requests (TicketApprovalsSchema). Absent on tickets stored before it. Written
   * only through the ticket store's `addApproval` option and method, never with a ticket update.
   */
  approvals: TicketApprovalsSchema.optional(),
});
export type Ticket = z.infer<typeof TicketSchema>;

/** What happened in one agent run, readable by staff. No chain-of-thought, no secrets. */
export const DecisionRecordSchema = z.object({
  tenantId: TenantIdSchema,
  decisionId: z.string().min(1),
  ticketId: TicketIdSchema,
  messageId: z.string().optional(),
  engine: z.enum(['llm', 'offline']),
  stages: z.array(
    z.object({
      name: z.enum(['understand', 'retrieve', 'route', 'resolve', 'escalate', 'policy']),
      startedAt: DateSchema,
      durationMs: z.number().nonnegative(),
      ok: z.boolean(),
      note: z.string().optional(),
    }),
  ),
  modelCalls: z.object({
    count: z.number().int().nonnegative(),
    tokensIn: z.number().int().nonnegative(),
    tokensOut: z.number().int().nonnegative(),
    latencyMs: z.number().nonnegative(),
  }),
  tools: z.array(
    z.object({
      name: z.string(),
      durationMs: z.number().nonnegative(),
      ok: z.boolean(),
      error: z.string().optional(),
    }),
  ),
  understanding: z
    .object({
      language: z.string(),
      intent: IntentSchema,
      urgency: UrgencySchema,
      sentiment: SentimentSchema,
      urgencySignals: z.array(z.string()).default([]),
    })
    .optional(),
  confidence: z.number().min(0).max(1),
  threshold: z.number().min(0).max(1),
  route: z.enum(['resolve', 'escalate', 'ignore']),
  reason: z.string(),
  articleIds: z.array(z.string()).default([]),
  createdAt: DateSchema,
});
export type DecisionRecord = z.infer<typeof DecisionRecordSchema>;
