/**
 * A charge the customer says is wrong (charged twice, another sum than agreed, billed despite an
 * exemption or a cancellation, an invoice to correct), in the supported languages: a person checks
 * it. An order placed twice ("commandé en double") is a cancellation, not a charge said wrong.
 * Read by the urgency rules (urgency.ts) and the route (understand.ts).
 */
import { isInformationQuestion } from './answer-type.js';
import { fold, foldedPattern } from './offline/text.js';
import type { Intent } from '../domain/index.js';
import type { Concern } from './offline/classify-intent.js';

const BILLING_ERROR =
  /\b((?:charged|billed|debited|invoiced|hit)\b[^.!?]{0,25}\btwice|(?:debit|preleve|factur|cargad|cobrad|belastet|abgebucht|berechnet|addebitat|afgeschreven|pobran|obciazon)\w*\b[^.!?]{0,25}\b(?:deux fois|en double|dos veces|zweimal|doppelt|duas vezes|due volte|twee keer|dwa razy)|charged (?:me |us |my card |our card )?twice|double[- ]charged|double[- ]billed|billed (?:me |us )?twice|overcharged|overbilled|wrong (?:amount|charge|invoice|price|total)|billing (?:error|mistake)|incorrect (?:charge|invoice|amount|total)|duplicate (?:charge|payment|invoice)|cobr\w* dos veces|cobro duplicado|factur\w* deux fois|doppelt (?:belastet|abgebucht|berechnet)|zweimal (?:belastet|abgebucht|berechnet)|cobr\w* duas vezes|addebitat\w* due volte|twee keer (?:afgeschreven|gerekend|betaald)|dwa razy (?:obciazon\w*|pobran\w*)|(?:cobr|debitad|factur|cargad)\w* (?:em |en |el )?dob(?:ro|le)|(?:cobro|cargo|cobranca) (?:en |em )?dob(?:le|ro)|(?:paiement|prelevement|debit) en double|doppio addebito|dubbel (?:afgeschreven|gerekend|betaald)|podwojn\w* (?:obciazon\w*|pobran\w*)|(?:importe|monto|valor|montant|betrag|importo|bedrag|kwot\w*) (?:incorrect[oa]?|errad[oa]|erron\w*|equivocad[oa]|falsch\w*|faux|sbagliat[oa]|errat[oa]|onjuist|verkeerd)|(?:falsche[rn]?|verkeerde?|onjuiste?|sbagliat[oa]|errat[oa]) (?:betrag|bedrag|importo)|b[lł]edn\w* kwot\w*|nieprawid[lł]ow\w* kwot\w*)\b/i;
/** A bill for another sum than agreed: "billed us $4,000 instead of $400", "an extra zero". */
const WRONG_SUM =
  /\b(?:bill(?:ed)?|invoiced?|charged?|debited|took)\b[^.!?]{0,50}\b(?:(?:instead of|rather than) (?:the |just |only )?(?:[$€£] ?)?\d|should (?:have been|be|only be)|but (?:our|the) (?:contract|quote|price|plan|order) (?:says|said|is|was)|(?:\d+|two|three|four|five|ten|hundred) times (?:what|the|more|as much)|an? extra zero)\b|\bextra zero\b[^.!?]{0,30}\b(?:invoice|bill|charge)|\b(?:cobr\w*|factur\w*|berechnet|abgebucht|addebitat\w*|gerekend|obciazy\w*)\b[^.!?]{0,50}\b(?:en lugar de|en vez de|au lieu de|statt|anstatt|em vez de|invece di|in plaats van|zamiast)\b/i;
/**
 * A charge made though something said it should not be: "VAT was billed again although our
 * exemption certificate is on file", "cobraron el envío aunque estamos exentos", "trotz Kündigung
 * wieder abgebucht". A person checks the exemption, the cancellation or the payment.
 */
