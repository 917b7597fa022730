/**
 * The words code listens for where money and routing are decided, declared once for the eight
 * supported languages (en, es, fr, de, pt, it, nl, pl). Entries are folded (lower case, no
 * accents). A single word is a stem: it matches a word that begins with it, with one typo allowed
 * in stems of five letters or more and two in stems of nine or more ("cancleing" → cancel,
 * "refnd" → refund). Entries with a space are phrases, matched on whole words without typos.
 * The matching itself is in term-match.ts.
 */
import type { Lexicon } from './term-match.js';

/** Asking for money back: refund, return, money back, chargeback… */
export const REFUND_REQUEST: Lexicon = {
  terms: [
    // en
    'refund',
    'reimburs',
    'money back',
    'my money',
    'chargeback',
    'return it',
    'to return',
    'a return',
    'return order',
    'return request',
    'return the',
    'return these',
    'return them',
    'return my',
    'return this',
    'send it back',
    'send back',
    'credit back',
    'credit us back',
    'credit me back',
    // es
    'reembols',
    'devolucion',
    'devolver',
    'devuelv',
    'mi dinero',
    'dinero de vuelta',
    // fr
    'rembours',
    'retourner',
    'mon argent',
    // de
    'erstattung',
    'erstatten',
    'ruckerstatt',
    'zuruckerstatt',
    'geld zuruck',
    'zurucksenden',
    'zuruckschicken',
    'rucksendung',
    // pt
    'reembolso',
    'estorno',
    'estornar',
    'devolucao',
    'meu dinheiro',
    'dinheiro de volta',
    // it
    'rimbors',
    'restituire',
    'restituzione',
    'soldi indietro',
    'indietro i soldi',
    'i miei soldi',
    // nl
    'terugbetal',
    'geld terug',
    // written as one word: "kan ik mijn geld terugkrijgen?"
    'geld terugkrijgen',
    'retourner',
    'restitutie',
    // pl
    'zwrot',
    'zwrocic',
    'zwroccie',
    'oddajcie',
    'moje pieniadze',
    'odzyskac pieniadze',
    'odzyskac nasze pieniadze',
    'odzyskac moje pieniadze',
  ],
};

/** Asking to cancel an order. */
export const CANCEL_REQUEST: Lexicon = {
  terms: [
    'cancel',
    'call off',
    // es / pt
    'cancelar',
    'cancelacion',
    'cancelamento',
    'anular',
    'anulacion',
    // fr
    'annuler',
    'annulation',
    // de
    'stornier',
    'storno',
    'abbestell',
    // it
    'annullare',
    'annullamento',
    'cancellare',
    'disdire',
    // nl
    'annuleer',
    'annulering',
    // pl
    'anulow',
    'anuluj',
    'odwolac',
  ],
  exclude: ['cancellation fee', 'cancellation policy'],
};

/**
 * Asks in scripts written without spaces between words (Japanese, Chinese, Thai) or that the word
 * lexicons above do not read (Arabic): matched as substrings. A negation right before the ask
 * ("不要退款", "ไม่ต้องคืนเงิน", "لا أريد استرداد") or, in Japanese, right after it ("返金は不要です")
 * turns it around.
 */
export interface ScriptAsks {
  readonly terms: readonly string[];
  readonly negatedBefore: readonly string[];
  readonly negatedAfter: readonly string[];
}

const SCRIPT_NEGATED_BEFORE = [
  '不要',
  '不用',
  '不需要',
  '无需',
  '無需',
  'ไม่ต้อง',
  'ไม่ต้องการ',
  'ไม่อยาก',
  'لا أريد',
  'لا نريد',
  'لا اريد',
  'لا داعي',
];
const SCRIPT_NEGATED_AFTER = ['不要', 'いりません', '要りません', '結構です', 'しないで', 'なしで'];

export const REFUND_REQUEST_SCRIPTS: ScriptAsks = {
  terms: [
    '返金',
    '払い戻',
    '払戻',
    '返品',
    '退款',
    '退钱',
    '退錢',
    '退货',
    '退貨',
    'คืนเงิน',
    'เงินคืน',
    'คืนสินค้า',
    'استرداد',
    'استرجاع',
    'إرجاع',
    'ارجاع',
    'أموالي',
    'اموالي',
  ],
  negatedBefore: SCRIPT_NEGATED_BEFORE,
  negatedAfter: SCRIPT_NEGATED_AFTER,
};

export const CANCEL_REQUEST_SCRIPTS: ScriptAsks = {
  terms: ['キャンセル', '取り消', '取消', 'ยกเลิก', 'إلغاء', 'الغاء'],
  negatedBefore: SCRIPT_NEGATED_BEFORE,
  negatedAfter: SCRIPT_NEGATED_AFTER,
};

