import { z } from 'zod';
import {
  CsatRatingSchema,
  DateSchema,
  PlatformSchema,
  type Platform,
  type PostedRef,
  type ThreadRef,
  type Urgency,
  type Plan,
  type Intent,
  type Sentiment,
  type TicketStatus,
  type ApprovalRequest,
  type ChannelMode,
} from '../domain/index.js';

/**
 * A customer's (or staff member's) message as every adapter hands it to the engine.
 * Slack events, Teams activities and the sandbox all become this.
 */
export const InboundMessageSchema = z.object({
  platform: PlatformSchema,
  tenantId: z.string().min(1),
  /** Platform event id (Slack `event_id`, Teams activity id): de-duplicates redeliveries. */
  eventId: z.string().min(1),
  kind: z.enum(['message', 'edit', 'delete']).default('message'),
  channelId: z.string().min(1),
  /** The platform id of this message (Slack `ts`, Teams activity id). */
  messageId: z.string().min(1),
  /** Root of the thread this is a reply in; absent for a top-level message. */
  threadId: z.string().min(1).optional(),
  author: z.object({
    userId: z.string().min(1),
    name: z.string().optional(),
    /** Email the platform vouches for (Slack profile with users:read.email, Teams UPN/email). */
    email: z.string().email().optional(),
    /** The author's organization: Slack team id, Teams AAD tenant id, sandbox customer org. */
    orgId: z.string().optional(),
    orgName: z.string().optional(),
    orgDomain: z.string().optional(),
    /** True when the author belongs to another organization than the tenant: a customer. */
    isExternal: z.boolean(),
  }),
  text: z.string().max(40_000),
  receivedAt: z.coerce.date(),
});
export type InboundMessage = z.input<typeof InboundMessageSchema>;
export type ParsedInboundMessage = z.output<typeof InboundMessageSchema>;

/** What the engine did with one inbound message (for adapters' logs and tests, not for people). */
export interface InboundOutcome {
  status:
    | 'duplicate'
    | 'recorded' // stored, bot stays silent (human mode, staff message, channel off, pleasantry)
    | 'answered'
    | 'drafted'
    | 'escalated'
    | 'approval_requested'
    | 'confirmation_requested' // the bot asked the customer to confirm a refund (yes/no)
    | 'action_executed'
    | 'ignored';
  ticketId?: string;
  reason?: string;
}

/** A reply for a customer thread. `text` is always set: notifications and screen readers use it. */
export interface OutboundMessage {
  text: string;
  /** Knowledge-base articles the answer rests on, shown as context. */
  citations?: Array<{ articleId: string; title: string; url?: string }>;
  /** Who speaks: the bot, or a named staff member relayed by the bot (draft sent by staff). */
  author?: { kind: 'bot' | 'staff'; name?: string };
  /** A satisfaction prompt: rating buttons (and an optional comment box) under the text. */
  rating?: RatingPrompt;
  /** A refund question: Yes / No buttons under the text; each click carries ConfirmButton data. */
  confirm?: ConfirmPrompt;
}

/**
 * The Yes / No buttons under "Refund $X on order N?", labelled in the customer's language. A
 * click reaches `Engine.answerConfirmation`; typing yes or no in the thread still works.
 */
export const ConfirmPromptSchema = z.object({
  ticketId: z.string().min(1).max(32),
  confirmationId: z.string().min(1).max(64),
  yesLabel: z.string().min(1).max(40),
  noLabel: z.string().min(1).max(40),
});
export type ConfirmPrompt = z.infer<typeof ConfirmPromptSchema>;

/** The CSAT prompt's buttons, labelled in the customer's language; each click carries CsatButton data. */
export const RatingPromptSchema = z.object({
  ticketId: z.string().min(1).max(32),
  options: z
    .array(z.object({ rating: CsatRatingSchema, label: z.string().min(1).max(40) }))
    .min(1)
    .max(5),
  commentLabel: z.string().max(80),
});
export type RatingPrompt = z.infer<typeof RatingPromptSchema>;

