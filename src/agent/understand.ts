import { z } from 'zod';
import { PlanSchema, type Urgency } from '../domain/index.js';
import { extractEntities } from './entities.js';
import { detectLanguage } from './language.js';
import { asksForHuman, classifyIntent, isPleasantry } from './offline/classify-intent.js';
import { fold } from './offline/text.js';
import { isEmojiOnly } from './pleasantry.js';
import { UnderstandingSchema, type Understanding } from './types.js';
import { mentionsDataLoss, mentionsSecurity, ruleUrgency } from './urgency.js';

/** What the understand stage reads. */
export const UnderstandInputSchema = z.object({
  text: z.string(),
  plan: PlanSchema.optional(),
  preferredLanguage: z.string().optional(),
  /** Only top-level messages may continue an open ticket. */
  isNewTicket: z.boolean(),
  openTickets: z
    .array(z.object({ ticketId: z.string(), subject: z.string(), intent: z.string() }))
    .default([]),
});
export type UnderstandInput = z.infer<typeof UnderstandInputSchema>;

const NEGATIVE =
  /\b(?:angry|furious|terrible|awful|horrible|unacceptable|ridiculous|frustrat\w*|disappointed|worst|useless|annoyed|upset|fed up|scam|still (?:waiting|nothing|no)|again|never|wtf|sucks|inaceptable|molesto|decepcionado|inacceptable|furieux|decu|unverschamt|enttauscht|argerlich|inaceitavel|decepcionad[oa]|irritad[oa])\b|!!|😡|😠/;
const POSITIVE =
  /\b(?:thanks|thank you|great|love|awesome|appreciate|gracias|merci|danke|obrigad[oa]|perfect)\b|🙂|😊|🙏/;

function sentimentOf(text: string): Understanding['sentiment'] {
  const f = fold(text);
  if (NEGATIVE.test(f) || /[A-Z]{5,}/.test(text)) return 'negative';
  if (POSITIVE.test(f)) return 'positive';
  return 'neutral';
}

/** The open ticket a new top-level message continues: same order mentioned, else the one ticket on the same topic. */
export function matchOpenTicket(
  understanding: Pick<Understanding, 'intent' | 'entities'>,
  openTickets: UnderstandInput['openTickets'],
): string | null {
  if (!openTickets.length) return null;
  for (const id of understanding.entities.orderIds) {
    const hit = openTickets.find((t) => new RegExp(`\\b${id}\\b`).test(t.subject));
    if (hit) return hit.ticketId;
  }
  const sameTopic = openTickets.filter((t) => t.intent === understanding.intent);
  if (sameTopic.length === 1 && understanding.intent !== 'other' && understanding.intent !== 'general') {
    return sameTopic[0]!.ticketId;
  }
  return null;
}

/**
 * The decisions code makes whatever an engine (or a model) proposed: urgency floors from plan
 * and topic, security and human requests detected by pattern (a model cannot talk them away),
 * entities by pattern, and a continued ticket only from the ones offered.
 */
export function applyCodeRules(proposed: Understanding, input: UnderstandInput): Understanding {
  const entities = extractEntities(input.text);
  const merged = {
    orderIds: [
      ...new Set([...entities.orderIds, ...proposed.entities.orderIds.filter((id) => /^\d{3,10}$/.test(id))]),
    ],
    amounts: entities.amounts,
    emails: entities.emails,
  };
  const security = proposed.securityConcern || mentionsSecurity(fold(input.text));
  const wantsHuman = proposed.wantsHuman || asksForHuman(input.text);
  const rules = ruleUrgency(fold(input.text), proposed.intent, input.plan, proposed.urgency);
  let urgency: Urgency = rules.urgency;
  if (security) urgency = 'critical';
  const offered = new Set(input.openTickets.map((t) => t.ticketId));
  const continuesTicketId =
    input.isNewTicket && proposed.continuesTicketId && offered.has(proposed.continuesTicketId)
      ? proposed.continuesTicketId
      : null;
  return UnderstandingSchema.parse({
    ...proposed,
    urgency,
    urgencySignals: [...new Set([...proposed.urgencySignals, ...rules.signals])],
    entities: merged,
    securityConcern: security,
    wantsHuman,
    // Emoji and punctuation alone acknowledge: code decides, whatever a model proposed. A security
    // concern or lost data found by code is never a pleasantry.
    isPleasantry:
      !security && !mentionsDataLoss(fold(input.text)) && (proposed.isPleasantry || isEmojiOnly(input.text)),
    continuesTicketId,
  });
}

/** Offline understanding: real language detection, intent by rules and examples, entities by pattern. */
export function understandOffline(raw: UnderstandInput): Understanding {
  const input = UnderstandInputSchema.parse(raw);
  const entities = extractEntities(input.text);
  const language = detectLanguage(input.text, input.preferredLanguage);
  const pleasantry = isPleasantry(input.text);
  const guess = pleasantry
    ? { intent: 'other' as const }
    : classifyIntent(input.text, entities.orderIds.length > 0);
  const sentiment = sentimentOf(input.text);
  const proposed = UnderstandingSchema.parse({
    language,
    intent: guess.intent,
    urgency: 'medium',
    urgencySignals: [],
    sentiment,
    entities,
    wantsHuman: guess.intent === 'human_request',
    securityConcern: false,
    isPleasantry: pleasantry,
    continuesTicketId: null,
  });
  const withRules = applyCodeRules(proposed, input);
  return {
    ...withRules,
    continuesTicketId: input.isNewTicket ? matchOpenTicket(withRules, input.openTickets) : null,
  };
}