/** Words that turn the next few words around: "I don't want a refund", "sin reembolso". */
export const NEGATIONS: readonly string[] = [
  'not',
  "don't",
  'dont',
  'do not',
  "didn't",
  'no',
  'never',
  'without',
  'sin',
  'nunca',
  'pas',
  'jamais',
  'sans',
  'nicht',
  'kein',
  'keine',
  'keinen',
  'ohne',
  'nao',
  'sem',
  'non',
  'senza',
  'niet',
  'geen',
  'zonder',
  'nie',
  'bez',
  // The alternative to what the customer wants: "rather than cancelling 1013, can we change the
  // quantity?", "instead of a refund, send a new one", in each language offline replies use.
  'rather than',
  'instead of',
  'en lugar de',
  'en vez de',
  'au lieu',
  'plutot que',
  'statt',
  'anstatt',
  'em vez de',
  'ao inves de',
  'invece di',
  'anziche',
  'in plaats van',
  'zamiast',
];

/**
 * Words that may stand between a negation and the ask it disowns: "not asking for a refund",
 * "we're not looking to cancel", "no estoy pidiendo un reembolso", "non sto chiedendo un rimborso".
 * A negation three words or more before the ask (past `isNegatedAt`'s reach) still turns it around
 * when only these words come between; "it never arrived so I'm asking for a refund" still asks.
 */
export const ASK_FRAME: ReadonlySet<string> = new Set([
  // en
  'want',
  'go',
  'through',
  'ahead',
  'with',
  'asking',
  'looking',
  'requesting',
  'seeking',
  'wanting',
  'trying',
  'after',
  'to',
  'get',
  'for',
  'a',
  'an',
  'the',
  'any',
  'my',
  'our',
  'actually',
  'really',
  // es, pt, it
  'estoy',
  'estamos',
  'pidiendo',
  'solicitando',
  'buscando',
  'estou',
  'pedindo',
  'procurando',
  'sto',
  'stiamo',
  'chiedendo',
  'cercando',
  'un',
  'una',
  'um',
  'uma',
  'il',
  'el',
  'o',
  // fr, de, nl, pl
  'demande',
  'demandons',
  'cherche',
  'cherchons',
  'de',
  'd',
  'une',
  'frage',
  'fragen',
  'nach',
  'vraag',
  'vragen',
  'om',
  'een',
  'prosze',
  'prosimy',
]);
/** A yes to "Refund $X on order N? Reply yes or no." */
export const YES: Lexicon = {
  terms: [
    'yes',
    'yep',
    'yeah',
    'yup',
    'yess',
    'yea',
    'sure',
    'ok',
    'okay',
    'confirm',
    'go ahead',
    'please do',
    'correct',
    'si',
    'claro',
    'vale',
    'de acuerdo',
    'oui',
    'd accord',
    'ja',
    'jawohl',
    'genau',
    'bestatig',
    'sim',
    'pode',
    'certo',
    'confermo',
    'va bene',
    'jazeker',
    'akkoord',
    'bevestig',
    'tak',
    'potwierdzam',
    'zgoda',
  ],
};

/** A no to the same question. */
export const NO: Lexicon = {
  terms: [
    'no',
    'nope',
    'nah',
    'not',
    "don't",
    'dont',
    'do not',
    'cancel',
    'stop',
    'non',
    'nein',
    'nicht',
    'nao',
    'nee',
    'niet',
    'nie',
    'anuluj',
  ],
};

/** "That didn't help": said about the bot's answer. */
export const NOT_HELPED: Lexicon = {
  terms: [
    "didn't help",
    'did not help',
    "doesn't help",
    'does not help',
    'not helpful',
    'no help',
    'unhelpful',
    'useless',
    "didn't answer",
    'did not answer',
    "doesn't answer",
    'does not answer',
    'not what i asked',
    'not my question',
    "didn't work",
    'did not work',
    'still not working',
    "still doesn't",
    // The same written without the apostrophe, as chat is typed ("that didnt help").
    'didnt help',
    'doesnt help',
    'didnt answer',
    'doesnt answer',
    'didnt work',
    'still doesnt',
    'no me ayudo',
    'no ayuda',
    'no sirve',
    'no responde',
    'ne m aide pas',
    'ne m a pas aide',
    'ne repond pas',
    'pas utile',
    'sert a rien',
    'hilft nicht',
    'hat nicht geholfen',
    'nicht hilfreich',
    'beantwortet nicht',
    'nao ajudou',
    'nao ajuda',
    'nao respondeu',
    'non mi ha aiutato',
    'non aiuta',
    'non serve',
    'non risponde',
    'helpt niet',
    'heeft niet geholpen',
    'niet nuttig',
    'nie pomoglo',
    'nie pomaga',
    'nie odpowiada',
  ],
};

/** Unhappy words and marks: enough for code to hear anger a model may have missed. */
export const NEGATIVE: Lexicon = {
  exact: true,
  terms: [
    'angry',
    'furious',
    'terrible',
    'awful',
    'horrible',
    'unacceptable',
    'ridiculous',
    'frustrat',
    'disappointed',
    'worst',
    'fed up',
    'still waiting',
    'still nothing',
    'wtf',
    'sucks',
    'inaceptable',
    'ridiculo',
    'harto',
    'inacceptable',
    'furieux',
    'decu',
    'unverschamt',
    'enttauscht',
    'argerlich',
    'inaceitavel',
    'decepcionad',
    'inaccettabile',
    'deluso',
    'vergogna',
    'onacceptabel',
    'belachelijk',
    'teleurgesteld',
    'niedopuszczalne',
    'skandal',
    'rozczarowan',
  ],
};
