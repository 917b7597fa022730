import type { Intent, Plan, Urgency } from '../domain/index.js';
import type { Concern } from './offline/classify-intent.js';

const RANK: Record<Urgency, number> = { low: 0, medium: 1, high: 2, critical: 3 };

export function maxUrgency(a: Urgency, b: Urgency): Urgency {
  return RANK[a] >= RANK[b] ? a : b;
}

// Security concerns, in the eight supported languages (folded text; Polish ł kept or folded).
const SECURITY = new RegExp(
  [
    String.raw`\b(?:security|breach|breached|hacked|hack|hacker|compromised|phishing|leak(?:ed)?|vulnerabilit\w*|fraud\w*|identity theft|account takeover)\b`,
    String.raw`\bunauthori[sz]ed (?:access|log ?ins?|sign ?ins?|charges?|orders?|purchases?|transactions?|payments?|use)\b`,
    String.raw`\b(?:orders?|purchases?|charges?|payments?|transactions?)\b[^.!?]{0,30}\b(?:we|i) (?:never|did ?n[o']?t|didn't|have ?n[o']?t) (?:made|make|place|placed|order|ordered|authori[sz]e|authori[sz]ed|recogni[sz]e)`,
    String.raw`\b(?:we|i) (?:never|did ?n[o']?t|didn't) (?:place|placed|make|made|order|ordered|authori[sz]e\w*) (?:these|those|this|that|them|any)\b`,
    String.raw`\bsuspicious (?:log ?ins?|sign ?ins?|activity|access|charges?|orders?|emails?|transactions?)\b`,
    String.raw`\bsomeone (?:else )?(?:has )?(?:logged|signed|got) (?:in|into)\b`,
    String.raw`\b(?:stolen (?:card|credit card|password|credentials|account|identity|login)|(?:card|password|account) (?:was |has been |got )?stolen)\b`,
    // Codes and resets nobody asked for, sign-ins from places or devices nobody knows.
    String.raw`\b(?:2fa|mfa|two[- ]factor|verification|security|login|one[- ]time|sms) (?:codes?|texts?|emails?)\b[^.!?]{0,40}\b(?:(?:we|i) (?:never|did ?n[o']?t|didn't)|nobody|no one|none of us)\b`,
    String.raw`\bpassword (?:reset|change)s?\b[^.!?]{0,40}\b(?:(?:we|i) (?:never|did ?n[o']?t|didn't)|nobody|no one|none of us)\b`,
    String.raw`\b(?:log(?:ged)? ?ins?|sign(?:ed)? ?ins?|access(?:ed)?)\b[^.!?]{0,30}\bfrom (?:an? )?(?:unknown|unrecogni[sz]ed|strange|foreign|unfamiliar|new) (?:device|location|country|ip|computer|phone|browser)\b`,
    // es
    String.raw`\b(?:seguridad|hackead[oa]s?|hackearon|fraude|suplantacion|acceso no autorizado|compras? no autorizadas?|pedidos? que no (?:hicimos|hice|realizamos)|inicio de sesion sospechoso|tarjeta robada)\b`,
    // fr
    String.raw`\b(?:securite|piratage|pirate|piratee|fraude|acces non autorise|commandes? non autorisees?|commandes? que (?:nous n'avons|je n'ai) (?:pas|jamais)|connexion suspecte|carte volee)\b`,
    // de
    String.raw`\b(?:sicherheit|gehackt|betrug|unbefugter? zugriff|nicht autorisiert\w*|bestellungen?,? die (?:wir|ich) nicht|verdachtige anmeldung|gestohlene karte|karte gestohlen)\b`,
    // pt
    String.raw`\b(?:seguranca|hackead[oa]|invadid[ao]|fraude|acesso nao autorizado|pedidos? que nao (?:fizemos|fiz)|login suspeito|cartao roubado)\b`,
    // it
    String.raw`\b(?:sicurezza|hackerat[oa]|violat[oa]|frode|accesso non autorizzato|ordini che non abbiamo|accesso sospetto|carta rubata)\b`,
    // nl
    String.raw`\b(?:beveiliging|gehackt|fraude|ongeautoriseerde?|onbevoegde toegang|bestellingen? die (?:we|wij|ik) niet|verdachte (?:inlog|login|aanmelding)|gestolen (?:kaart|creditcard|pas))\b`,
    // pl
    String.raw`\b(?:bezpieczenstw\w*|zhakowan\w*|w[lł]amanie|nieautoryzowan\w*|nieuprawnion\w*|zamowienia,? ktorych nie|podejrzane logowanie|skradzion\w* kart\w*|kart\w* (?:zosta[lł]a )?skradzion\w*|oszustw\w*)\b`,
  ].join('|'),
  'i',
);
const OUTAGE =
  /\b(outage|down|is down|offline|not loading|won'?t load|unavailable|50[0234]s?|50[0234] errors?|not responding|stopped (?:responding|working|loading)|unreachable|inaccessible|all requests fail\w*|timing out|nobody can log ?in|no one can log ?in|completely broken|everything is broken|ca[íi]d[oa]|no funciona nada|panne|hors service|ne fonctionne plus|ausfall|nicht erreichbar|funktioniert nicht mehr|fora do ar|non funziona|fuori servizio|storing|werkt niet|awaria|nie dzia[lł]a|service disruption|disrupt\w*)\b/i;
const DATA_LOSS =
  /\b(data loss|lost (?:all )?(?:of )?(?:our |my |the )?(?:data|files|records)|(?:data|files|records) (?:is |are |has been |have been )?(?:gone|missing|deleted|wiped|lost)|wiped|p[ée]rdida de datos|datos perdidos|perte de donn[ée]es|donn[ée]es perdues|datenverlust|daten (?:sind )?(?:weg|verloren|gel[öo]scht)|perda de dados|dados perdidos|perdita (?:di|dei) dati|dati persi|gegevensverlies|data (?:is )?kwijt|utrata danych|dane (?:zosta[lł]y )?(?:utracone|usuni[ęe]te|stracone))\b/i;
const BILLING_ERROR =
  /\b(charged (?:me |us |my card |our card )?twice|double[- ]charged|double[- ]billed|billed (?:me |us )?twice|overcharged|overbilled|wrong (?:amount|charge|invoice|price|total)|billing (?:error|mistake)|incorrect (?:charge|invoice|amount|total)|duplicate (?:charge|payment|invoice)|cobr\w* dos veces|cobro duplicado|factur\w* deux fois|doppelt (?:belastet|abgebucht|berechnet)|zweimal (?:belastet|abgebucht|berechnet)|cobr\w* duas vezes|addebitat\w* due volte|twee keer (?:afgeschreven|gerekend|betaald)|dwa razy (?:obciazon\w*|pobran\w*))\b/i;
/** A bill for another sum than agreed: "billed us $4,000 instead of $400", "an extra zero". */
const WRONG_SUM =
  /\b(?:bill(?:ed)?|invoiced?|charged?|debited|took)\b[^.!?]{0,50}\b(?:instead of|rather than|should (?:have been|be|only be)|but (?:our|the) (?:contract|quote|price|plan|order) (?:says|said|is|was)|(?:\d+|two|three|four|five|ten|hundred) times (?:what|the|more|as much)|an? extra zero)\b|\bextra zero\b[^.!?]{0,30}\b(?:invoice|bill|charge)|\b(?:cobr\w*|factur\w*|berechnet|abgebucht|addebitat\w*|gerekend|obciazy\w*)\b[^.!?]{0,50}\b(?:en lugar de|en vez de|au lieu de|statt|anstatt|em vez de|invece di|in plaats van|zamiast)\b/i;
/**
 * A failure for everyone, in words no single-word pattern expects: errors, crashes or refused
 * sign-ins across the whole team, every request, all users.
 */
const WIDE_FAILURE = new RegExp(
  String.raw`\b(?:crash\w*|errors?|fail\w*|broken|not working|stopped working|can'?t (?:log ?in|sign ?in|get in|access|connect|order)|cannot (?:log ?in|sign ?in|get in|access|connect|order)|locked out|time[sd]? ?out|timing out)\b` +
    String.raw`[^.!?]{0,60}\b(?:everyone|everybody|all (?:of )?(?:our|the|my) (?:users|staff|team|people|buyers|stores|locations|sites|employees|customers)|(?:the )?whole (?:team|company|organi[sz]ation|office|warehouse)|every (?:request|call|order|page|user)|all (?:requests|calls|orders|pages|users))\b` +
    String.raw`|\b(?:every|each|all) (?:single )?(?:request|call|api call|order|page)s?\b[^.!?]{0,40}\b(?:fail\w*|errors?|time[sd]? ?out|timing out|rejected|come back with an error)` +
    String.raw`|\b(?:nobody|no one|none of (?:us|our \w+))(?: here| on our (?:side|team|end))? (?:can|could|is able to|are able to)(?: even)? (?:log|sign|get in|access|reach|connect|use|order|place|open|load|check ?out)\b`,
  'i',
);
/** Records that vanished from the account, not a parcel that has not arrived. */
const RECORDS_GONE =
  /\b(?:order history|invoices|records|files|reports|contacts|(?:saved )?addresses|product (?:list|catalog)|catalog(?:ue)?|settings|documents|price lists?|history|account data)\b[^.!?]{0,30}\b(?:disappeared|vanished|erased|wiped|(?:are|is|went) (?:all )?(?:gone|empty)|(?:are|is) missing from (?:the|our|my) (?:account|portal|dashboard|system))\b/i;
const URGENT_WORDS =
  /\b(urgent|urgently|asap|immediately|right now|emergency|urgente|dringend|sofort|imm[ée]diatement)\b/i;

export function mentionsSecurity(text: string): boolean {
  return SECURITY.test(text);
}

/** Lost, deleted or wiped data, in the supported languages: always a person's job. */
export function mentionsDataLoss(text: string): boolean {
  return DATA_LOSS.test(text) || RECORDS_GONE.test(text);
}

/**
 * Urgency from plan and topic, decided in code whatever a model says:
 * enterprise + outage/data loss → critical; security or a breach → critical;
 * enterprise + billing error → high; any other outage, data loss or stated billing error → high;
 * free + general → low.
 * Returns the floor (or, for free + general, the ceiling) and the signals that fired. The topic
 * comes from the concern model when given (any wording, any supported language) or the patterns.
 */
export function ruleUrgency(
  text: string,
  intent: Intent,
  plan: Plan | undefined,
  base: Urgency,
  /** The topic the concern model understood, however it was phrased; the patterns still count. */
  concern: Concern | null = null,
): { urgency: Urgency; signals: string[] } {
  const signals: string[] = [];
  let urgency = base;
  const outage =
    concern === 'outage' ||
    WIDE_FAILURE.test(text) ||
    (OUTAGE.test(text) &&
      (intent === 'technical' ||
        /service|api|app|site|platform|system|dashboard|portal|integration|checkout/i.test(text)));
  const dataLoss = concern === 'data_loss' || mentionsDataLoss(text);
  if (concern === 'security' || SECURITY.test(text)) {
    urgency = 'critical';
    signals.push('security or breach → critical');
  }
  if (plan === 'enterprise' && (outage || dataLoss)) {
    urgency = 'critical';
    signals.push(`enterprise + ${dataLoss ? 'data loss' : 'outage'} → critical`);
  } else if (outage || dataLoss) {
    urgency = maxUrgency(urgency, 'high');
    signals.push(`${plan ?? 'unknown plan'} + ${dataLoss ? 'data loss' : 'service disruption'} → high`);
  }
  const billingError = BILLING_ERROR.test(text) || WRONG_SUM.test(text);
  if (plan === 'enterprise' && (concern === 'billing_error' || billingError)) {
    urgency = maxUrgency(urgency, 'high');
    signals.push('enterprise + billing error → high');
  } else if (billingError) {
    // Said in so many words ("charged twice", "billed $4,000 instead of $400"): high on any plan.
    urgency = maxUrgency(urgency, 'high');
    signals.push('billing error → high');
  }
  if (URGENT_WORDS.test(text) && RANK[urgency] < RANK.high && !signals.length) {
    urgency = maxUrgency(urgency, 'medium');
  }
  if (plan === 'free' && (intent === 'general' || intent === 'other') && signals.length === 0) {
    urgency = 'low';
    signals.push('free + general question → low');
  }
  return { urgency, signals };
}
