import type { Intent } from '../../domain/index.js';
import { isEmojiOnly } from '../pleasantry.js';
import { INTENT_EXAMPLES } from './intent-examples.js';
import { INJECTION_CUES, INTENT_CUES, PLEASANTRY } from './intent-rules.js';
import { cosine, fold, tokens, withinOneEdit } from './text.js';

/** Words worth correcting when misspelled: a typo in one of them changes the intent. */
const KEYWORDS = [
  'refund',
  'cancel',
  'return',
  'order',
  'password',
  'invoice',
  'shipping',
  'tracking',
  'delivery',
  'account',
  'package',
  'arrive',
  'arrived',
  'charged',
  'shipped',
  'human',
  'person',
  'subscription',
  'payment',
  'login',
  'reembolso',
  'cancelar',
  'pedido',
  'commande',
  'bestellung',
  'encomenda',
  'annuler',
  'rechnung',
  'factura',
];

function correctTypos(folded: string): string {
  return folded.replace(/[a-z]{4,}/g, (w) => {
    if (KEYWORDS.includes(w)) return w;
    const hit = KEYWORDS.find((k) => k.length >= 5 && withinOneEdit(w, k));
    return hit ?? w;
  });
}

const EXAMPLE_TOKENS = Object.fromEntries(
  Object.entries(INTENT_EXAMPLES).map(([intent, list]) => [intent, list.map(tokens)]),
) as Record<keyof typeof INTENT_EXAMPLES, string[][]>;

// When two intents score the same, the more specific (and more consequential) one wins.
const PRIORITY: Intent[] = [
  'human_request',
  'cancel',
  'refund',
  'return',
  'order_status',
  'billing',
  'account',
  'technical',
  'shipping',
  'general',
];

export interface IntentGuess {
  intent: Intent;
  /** 0..1: how clearly the text names this intent. */
  strength: number;
  scores: Partial<Record<Intent, number>>;
}

/** Intent by keyword cues plus similarity to example phrases; deterministic and offline. */
export function classifyIntent(text: string, hasOrderId: boolean): IntentGuess {
  const folded = correctTypos(fold(text));
  const words = tokens(folded);
  const scores: Partial<Record<Intent, number>> = {};
  for (const [intent, cues] of Object.entries(INTENT_CUES) as Array<
    [Exclude<Intent, 'other'>, Array<[RegExp, number]>]
  >) {
    let s = 0;
    for (const [re, w] of cues) if (re.test(folded)) s += w;
    const sim = Math.max(0, ...EXAMPLE_TOKENS[intent].map((ex) => cosine(words, ex)));
    s += 2.5 * sim;
    if (s > 0) scores[intent] = Math.round(s * 100) / 100;
  }
  adjust(folded, scores, hasOrderId);
  let best: Intent = 'other';
  let bestScore = 0;
  for (const intent of PRIORITY) {
    const s = scores[intent] ?? 0;
    if (s > bestScore + 1e-9) {
      best = intent;
      bestScore = s;
    }
  }
  if (bestScore < 1.1) return { intent: 'other', strength: 0, scores };
  return { intent: best, strength: Math.min(1, bestScore / 4), scores };
}

/** Domain knowledge the cues cannot express alone. */
function adjust(folded: string, scores: Partial<Record<Intent, number>>, hasOrderId: boolean): void {
  const bump = (i: Intent, by: number) => (scores[i] = (scores[i] ?? 0) + by);
  // Cancelling a subscription or plan is billing; closing an account is account; not an order cancellation.
  if (
    /\b(?:cancel\w*|annuler|stornieren|cancelar)\b.{0,30}\b(?:subscription|plan|membership|renewal|suscripcion|abonnement|abo|assinatura)\b/.test(
      folded,
    )
  ) {
    bump('billing', 4);
  }
  if (/\b(?:cancel\w*|close|delete)\b.{0,20}\b(?:account|cuenta|compte|konto|conta)\b/.test(folded))
    bump('account', 4);
  // A duplicate or wrong charge is a billing problem even when the customer asks for the money back.
  if (
    /\b(?:charged twice|double[- ]charged|overcharged|duplicate (?:charge|payment)|wrong charge|billing error|cobrado dos veces|factur\w* deux fois|doppelt)\b/.test(
      folded,
    )
  ) {
    bump('billing', 3);
  }
  // "Return it for a refund": the customer's first step is the return.
  if (
    (scores.return ?? 0) >= 3 &&
    (scores.refund ?? 0) >= 3 &&
    /\b(?:return|send (?:it|them) back|devolver|retourner|zurucksenden|devolucao)\b.{0,40}\b(?:refund|reembolso|rembours|erstatt)/.test(
      folded,
    )
  ) {
    bump('return', 1);
  }
  // A security incident on the account belongs to account, not to technical.
  if (/\b(?:hacked|compromised|unauthori[sz]ed login|someone (?:logged|got) into)\b/.test(folded))
    bump('account', 2);
  // A bare order number, or "any news on 1042?", is a status question.
  if (hasOrderId && Object.values(scores).every((s) => (s ?? 0) < 2)) bump('order_status', 2);
  // An explicit ask for a person outranks the topic they mention alongside it.
  if ((scores.human_request ?? 0) >= 3) bump('human_request', 3);
}

export function isPleasantry(text: string): boolean {
  return PLEASANTRY.test(text.trim()) || isEmojiOnly(text);
}

export function looksLikeInjection(text: string): boolean {
  const folded = fold(text);
  return INJECTION_CUES.some((re) => re.test(folded) || re.test(text));
}

export function asksForHuman(text: string): boolean {
  const folded = fold(text);
  return INTENT_CUES.human_request.some(([re]) => re.test(folded));
}
