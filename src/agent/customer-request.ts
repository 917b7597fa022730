import { extractEntities } from './entities.js';
import {
  CANCEL_REQUEST,
  CANCEL_REQUEST_SCRIPTS,
  NO,
  REFUND_REQUEST,
  REFUND_REQUEST_SCRIPTS,
  YES,
  type ScriptAsks,
} from './lexicon.js';
import { findTerms, isNegated, says, words } from './term-match.js';

/** One customer message of a ticket, as stored (never a model's rendering of it). */
export interface CustomerLine {
  messageId?: string;
  text: string;
}

/** The customer's own words that ask for an action: quoted on the approval and in the audit. */
export interface CustomerRequest {
  messageId?: string;
  quote: string;
  /** Order ids the asking message names. */
  orderIds: string[];
}

const MAX_QUOTE = 200;

function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?¡¿。！？])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

const AMOUNT_BACK =
  /(?:[$€£]\s?\d[\d.,]*|(?<![\d.,])\d[\d.,]*\s?(?:[$€£]|dollars?|euros?|pounds?|bucks|usd|eur|gbp))\s+back\b/gi;

/** "I'd like $20 back", "can we get 45 euros back": an amount the customer wants back, not negated. */
function wantsAmountBack(text: string): boolean {
  for (const m of text.matchAll(AMOUNT_BACK)) {
    const at = words(text.slice(0, m.index)).length;
    if (!isNegated(text, { term: 'back', word: at })) return true;
  }
  return false;
}

/** How near a negation must be to the ask it turns around, in characters of these scripts. */
const SCRIPT_NEGATION_REACH = 6;

/** An ask in Japanese, Chinese, Thai or Arabic (substrings: these scripts have no word lexicon here). */
function asksInScript(text: string, lexicon: ScriptAsks): boolean {
  for (const term of lexicon.terms) {
    for (let at = text.indexOf(term); at >= 0; at = text.indexOf(term, at + 1)) {
      const before = text.slice(Math.max(0, at - SCRIPT_NEGATION_REACH - 4), at);
      const after = text.slice(at + term.length, at + term.length + SCRIPT_NEGATION_REACH);
      const negated =
        lexicon.negatedBefore.some((n) => before.includes(n)) ||
        lexicon.negatedAfter.some((n) => after.includes(n));
      if (!negated) return true;
    }
  }
  return false;
}

/** Whether a text asks for the action: the lexicon's words, or for a refund an amount wanted back. */
function asks(text: string, action: 'refund' | 'cancellation'): boolean {
  if (action === 'refund')
    return says(text, REFUND_REQUEST) || wantsAmountBack(text) || asksInScript(text, REFUND_REQUEST_SCRIPTS);
  return says(text, CANCEL_REQUEST) || asksInScript(text, CANCEL_REQUEST_SCRIPTS);
}

function quoteOf(text: string, action: 'refund' | 'cancellation'): string {
  const hit = sentences(text).find((s) => asks(s, action)) ?? text.trim();
  return hit.length > MAX_QUOTE ? `${hit.slice(0, MAX_QUOTE - 1)}…` : hit;
}

/**
 * The customer messages of a ticket that ask for a refund or a cancellation, newest first, found
 * by code in the eight supported languages (typos tolerated, negations respected: "I don't want a
 * refund" asks for nothing). Empty when no customer message asks: then nothing may be proposed.
 */
export function findCustomerRequests(
  lines: readonly CustomerLine[],
  action: 'refund' | 'cancellation',
): CustomerRequest[] {
  const out: CustomerRequest[] = [];
  for (const line of [...lines].reverse()) {
    if (!asks(line.text, action)) continue;
    out.push({
      ...(line.messageId ? { messageId: line.messageId } : {}),
      quote: quoteOf(line.text, action),
      orderIds: extractEntities(line.text).orderIds,
    });
  }
  return out;
}

export type OrderBasis = { ok: true; basis: string } | { ok: false; reason: string };

/**
 * Whether the action's order is the one the customer meant: named in a message that asks for the
 * action, else named anywhere in their messages of the ticket, else — when they named none — their
 * only eligible order. `eligibleOrderIds` is read only in that last case.
 */
export async function orderTheCustomerMeant(
  orderId: string,
  lines: readonly CustomerLine[],
  requests: readonly CustomerRequest[],
  eligibleOrderIds: () => Promise<string[]>,
): Promise<OrderBasis> {
  const inRequests = [...new Set(requests.flatMap((r) => r.orderIds))];
  const anywhere = [...new Set(lines.flatMap((l) => extractEntities(l.text).orderIds))];
  const named = inRequests.length ? inRequests : anywhere;
  if (named.length) {
    return named.includes(orderId)
      ? { ok: true, basis: `the customer named order ${orderId}` }
      : {
          ok: false,
          reason: `the customer named order ${named.join(', ')}, not order ${orderId}`,
        };
  }
  const eligible = await eligibleOrderIds();
  if (eligible.length === 1 && eligible[0] === orderId)
    return { ok: true, basis: `order ${orderId} is the customer's only eligible order` };
  return {
    ok: false,
    reason: eligible.length
      ? `the customer named no order and has ${eligible.length === 1 ? `one eligible order (${eligible[0]}), not ${orderId}` : `${eligible.length} eligible orders`}`
      : `the customer named no order and none of their orders is eligible`,
  };
}

/** Longer replies are conversations, not answers to "Reply yes or no". */
const MAX_ANSWER_WORDS = 12;

/**
 * A reply to "Refund $X on order N? Reply yes or no." in any supported language: `yes` or `no`
 * only when the reply says one and not the other; null for anything else (the message is then
 * handled as an ordinary one, and the question stays open).
 */
export function confirmationAnswer(text: string): 'yes' | 'no' | null {
  if (words(text).length > MAX_ANSWER_WORDS) return null;
  const yes = says(text, YES);
  const no = findTerms(text, NO).length > 0;
  if (yes && !no) return 'yes';
  if (no && !yes) return 'no';
  return null;
}
