/**
 * A request or a question about invoices, billing or an order that says no charge is wrong: "could
 * you bill our German office in euros?", "we rebranded, please put the new name on our invoices",
 * "please void order 1047, we went with another vendor". The concern model reads many of them as a
 * billing error, which raises an enterprise customer's question to high and holds back its
 * answer; on the labelled sets the model's guess was right where a wrong charge was stated (a sum,
 * a double charge, "off by a factor of ten") and wrong on such requests. Folded text.
 */

/** Asked of us, or asked how: a request or a question in the supported languages. */
const ASKED = new RegExp(
  [
    String.raw`\?\s*$|\b(?:can|could|would|will) (?:you|we|i|our \w+)\b|\bis it possible\b|\b(?:please|pls|plz)\b|\b(?:we|i) (?:need|want|would like|'d like)\b|^\W*(?:(?:actually|ok|so|hi|hey|also),? )?(?:cancel|scrap|drop|void|reissue|resend|redo|change|update|send|bill|invoice|hold|split|merge|combine)\b`,
    String.raw`\b(?:por favor|pueden|podrian|podeis|podemos|s'il vous plait|merci de|pouvez-vous|pourriez-vous|pouvons-nous|bitte|konnen sie|konnt ihr|konnen wir|kann man|podem|poderiam|podemos|per favore|potete|potreste|possiamo|alsjeblieft|graag|kunnen jullie|kunnen we|prosze|czy mozecie|czy mozemy|czy mozna)\b`,
  ].join('|'),
);

/** A charge said to be wrong: a sum, a double or repeated charge, an error, a mismatch. */
const WRONG_CHARGE_TOLD = new RegExp(
  [
    String.raw`[$€£¥] ?\d|\b\d+[.,]\d\d\b|\b(?:statement|card|account|invoice|bill|bank)\b[^.!?]{0,25}\btwice\b|\d ?(?:[$€£¥]|(?:usd|eur|gbp|dollars?|euros?|pounds?|zl|pln)\b)`,
    // Asked to correct it: "please correct before month-end", "merci de corriger".
    String.raw`\b(?:correct|correction|corrige\w*|corregi\w*|corrija\w*|korrigier\w*|berichtig\w*|corrigir|corrija|corregg\w*|corrigeren|corrigeer|popraw\w*)\b`,
    String.raw`\b(?:wrong|incorrect|error|erroneous|mistaken|off by|overcharg\w*|overbill\w*|too much|discrepanc\w*|supposed to be|should (?:only )?(?:have )?be(?:en)?|never (?:agreed|placed|ordered|signed|authori[sz]ed)|not (?:us|ours)|fix|fixed)\b`,
    String.raw`\b(?:doesn'?t|does not|don'?t|do not) (?:match|add up)\b|\b(?:charg\w*|bill\w*|took|taken|debit\w*|hit)\b[^.!?]{0,30}\b(?:twice|two times|three times|\d+ times|again|double)\b|\bdouble[- ]?(?:charg\w*|bill\w*)\b`,
    String.raw`\b(?:mal|incorrect\w*|equivocad\w*|error|dos veces|de mas|faux|fausse|erron\w*|erreur|deux fois|en trop|falsch\w*|fehler\w*|doppelt|zweimal|zu viel|errad\w*|erro|duas vezes|a mais|sbagliat\w*|errore|due volte|in piu|fout|verkeerd|dubbel|twee keer|te veel|bledn\w*|dwa razy|dwukrotnie|za duzo)\b|b[lł][eę]d\w*`,
  ].join('|'),
);

/** Whether the message asks something about billing or an order without saying a charge is wrong. */
export function asksWithoutBillingError(folded: string): boolean {
  return ASKED.test(folded) && !WRONG_CHARGE_TOLD.test(folded);
}

const BILLING_TOPIC =
  /\b(?:invoic\w*|bill|bills|billed|billing|receipts?|credit notes?|factur\w*|rechnung\w*|fattur\w*|faktur\w*)\b/;
/** Pressure said in words keeps a request high: "blocking our payroll close", "we need it today". */
const PRESSURE =
  /\b(?:urgent\w*|asap|today|tonight|right now|immediately|blocking|blocked|deadline|audit\w*|urgente|dringend|sofort|hoy|aujourd'hui|heute|hoje|oggi|vandaag|dzisiaj|dzis)\b/;

/**
 * A plain request about invoices or billing (or one the concern model took for a billing error)
 * that says no charge is wrong and no deadline presses: the urgency model alone read asking
 * for invoices in another currency or under a new company name as high, which holds the
 * answer to the 0.75 bar. On the labelled sets 42 such requests were medium and 2 high, both under
 * a deadline said in words.
 */
export function isPlainBillingRequest(folded: string, modelSaysBillingError: boolean): boolean {
  return (
    (modelSaysBillingError || BILLING_TOPIC.test(folded)) &&
    asksWithoutBillingError(folded) &&
    !PRESSURE.test(folded)
  );
}
