/**
 * Questions about an action that ask for nothing: whether it is possible ("is 1045 refundable?"),
 * or what cancelling or a refund would cost ("what would it cost us to cancel 1019?", "is there a
 * fee to cancel…?", "取消订单1013要收费吗？"). The request finder (`customer-request.ts`) reads a
 * sentence's clauses through these.
 */
import { words } from './term-match.js';

/**
 * Clauses of a message: an "if" reaches to the end of its clause ("If I cancel 1047 now, would I
 * be charged?"). A point or comma between digits is part of an amount ("$20.50 back"), not a break;
 * a dash between spaces is one ("returning 1052 — would we get it all back?").
 */
export const CLAUSE_BREAK = /[;:!?¿¡。、，；！？؟\n]+|[.,](?!\d)|(?<!\d)[.,]|\s[—–]\s|\s--?\s/;

/**
 * What an action costs in Japanese, Chinese, Thai and Arabic (substrings), and how a question is
 * asked there: with one beside it, an ask in these scripts is part of a question about the cost
 * ("كم تكلفة إلغاء الطلب 1013؟", "取消订单1013要收费吗？"), not a request.
 */
const SCRIPT_COSTS = [
  'تكلفة',
  'تكلفه',
  'رسوم',
  'يكلف',
  'تكلف',
  'سعر',
  '費用',
  '手数料',
  '料金',
  'いくら',
  '有料',
  '费用',
  '手续费',
  '收费',
  '多少钱',
  '付费',
  'ค่าใช้จ่าย',
  'ค่าธรรมเนียม',
  'เสียเงิน',
  'เท่าไหร่',
  'เท่าไร',
];
/** A sentence that ends as a question, in any supported script. */
export const ENDS_AS_QUESTION = /[?？؟]\s*$/;
/** …or asks with a question word or particle of those scripts ("…ไหม", "…吗", "هل …"). */
const SCRIPT_QUESTION = /ไหม|มั้ย|หรือเปล่า|吗|嗎|か\s*$|^\s*هل\s/;

export function scriptCostQuestion(sentence: string): boolean {
  return (
    (ENDS_AS_QUESTION.test(sentence) || SCRIPT_QUESTION.test(sentence)) &&
    SCRIPT_COSTS.some((c) => sentence.includes(c))
  );
}

/** Words of what an action costs, folded as `words` gives them. */
const COSTS = new Set([
  'cost',
  'costs',
  'costing',
  'fee',
  'fees',
  'charge',
  'charges',
  'penalty',
  'penalties',
  'price',
  'pay',
  'much',
  // es
  'cuesta',
  'costaria',
  'cobran',
  'cobrar',
  'cargo',
  'comision',
  'penalizacion',
  'tarifa',
  // fr
  'coute',
  'couterait',
  'couter',
  'frais',
  'penalite',
  // de
  'kostet',
  'kosten',
  'gebuhr',
  'gebuhren',
  'strafe',
  // pt / it
  'custa',
  'custaria',
  'taxa',
  'multa',
  'costa',
  'costi',
  'costo',
  'costerebbe',
  'penale',
  'commissione',
  // nl
  'kost',
  'boete',
  // pl
  'kosztuje',
  'kosztowac',
  'koszt',
  'oplata',
  'kara',
]);

/** Words that make what follows them a question ("what would it cost…", "¿cuánto cuesta…"). */
const QUESTION_WORDS = new Set([
  'what',
  "what's",
  'whats',
  'how',
  'which',
  'cuanto',
  'cuanta',
  'combien',
  'quel',
  'quelle',
  'wieviel',
  'quanto',
  'quanta',
  'wat',
  'hoeveel',
  'ile',
  'jaki',
  'jaka',
  'czy',
]);

/** Free of charge, in the reply languages: beside a cost word, the question is whether it costs. */
const FREE = new Set([
  'free',
  'gratis',
  'gratuit',
  'gratuite',
  'gratuito',
  'gratuita',
  'kostenlos',
  'umsonst',
  'kosteloos',
  'darmowe',
  'darmowo',
  'bezplatnie',
]);

/** A question that opens with one of these asks about what follows ("is there a fee to cancel…?"). */
const QUESTION_OPENERS = new Set(['is', 'are', 'do', 'does', 'would', 'will', 'ist', 'gibt', 'hay', 'est']);

/**
 * In a question about what the action costs ("what would it cost us to cancel 1019?", "is there a
 * penalty to cancel…?", "does cancelling cost anything?", "¿cuánto cuesta cancelar…?"), the index
 * in the sentence's words of the question's first word, from which an ask is part of the question,
 * not a request; -1 in any other sentence.
 * A cost said without a question before it ("you charged us twice, refund it?") changes nothing.
 */
export function costQuestionAt(sentence: string): number {
  const list = words(sentence);
  // An opener counts at the start of any clause: "quick q before we decide: do you charge
  // anything for cancelling…?".
  const starts = new Set<number>();
  let at = 0;
  for (const clause of sentence.split(CLAUSE_BREAK)) {
    starts.add(at);
    at += words(clause).length;
  }
  const opens = (i: number) => starts.has(i) && QUESTION_OPENERS.has(list[i] ?? '');
  const question = ENDS_AS_QUESTION.test(sentence) || opens(0);
  if (!question) return -1;
  // "Annullare il 1006 adesso ha dei costi o è gratis?": whether it costs or is free is the
  // question, and the action its subject, whatever the order of the words.
  if (list.some((w) => FREE.has(w)) && list.some((w) => COSTS.has(w))) return 0;
  // Where the question about the cost opens (its latest opener or question word before the cost
  // word): the action between it and the cost word is the cost's subject ("does cancelling cost
  // anything?", "how much does cancelling 1047 cost?"); an ask before it stays an ask ("please
  // cancel 1047, does it cost anything?").
  // A Spanish question opens where its "¿" stands.
  let askedAt = /^\s*¿/.test(sentence) ? 0 : -1;
  for (let i = 0; i < list.length; i++) {
    if (opens(i)) askedAt = i;
    // German "was kostet…" (English "was" is no question word).
    if (QUESTION_WORDS.has(list[i]!) || (list[i] === 'was' && /^kost/.test(list[i + 1] ?? ''))) askedAt = i;
    else if (askedAt >= 0 && COSTS.has(list[i]!)) return askedAt;
  }
  return -1;
}

