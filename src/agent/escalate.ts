import { z } from 'zod';
import { INTENTS } from '../domain/index.js';
import { phrase } from './phrases.js';
import type { Evidence } from './retrieve.js';
import type { AgentEscalation, Understanding } from './types.js';

export const EscalateInputSchema = z.object({
  ticketId: z.string(),
  customerName: z.string().optional(),
  plan: z.string().optional(),
  text: z.string(),
  reason: z.string(),
  confidence: z.number(),
  threshold: z.number(),
});
export type EscalateInput = z.infer<typeof EscalateInputSchema>;

function excerpt(text: string): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > 160 ? `${one.slice(0, 157)}…` : one;
}

/**
 * Escalation from facts the code already has: a 2–3 sentence summary for staff (what the
 * customer wants, what was tried, why it escalates), an internal note with the numbers, and an
 * empathetic message in the customer's language. Used by the offline engine and as the LLM
 * engine's fallback when the model cannot be trusted.
 */
export function composeEscalation(
  raw: EscalateInput,
  u: Understanding,
  ev: Evidence | null,
): AgentEscalation {
  const input = EscalateInputSchema.parse(raw);
  const who = input.customerName
    ? `${input.customerName}${input.plan ? ` (${input.plan})` : ''}`
    : 'An unidentified customer';
  const tried = ev?.notes.length ? `Tried: ${ev.notes.join('; ')}.` : 'Nothing was looked up.';
  const summary = `${who} asks about ${INTENTS[u.intent].label}: “${excerpt(input.text)}”. ${tried} Escalated because ${input.reason}.`;
  const internalNote = [
    `Intent ${u.intent}, urgency ${u.urgency}${u.urgencySignals.length ? ` (${u.urgencySignals.join('; ')})` : ''}, sentiment ${u.sentiment}, language ${u.language}.`,
    `Confidence ${input.confidence.toFixed(2)} against threshold ${input.threshold.toFixed(2)}.`,
    u.entities.orderIds.length ? `Orders mentioned: ${u.entities.orderIds.join(', ')}.` : '',
    ev?.articles.length
      ? `Articles considered: ${ev.articles.map((a) => a.article.articleId).join(', ')}.`
      : '',
    u.securityConcern ? 'Security concern: handle before anything else.' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return {
    summary,
    internalNote,
    customerMessage: phrase(
      ev?.ordersUnavailable === 'not_connected'
        ? 'orders_not_connected'
        : ev?.ordersUnavailable === 'unreachable'
          ? 'orders_unreachable'
          : 'escalated',
      u.language,
      { ticketId: input.ticketId },
    ),
  };
}