/** Buttons a staff card may show. Data is small and versioned; adapters parse it with StaffActionSchema. */
export const StaffActionSchema = z.discriminatedUnion('action', [
  z.object({ v: z.literal(1), action: z.literal('approval.approve'), approvalId: z.string().min(1).max(64) }),
  z.object({
    v: z.literal(1),
    action: z.literal('approval.reject'),
    approvalId: z.string().min(1).max(64),
    reason: z.string().max(500).optional(),
  }),
  z.object({ v: z.literal(1), action: z.literal('ticket.takeover'), ticketId: z.string().min(1).max(32) }),
  z.object({ v: z.literal(1), action: z.literal('ticket.handback'), ticketId: z.string().min(1).max(32) }),
  z.object({ v: z.literal(1), action: z.literal('ticket.resolve'), ticketId: z.string().min(1).max(32) }),
  /** A person's reply on an escalated ticket becomes a knowledge-base article draft. */
  z.object({
    v: z.literal(1),
    action: z.literal('kb.draft_from_reply'),
    ticketId: z.string().min(1).max(32),
  }),
  z.object({
    v: z.literal(1),
    action: z.literal('ticket.send_draft'),
    ticketId: z.string().min(1).max(32),
    /** Staff may edit the draft before sending. */
    text: z.string().max(4000).optional(),
  }),
]);
export type StaffAction = z.infer<typeof StaffActionSchema>;
export type StaffActionName = StaffAction['action'];

/** The person clicking a button or typing a command, as the platform identifies them. */
export interface StaffActor {
  platform: Platform;
  tenantId: string;
  userId: string;
  name?: string;
  /** True for Slack Connect guests / Teams external users: they can never decide anything. */
  isExternal: boolean;
}

export interface StaffActionResult {
  ok: boolean;
  /** One sentence for the actor only (Slack ephemeral, Teams card message, sandbox toast). */
  message: string;
  /** The card as it should look now, for adapters that answer a click with a card (Teams invoke). */
  card?: StaffCard;
  /**
   * The click changed nothing the card shows (a draft article was saved), so the card alone would
   * not tell the person what happened: adapters answering with the card put `message` on it.
   */
  cardUnchanged?: boolean;
  /**
   * The approval request as this click left it, when the click was on one: watchers (the live
   * pane, the report's rollups) hear its status, and the report a final request whole, without
   * the request being read again. Not for adapters to show (internal fields).
   */
  approval?: ApprovalRequest;
}

/**
 * A platform-neutral staff card. Slack renders it as Block Kit (`blocks.ts`), Teams as an
 * Adaptive Card (`cards.ts`), the sandbox as HTML. Every value shown comes from MongoDB.
 * Declared once: the type is this schema's, and the outbox and the sandbox store and parse cards
 * with it, so a new field reaches every renderer instead of being stripped on the way.
 */
export const StaffCardSchema = z.object({
  /**
   * `sla`: a warning or breach alert (a snapshot; the ticket's own card shows the live state).
   * `digest`: the weekly knowledge-gaps digest (a snapshot; `ticketId` holds the digest's week).
   */
  kind: z.enum(['approval', 'escalation', 'draft', 'sla', 'digest']),
  /** Short headline: "Refund approval needed: $250.00", "Escalated: outage at Acme". */
  title: z.string(),
  ticketId: z.string(),
  approvalId: z.string().optional(),
  /** Label/value pairs: customer, plan, order, amount, reason, urgency, confidence… */
  fields: z.array(z.object({ label: z.string(), value: z.string() })).default([]),
  summary: z.string().optional(),
  lastCustomerMessage: z.string().optional(),
  /** Recent transcript lines, oldest first. */
  recentMessages: z.array(z.object({ role: z.string(), text: z.string() })).optional(),
  draft: z.string().optional(),
  articles: z.array(z.object({ articleId: z.string(), title: z.string() })).optional(),
  threadLink: z.string().optional(),
  /** Status line once something happened: "Approved by Dana at 14:02 — refund RF-… executed". */
  statusLine: z.string().optional(),
  /** Buttons to show; empty once final. */
  actions: z
    .array(
      z.object({
        label: z.string(),
        style: z.enum(['primary', 'danger']).optional(),
        data: StaffActionSchema,
        confirm: z.string().optional(),
      }),
    )
    .default([]),
  /** Platform user ids who may act (Teams `refresh.userIds`). */
  deciderIds: z.array(z.string()).optional(),
  final: z.boolean().default(false),
  createdAt: DateSchema,
});
export type StaffCard = z.infer<typeof StaffCardSchema>;

/**
 * What the engine needs from a platform. Each adapter (Slack, Teams, sandbox) implements it;
 * the engine never imports an adapter.
 */