const CHARGED = String.raw`\b(?:charg|bill|invoic|debit|cobr|factur|preleve|abgebucht|berechnet|belastet|addebit|gefactureerd|afgeschreven|obciaz|pobral)\w*\b`;
const DESPITE = String.raw`\b(?:even though|although|though|despite|in spite of|aunque|a pesar de|alors que|bien que|malgre|obwohl|trotz|mesmo (?:com|que|tendo)|apesar d\w*|anche se|nonostante|hoewel|ondanks|mimo)\b`;
const SHOULD_NOT_BE = String.raw`\b(?:exempt\w*|tax[- ]free|cancel\w*|returned|refunded|already paid|paid (?:it|that|already)|exent\w*|exoner\w*|cancelad\w*|annul\w*|resili\w*|befreit|steuerfrei|gekundigt|kundigung|storniert|isent\w*|esent\w*|disdett\w*|annullat\w*|vrijgesteld|opgezegd|geannuleerd|zwolnion\w*|anulowan\w*|wypowiedzi\w*)`;
const CHARGED_DESPITE = new RegExp(
  String.raw`${CHARGED}[^.!?]{0,60}${DESPITE}[^.!?]{0,60}${SHOULD_NOT_BE}|${DESPITE}[^.!?]{0,60}${SHOULD_NOT_BE}[^.!?]{0,40}${CHARGED}`,
);

/**
 * Billed for a plan other than the one they are on: "billed for the Enterprise tier but we're on
 * Pro", "nos facturaron el plan Business pero estamos en Starter", "facturé au tarif Enterprise
 * alors que nous sommes en Pro", "Enterprise berechnet, obwohl wir Pro haben", "cobraram o plano
 * Enterprise mas estamos no Pro", "fatturato il piano Enterprise ma siamo su Pro", "Enterprise
 * gefactureerd terwijl we op Pro zitten", "obciążyli nas za Enterprise, a mamy Pro".
 */
const PLAN = String.raw`\b(?:plan|tier|enterprise|business|pro|premium|starter|basic|plano|piano|tarif\w*|abo\w*|abonnement|pakket|pakiet)\b`;
const BUT_WE_ARE_ON = String.raw`\b(?:but|though|although|while|whereas|pero|aunque|mais|alors que|aber|obwohl|doch|wahrend|mas|porem|embora|ma|mentre|maar|terwijl|ale|chociaz|(?<=,\s?)a)\b[^.!?]{0,25}\b(?:we'?re (?:still )?on|we are (?:still )?on|i'?m on|i am on|we (?:only )?have|we'?re|our plan is|estamos en|tenemos|nous sommes|on est|nous avons|wir sind|wir haben|wir (?:\w+ ){1,2}(?:haben|sind|nutzen)|estamos no|estamos em|temos|siamo|abbiamo|we zitten|we hebben|wij zitten|we op|wij op|mamy|jestesmy)\b`;
const BILLED_OTHER_PLAN = new RegExp(
  `(?:(?:${CHARGED}|\\bfatturat\\w*)[^.!?]{0,50}${PLAN}|${PLAN}[^.!?]{0,30}(?:${CHARGED}|\\bfatturat\\w*))[^.!?]{0,40}${BUT_WE_ARE_ON}`,
);
/**
 * A charge taken from an account on the free plan, told or asked about as something that happened:
 * "why was I billed $49 when I'm on the free plan", "got charged for Pro?? we've only ever had the
 * free tier", "nos cobraron 49 € y estamos en el plan gratuito". A free plan bills nothing, so no
 * article explains the charge: a person checks it. A question about what the free plan costs ("is
 * anything charged on the free plan?") asks about the rule (ASKED_IF, below).
 */
const FREE_PLAN = String.raw`\b(?:free (?:plan|tier|version|account|package)|(?:plan|tarifa|cuenta|version) gratuit[oa]|(?:plan|offre|formule|abonnement|compte|version) gratuit\w*|(?:gratis|kostenlos\w*|free)[- ](?:plan|tarif|version|konto|abo\w*)|(?:kostenlosen|gratis) (?:plan|tarif|version|konto)|(?:plano|conta|versao) (?:gratuit[oa]|gratis)|(?:piano|account|versione) (?:gratuit[oa]|free)|gratis (?:abonnement|pakket|plan|account)|darmow\w* (?:plan|pakiet|konto|wersj\w*)|(?:plan|pakiet|konto)\w* darmow\w*)\b`;
const CHARGE_TAKEN = String.raw`\b(?:billed|charged|invoiced|debited|got (?:a )?(?:bill|charge|invoice)|(?:a |an )?(?:charge|bill|invoice) (?:of|for) [$€£]?\d|cobrad\w*|cobraron|facturad\w*|factur[eé]s?|preleve\w*|berechnet|abgebucht|belastet|cobrad[oa]s?|cobraram|addebitat\w*|fatturat\w*|gefactureerd|afgeschreven|obciazon\w*|obciazyli\w*|pobrano)\b`;
const CHARGED_ON_FREE_PLAN = new RegExp(
  String.raw`${CHARGE_TAKEN}[^.!]{0,80}${FREE_PLAN}|${FREE_PLAN}[^.!]{0,60}${CHARGE_TAKEN}`,
);

