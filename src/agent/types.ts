import { z } from 'zod';
import {
  IntentSchema,
  SentimentSchema,
  UrgencySchema,
  type Customer,
  type DecisionRecord,
  type Interaction,
  type KbArticle,
  type KbCategory,
  type Order,
  type TenantSettings,
  type Ticket,
} from '../domain/index.js';
import type { ConfirmPhraseKey } from './confirm-phrases.js';
import type { SupportPhraseKey } from './support-phrases.js';

/** Stage (a): what the customer wants. Validated with zod whichever engine produced it. */
export const UnderstandingSchema = z.object({
  language: z.string().min(2).max(8),
  englishText: z.string().optional(),
  intent: IntentSchema,
  /** How sure the engine is of `intent` (0..1): the offline models' calibrated probability. */
  intentConfidence: z.number().min(0).max(1).optional(),
  urgency: UrgencySchema,
  /** Why the urgency is what it is ("enterprise + outage → critical"). */
  urgencySignals: z.array(z.string()).default([]),
  sentiment: SentimentSchema,
  entities: z
    .object({
      orderIds: z.array(z.string()).default([]),
      amounts: z.array(z.number()).default([]),
      emails: z.array(z.string()).default([]),
    })
    .default({ orderIds: [], amounts: [], emails: [] }),
  wantsHuman: z.boolean().default(false),
  securityConcern: z.boolean().default(false),
  /** Pleasantry needing no answer ("thanks!", "👍"). */
  isPleasantry: z.boolean().default(false),
  /** The customer says a charge is wrong (decided by code, src/agent/urgency.ts): a person checks it. */
  billingDispute: z.boolean().default(false),
  /** For top-level messages: the open ticket this continues, if any (must be one offered). */
  continuesTicketId: z.string().nullable().default(null),
});
export type Understanding = z.infer<typeof UnderstandingSchema>;

/** A fact gathered by a tool, recorded on the decision record. */
export interface ToolCallRecord {
  name: string;
  durationMs: number;
  ok: boolean;
  error?: string;
}

/** Knowledge-base search (MiniSearch over the articles in MongoDB). */
export interface KnowledgeBase {
  search(
    tenantId: string,
    query: string,
    /** `locale`: only articles in that language (its primary subtag; no locale counts as `en`). */
    options?: { category?: KbCategory; limit?: number; locale?: string },
  ): Promise<KbHit[]>;
  get(tenantId: string, articleId: string): Promise<KbArticle | null>;
}

export interface KbHit {
  article: KbArticle;
  /** Raw search score. */
  score: number;
  /** Score mapped to 0..1 against the query (how well the article covers it). */
  relevance: number;
  /** Share of the query's words the article has (keyword search only). */
  coverage?: number;
  /** A query word is in the article's title (keyword search only). */
  titleHit?: boolean;
}

/**
 * The only source of facts the agent has. Every tool is scoped to the identified customer:
 * an order id not owned by `customer` comes back as not found.
 */
export interface AgentTools {
  lookupCustomer(): Promise<Customer | null>;
  listOrders(): Promise<Order[]>;
  getOrder(orderId: string): Promise<Order | null>;
  /**
   * Every order of the customer as this run read them, when it did (the demo store's one read
   * for an order looked up; undefined otherwise). A refund proposal counts the day's refunds
   * from it instead of reading the orders again (issue 13; see approvals/order-view.ts).
   */
  customerOrdersRead?(): Order[] | undefined;
  shippingStatus(orderId: string): Promise<{
    status: Order['status'];
    carrier?: string;
    trackingNumber?: string;
    estimatedDelivery?: Date;
    deliveredAt?: Date;
  } | null>;
  returnEligibility(
    orderId: string,
  ): Promise<{ eligible: boolean; reason: string; refundableMinor: number; windowEndsAt?: Date } | null>;
  interactionHistory(): Promise<Interaction[]>;
  getPreferences(): Promise<Customer['preferences'] | null>;
  updatePreferences(prefs: Customer['preferences']): Promise<void>;
  /** False when no order system is connected (ORDER_SYSTEM=none): order questions go to staff. */
  readonly ordersAvailable?: boolean;
  /** True when the order system could not be reached to identify the customer (order questions escalate). */
  readonly ordersUnreachable?: boolean;
  /** Set when the order system cannot cancel (Stripe): why, for staff; cancellations go to a person. */
  readonly cancelUnsupported?: string;
}

