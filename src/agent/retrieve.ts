import { z } from 'zod';
import { INTENTS, KbArticleSchema, OrderSchema, type KbCategory, type Order } from '../domain/index.js';
import {
  answerabilityModel,
  answerabilityNeighbours,
  answerabilityProbability,
  answerabilityVector,
  type AnswerabilitySignals,
} from './answerability.js';
import { askedUnit, questionType, topicOf } from './answer-type.js';
import { inLanguage, searchInLanguage } from './kb-search.js';
import { englishSearchTerms, inArticleWords } from './offline/glossary.js';
import { articleMentions, namesNotInArticles } from './named-things.js';
import { figuresNotInArticle } from './asked-figures.js';
import { asksHowFarBack, statesSpan } from './history-span.js';
import { asksForService, servicesNotInArticles } from './unstated-services.js';
import { orderAnswerConfidence } from './order-answers.js';
import { asksBeyondOrderRecord } from './beyond-order-record.js';
import { orderRequestNoToolDoes } from './order-requests.js';
import { asksOrderTotal } from './order-total.js';
import { choosePassage, type PassageChoice } from './passages.js';
import { queryTerms } from './kb-index.js';
import { articleKey, neighbourVote } from './answer-memory.js';
import {
  asksAboutRefundStatus,
  asksInGeneral,
  asksWhatIfRefund,
  speaksOfOwnOrders,
} from './question-scope.js';
import { unanswerableRequest } from './requests.js';
import { namesWarranty } from './warranty-claim.js';
import { semanticFit } from './semantic-signals.js';
import { fold } from './offline/text.js';
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
  /** Why order data is missing: no order system is connected, it could not be reached, or it cannot cancel. */
  ordersUnavailable: z.enum(['not_connected', 'unreachable', 'cannot_cancel']).optional(),
  /** A request in the message no tool can carry out ("change the delivery address…"): a person must act. */
  unanswerable: z.string().optional(),
  /** Services or document forms the question asks for that no article found states (unstated-services.ts). */
  notStated: z.array(z.string()).optional(),
  /** What the answerability model read for a knowledge-base answer (answerability.ts). */
  signals: z.custom<AnswerabilitySignals>().optional(),
});
export type Evidence = z.infer<typeof EvidenceSchema>;

