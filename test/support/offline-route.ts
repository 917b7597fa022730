import { routeMessage } from '../../src/agent/route.js';
import { understandOffline } from '../../src/agent/understand.js';
import type { Plan } from '../../src/domain/index.js';

/** A new message from a customer on `plan`, understood by the offline engine. */
export const understandAs = (text: string, plan: Plan) =>
  understandOffline({ text, plan, isNewTicket: true, openTickets: [] });

/**
 * Where the router sends the message when the evidence is strong (confidence 0.95): what urgency,
 * a request for a person, a security concern or the tone decide on their own.
 */
export const routeWithStrongEvidence = (text: string, plan: Plan) => {
  const u = understandAs(text, plan);
  return routeMessage({
    urgency: u.urgency,
    confidence: 0.95,
    wantsHuman: u.wantsHuman,
    securityConcern: u.securityConcern,
    sentiment: u.sentiment,
    settings: { confidenceHigh: 0.75, confidenceNormal: 0.6 },
  }).route;
};
