import { z } from 'zod';
import { KbArticleSchema, OrderSchema, type KbCategory, type Order } from '../domain/index.js';
import { englishSearchTerms } from './offline/glossary.js';
import { tokens } from './offline/text.js';
import type { AgentTools, KnowledgeBase, Understanding } from './types.js';

const EligibilitySchema = z.object({
  eligible: z.boolean(),
  reason: z.string(),
  refundableMinor: z.number().int().nonnegative(),
  windowEndsAt: z.date().optional(),
});

/** What the answer can rest on, and how well it answers the question (0..1). */
export const EvidenceSchema = z.object({
  confidence: z.number().min(0).max(1),
  /** orders: the customer's own order data; kb: articles; identify: unidentified person asking about orders. */
  kind: z.enum(['orders', 'kb', 'identify', 'none']),
  articles: z.array(z.object({ article: KbArticleSchema, relevance: z.number(), paragraph: z.string() })),
  order: OrderSchema.optional(),
  eligibility: EligibilitySchema.optional(),
  /** Recent orders, when the customer named none. */
  orders: z.array(OrderSchema).default([]),
  /** Order ids named by the customer that are not on their account. */
  notFoundOrderIds: z.array(z.string()).default([]),
  notes: z.array(z.string()).default([]),
  /** Why order data is missing: no order system is connected, or it could not be reached. */
  ordersUnavailable: z.enum(['not_connected', 'unreachable', 'cannot_cancel']).optional(),
});
export type Evidence = z.infer<typeof EvidenceSchema>;

const CATEGORY: Partial<Record<Understanding['intent'], KbCategory>> = {
  shipping: 'shipping',
  return: 'returns',
  refund: 'returns',
  cancel: 'returns',
  billing: 'billing',
  account: 'account',
  technical: 'technical',
  general: 'general',
};