const ORDER_INTENTS = new Set<Understanding['intent']>([
  'order_status',
  'refund',
  'cancel',
  'return',
  'shipping',
]);
const POLICY_QUESTION =
  /\b(?:policy|policies|how (?:many|long|do|does|can)|what is|what's|do you|can i|is it possible|cuanto|cuantos|como|politica|combien|comment|politique|wie|welche|como|quanto|politica)\b/i;

const ABOUT_ORDERS =
  /\b(?:orders?|ordered|packages?|parcels?|shipments?|deliver\w*|tracking|track|arriv\w*|ship\w*|boxes|box|purchases?|stuff|items?|status|where(?:'s| is| are)|wheres|get here|come|coming|on (?:its|their|the) way|sent|dispatch\w*|pedidos?|envio|paquete|commandes?|colis|livraison|bestellung\w*|paket|lieferung|sendung|encomendas?|entrega|ordine|ordini|pacco|spedizion\w*|consegna|bestelling\w*|pakket|levering|zamowieni\w*|paczk\w*|przesylk\w*|dostaw\w*)\b|注文|荷物|配送|订单|包裹|快递|طلب|شحن|คำสั่งซื้อ|พัสดุ/;

/** Which articles and which data the question is about, decided by code from the understanding. */
export function isAboutOwnOrder(u: Understanding, text: string): boolean {
  // A billing question beside a named order is the invoice's, not the order's ("resend the invoice
  // for 1042"), unless it asks what the order came to: its record holds the total, whichever of
  // billing or account the intent head reads "how much did we pay for 1042" as.
  if (!ORDER_INTENTS.has(u.intent))
    return u.entities.orderIds.length > 0 && (u.intent !== 'billing' || asksOrderTotal(text));
  // "When will my refund for 1045 arrive?" asks how long refunds take, not for a refund.
  if (u.intent === 'refund' && asksAboutRefundStatus(text)) return false;
  // "If the grinder on 1043 dies next year, do we get our money back?": the policy's answer, no ask.
  if (u.intent === 'refund' && u.entities.orderIds.length && asksWhatIfRefund(text)) return false;
  if (u.entities.orderIds.length) return true;
  if (u.intent === 'cancel') return true;
  // With no order named, a list of the customer's orders answers only a message about orders: "is
  // the espresso machine 220V?" or "are you SOC 2 certified?" read as order status are not.
  if (u.intent === 'order_status') return ABOUT_ORDERS.test(fold(text)) || ABOUT_ORDERS.test(text);
  if (u.intent === 'refund') {
    // "When does the money show up?" with no order named: how long refunds take, from the article.
    const asked = questionType(text);
    if (asked === 'duration' || asked === 'date') return false;
    return !POLICY_QUESTION.test(text) || /\b(?:my|our|mi|mon|ma|mein|meine|meu|minha)\b/i.test(text);
  }
  return false;
}

/** The passage of an article that answers the question (see passages.ts). */
export function bestParagraph(body: string, query: string): string {
  return choosePassage(body, query).text;
}

// Whatever the records say, a request no tool can carry out needs a person: below every threshold.
const UNANSWERABLE_CONFIDENCE = 0.35;
// A question about what a product does or a service beside a named order: the order's record is not the answer.
const BEYOND_RECORD_CONFIDENCE = 0.5;
// A question asking for a duration, an amount or a date that the passage does not state.
const UNANSWERED_TYPE_FACTOR = 0.6;
const PASSAGE_OVERLAP_SHARE = 0.3;
// A question about a named thing (a provider, a format, a tool) that no article mentions, or about
// a figure the article does not state (a 60-day window where it says 30), or for a service no
// article found states (invoices in Dutch, Saturday delivery): the article is on the topic but does
// not answer it, so a person does (below every threshold).
const NOT_STATED_CONFIDENCE = 0.45;
// A duration or an amount the question asks for, stated in the chosen passage.
const FIGURES = new Set(['duration', 'amount']);
const STATED_FIGURE_SHARE = 0.25;
/**
 * How well a passage fits the question and the kind of answer asked for, as a factor on its article's relevance: a
 * clear answer ("$24.95", "free") outranks a passing one ("at no cost") on a near-equal article.
 */
function typeFit(p: PassageChoice): number {
  // The passage itself should share the question's words, not only its article.
  const words = 1 - PASSAGE_OVERLAP_SHARE + PASSAGE_OVERLAP_SHARE * p.overlap;
  if (p.type === 'other') return words;
  return words * (p.answers ? 0.8 + 0.2 * p.signal : UNANSWERED_TYPE_FACTOR);
}

export interface RetrieveDeps {
  tenantId: string;
  text: string;
  /** The text to search the KB with (the English rendering when a model gave one). */
  searchText: string;
  identified: boolean;
  tools: AgentTools;
  kb: KnowledgeBase;
  /** Earlier customer or bot messages in the ticket: a reply there ("yes, go ahead") leans on them. */
  inThread?: boolean;
}

/** An article as the not-stated checks read it: title, tags and body. */
const articleText = (a: { title: string; tags: string[]; body: string }) =>
  `${a.title}\n${a.tags.join(' ')}\n${a.body}`;

/**
 * Retrieve: the customer's own order data for order questions (confidence from data, no article
 * needed), knowledge-base articles for policy and how-to questions (confidence from relevance).
 */
export async function retrieve(u: Understanding, deps: RetrieveDeps): Promise<Evidence> {
  const ev = emptyEvidence();
  if (u.intent === 'human_request' || u.isPleasantry) return ev;
  let request = unanswerableRequest(deps.text);
  const asked = questionType(deps.text);
  const ownOrder = isAboutOwnOrder(u, deps.text);
  // An order named in a message the order path does not take ("resend the invoice for 1042 made out
  // to…"): something asked of it that no tool does is still a person's job.
  if (!request && !ownOrder && u.entities.orderIds.length)
    request = orderRequestNoToolDoes(deps.text, { inThread: deps.inThread });
  if (
    ownOrder &&
    !u.entities.orderIds.length &&
    (asksInGeneral(deps.text) ||
      asksAboutRefundStatus(deps.text) ||
      asksForService(deps.text) ||
      (!deps.inThread && !speaksOfOwnOrders(deps.text)))
  ) {
    // A question about how things work: the help center's answer, when it is sure, beats a list of orders.
    const kb = await searchKb(u, deps, emptyEvidence(), asked, request);
    if (kb.kind === 'kb' && kb.confidence >= GENERAL_ANSWER_BAR) {
      kb.notes.push('a question about how things work, no order named: answered from the help center');
      return kb;
    }
    // "Do you ship between Christmas and New Year?": a list of the customer's orders does not answer
    // what no article states either; a person does.
    if (kb.notStated?.length) return kb;
  }
  if (ownOrder && u.entities.orderIds.length && asksForService(deps.text)) {
    // "If we cancel 1047, would you hold the price until spring?": the order record says nothing of
    // a service we may not offer; when no article states it either, a person answers.
    const kb = await searchKb(u, deps, emptyEvidence(), asked, request);
    if (kb.notStated?.length) return kb;
  }
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
        const answer = orderAnswerConfidence(u.intent, asked, ev.order);
        ev.confidence = answer.confidence;
        ev.notes.push(
          `order ${ev.order.orderId} found on the customer's account (${ev.order.status})${answer.note ? `; ${answer.note}` : ''}`,
        );
        if (u.entities.orderIds.length && asksBeyondOrderRecord(deps.text)) {
          ev.confidence = Math.min(ev.confidence, BEYOND_RECORD_CONFIDENCE);
          ev.notes.push(
            'a question about the product or a service beside the order: its record does not answer it',
          );
        }
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
    } catch (err) {
      // Down or slow: escalate with the reason; the customer hears one clear sentence.
      ev.kind = 'none';
      ev.confidence = 0;
      ev.order = undefined;
      ev.orders = [];
      ev.ordersUnavailable = 'unreachable';
      ev.notes.push(
        `the order system could not be reached (${err instanceof Error ? err.message.slice(0, 160) : String(err)})`,
      );
      return ev;
    }
    // "Swap the headsets on 1017 for the wired ones" once 1017 has arrived is a return: its path answers.
    if (request?.beforeDelivery && u.intent === 'return' && ev.order?.status === 'delivered') request = null;
    // A named order found, and something asked of it that no tool does ("deliver 1047 on Wednesday"),
    // whatever intent was read: a refund, a cancellation or a return asked for keeps its own path.
    if (!request && ev.order && u.entities.orderIds.length)
      request = orderRequestNoToolDoes(deps.text, { inThread: deps.inThread });
    // A question about the warranty beside the order ("what do you need for the warranty? 1043 stopped
    // grinding") is the warranty article's too, whatever intent was read.
    if (u.intent !== 'return' && u.intent !== 'shipping' && !request && !namesWarranty(fold(deps.text)))
      return unanswered(ev, request);
  }
  return searchKb(u, deps, ev, asked, request);
}

function emptyEvidence(): Evidence {
  return { confidence: 0, kind: 'none', articles: [], orders: [], notFoundOrderIds: [], notes: [] };
}

// Pressure says how soon, not what about: "URGENT: what's the cutoff…" is not about the article
// that defines urgent issues.
const PRESSURE =
  /\b(?:urgent(?:ly)?|asap|right now|immediately|emergency|quick(?:ly)?|hurry|my boss is waiting|need (?:an|the) answer|urgente|dringend|sofort)\b/gi;

// The bar a help-center answer must clear to replace the order path for a general question.
const GENERAL_ANSWER_BAR = 0.6;

/** Knowledge-base evidence for the question, added to what the order path found (if anything). */
async function searchKb(
  u: Understanding,
  deps: RetrieveDeps,
  ev: Evidence,
  asked: ReturnType<typeof questionType>,
  request: ReturnType<typeof unanswerableRequest>,
): Promise<Evidence> {
  const category = INTENTS[u.intent].kbCategory;
  // Without a model's English rendering, non-English questions are searched with the glossary's words.
  const glossary = u.language !== 'en' && !u.englishText ? englishSearchTerms(deps.searchText) : '';
  const query = glossary || (u.language === 'en' ? inArticleWords(deps.searchText) : deps.searchText);
  // The article is found by the question's topic ("how much is express" → express); the frame
  // words stay for choosing the passage. A question that is all frame keeps its words.
  const topic = (words: string) => {
    const t = topicOf(words, asked).replace(PRESSURE, ' ');
    return queryTerms(t).length ? t : words;
  };
  const search = (opts: { category?: KbCategory; limit: number }) =>
    searchInLanguage(deps.kb, {
      tenantId: deps.tenantId,
      query: topic(query),
      text: topic(deps.text),
      language: u.language,
      ...opts,
    });
  let hits = await search({ category, limit: 3 });
  if (category) {
    // The category narrows, but an article filed elsewhere (warranty under returns) may fit better.
    const anywhere = (await search({ limit: 3 }))
      .filter((h) => !hits.some((x) => x.article.articleId === h.article.articleId))
      .map((h) => ({ ...h, relevance: Math.round(h.relevance * 0.9 * 100) / 100 }));
    hits = [...hits, ...anywhere].sort((a, b) => b.relevance - a.relevance);
  }
  const penalty = u.intent === 'other' ? 0.8 : 1;
  const useful = hits.filter((h) => h.relevance >= 0.3);
  // An article whose passages hold the kind of answer asked for ranks before one on the topic
  // that does not ("how long does shipping take": delivery times, not address changes).
  const chosen = useful
    // An article in the (non-English) customer's language is matched against their own words.
    .map((h) => ({
      h,
      passage: choosePassage(
        h.article.body,
        u.language !== 'en' && inLanguage(h.article, u.language) ? deps.text : query,
        asked,
        // The glossary's English words keep the topic, not "quanti giorni": the unit comes from the text.
        askedUnit(deps.text),
      ),
    }))
    // Of the articles found by shared words, the one whose words mean what the question asks
    // ("shut down the account" → deleting it) ranks first (semantic-signals.ts; English only).
    .map((c) => ({
      ...c,
      rank: c.h.relevance * typeFit(c.passage) * semanticFit(u.language, query, c.h.article),
    }))
    .sort((a, b) => b.rank - a.rank)
    .slice(0, 2);
  ev.articles = chosen.map(({ h, passage }) => ({
    article: h.article,
    relevance: h.relevance,
    paragraph: passage.text,
  }));
  let kbConfidence = chosen.length ? Math.min(1, chosen[0]!.h.relevance * penalty) : 0;
  const top = chosen[0]?.passage;
  if (top && top.type !== 'other' && top.type !== 'steps' && !top.answers) {
    // Found an article on the topic, but not the figure asked for: that is not an answer.
    kbConfidence *= UNANSWERED_TYPE_FACTOR;
    ev.notes.push(`the question asks for a ${top.type}; the best article states none`);
  }
  if (top && FIGURES.has(top.type) && top.answers) {
    // The passage states the figure asked for ("how long" → "30 minutes"): evidence beyond the
    // article's shared words, so part of the remaining doubt goes.
    kbConfidence += (1 - kbConfidence) * STATED_FIGURE_SHARE;
    ev.notes.push(`the passage states the ${top.type} asked for`);
  }
  const learned = answerabilityModel();
  if (top && chosen[0]) {
    const best = chosen[0].h;
    const terms = queryTerms(query);
    const article = articleKey(best.article);
    ev.signals = {
      relevance: best.relevance,
      coverage: best.coverage ?? best.relevance,
      titleHit: best.titleHit ?? false,
      margin: Math.max(-1, Math.min(1, best.relevance - (chosen[1]?.h.relevance ?? 0))),
      passageOverlap: top.overlap,
      asksSpecific: top.type !== 'other' && top.type !== 'steps',
      typeSignal: top.type !== 'other' && top.answers ? top.signal : 0,
      typeMissing: top.type !== 'other' && top.type !== 'steps' && !top.answers,
      intentConfidence: u.intentConfidence ?? 1,
      vagueIntent: u.intent === 'other' || u.intent === 'general',
      inCategory: !!category && best.article.category === category,
      queryWords: queryTerms(topic(query)).length,
      nonEnglish: u.language !== 'en',
      urgent: u.urgency === 'high' || u.urgency === 'critical',
      negative: u.sentiment === 'negative',
      namesOrder: u.entities.orderIds.length > 0,
      terms,
      article,
      // How the labelled questions most like this one, on the same article, were routed (answer-memory.ts).
      neighbourVote: learned ? neighbourVote(answerabilityNeighbours(learned), terms, article) : null,
    };
    // The learned probability that the article answers, in place of the hand-set arithmetic above.
    if (learned) kbConfidence = answerabilityProbability(learned, answerabilityVector(ev.signals));
  }
  const chosenArticle = chosen[0]?.h.article;
  if (chosenArticle) {
    const chosenText = articleText(chosenArticle);
    // The chosen article first, then the other articles the search found: a name any of them has is known.
    const missing: string[] = [];
    for (const name of namesNotInArticles(deps.text, u.language, [
      chosenText,
      ...hits.filter((h) => h.article !== chosenArticle).map((h) => articleText(h.article)),
    ])) {
      // Named in an article on another subject ("wait for UPS" in a damage question): the help
      // center knows it, and the article found may still answer the question.
      const elsewhere = await deps.kb.search(deps.tenantId, name, { limit: 3 });
      if (!elsewhere.some((h) => articleMentions(articleText(h.article), name))) missing.push(name);
    }
    if (missing.length) {
      kbConfidence = Math.min(kbConfidence, NOT_STATED_CONFIDENCE);
      ev.notes.push(`the question asks about ${missing.join(', ')}, which no article mentions`);
    }
    const figures = figuresNotInArticle(deps.text, chosenText);
    if (figures.length) {
      kbConfidence = Math.min(kbConfidence, NOT_STATED_CONFIDENCE);
      ev.notes.push(`the question asks about ${figures.join(', ')}, a figure the article does not state`);
    }
    // "How far back does the order history go?": another duration in the article (a link valid for
    // 7 days) is not the span asked for (history-span.ts).
    if (asksHowFarBack(deps.text) && !statesSpan(chosenText)) {
      kbConfidence = Math.min(kbConfidence, NOT_STATED_CONFIDENCE);
      ev.notes.push(
        'the question asks how far back a record goes or how long it is kept; the article states no such span',
      );
    }
  }
  // Whether we do it (invoices in Dutch, Saturday delivery…) is for an article to say: none found does.
  const services = servicesNotInArticles(
    deps.text,
    hits.map((h) => articleText(h.article)),
  );
  if (services.length) {
    ev.notStated = services;
    kbConfidence = Math.min(kbConfidence, NOT_STATED_CONFIDENCE);
    ev.notes.push(`the question asks for ${services.join('; ')}, which no article found states`);
  }
  if (ev.kind !== 'orders' && u.billingDispute) {
    // An article can explain billing; only a person can check and correct a specific charge.
    ev.kind = useful.length ? 'kb' : 'none';
    ev.confidence = Math.min(kbConfidence, 0.4);
    ev.notes.push('billing dispute: a person must check the charges');
    return unanswered(ev, request);
  }
  if (ev.kind !== 'orders') {
    ev.kind = useful.length ? 'kb' : 'none';
    ev.confidence = Math.round(kbConfidence * 100) / 100;
    ev.notes.push(
      chosen.length
        ? `best article ${chosen[0]!.h.article.articleId} (relevance ${chosen[0]!.h.relevance})`
        : 'no article matched',
    );
  }
  return unanswered(ev, request);
}

/** A request no tool can carry out caps the confidence, whatever was found: a person acts on it. */
function unanswered(ev: Evidence, request: ReturnType<typeof unanswerableRequest>): Evidence {
  if (!request) return ev;
  const top = ev.articles[0]?.article;
  if (top && request.unlessArticleSays?.test(`${top.title}\n${top.body}`)) return ev;
  ev.unanswerable = request.label;
  ev.confidence = Math.min(ev.confidence, UNANSWERABLE_CONFIDENCE);
  ev.notes.push(`the customer asks to ${request.label}: no tool can do that, a person must`);
  return ev;
}

export function describeOrder(o: Order): string {
  return `${o.orderId} (${o.status})`;
}
