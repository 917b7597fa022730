import { fold } from './offline/text.js';

/**
 * The words code listens for where money and routing are decided, declared once for the eight
 * supported languages (en, es, fr, de, pt, it, nl, pl). Entries are folded (lower case, no
 * accents). A single word is a stem: it matches a word that begins with it, with one typo allowed
 * in stems of five letters or more and two in stems of nine or more ("cancleing" → cancel,
 * "refnd" → refund). Entries with a space are phrases, matched on word boundaries without typos.
 */
export interface Lexicon {
  readonly terms: readonly string[];
  /** Phrases that contain a term but mean something else ("cancellation fee"). */
  readonly exclude?: readonly string[];
  /** No typo tolerance: for short everyday words where a typo is another word ("socks"). */
  readonly exact?: boolean;
}

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
    // es
    'reembols',
    'devolucion',
    'devolver',
    'devuelv',
    'mi dinero',
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
    // it
    'rimbors',
    'restituire',
    'restituzione',
    'soldi indietro',
    'i miei soldi',
    // nl
    'terugbetal',
    'geld terug',
    'retourner',
    'restitutie',
    // pl
    'zwrot',
    'zwrocic',
    'zwroccie',
    'oddajcie',
    'moje pieniadze',
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
];

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

export interface TermHit {
  /** The lexicon entry that matched. */
  term: string;
  /** Index of the matching word in the folded text's word list. */
  word: number;
}

/** Words of a text as the lexicon sees them: folded, apostrophes kept ("don't"). */
export function words(text: string): string[] {
  return (
    fold(text)
      .replace(/ł/g, 'l')
      .split(/[^a-z0-9']+/)
      .map((w) => w.replace(/^'+|'+$/g, ''))
      .filter(Boolean)
      // French and Italian elisions are two words ("d'annuler" → d annuler); "don't" stays one.
      .flatMap((w) => {
        const m = /^(l|d|j|qu|n|s|m|t|c|un|dell|all|nell)'(.+)$/.exec(w);
        return m ? [m[1]!, m[2]!] : [w];
      })
  );
}

/** Optimal string alignment distance (Damerau–Levenshtein with adjacent transpositions). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [
    i,
    ...Array<number>(b.length).fill(0),
  ]);
  for (let j = 0; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

function typosAllowed(stem: string): number {
  return stem.length >= 9 ? 2 : stem.length >= 5 ? 1 : 0;
}

/** Whether one word begins with a stem, allowing the stem's typos. */
export function wordMatchesStem(word: string, stem: string): boolean {
  if (word.startsWith(stem)) return true;
  const k = typosAllowed(stem);
  if (k === 0) return false;
  for (let len = Math.max(1, stem.length - k); len <= Math.min(word.length, stem.length + k); len++) {
    if (editDistance(word.slice(0, len), stem) <= k) return true;
  }
  return false;
}

/** Every place a lexicon matches a text (exclusions removed). */
export function findTerms(text: string, lexicon: Lexicon): TermHit[] {
  const list = words(text);
  const joined = ` ${list.join(' ')} `;
  const excluded = (lexicon.exclude ?? []).filter((e) => joined.includes(` ${e}`));
  const hits: TermHit[] = [];
  for (const term of lexicon.terms) {
    if (term.includes(' ')) {
      // Phrases match whole words ("a return" is not "a returning customer").
      const parts = term.split(' ');
      for (let i = 0; i + parts.length <= list.length; i++) {
        if (parts.every((p, j) => list[i + j] === p)) hits.push({ term, word: i });
      }
      continue;
    }
    list.forEach((w, i) => {
      // Short entries ("ok", "si", "no") must be the whole word; stems may carry endings and typos.
      const match =
        term.length <= 3 ? w === term : lexicon.exact ? w.startsWith(term) : wordMatchesStem(w, term);
      if (match) hits.push({ term, word: i });
    });
  }
  if (!excluded.length) return hits;
  return hits.filter(
    (h) => !excluded.some((e) => list.slice(h.word, h.word + e.split(' ').length).join(' ') === e),
  );
}

/** Whether a hit is negated by one of the three words before it ("I don't want a refund"). */
export function isNegated(text: string, hit: TermHit): boolean {
  const list = words(text);
  const before = list.slice(Math.max(0, hit.word - 3), hit.word);
  const window = before.join(' ');
  return NEGATIONS.some((n) => (n.includes(' ') ? window.includes(n) : before.includes(n)));
}

/** True when the text says something in the lexicon that is not negated. */
export function says(text: string, lexicon: Lexicon): boolean {
  return findTerms(text, lexicon).some((h) => !isNegated(text, h));
}