const ORDER_INTENTS = new Set<Understanding['intent']>([
  'order_status',
  'refund',
  'cancel',
  'return',
  'shipping',
]);
const POLICY_QUESTION =
  /\b(?:policy|policies|how (?:many|long|do|does|can)|what is|what's|do you|can i|is it possible|cuanto|cuantos|como|politica|combien|comment|politique|wie|welche|como|quanto|politica)\b/i;

const BILLING_DISPUTE =
  /\b(?:charged twice|double[- ]charged|overcharged|wrong (?:amount|charge|invoice)|incorrect|duplicate (?:charge|payment)|problem with my (?:bill|invoice)|problema con mi factura|cobrado dos veces|montant est faux|factur\w* deux fois|doppelt|falsch|cobrado duas vezes|problema com a minha fatura|higher than usual)\b/i;

/** Which articles and which data the question is about, decided by code from the understanding. */
export function isAboutOwnOrder(u: Understanding, text: string): boolean {
  if (!ORDER_INTENTS.has(u.intent)) return u.entities.orderIds.length > 0 && u.intent !== 'billing';
  if (u.entities.orderIds.length) return true;
  if (u.intent === 'order_status' || u.intent === 'cancel') return true;
  if (u.intent === 'refund')
    return !POLICY_QUESTION.test(text) || /\b(?:my|our|mi|mon|ma|mein|meine|meu|minha)\b/i.test(text);
  return false;
}

/** The paragraph of an article that shares most words with the question (the first, on a tie). */
export function bestParagraph(body: string, query: string): string {
  const q = new Set(tokens(query));
  const paragraphs = body
    .split(/\n\s*\n/)
    .map((p) => p.replace(/^#+\s.*$/gm, '').trim())
    .filter((p) => p.length > 20);
  let best = paragraphs[0] ?? body.trim();
  let bestScore = -1;
  for (const p of paragraphs) {
    const score = tokens(p).filter((w) => q.has(w)).length;
    if (score > bestScore) {
      best = p;
      bestScore = score;
    }
  }
  return best.length > 700 ? `${best.slice(0, 697).replace(/\s+\S*$/, '')}…` : best;
}

export interface RetrieveDeps {
  tenantId: string;
  text: string;
  /** The text to search the KB with (the English rendering when a model gave one). */
  searchText: string;
  identified: boolean;
  tools: AgentTools;
  kb: KnowledgeBase;
}

/**
 * Retrieve: the customer's own order data for order questions (confidence from data, no article
 * needed), knowledge-base articles for policy and how-to questions (confidence from relevance).
 */
export async function retrieve(u: Understanding, deps: RetrieveDeps): Promise<Evidence> {
  const ev: Evidence = {
    confidence: 0,
    kind: 'none',
    articles: [],
    orders: [],
    notFoundOrderIds: [],
    notes: [],
  };
  if (u.intent === 'human_request' || u.isPleasantry) return ev;
  const ownOrder = isAboutOwnOrder(u, deps.text);
  if (ownOrder && deps.tools.ordersAvailable === false) {
    // Knowledge-base-only deployment: say so instead of asking for an order number.
    ev.ordersUnavailable = 'not_connected';
    ev.notes.push('no order system is connected: order questions go to staff');
    return ev;
  }
  if (ownOrder && deps.tools.ordersUnreachable) {
    ev.ordersUnavailable = 'unreachable';
    ev.notes.push('the order system could not be reached to identify the customer');
    return ev;
  }
  if (ownOrder && u.intent === 'cancel' && deps.tools.cancelUnsupported && deps.identified) {
    ev.ordersUnavailable = 'cannot_cancel';
    ev.notes.push(deps.tools.cancelUnsupported);
    return ev;
  }
  if (ownOrder && !deps.identified) {
    ev.kind = 'identify';
    ev.confidence = 0.85;
    ev.notes.push('order question from an unidentified person: no order data shown');
    return ev;
  }
  if (ownOrder) {
    try {
      await readOrders(u, deps, ev);
    } catch (err) {
      // Down or slow: escalate with the reason; the customer hears one clear sentence.
      ev.kind = 'none';
      ev.confidence = 0;
      ev.ordersUnavailable = 'unreachable';
      ev.notes.push(
        `the order system could not be reached (${err instanceof Error ? err.message.slice(0, 160) : String(err)})`,
      );
      return ev;
    }
    if (u.intent !== 'return' && u.intent !== 'shipping') return ev;
  }
  return searchArticles(u, deps, ev);
}

/** The customer's own order data for an order question, into `ev`. */
async function readOrders(u: Understanding, deps: RetrieveDeps, ev: Evidence): Promise<void> {
  ev.kind = 'orders';
  for (const id of u.entities.orderIds) {
    const order = await deps.tools.getOrder(id);
    if (!order) {
      ev.notFoundOrderIds.push(id);
      continue;
    }
    ev.order = order;
    ev.eligibility = (await deps.tools.returnEligibility(id)) ?? undefined;
    break;
  }
  if (ev.order) {
    ev.confidence = 0.92;
    ev.notes.push(`order ${ev.order.orderId} found on the customer's account (${ev.order.status})`);
  } else if (ev.notFoundOrderIds.length) {
    ev.confidence = 0.65;
    ev.notes.push(`order ${ev.notFoundOrderIds.join(', ')} not on the customer's account`);
  } else {
    ev.orders = (await deps.tools.listOrders()).slice(0, 5);
    ev.confidence = 0.8;
    ev.notes.push(`no order named; ${ev.orders.length} recent order(s) listed`);
    const only = ev.orders.length === 1 ? ev.orders[0] : undefined;
    if (only) {
      ev.order = only;
      ev.eligibility = (await deps.tools.returnEligibility(only.orderId)) ?? undefined;
    }
  }
}

/** Knowledge-base articles for policy and how-to questions, into `ev`. */
async function searchArticles(u: Understanding, deps: RetrieveDeps, ev: Evidence): Promise<Evidence> {
  const category = CATEGORY[u.intent];
  // Without a model's English rendering, non-English questions are searched with the glossary's words.
  const glossary = u.language !== 'en' && !u.englishText ? englishSearchTerms(deps.searchText) : '';
  const query = glossary || deps.searchText;
  let hits = await deps.kb.search(deps.tenantId, query, { category, limit: 3 });
  if (category) {
    // The category narrows, but an article filed elsewhere (warranty under returns) may fit better.
    const anywhere = (await deps.kb.search(deps.tenantId, query, { limit: 3 }))
      .filter((h) => !hits.some((x) => x.article.articleId === h.article.articleId))
      .map((h) => ({ ...h, relevance: Math.round(h.relevance * 0.9 * 100) / 100 }));
    hits = [...hits, ...anywhere].sort((a, b) => b.relevance - a.relevance);
  }
  const penalty = u.intent === 'other' ? 0.8 : 1;
  const useful = hits.filter((h) => h.relevance >= 0.3);
  ev.articles = useful.slice(0, 2).map((h) => ({
    article: h.article,
    relevance: h.relevance,
    paragraph: bestParagraph(h.article.body, query),
  }));
  const kbConfidence = useful.length ? Math.min(1, useful[0]!.relevance * penalty) : 0;
  if (ev.kind !== 'orders' && u.intent === 'billing' && BILLING_DISPUTE.test(deps.text)) {
    // An article can explain billing; only a person can check and correct a specific charge.
    ev.kind = useful.length ? 'kb' : 'none';
    ev.confidence = Math.min(kbConfidence, 0.4);
    ev.notes.push('billing dispute: a person must check the charges');
    return ev;
  }
  if (ev.kind !== 'orders') {
    ev.kind = useful.length ? 'kb' : 'none';
    ev.confidence = Math.round(kbConfidence * 100) / 100;
    ev.notes.push(
      useful.length
        ? `best article ${useful[0]!.article.articleId} (relevance ${useful[0]!.relevance})`
        : 'no article matched',
    );
  }
  return ev;
}

export function describeOrder(o: Order): string {
  return `${o.orderId} (${o.status})`;
}
