import { extractEntities } from './entities.js';
import {
  CANCEL_REQUEST,
  CANCEL_REQUEST_SCRIPTS,
  ASK_FRAME,
  NEGATIONS,
  NO,
  REFUND_REQUEST,
  REFUND_REQUEST_SCRIPTS,
  YES,
  type ScriptAsks,
} from './lexicon.js';
import {
  CLAUSE_BREAK,
  ENDS_AS_QUESTION,
  costQuestionAt,
  destinationAsked,
  eligibilityAsked,
  processAsked,
  scriptCostQuestion,
} from './action-questions.js';
import { askAboutLater, saidHypothetically } from './hypothetical.js';
import { saysMoneyArrived } from './money-arrived.js';
import { disclaimsAnyAsk } from './no-ask.js';
import {
  findTerms,
  hasSequence,
  isNegatedAt,
  says,
  turnedThroughFrame,
  words,
  type Lexicon,
} from './term-match.js';
import { withdrawnAt } from './withdrawn-request.js';

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
    .split(/(?<=[.!?¡¿。！？؟])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

const AMOUNT_BACK =
  /(?:[$€£]\s?\d[\d.,]*|(?<![\d.,])\d[\d.,]*\s?(?:[$€£]|dollars?|euros?|pounds?|bucks|usd|eur|gbp))(?:\s+(?:for|on) (?:the|our|my|that|this|those|these)(?:\s+(?!(?:come|comes|came|coming|go|goes|going|went|get|gets|got|be|is|are|was|were|been|paid|put|sent)\b)[\p{L}-]+){1,3})?\s+back\b/giu;

/** "I'd like $20 back", "can we get 45 euros back": an amount the customer wants back, not negated. */
function wantsAmountBack(text: string, weighed = false): boolean {
  const list = words(text);
  const polite = list.some((w) => POLITE.has(w));
  for (const m of text.matchAll(AMOUNT_BACK)) {
    const at = words(text.slice(0, m.index)).length;
    if (!refused(list, at) && (polite || !heldOff(list, at, weighed))) return true;
  }
  return false;
}

/**
 * Words that hold the action off as a plan still being weighed ("we're thinking about returning
 * 1052", "estamos pensando en devolverlo", "wir überlegen, … zurückzuschicken"), folded as `words`
 * gives them: a sequence matches when its words follow each other.
 */
const WEIGHING: readonly (readonly string[])[] = [
  ['thinking', 'about'],
  ['thinking', 'of'],
  ['considering'],
  ['contemplating'],
  ['debating'],
  ['weighing'],
  ['deciding', 'whether'],
  ['might'],
  ['maybe'],
  // es / pt / it
  ['pensando', 'en'],
  ['pensando', 'em'],
  ['pensando', 'di'],
  ['considerando'],
  ['valutando'],
  // fr
  ['pensons', 'a'],
  ['envisageons'],
  ['envisage', 'de'],
  ['reflechissons'],
  // de
  ['uberlegen'],
  ['uberlege'],
  ['eventuell'],
  // nl
  ['overwegen'],
  ['overweeg'],
  ['misschien'],
  // pl
  ['zastanawiamy'],
  ['zastanawiam'],
  ['rozwazamy'],
];

/** Whether these words weigh the action as a plan (one of `WEIGHING`'s sequences). */
function weighs(list: readonly string[]): boolean {
  return WEIGHING.some((seq) => hasSequence(list, seq));
}

/** Openers of a question about what would happen, and the first person that follows them. */
const OUTCOME_OPENERS = new Set(['would', 'will', 'do', 'does', 'did', 'should']);
const OUTCOME_SUBJECTS = new Set(['i', 'we', 'that', 'it', 'this']);

/**
 * An ask at word `at` of a clause that is not one: the plan is still being weighed before it, or
 * the clause is a question about what would happen to the customer ("would we get the whole $500
 * back if we do?", "do I get a refund once it's back?"). `weighed`: an earlier clause of the
 * sentence weighs it ("Wir überlegen, 1052 zurückzuschicken"). Polite forms are checked by the callers.
 */
function heldOff(list: readonly string[], at: number, weighed = false): boolean {
  const weighing = weighed || weighs(list.slice(0, at));

  const opener = list.findIndex((w) => !/^\d+$/.test(w));
  const outcome =
    OUTCOME_OPENERS.has(list[opener] ?? '') && OUTCOME_SUBJECTS.has(list[opener + 1] ?? '') && opener < at;
  return weighing || outcome;
}

const FRAME_REACH = 6;

/** A negation before the ask at word `at` with only ask-frame words between (see ASK_FRAME). */
function disowned(list: readonly string[], at: number): boolean {
  return turnedThroughFrame(list, at, (i) => NEGATIONS.includes(list[i]!), ASK_FRAME, FRAME_REACH);
}

/**
 * The ask at word `at` turned around: a negation just before it, or one with only its frame
 * between, or the request taken back ("disregard my cancellation request", withdrawn-request.ts).
 */
function refused(list: readonly string[], at: number): boolean {
  return isNegatedAt(list, at) || disowned(list, at) || withdrawnAt(list, at);
}

/** How near a negation must be to the ask it turns around, in characters of these scripts. */
const SCRIPT_NEGATION_REACH = 6;

/** Words that open a condition: an ask inside one is a question about the action, not a request. */
const CONDITIONS = new Set([
  'if',
  'whether',
  'suppose',
  'supposing',
  // fr / es
  'si',
  // de
  'wenn',
  'falls',
  'ob',
  // it / pt
  'se',
  // nl
  'als',
  'indien',
  // pl
  'jesli',
  'jezeli',
  'gdyby',
  'gdybym',
  'gdybysmy',
]);

/**
 * Openings that set up a supposition as "if" does ("say the lamp breaks…", "what if…", "let's
 * say…"): "say" only before what it supposes, not the "say, could you…" that opens a request.
 */
const SUPPOSING: readonly (readonly string[])[] = [
  ['what', 'if'],
  ["let's", 'say'],
  ['lets', 'say'],
  ['imagine'],
  ['assuming'],
  ['in', 'case'],
  ...['the', 'a', 'an', 'our', 'my', 'we', 'it', 'one', 'that', 'this'].map((w) => ['say', w]),
];

/** Whether a clause (its words) opens with a condition or a supposition. */
const opensCondition = (list: readonly string[]) =>
  CONDITIONS.has(list[0] ?? '') || SUPPOSING.some((seq) => seq.every((w, k) => list[k] === w));

/**
 * …unless the clause is the polite form of the ask itself: "if you could cancel 1047", "if
 * possible, please refund it", "si pudieran cancelar…". Folded, as `words` gives them.
 */
const POLITE = new Set([
  'could',
  'can',
  'possible',
  'please',
  'kindly',
  'pourriez',
  'pouvez',
  'plait',
  'moglich',
  'konnen',
  'konnten',
  'bitte',
  'puede',
  'pueden',
  'pudieran',
  'podria',
  'podrian',
  'favor',
  'puoi',
  'potete',
  'potreste',
  'possibile',
  'possivel',
  'podem',
  'poderiam',
  'kunt',
  'kunnen',
  'mogelijk',
  'alstublieft',
  'prosze',
  'mozna',
  'mozliwe',
]);

/** The same for Japanese, Chinese, Thai and Arabic: a condition word before, or (ja) a conditional ending after. */
const SCRIPT_CONDITIONS_BEFORE = ['如果', '要是', '假如', 'もし', 'ถ้า', 'إذا', 'اذا', 'لو'];
const SCRIPT_CONDITIONS_AFTER = ['したら', 'すると', 'すれば', 'たら'];

/** An ask in Japanese, Chinese, Thai or Arabic (substrings: these scripts have no word lexicon here). */
function asksInScript(clause: string, lexicon: ScriptAsks): boolean {
  for (const term of lexicon.terms) {
    for (let at = clause.indexOf(term); at >= 0; at = clause.indexOf(term, at + 1)) {
      const before = clause.slice(Math.max(0, at - SCRIPT_NEGATION_REACH - 4), at);
      const after = clause.slice(at + term.length, at + term.length + SCRIPT_NEGATION_REACH);
      const negated =
        lexicon.negatedBefore.some((n) => before.includes(n)) ||
        lexicon.negatedAfter.some((n) => after.includes(n));
      const conditional =
        SCRIPT_CONDITIONS_BEFORE.some((c) => clause.slice(0, at).includes(c)) ||
        SCRIPT_CONDITIONS_AFTER.some((c) => after.includes(c));
      if (!negated && !conditional) return true;
    }
  }
  return false;
}

/**
 * The lexicon says it in this clause, not negated, not inside a condition ("if we cancel…") and not
 * after the cost word of a question about the cost (`askedAfter`: that word's index in this
 * clause's words; negative when it lies in an earlier clause of the sentence, none when absent).
 */
function asksInWords(
  clause: string,
  lexicon: Lexicon,
  askedAfter?: number,
  weighed = false,
  question = false,
): boolean {
  const list = words(clause);
  const polite = list.some((w) => POLITE.has(w));
  return findTerms(clause, lexicon).some(
    (hit) =>
      !refused(list, hit.word) &&
      !(
        question &&
        (eligibilityAsked(list, hit.word) || processAsked(list, hit.word) || destinationAsked(list, hit.word))
      ) &&
      (polite ||
        (!list.slice(0, hit.word).some((w) => CONDITIONS.has(w)) &&
          !heldOff(list, hit.word, weighed) &&
          (askedAfter === undefined || hit.word < askedAfter))),
  );
}

/** Whether one clause asks for the action: the lexicon's words, or for a refund an amount wanted back. */
function clauseAsks(
  clause: string,
  action: 'refund' | 'cancellation',
  askedAfter?: number,
  weighed = false,
  costAsked = false,
  question = false,
): boolean {
  if (action === 'refund')
    return (
      asksInWords(clause, REFUND_REQUEST, askedAfter, weighed, question) ||
      wantsAmountBack(clause, weighed) ||
      (!costAsked && asksInScript(clause, REFUND_REQUEST_SCRIPTS))
    );
  return (
    asksInWords(clause, CANCEL_REQUEST, askedAfter, weighed, question) ||
    (!costAsked && asksInScript(clause, CANCEL_REQUEST_SCRIPTS))
  );
}

/** Whether a clause turns the action down ("not cancelling anything", "we're not asking for a refund"). */
function clauseRefuses(clause: string, action: 'refund' | 'cancellation'): boolean {
  const list = words(clause);
  return findTerms(clause, action === 'refund' ? REFUND_REQUEST : CANCEL_REQUEST).some((hit) =>
    refused(list, hit.word),
  );
}

/**
 * Whether a text asks for the action in one of its clauses. A question about what the action
 * would do ("if I cancel 1047 today, does it cost anything?") or cost ("what would it cost to
 * cancel 1047?") asks for nothing: moving money on it would be acting on a question.
 */
function asks(text: string, action: 'refund' | 'cancellation'): boolean {
  // "Not asking for anything yet. If two of the chairs went back, would the refund cover both?":
  // a question after the customer said they ask for nothing is about the policy, as in one sentence.
  let disclaimed = false;
  return sentences(text).some((sentence) => {
    // "Hypothetically, could we get our money back…?": a question about the policy, all of it.
    if (saidHypothetically(sentence)) return false;
    const cost = costQuestionAt(sentence);
    const costAsked = scriptCostQuestion(sentence);
    // "not cancelling anything, just curious — can 1006 still be cancelled?": once a clause turns
    // the action down, the rest of a question is about it, not a request.
    const question = ENDS_AS_QUESTION.test(sentence);
    let offset = 0;
    let weighed = false;
    let turnedDown = disclaimed;
    let conditioned = false;
    return sentence.split(CLAUSE_BREAK).some((clause) => {
      const askedAfter = cost < 0 ? undefined : cost - offset;
      const list = words(clause);
      offset += list.length;
      const asked =
        !(turnedDown && question) &&
        // "if the lamp breaks next year can we get our money back": the condition may open the ask's own clause.
        !askAboutLater(sentence, list, conditioned || (opensCondition(list) && !POLITE.has(list[1] ?? ''))) &&
        !(action === 'refund' && saysMoneyArrived(clause)) &&
        clauseAsks(clause, action, askedAfter, weighed, costAsked, question);
      weighed ||= weighs(list);
      const nothingAsked = disclaimsAnyAsk(list);
      disclaimed ||= nothingAsked;
      turnedDown ||= nothingAsked || clauseRefuses(clause, action);
      // "if the lamp breaks later, …": a clause that opens with a condition, not the polite form
      // of the ask ("if possible, …", "if you could …").
      conditioned ||= opensCondition(list) && !list.some((w) => POLITE.has(w));
      return asked;
    });
  });
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