/** Asked about as a rule ("will we be billed even though we cancelled?"), not said to have happened. */
const ASKED_IF = /^\W*(?:will|would|do|does|are|is|can|could|should|if|what if|why would)\b/;

/** Other words for a charge that is wrong; a person must check it (they were retrieve's own list). */
const DISPUTED_BILL =
  /\b(?:incorrect|problem with my (?:bill|invoice)|problema con mi factura|montant est faux|falsch|problema com a minha fatura|higher than usual)\b/;

// A charge, a bill or an amount named: the concern model alone read "scrap order 1047" as a billing error.
const MONEY_WORDS =
  /[$€£]|\b(?:charg\w*|bill\w*|invoic\w*|paid|pay\w*|pric\w*|cost\w*|amount|fees?|tax\w*|seats?|cobr\w*|factur\w*|pag\w*|debit\w*|preleve\w*|rechnung\w*|abgebucht|berechnet|fattur\w*|addebit\w*|faktur\w*|rekening\w*|betaal\w*|oplat\w*|platn\w*)\b/;

/** A wrong charge in Japanese, Chinese, Thai and Arabic (substrings, folded like the text). */
const BILLING_ERROR_SCRIPTS = foldedPattern(
  '扣了两次|重复扣款|多扣|收费错误|金额不对|二重請求|二重に請求|請求額が(?:間違|おかしい)|金額が(?:違|間違)|เก็บเงินซ้ำ|เก็บเงินเกิน|ยอดเงินไม่ถูกต้อง|ไม่ถูกต้อง[^。！？!?]{0,20}(?:เงิน|ยอด)|خصم المبلغ مرتين|مرتين من بطاقتي|مبلغ خاطئ|خطأ في الفاتورة',
);

/** A billing error said in words ("charged twice", "billed us $4,000 instead of $400"); folded text. */
export function statesBillingError(text: string): boolean {
  return (
    BILLING_ERROR.test(text) ||
    WRONG_SUM.test(text) ||
    (CHARGED_DESPITE.test(text) && !ASKED_IF.test(text)) ||
    (BILLED_OTHER_PLAN.test(text) &&
      !ASKED_IF.test(text) &&
      !/^\W*(?:how|what|which|why|when)\b/.test(text)) ||
    BILLING_ERROR_SCRIPTS.test(text) ||
    (CHARGED_ON_FREE_PLAN.test(text) &&
      !ASKED_IF.test(text) &&
      !/^\W*(?:how|what|which|when|where)\b/.test(text))
  );
}

/**
 * A charge the customer says is wrong, which only a person can check and correct, whatever the
 * order data or an article say: a billing error in words, or — for a billing message that asks
 * nothing ("we got billed for 40 seats and we have 12 people") — the concern model's billing
 * error. The model alone is not trusted on questions: it reads "how do we stop being charged
 * sales tax?" as one.
 */
export function isBillingDispute(text: string, intent: Intent, concern: Concern | null): boolean {
  const folded = fold(text);
  if (statesBillingError(folded)) return true;
  if (
    !ASKS_HOW.test(text) &&
    !/^\s*(?:how|what|where|when|why|which|can|could|do|does|is|are)\b/.test(folded) &&
    INVOICE_TO_CORRECT.test(folded)
  )
    return true;
  const question = isInformationQuestion(text) || ASKED_WITHOUT_MARK.test(folded);
  if (intent !== 'billing') return false;
  return (
    DISPUTED_BILL.test(folded) ||
    (concern === 'billing_error' && !question && MONEY_WORDS.test(folded) && !asksInvoiceSetup(folded))
  );
}

/**
 * What invoices show or how they are grouped, asked for with no charge said wrong: "need our
 * company name changed on invoices", "put our PO number on the bills from now on", "we'd rather
 * have one invoice a month than one per order". The billing articles answer these; the concern
 * model read the invoice words as a billing error. A sum, a charge taken or a mistake named beside
 * it keeps the model's reading (folded text, English).
 */
