import { fold } from '../offline/text.js';

/**
 * "Your refund of $899.00 has been processed": the bot may say money moved only when the order
 * system confirmed it, and then with the order system's reference. These patterns find such claims
 * in the eight supported languages (folded text: lower case, no accents). Statements of an order's
 * state ("Order 1047 was cancelled.") are not claims; "we've cancelled your order" is.
 */
const CLAIMS: readonly RegExp[] = [
  // en
  /\b(?:refund|reimbursement|credit|chargeback|money)s?\b[^.!?\n]{0,60}?\b(?:has|have|was|were|had|got|is now|are now)\s+(?:already\s+|just\s+|now\s+|successfully\s+)?(?:been\s+)?(?:successfully\s+)?(?:processed|issued|sent|completed|approved|initiated|made|credited|paid|returned|refunded|executed|done|submitted|transferred|released|posted|put through)\b/,
  /\brefund\b[^.!?\n]{0,30}\b(?:is|are) on (?:its|the|their) way\b/,
  /\b(?:i|we)(?:'ve|'d| have| had)?(?: already| just| now)?\s+(?:refunded|reimbursed|credited|issued (?:you )?(?:a|the|your) (?:full )?refund|processed (?:a|the|your) (?:full )?(?:refund|cancellation)|cancell?ed (?:your|the|this) order|sent (?:you )?(?:a|the|your) (?:full )?refund|returned your money)\b/,
  /\byou(?:'ve| have)? (?:been|were|got) (?:fully |partially )?(?:refunded|reimbursed|credited)\b/,
  /\b(?:order|purchase)\b[^.!?\n]{0,40}?\b(?:has|have) (?:now |just |already )?been (?:successfully )?(?:cancell?ed|refunded)\b/,
  // es
  /\b(?:reembolso|devolucion|dinero)\b[^.!?\n]{0,60}?\b(?:ha sido|han sido|fue|se ha|esta)\s+(?:ya\s+)?(?:procesad|emitid|realizad|aprobad|enviad|completad|hech|transferid|acreditad|devuelt|reembolsad)/,
  /\b(?:hemos|he|te hemos|le hemos|ya hemos)\s+(?:reembolsado|devuelto (?:el|tu|su) dinero|cancelado (?:el|tu|su) pedido|emitido el reembolso|procesado el reembolso)/,
  /\bpedido\b[^.!?\n]{0,40}?\bha sido (?:cancelad|reembolsad)/,
  // fr
  /\b(?:remboursement|argent)\b[^.!?\n]{0,60}?\b(?:a ete|ont ete|est)\s+(?:bien\s+)?(?:effectue|emis|traite|envoye|approuve|verse|credite|rembourse|vire)/,
  /\b(?:nous avons|je vous ai|nous vous avons|j'ai)\s+(?:bien\s+)?(?:rembourse|emis (?:le|un|votre) remboursement|effectue (?:le|un|votre) remboursement|annule votre commande)/,
  // de
  /\b(?:erstattung|ruckerstattung|geld|gutschrift|betrag)\b[^.!?\n]{0,60}?\b(?:wurde|ist|wurden|sind)\s+(?:bereits\s+|soeben\s+)?(?:veranlasst|bearbeitet|ausgefuhrt|uberwiesen|durchgefuhrt|genehmigt|erstattet|gutgeschrieben|zuruckerstattet|ausgezahlt)/,
  /\b(?:wir haben|ich habe)\b[^.!?\n]{0,40}?\b(?:erstattet|zuruckerstattet|storniert|uberwiesen|gutgeschrieben)\b/,
  // pt
  /\b(?:reembolso|estorno|dinheiro)\b[^.!?\n]{0,60}?\b(?:foi|ja foi|esta|foram)\s+(?:processad|emitid|realizad|aprovad|enviad|feit|creditad|devolvid|reembolsad)/,
  /\b(?:ja )?(?:reembolsamos|estornamos|cancelamos o (?:seu )?pedido|devolvemos o (?:seu )?dinheiro)\b/,
  // it
  /\b(?:rimborso|soldi|denaro|importo)\b[^.!?\n]{0,60}?\b(?:e stato|sono stati|e gia stato|e stata)\s+(?:gia\s+)?(?:elaborat|emess|effettuat|approvat|inviat|accreditat|restituit|rimborsat)/,
  /\b(?:abbiamo|ho)\s+(?:gia\s+)?(?:rimborsato|annullato (?:il|il tuo|il suo) ordine|emesso il rimborso|effettuato il rimborso)/,
  // nl
  /\b(?:terugbetaling|restitutie|geld|bedrag)\b[^.!?\n]{0,60}?\b(?:is|werd|zijn)\s+(?:al\s+|nu\s+)?(?:verwerkt|uitgevoerd|verzonden|goedgekeurd|overgemaakt|teruggestort|terugbetaald)/,
  /\b(?:we hebben|wij hebben|ik heb)\b[^.!?\n]{0,40}?\b(?:terugbetaald|teruggestort|geannuleerd)\b/,
  // pl
  /\b(?:zwrot|pieniadze|srodki|kwota)\b[^.!?\n]{0,60}?\b(?:zostal|zostaly|zostalo|zostala)\s+(?:juz\s+)?(?:przetworzon|zrealizowan|wyslan|zatwierdzon|przelan|zwrocon)/,
  /\b(?:zwrocilismy|zwrocilem|anulowalismy)\b/,
];

/** A sentence that begins "once…", "when…", "if…" describes what will happen, not what did. */
const CONDITIONAL =
  /\b(?:once|when|after|if|as soon as|until|una vez|cuando|une fois|lorsque|quand|des que|sobald|wenn|nachdem|quando|assim que|appena|zodra|wanneer|gdy|kiedy|jak tylko)\b/;

function normalize(sentence: string): string {
  // "$899.00" must not end the sentence for the patterns: decimal and thousands marks go.
  return fold(sentence)
    .replace(/ł/g, 'l')
    .replace(/(\d)[.,](?=\d)/g, '$1');
}

/**
 * Recent sentences' answers. Every answer is checked three or four times on its way out (by the
 * agent, when its delivery is planned, and when it is sent), each time against all the patterns;
 * the answer depends on the sentence alone. Bounded: emptied when full, and long sentences are
 * not kept.
 */
const recentClaims = new Map<string, boolean>();
const RECENT_CLAIMS_MAX = 512;
const KEPT_SENTENCE_MAX = 2_000;

/** Whether one sentence claims that money moved (a refund made, an order cancelled by us). */
export function claimsMoneyMoved(sentence: string): boolean {
  if (sentence.length > KEPT_SENTENCE_MAX) return matchesClaim(normalize(sentence));
  const known = recentClaims.get(sentence);
  if (known !== undefined) return known;
  const claims = matchesClaim(normalize(sentence));
  if (recentClaims.size >= RECENT_CLAIMS_MAX) recentClaims.clear();
  recentClaims.set(sentence, claims);
  return claims;
}

function matchesClaim(s: string): boolean {
  for (const re of CLAIMS) {
    const m = re.exec(s);
    if (!m) continue;
    if (CONDITIONAL.test(s.slice(0, m.index + 1))) continue;
    return true;
  }
  return false;
}

function splitSentences(line: string): string[] {
  return line.split(/(?<=[.!?。！？])\s+/);
}

export interface MoneyClaimCheck {
  /** The text with unbacked claims removed (unchanged when there were none or they are backed). */
  text: string;
  /** The sentences taken out. */
  removed: string[];
}

/**
 * Takes out every sentence that says money moved, unless the text carries the order system's
 * reference for a refund or cancellation made in this turn (`reference`). Line breaks are kept.
 */
export function guardMoneyClaims(text: string, reference?: string): MoneyClaimCheck {
  if (reference && text.includes(reference)) return { text, removed: [] };
  const removed: string[] = [];
  const lines = text.split('\n').map((line) =>
    splitSentences(line)
      .filter((sentence) => {
        if (!claimsMoneyMoved(sentence)) return true;
        removed.push(sentence.trim());
        return false;
      })
      .join(' '),
  );
  if (!removed.length) return { text, removed };
  return {
    text: lines
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
    removed,
  };
}
