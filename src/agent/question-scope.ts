import { questionType } from './answer-type.js';
import { findCustomerRequests } from './customer-request.js';
import { saidHypothetically } from './hypothetical.js';
import { fold, foldedPattern } from './offline/text.js';

/**
 * Whether a question on an order topic is about one of the customer's orders or about how things
 * work: a refund's progress, a general question, money back for something that is not an order.
 * Read by retrieve.ts before the order path is taken.
 */

// Asking for a refund, as opposed to asking about one.
const REFUND_ASKED =
  /\b(?:i want|we want|i'd like|we'd like|i would like|we would like|please refund|refund (?:me|us|it|this|that|the (?!status))|can (?:i|we) (?:get|have)|could (?:i|we) (?:get|have)|give (?:me|us)|issue (?:a|the) refund|need (?:a|my|our) refund|quiero|queremos|je (?:veux|voudrais|souhaite)|ich (?:will|mochte|moechte)|quero|queria|vorrei|voglio)\b/;
const REFUND_NAMED =
  /\b(?:refund\w*|reembols\w*|rembours\w*|erstatt\w*|ruckerstatt\w*|rimbors\w*|terugbetal\w*|zwrot\w*)\b/;
// The refund already granted and not seen yet: "the refund still isn't on my card".
const REFUND_PENDING =
  /\b(?:my|the|our|this|that) refund\b[^.?!]{0,40}\b(?:arrive\w*|show\w*|appear\w*|land\w*|post\w*|hit|reach\w*|clear\w*|still|isn'?t|hasn'?t|not yet)\b|\b(?:haven'?t|hasn'?t|not|never) (?:yet )?(?:seen|received|got(?:ten)?) (?:my|the|our|a|any|that) refund\b|\brefund (?:status|reference|timing|times?)\b|\b(?:nothing|no money|not|isn'?t|hasn'?t)\b[^.?!]{0,25}\b(?:on|in|to|hit) (?:my|our|the) (?:card|account|bank|statement)\b|\bis (?:that|this|it) normal\b/;

/**
 * The same question in Japanese, Chinese, Thai and Arabic: when or how long until the refund or
 * the money is back ("退款要多久才能到账", "متى يعود المبلغ إلى البطاقة؟", "返金はいつ届きますか").
 * Money named with a word of time; a request for a refund ("请退款", "أريد استرداد") asks no time.
 */
const MONEY_BACK_OTHER_SCRIPTS = foldedPattern(
  '退款|退钱|退費|退费|到账|返金|払い戻し|払戻|คืนเงิน|เงินคืน|استرداد|استرجاع|المبلغ|أموالنا|فلوسنا',
);
const WHEN_OTHER_SCRIPTS = foldedPattern(
  '多久|什么时候|何时|几天|いつ|何日|どのくらい|เมื่อไหร่|เมื่อไร|กี่วัน|นานแค่ไหน|متى|كم يوم|كم من الوقت',
);

/**
 * A question about a refund's progress ("when will my refund for 1045 arrive?", "the refund still
 * isn't on my card"), not a request for one: the refund-timing article answers it, and nothing is
 * proposed.
 */
export function asksAboutRefundStatus(text: string): boolean {
  const f = fold(text);
  if (MONEY_BACK_OTHER_SCRIPTS.test(f) && WHEN_OTHER_SCRIPTS.test(f)) return true;
  if (!REFUND_NAMED.test(f) || REFUND_ASKED.test(f)) return false;
  const asked = questionType(text);
  return REFUND_PENDING.test(f) || asked === 'duration' || asked === 'date';
}

/**
 * A question about how things work rather than about one order ("if I order at 1pm does it still
 * go out today?", "how do I cancel an order that hasn't shipped yet?"): with no order named, the
 * help center may answer it before the customer's orders are listed.
 */
