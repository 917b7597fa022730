import type { Intent, Plan, Urgency } from '../domain/index.js';

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
  /\b(outage|down|is down|offline|not loading|won'?t load|unavailable|503|502|504|500 errors?|all requests fail\w*|timing out|nobody can log ?in|no one can log ?in|completely broken|everything is broken|ca[íi]d[oa]|no funciona nada|panne|hors service|ne fonctionne plus|ausfall|nicht erreichbar|funktioniert nicht mehr|fora do ar|non funziona|fuori servizio|storing|werkt niet|awaria|nie dzia[lł]a|service disruption|disrupt\w*)\b/i;
const DATA_LOSS =
  /\b(data loss|lost (?:all )?(?:of )?(?:our |my |the )?(?:data|files|records)|(?:data|files|records) (?:is |are |has been |have been )?(?:gone|missing|deleted|wiped|lost)|wiped|p[ée]rdida de datos|datos perdidos|perte de donn[ée]es|donn[ée]es perdues|datenverlust|daten (?:sind )?(?:weg|verloren|gel[öo]scht)|perda de dados|dados perdidos|perdita (?:di|dei) dati|dati persi|gegevensverlies|data (?:is )?kwijt|utrata danych|dane (?:zosta[lł]y )?(?:utracone|usuni[ęe]te|stracone))\b/i;
const BILLING_ERROR =
  /\b(charged twice|double[- ]charged|overcharged|wrong (?:amount|charge|invoice)|billing (?:error|mistake)|incorrect (?:charge|invoice)|duplicate (?:charge|payment)|cobrado dos veces|cobro duplicado|factur[ée] deux fois|doppelt (?:belastet|abgebucht)|cobrado duas vezes)\b/i;
const URGENT_WORDS =
  /\b(urgent|urgently|asap|immediately|right now|emergency|urgente|dringend|sofort|imm[ée]diatement)\b/i;

export function mentionsSecurity(text: string): boolean {
  return SECURITY.test(text);
}

/** Lost, deleted or wiped data, in the supported languages: always a person's job. */
export function mentionsDataLoss(text: string): boolean {
  return DATA_LOSS.test(text);
}

/**
 * Urgency from plan and topic, decided in code whatever a model says:
 * enterprise + outage/data loss → critical; security or a breach → critical;
 * enterprise + billing error → high; pro + service disruption → high; free + general → low.
 * Returns the floor (or, for free + general, the ceiling) and the signals that fired.
 */
export function ruleUrgency(
  text: string,
  intent: Intent,
  plan: Plan | undefined,
  base: Urgency,
): { urgency: Urgency; signals: string[] } {
  const signals: string[] = [];
  let urgency = base;
  const outage =
    OUTAGE.test(text) &&
    (intent === 'technical' || /service|api|app|site|platform|system|dashboard/i.test(text));
  const dataLoss = DATA_LOSS.test(text);
  if (SECURITY.test(text)) {
    urgency = 'critical';
    signals.push('security or breach → critical');
  }
  if (plan === 'enterprise' && (outage || dataLoss)) {
    urgency = 'critical';
    signals.push(`enterprise + ${dataLoss ? 'data loss' : 'outage'} → critical`);
  } else if (outage || dataLoss) {
    urgency = maxUrgency(urgency, plan === 'pro' ? 'high' : 'medium');
    if (plan === 'pro') signals.push('pro + service disruption → high');
  }
  if (plan === 'enterprise' && BILLING_ERROR.test(text)) {
    urgency = maxUrgency(urgency, 'high');
    signals.push('enterprise + billing error → high');
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