export interface ChannelPort {
  readonly platform: Platform;
  /**
   * Posts in the customer thread; returns where it was posted. `deliveryId` (the outbox entry's
   * id) is attached where the platform keeps it (Slack message metadata), so `findDelivery` can
   * tell later whether a post whose outcome was lost landed.
   */
  replyInThread(
    tenantId: string,
    thread: ThreadRef,
    message: OutboundMessage,
    options?: { deliveryId?: string },
  ): Promise<PostedRef>;
  /**
   * Where a reply tagged with `deliveryId` landed in the thread, or null when it is not there.
   * Asked before a reply is posted again after a crash or a lost answer. Platforms that cannot
   * tell leave it out (the outbox's recorded result is all there is to go on).
   */
  findDelivery?(tenantId: string, thread: ThreadRef, deliveryId: string): Promise<PostedRef | null>;
  /**
   * Shows progress at once when an answer will take a moment (Slack placeholder, Teams typing).
   * Returns a message to replace later with `updateMessage`, or undefined when nothing was posted.
   */
  showWorking?(tenantId: string, thread: ThreadRef): Promise<PostedRef | undefined>;
  /**
   * How `showWorking` looks: `placeholder` (default) is a message posted once, only when the answer
   * is slow, then replaced by it; `indicator` fades by itself (Teams typing) and is shown at once and
   * repeated while the agent works.
   */
  progress?: 'placeholder' | 'indicator';
  /** Removes a placeholder no answer replaced (a takeover silenced the bot, the run failed). */
  deleteMessage?(tenantId: string, ref: PostedRef): Promise<void>;
  updateMessage(tenantId: string, ref: PostedRef, message: OutboundMessage): Promise<void>;
  /**
   * Posts a card to the tenant's staff channel on this platform. `deliveryId` (the outbox entry's
   * id) is kept with the post where the platform can keep it, for `findStaffCard`.
   */
  postStaffCard(
    tenantId: string,
    staffChannelId: string,
    card: StaffCard,
    options?: { deliveryId?: string },
  ): Promise<PostedRef>;
  /**
   * The staff card posted under `deliveryId`, if the platform has it: asked before a card is posted
   * again after its poster died between the post and the record of it. Left out where the
   * platform cannot tell (the card is then posted again, as before).
   */
  findStaffCard?(tenantId: string, staffChannelId: string, deliveryId: string): Promise<PostedRef | null>;
  updateStaffCard(tenantId: string, ref: PostedRef, card: StaffCard): Promise<void>;
  /** A link staff can open to the customer thread, when the platform has one. */
  threadLink?(tenantId: string, thread: ThreadRef): Promise<string | undefined>;
}

/** Live progress for the sandbox and anything else watching. */
export type LiveEvent =
  | {
      type: 'stage';
      tenantId: string;
      ticketId?: string;
      stage: string;
      phase: 'start' | 'end';
      ok?: boolean;
      at: Date;
    }
  | {
      type: 'ticket';
      tenantId: string;
      ticketId: string;
      status: TicketStatus;
      at: Date;
      /** The customer rated the ticket (the report reads the rating only then). */
      rated?: boolean;
    }
  | {
      type: 'message';
      tenantId: string;
      ticketId?: string;
      platform: Platform;
      channelId: string;
      at: Date;
      /** Who wrote it: `person` is staff (in person or through the bot's voice), as reports count it. */
      by?: 'customer' | 'bot' | 'person' | 'system';
    }
  | {
      type: 'approval';
      tenantId: string;
      approvalId: string;
      /**
       * The request's ticket (a request never changes ticket): the report recounts the two
       * together, the request read in its ticket's list, instead of reading it, its ticket and its
       * fact by themselves.
       */
      ticketId?: string;
      status: ApprovalRequest['status'];
      /**
       * The request as the change left it (a click's answer): once final (executed, failed,
       * rejected, expired) it never changes again, and the report counts it from here instead of
       * reading it (issue 13).
       */
      approval?: ApprovalRequest;
      at: Date;
    }
  | { type: 'card'; tenantId: string; platform: Platform; at: Date }
  /** A customer channel's mode changed (from Slack, Teams or the sandbox): open views show it. */
  | { type: 'mode'; tenantId: string; platform: Platform; channelId: string; mode: ChannelMode; at: Date };

export interface EventSink {
  publish(event: LiveEvent): void;
}

/** Read models the channels show (App Home, slash commands, the sandbox's tickets pane). */
export interface TicketSummary {
  ticketId: string;
  status: TicketStatus;
  urgency: Urgency;
  intent: Intent;
  sentiment?: Sentiment;
  subject: string;
  customerName?: string;
  plan?: Plan;
  assigneeName?: string;
  thread: ThreadRef;
  createdAt: Date;
  updatedAt: Date;
}

export interface ChannelModeChange {
  tenantId: string;
  platform: Platform;
  channelId: string;
  mode: ChannelMode;
  actor: StaffActor;
}
