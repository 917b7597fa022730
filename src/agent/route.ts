import { z } from 'zod';
import { UrgencySchema } from '../domain/index.js';

export const RouteInputSchema = z.object({
  urgency: UrgencySchema,
  confidence: z.number().min(0).max(1),
  wantsHuman: z.boolean(),
  securityConcern: z.boolean(),
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
 * Route in code, never by a model: high and critical urgency need `confidenceHigh` (0.75),
 * medium and low need `confidenceNormal` (0.60); a request for a person, a security concern
 * or the resolver's own signal escalate whatever the confidence.
 */
export function routeMessage(raw: RouteInput): RouteDecision {
  const input = RouteInputSchema.parse(raw);
  const high = input.urgency === 'high' || input.urgency === 'critical';
  const threshold = high ? input.settings.confidenceHigh : input.settings.confidenceNormal;
  const confidence = round2(input.confidence);
  if (input.securityConcern)
    return { route: 'escalate', threshold, reason: 'security concern: a person handles it' };
  if (input.wantsHuman) return { route: 'escalate', threshold, reason: 'the customer asked for a person' };
  if (input.needsEscalation) {
    return {
      route: 'escalate',
      threshold,
      reason: input.needsEscalationReason ?? 'the resolver could not answer',
    };
  }
  if (confidence < round2(threshold)) {
    return {
      route: 'escalate',
      threshold,
      reason: `confidence ${confidence.toFixed(2)} below the ${input.urgency}-urgency threshold ${threshold.toFixed(2)}`,
    };
  }
  return {
    route: 'resolve',
    threshold,
    reason: `confidence ${confidence.toFixed(2)} meets the ${input.urgency}-urgency threshold ${threshold.toFixed(2)}`,
  };
}