const IN_GENERAL =
  /\b(?:if (?:i|we|you|an order|the order|it)|where (?:can|do|should) (?:i|we) (?:check|see|find|look|go)|how do (?:i|we|you)|how does|how can (?:i|we)|can (?:i|we|you) still|when should|what happens|what (?:do|can|should) (?:i|we) do|is there|do (?:i|we) (?:get|need|have)|does (?:it|an order)|what time|by what time|cut-?off|an order that|orders? (?:placed|that)|after (?:it|an order|the order) (?:ships|shipped|has shipped)|(?:what(?:'s| is| are)|how (?:does|do|is|are)|explain|tell (?:me|us) about) (?:your|the) (?:\w+ )?polic(?:y|ies)|in general|generally|for (?:future )?reference|not (?:cancel|return|refund)\w* anything)\b/;
// Money back for something that is not an order: a plan, the tax on orders, fees.
const NOT_AN_ORDER =
  /\b(?:tax|taxes|taxed|sales tax|vat|duties|subscription|plan|downgrad\w*|upgrad\w*|unused|prorat\w*|seats?|fees?)\b/;
export function asksInGeneral(text: string): boolean {
  const f = fold(text);
  if (REFUND_NAMED.test(f) && NOT_AN_ORDER.test(f)) return true;
  return IN_GENERAL.test(f) && !/\bwhere(?:'s| is| are)\b/.test(f);
}

/**
 * Whether the customer speaks of their own orders at all: a first-person word ("my", "we",
 * "nuestro", "unsere", "notre"…). "do partial refunds take as long as full ones?" or "does
 * cancelling an order cost anything?" speak of no order of theirs: the help center answers
 * them, and a list of the customer's orders does not. An order pointed at ("the boxes", "still
 * not here") is theirs too. Only for the scripts these words cover; elsewhere the message is taken
 * as being about the customer's own orders, as before.
 */
const FIRST_PERSON =
  /\b(?:i|i'm|i've|i'd|me|my|mine|we|we're|we've|we'd|us|our|ours|ourselves|yo|me|mi|mis|nos|nosotros|nuestr[oa]s?|je|j'ai|moi|mon|ma|mes|nous|notre|nos|ich|mich|mir|mein\w*|wir|uns|unser\w*|eu|meu|minha|meus|minhas|nosso|nossa|nossos|nossas|io|mio|mia|miei|mie|noi|nostr[oaie]|ik|mijn|wij|we|ons|onze|ja|moj\w*|my|nasz\w*|nam|nas)\b/;
const LATIN_ONLY = /^[\p{Script=Latin}\p{N}\p{P}\p{S}\p{Z}\p{M}\p{Extended_Pictographic}\s]*$/u;
// "still no boxes, the tracking hasn't changed": a particular order, pointed at rather than owned.
const POINTS_AT_ONE =
  /\b(?:the|this|that|these|those) (?:order|orders|box|boxes|package|packages|parcel|parcels|delivery|shipment|tracking|item|items|stuff)\b|\b(?:still|yet|hasn'?t|haven'?t|hasnt|havent)\b/;
export function speaksOfOwnOrders(text: string): boolean {
  if (!LATIN_ONLY.test(text)) return true;
  const f = fold(text);
  return FIRST_PERSON.test(f) || POINTS_AT_ONE.test(f);
}

/**
 * "If the grinder on 1043 dies next year, do we get our money back or a repair?", "en théorie, si la
 * commande 1043 arrive abîmée, on est remboursé ?": a question about what the policy gives under a
 * condition, with an order named and nothing asked now. The help center's returns, damage and
 * warranty articles answer it; the order path would look for a refund the customer did not ask
 * for and hand the ticket to a person. An ask anywhere in the message, as the request finder
 * reads it (customer-request.ts, unchanged: a refund named in a conditional question in Spanish,
 * German or Italian still reads as an ask there unless said hypothetically), keeps the order path.
 */
const CONDITION =
  /(?:^|[^\p{L}])(?:if|what if|in case|suppose|supposing|hypothetically|si|y si|et si|en caso de|au cas ou|s'il|s'ils|wenn|falls|angenommen|se|e se|caso|nel caso|als|indien|stel dat|mocht|jesli|jezeli|gdyby|w razie)(?![\p{L}])|もし|場合|如果|万一|假如|ถ้า|หาก|إذا|اذا|لو|في حال/u;
const QUESTION = /[?？؟]/u;

export function asksWhatIfRefund(text: string): boolean {
  const f = fold(text);
  return (
    QUESTION.test(text) &&
    (CONDITION.test(f) || saidHypothetically(text)) &&
    !findCustomerRequests([{ text }], 'refund').length
  );
}