const INVOICE_DETAIL = String.raw`(?:(?:company|business|legal|trading|entity|firm) name|(?:billing |postal |office )?address|vat (?:number|no|id)|tax (?:id|number)|po (?:number|no|reference)|purchase order (?:number|reference)|cost cent(?:er|re)|reference|contact (?:name|email))`;
const BILLS = String.raw`(?:invoices?|bills?|statements?|receipts?)`;
const INVOICE_SETUP = new RegExp(
  [
    String.raw`\b${INVOICE_DETAIL}\b[^.!?]{0,30}\b(?:changed|updated|amended|added|shown|printed|(?:to|on|onto) (?:the |our |all |future |new )?${BILLS})\b`,
    String.raw`\b(?:change|update|amend|add|put|show|print|include)\b[^.!?]{0,20}\b${INVOICE_DETAIL}\b[^.!?]{0,30}\b${BILLS}\b`,
    String.raw`\b(?:would rather|'d rather|prefer|would like|'d like|want|wants|need|needs|could we (?:get|have)|can we (?:get|have))\b[^.!?]{0,30}\b(?:a single|one|single|consolidated|combined|monthly|one monthly|a monthly) ${BILLS}\b`,
    String.raw`\b(?:a single|one|single|consolidated|combined|monthly) ${BILLS}\b[^.!?]{0,40}\b(?:instead of|rather than|than) (?:one|separate|an? \w+ (?:per|for each|every))\b`,
  ].join('|'),
);
const SAID_WRONG =
  /[$€£]\s?\d|\b\d+(?:[.,]\d+)? ?(?:usd|eur|gbp|dollars?|euros?|pounds?)\b|\b(?:charg\w*|overcharg\w*|debit\w*|took|taken|twice|double\w*|wrong|incorrect|mistake|error|extra|too much|refund\w*|dispute\w*)\b/;

/** What invoices show or how they are grouped, asked for, with no charge said wrong (folded text). */
export function asksInvoiceSetup(folded: string): boolean {
  return INVOICE_SETUP.test(folded) && !SAID_WRONG.test(folded);
}

/**
 * An invoice the customer asks us to correct, or one that bills what they sent back: "our October
 * invoice includes the lamp we returned, please correct it", "reissue the bill, the total is
 * off", "proszę o korektę faktury". Said as a statement or an ask, not as a question about how
 * corrections work.
 */
const INVOICE = String.raw`(?:invoice|bill|statement|factura|facture|rechnung|fatura|fattura|factuur|faktur\w*)`;
const CORRECT_IT = String.raw`(?:correct|fix|amend|adjust|rectify|corrig\w*|corrij\w*|korrigier\w*|rettific\w*|correg\w*|verbeter\w*|aanpass\w*|popraw\w*|korekt\w*|korygow\w*)`;
const INVOICE_TO_CORRECT = new RegExp(
  String.raw`\b${INVOICE}\b[^]{0,120}(?:\b(?:please|pls|kindly|can you|could you|por favor|merci de|bitte|per favore|graag|prosze(?: o)?)\s+(?:(?:la|le|les|lo|it|them|sie|es|o) )?|(?:^|[.!;]\s*))${CORRECT_IT}\b|\b${CORRECT_IT}\b[^.!?]{0,30}\b${INVOICE}\b|\b(?:includes?|lists?|still (?:has|shows|includes)|charged (?:us |me )?for|billed (?:us |me )?for)\b[^.!?]{0,60}\b(?:we|i) (?:had )?(?:already )?(?:returned|sent back|cancell?ed)\b|\b(?:returned|sent back|cancell?ed)\b[^.!?]{0,60}\b(?:charged|billed|invoiced)\b[^.!?]{0,30}\b(?:again|anyway|still)\b`,
);

const ASKS_HOW = /[?¿？]/;

/** A question written without its mark: "we're on net-30, do we get an invoice per order or one a month". */
const ASKED_WITHOUT_MARK =
  /(?:^|[,;:.!-]\s*)(?:do|does|can|could|would|will|is|are|how|what|when|where|which) (?:we|i|you|they|it|there|the|our|my)\b/;