// "Is that refundable at all?", "¿es reembolsable?", "ist 1011 noch stornierbar?", "are we eligible
// for a refund?": in a question, whether the action is possible, not a request for it.
const ELIGIBLE_FORM =
  /^(?:refundable|reembolsable|remboursable|erstattungsfahig|erstattbar|reembolsavel|rimborsabile|terugbetaalbaar|cancell?able|annulable|stornierbar|cancelavel|annullabile|cancellabile|annuleerbaar)$/;
const ELIGIBLE = new Set([
  'eligible',
  'qualify',
  'qualifies',
  'entitled',
  'elegible',
  'elegibles',
  'eligibles',
  'berechtigt',
  'anspruch',
  'elegivel',
  'elegiveis',
  'idoneo',
  'idonei',
  'diritto',
  'recht',
  'uprawnieni',
  'uprawniony',
]);

/** Whether the ask word at `at` only asks whether the action is possible ("is it refundable?"). */
export function eligibilityAsked(list: readonly string[], at: number): boolean {
  return (
    ELIGIBLE_FORM.test(list[at] ?? '') || list.slice(Math.max(0, at - 4), at).some((w) => ELIGIBLE.has(w))
  );
}

// "If we returned it, would the refund go back to the card or as a credit note?": in a question,
// the refund is the subject of where it goes (a verb of going, then where): it asks where the
// money would land, not for the money. "Can you refund it to the card?" keeps the refund a verb.
const GOES = new Set(
  `go goes going went come comes coming land lands arrive arrives be get paid issued credited sent
   made returned
   ir iria va vai iriam llega llegaria sera seria volvera
   aller irait ira va arrive arriverait sera serait
   gehen geht ginge kommt kame landet wird ware
   andrebbe andra arriva arriverebbe sara sarebbe
   gaan gaat komt zou wordt
   pojdzie trafi wroci bedzie bylby`.split(/\s+/),
);
// Dutch and German put the verb before its subject in a question ("gaat de terugbetaling naar…").
const GOES_FIRST = new Set(['gaat', 'gaan', 'komt', 'wordt', 'geht', 'kommt', 'landet', 'wird']);
const WHERE = new Set(
  `to into onto on in as via back
   a al en sobre como
   sur en comme
   auf als zuruck
   para em no na como
   su sul sulla come
   naar op als terug
   na jako`.split(/\s+/),
);

/** Whether the ask word at `at` is the subject of where the money goes ("would the refund go to the card?"). */
export function destinationAsked(list: readonly string[], at: number): boolean {
  const where = (from: number) => list.slice(from, from + 2).some((w) => WHERE.has(w));
  // "gaat de terugbetaling naar de kaart?", "geht die Erstattung auf die Karte?": the verb first.
  if (list.slice(Math.max(0, at - 2), at).some((w) => GOES_FIRST.has(w)) && where(at + 1)) return true;
  const verb = list.slice(at + 1, at + 4).findIndex((w) => GOES.has(w));
  return verb >= 0 && where(at + 2 + verb);
}

// "Do partial refunds take longer than full ones?", "how long does a refund take?", "¿cuánto
// tardan los reembolsos?": in a question, refunds or cancellations in general, how they work.
const GENERIC_ASKS = new Set([
  'refunds',
  'cancellations',
  'returns',
  'reembolsos',
  'devoluciones',
  'remboursements',
  'annulations',
  'erstattungen',
  'ruckerstattungen',
  'stornierungen',
  'cancelamentos',
  'rimborsi',
  'cancellazioni',
  'terugbetalingen',
  'annuleringen',
  'zwroty',
  'anulacje',
]);
const GENERIC_SINGULAR = new Set([
  'refund',
  'cancellation',
  'return',
  'reembolso',
  'remboursement',
  'erstattung',
  'ruckerstattung',
  'rimborso',
  'terugbetaling',
  'zwrot',
]);
const PROCESS_WORDS = new Set(
  `do does did are is were will would how long when why what usually typically normally generally
   the a an your all most partial full international card bank standard normal usual
   cuanto cuantos tiempo tardan tarda cuando como los las el un una son se
   combien de temps quand comment les le un une sont prennent prend
   wie lange wann dauern dauert sind die der eine ein
   quanto tempo demoram demora quando como os o um uma sao
   ci vogliono vuole quando come i il gli un una sono
   hoe lang duren duurt wanneer zijn de een
   jak dlugo trwaja trwa kiedy sa`.split(/\s+/),
);

// "How long does a refund take?": the singular in general, after an indefinite article.
const INDEFINITE = new Set(['a', 'an', 'un', 'une', 'una', 'um', 'uma', 'een', 'eine', 'ein']);

/** Whether the ask word at `at` names the action in general, in a question about how it works. */
export function processAsked(list: readonly string[], at: number): boolean {
  const word = list[at] ?? '';
  const before = list.slice(0, at);
  if (!before.length || !before.every((w) => PROCESS_WORDS.has(w))) return false;
  return GENERIC_ASKS.has(word) || (GENERIC_SINGULAR.has(word) && before.some((w) => INDEFINITE.has(w)));
}
