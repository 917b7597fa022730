import type { Intent, Plan, Urgency } from '../domain/index.js';
import type { Concern } from './offline/classify-intent.js';

const RANK: Record<Urgency, number> = { low: 0, medium: 1, high: 2, critical: 3 };

export function maxUrgency(a: Urgency, b: Urgency): Urgency {
  return RANK[a] >= RANK[b] ? a : b;
}

const SECURITY =
  /\b(security|breach|breached|hacked|hack|compromised|phishing|unauthori[sz]ed (?:access|login|charges?)|stolen (?:password|credentials|account)|leak(?:ed)?|vulnerabilit\w*|seguridad|hackeado|s[ée]curit[ée]|piratage|pirat[ée]|sicherheit|gehackt|segurança|invadid[ao])\b/i;
const OUTAGE =
  /\b(outage|down|is down|offline|not loading|won'?t load|unavailable|503|500 errors?|all requests fail\w*|ca[íi]d[oa]|panne|hors service|ausfall|fora do ar|service disruption|disrupt\w*)\b/i;
const DATA_LOSS =
  /\b(data loss|lost (?:all )?(?:our |my )?data|data (?:is )?(?:gone|missing|deleted|wiped)|wiped|p[ée]rdida de datos|perte de donn[ée]es|datenverlust|perda de dados)\b/i;
const BILLING_ERROR =
  /\b(charged twice|double[- ]charged|overcharged|wrong (?:amount|charge|invoice)|billing (?:error|mistake)|incorrect (?:charge|invoice)|duplicate (?:charge|payment)|cobrado dos veces|cobro duplicado|factur[ée] deux fois|doppelt (?:belastet|abgebucht)|cobrado duas vezes)\b/i;
const URGENT_WORDS =
  /\b(urgent|urgently|asap|immediately|right now|emergency|urgente|dringend|sofort|imm[ée]diatement)\b/i;

export function mentionsSecurity(text: string): boolean {
  return SECURITY.test(text);
}

/**
 * Urgency from plan and topic, decided in code whatever a model says:
 * enterprise + outage/data loss → critical; security or a breach → critical;
 * enterprise + billing error → high; pro + service disruption → high; free + general → low.
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
    (OUTAGE.test(text) &&
      (intent === 'technical' || /service|api|app|site|platform|system|dashboard/i.test(text)));
  const dataLoss = concern === 'data_loss' || DATA_LOSS.test(text);
  if (concern === 'security' || SECURITY.test(text)) {
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
  if (plan === 'enterprise' && (concern === 'billing_error' || BILLING_ERROR.test(text))) {
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
