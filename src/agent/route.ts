import { z } from 'zod';
import { SentimentSchema, UrgencySchema } from '../domain/index.js';

export const RouteInputSchema = z.object({
  urgency: UrgencySchema,
  confidence: z.number().min(0).max(1),
  wantsHuman: z.boolean(),
  securityConcern: z.boolean(),
  /** Negative raises the bar to `confidenceHigh`; after a bot answer it goes to a person. */
  sentiment: SentimentSchema.default('neutral'),
  /** Lost, deleted or wiped data (found by code): a person handles it. */
  dataLoss: z.boolean().default(false),
  /** What the ticket's history says about this message (src/agent/thread-signals.ts). */
  thread: z
    .object({
      afterBotAnswer: z.boolean().default(false),
      repeatsQuestion: z.boolean().default(false),
      saysNotHelped: z.boolean().default(false),
      /**
       * A question after the answer with no complaint code hears: negative by the engine's reading
       * alone, it raises the bar instead of going to a person.
       */
      plainFollowUp: z.boolean().default(false),
    })
    .default({ afterBotAnswer: false, repeatsQuestion: false, saysNotHelped: false, plainFollowUp: false }),
  /**
   * A help-center question whose high urgency or negative sentiment is its tone only ("urgent:
   * what's the rate limit on Pro?", "ugh, how do we pull our order history into a csv?"): no
   * outage, breach, lost data or billing error found by code. The tone there asks for speed or an
   * answer, not for more care, so the normal bar applies. After a bot answer negativity still
   * goes to a person.
   */
  plainQuestion: z.boolean().default(false),
  /** The resolver (or the evidence) says this needs a person. */
  needsEscalation: z.boolean().default(false),
  needsEscalationReason: z.string().optional(),
  settings: z.object({
    confidenceHigh: z.number().min(0).max(1),
    confidenceNormal: z.number().min(0).max(1),
  }),
});
export type RouteInput = z.input<typeof RouteInputSchema>;

export const RouteDecisionSchema = z.object({
  route: z.enum(['resolve', 'escalate']),
  threshold: z.number(),
  reason: z.string(),
});
export type RouteDecision = z.infer<typeof RouteDecisionSchema>;

// Confidences are rounded to two decimals first: 0.7499999 from float arithmetic must not
// decide differently from the 0.75 a person reads on the decision record.
const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Route in code, never by a model. Always a person: a security concern, data loss, critical
 * urgency, a request for a person, the resolver's own signal, a customer saying the bot's answer
 * did not help, the same question asked again after an answer, and negative sentiment after a bot
 * answer (unless it is a plain follow-up question: the engine alone read it as negative). Otherwise by confidence: high and critical urgency and negative messages need
 * `confidenceHigh` (0.75), except a plain help-center question's tone; everything else
 * `confidenceNormal` (0.60).
 */
export function routeMessage(raw: RouteInput): RouteDecision {
  const input = RouteInputSchema.parse(raw);
  const negative = input.sentiment === 'negative';
  const high =
    ((input.urgency === 'high' || negative) && !input.plainQuestion) || input.urgency === 'critical';
  const threshold = high ? input.settings.confidenceHigh : input.settings.confidenceNormal;
  const confidence = round2(input.confidence);
  const person = (reason: string): RouteDecision => ({ route: 'escalate', threshold, reason });
  if (input.securityConcern) return person('security concern: a person handles it');
  if (input.dataLoss) return person('data loss: a person handles it');
  if (input.urgency === 'critical') return person('critical urgency: a person handles it');
  if (input.wantsHuman) return person('the customer asked for a person');
  if (input.needsEscalation) return person(input.needsEscalationReason ?? 'the resolver could not answer');
  if (input.thread.saysNotHelped) return person('the customer says the answer did not help');
  if (input.thread.repeatsQuestion)
    return person('the customer asked the same question again after an answer');
  if (input.thread.afterBotAnswer && negative && !input.thread.plainFollowUp)
    return person('negative sentiment after a bot answer');
  const bar =
    input.plainQuestion && (input.urgency === 'high' || negative)
      ? 'plain-question'
      : negative && input.urgency !== 'high'
        ? 'negative-sentiment'
        : `${input.urgency}-urgency`;
  if (confidence < round2(threshold)) {
    return {
      route: 'escalate',
      threshold,
      reason: `confidence ${confidence.toFixed(2)} below the ${bar} threshold ${threshold.toFixed(2)}`,
    };
  }
  return {
    route: 'resolve',
    threshold,
    reason: `confidence ${confidence.toFixed(2)} meets the ${bar} threshold ${threshold.toFixed(2)}`,
  };
}