/** An action the agent proposes; policy in src/approvals decides what happens. Never executed here. */
export const ProposedActionSchema = z.object({
  type: z.enum(['refund', 'cancellation']),
  orderId: z.string().min(1),
  /** Requested amount in minor units; absent = the order's refundable amount. Checked by code. */
  amountMinor: z.number().int().positive().optional(),
  reason: z.string().max(500).default(''),
});
export type ProposedAction = z.infer<typeof ProposedActionSchema>;

/** What the agent may know of the account: no contact emails, no external org ids. */
export type AgentCustomer = Pick<Customer, 'customerId' | 'name' | 'plan' | 'preferences'>;

/** The account as the agent sees it (the engine, the eval and tests all hand it over this way). */
export function toAgentCustomer(customer: Customer | null): AgentCustomer | null {
  return customer
    ? {
        customerId: customer.customerId,
        name: customer.name,
        plan: customer.plan,
        preferences: customer.preferences,
      }
    : null;
}

export interface AgentInput {
  tenantId: string;
  settings: TenantSettings;
  ticket: Pick<Ticket, 'ticketId' | 'status'> & { isNew: boolean };
  /** The message to answer (customer text, fenced as data in any prompt). */
  text: string;
  /** The last messages of the ticket, oldest first, current one last; within the history window. */
  history: Array<{ role: 'customer' | 'bot' | 'staff' | 'system'; text: string }>;
  customer: AgentCustomer | null;
  /** The author's display name, for a natural greeting. */
  authorName?: string;
  /** For top-level messages: the customer's open tickets the message may continue. */
  openTickets: Array<{ ticketId: string; subject: string; intent: string }>;
  tools: AgentTools;
  kb: KnowledgeBase;
  /** Emails the output filter leaves visible (the author's and the account's registered ones); others are masked. */
  allowedEmails?: string[];
}

export interface AgentReply {
  text: string;
  /** The articles the answer rests on; `url` (http/https only) is where the customer reads them. */
  citations: Array<{ articleId: string; title: string; url?: string }>;
}

export interface AgentEscalation {
  /** 2–3 sentences for staff: what the customer wants, what was tried, why it escalates. */
  summary: string;
  internalNote: string;
  /** Empathetic message in the customer's language saying a person will follow up. */
  customerMessage: string;
}

export interface AgentResult {
  understanding: Understanding;
  confidence: number;
  threshold: number;
  route: 'resolve' | 'escalate' | 'ignore';
  reason: string;
  reply?: AgentReply;
  /** Draft answer even when escalating, so staff can send it with one click. */
  draft?: string;
  escalation?: AgentEscalation;
  proposedAction?: ProposedAction;
  articleIds: string[];
  /** Everything for the decision record except ids and timestamps the engine adds. */
  record: Omit<DecisionRecord, 'tenantId' | 'decisionId' | 'ticketId' | 'messageId' | 'createdAt'>;
}

/** Hooks for live progress (the sandbox shows each stage as it starts and ends). */
export interface AgentHooks {
  onStage?(stage: DecisionRecord['stages'][number]['name'], phase: 'start' | 'end', ok?: boolean): void;
}

/** Two engines behind one interface: the LLM engine and the offline engine. */
export interface Agent {
  readonly kind: 'llm' | 'offline';
  run(input: AgentInput, hooks?: AgentHooks): Promise<AgentResult>;
  /**
   * Localized stock sentences the engine needs outside an agent run (approval outcome, takeover
   * notice), in the customer's language; English when the language is not supported.
   */
  phrase(key: PhraseKey, language: string, params: Record<string, string>): string;
}

export type PhraseKey = BasePhraseKey | ConfirmPhraseKey | SupportPhraseKey;

/** Keys of the main phrase table (src/agent/phrases.ts); the confirmation's are in confirm-phrases.ts. */
export type BasePhraseKey =
  | 'working'
  | 'refund_executed'
  | 'refund_pending_approval'
  | 'cancellation_executed'
  | 'cancellation_pending_approval'
  | 'action_rejected'
  | 'action_failed'
  | 'action_expired'
  | 'human_joined'
  | 'handed_back'
  | 'resolved'
  | 'linked_ticket'
  | 'identify_for_orders'
  | 'orders_not_connected'
  | 'orders_unreachable'
  | 'escalated';
