import { z } from 'zod';
import { PlanSchema, type Urgency } from '../domain/index.js';
import { extractEntities } from './entities.js';
import { detectLanguage } from './language.js';
import {
  asksForHuman,
  classifyIntent,
  classifyTone,
  detectConcern,
  isPleasantry,
  looksLikeInjection,
} from './offline/classify-intent.js';
import { isAcknowledgement } from './offline/acknowledgement.js';
import { fold } from './offline/text.js';
import { asksWhatIsSupported, asksWhenSupportAnswers } from './capability-question.js';
import { isCourtesyNote } from './courtesy-note.js';
import { isOffTopic } from './off-topic.js';
import { isCourtesyOnly, isEmojiOnly } from './pleasantry.js';
import { UnderstandingSchema, type Understanding } from './types.js';
import { isBillingDispute, statesBillingError } from './billing-errors.js';
import { asksWithoutBillingError, isPlainBillingRequest } from './billing-requests.js';
import { asksAboutPlannedStep, asksAboutRetention, mentionsDataLoss } from './data-loss.js';
import { forgotOwnPassword, mentionsSecurity } from './security-concern.js';
import { asksHowItWorks, asksWhereToSendPhishing } from './security-questions.js';
import { asksRecordsInFile } from './records-export.js';
import { ruleUrgency } from './urgency.js';
import { asksToAddTeamMember } from './team-members.js';
import { withoutSalutation } from './salutation.js';

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
 * The concern the concern model finds, except where code knows the text raises none: a question
 * about what follows the customer's own planned step, or how long data is kept before it is
 * deleted, is a policy question, a forgotten password of one's own, with no breach said beside
 * it, is a password reset, a question about what the product supports reports no outage, and a
 * message made only of thanks, greetings and emoji ("noted 👌", "have a nice weekend, everyone!")
 * reports nothing: the model had read them as a breach and an outage, and the patterns still look
 * at them (mentionsSecurity, mentionsDataLoss).
 * A greeting or wish to everyone is read without its salutation (salutation.ts).
 */
function concernOf(text: string): ReturnType<typeof detectConcern> {
  const folded = fold(text);
  if (
    asksAboutPlannedStep(folded) ||
    (asksAboutRetention(folded) && !dataLossIn(folded)) ||
    forgotOwnPassword(folded)
  )
    return null;
  if (courtesyIn(text)) return null;
  // "good morning all", "hope everyone had a nice weekend": who is greeted, not who cannot work.
  const unsaluted = withoutSalutation(text);
  const read = unsaluted === folded ? text : unsaluted;
  if (!/\p{L}/u.test(read)) return null;
  const concern = modelConcernIn(read);
  // A question about how a setting or a policy works ("which role sees invoices?", "what's your
  // policy on opened boxes?") is no breach when no pattern finds one (security-questions.ts), nor
  // is asking where to forward a phishing-looking mail that took nothing, nor asking to add one's
  // own assistant or new hire as a user (team-members.ts).
  if (
    concern === 'security' &&
    (asksHowItWorks(folded) || asksWhereToSendPhishing(folded) || asksToAddTeamMember(folded)) &&
    !securityIn(folded)
  )
    return null;
  // A request about invoices or an order that says no charge is wrong ("could you bill us in
  // pounds?") reports no billing error (billing-requests.ts).
  if (concern === 'billing_error' && !statesBillingError(folded) && asksWithoutBillingError(folded))
    return null;
  // A question about what the product supports or when support answers reports no outage, and
  // no lost data unless its words say so ("O suporte responde no fim de semana?" read as data loss
  // at 0.53).
  if (asksWhatIsSupported(folded) || asksWhenSupportAnswers(folded)) {
    if (concern === 'outage') return null;
    if (concern === 'data_loss' && !dataLossIn(folded)) return null;
  }
  return concern;
}

/**
 * A request about invoices or billing that says no charge is wrong (billing-requests.ts): the
 * urgency model's "high" alone does not raise it; the plan and topic rules still do.
 */
function plainBillingRequest(text: string, folded: string): boolean {
  return (
    !statesBillingError(folded) && isPlainBillingRequest(folded, modelConcernIn(text) === 'billing_error')
  );
}

/**
 * A check that remembers its last text and answer: understandOffline and then applyCodeRules put
 * the same pure checks (each a pass of large patterns) to one message.
 */
function rememberLast<R>(check: (text: string) => R): (text: string) => R {
  let last: { text: string; out: R } | null = null;
  return (text) => {
    if (last?.text === text) return last.out;
    const out = check(text);
    last = { text, out };
    return out;
  };
}
// The concern model's own reading, kept for the message: concernOf and the plain-billing check
// both ask it, and each asking is a pass of the model.
const modelConcernIn = rememberLast(detectConcern);
const concernIn = rememberLast(concernOf);
const securityIn = rememberLast(mentionsSecurity);
const dataLossIn = rememberLast(mentionsDataLoss);
/**
 * Emoji alone, only words of thanks, approval and greeting, or a note of thanks that something
 * worked out or is no longer needed (read by the concern and the pleasantry rule).
 */
const courtesyIn = rememberLast(
  (text: string) => isEmojiOnly(text) || isCourtesyOnly(text) || isCourtesyNote(text),
);

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
  // The concern model reads every message whichever engine understood it: a breach or an
  // outage phrased in a way no pattern expects still reaches the urgency rules.
  const concern = concernIn(input.text);
  const security = proposed.securityConcern || concern === 'security' || securityIn(fold(input.text));
  const wantsHuman = proposed.wantsHuman || asksForHuman(input.text);
  const rules = ruleUrgency(fold(input.text), proposed.intent, input.plan, proposed.urgency, concern);
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
    billingDispute: isBillingDispute(input.text, proposed.intent, concern),
    // Emoji alone, or only words of thanks, approval and greeting, acknowledge: code decides,
    // whatever a model proposed. A security concern, lost data or an outage found by code (the
    // rules raised the urgency: "所有同事都登不进系统" read as small talk) is never a pleasantry.
    isPleasantry:
      !security &&
      urgency !== 'critical' &&
      urgency !== 'high' &&
      !dataLossIn(fold(input.text)) &&
      !isOffTopic(fold(input.text)) &&
      (proposed.isPleasantry || courtesyIn(input.text)),
    continuesTicketId,
  });
}

/**
 * Offline understanding: real language detection; intent, the text's own urgency and sentiment
 * from the trained models (npm run train), the intent's calibrated probability as its
 * confidence; entities by pattern; plan and topic rules on top (applyCodeRules).
 */
export function understandOffline(raw: UnderstandInput): Understanding {
  const input = UnderstandInputSchema.parse(raw);
  const entities = extractEntities(input.text);
  const language = detectLanguage(input.text, input.preferredLanguage);
  const folded = fold(input.text);
  // A request about nothing we do ("translate 'see you tomorrow' into Spanish", "anyone know
  // a good burger place?") is read by a person, not recorded as small talk (off-topic.ts).
  const offTopic = isOffTopic(folded);
  const patterned = isPleasantry(input.text) && !offTopic;
  const read = patterned ? null : classifyIntent(input.text);
  // Thanks or a closing in words no pattern lists, read as small talk by the intent model.
  const pleasantry =
    patterned ||
    (read !== null &&
      !offTopic &&
      isAcknowledgement(input.text, read.probabilities) &&
      !looksLikeInjection(input.text));
  const guess = read && !pleasantry ? read : { intent: 'other' as const, confidence: 1 };
  const tone = classifyTone(input.text);
  // Critical is for a breach, an outage or lost data. The urgency model alone reads pressure
  // ("asap, my boss is waiting") as critical too; without any such concern, found by the concern
  // model or the patterns, pressure is high: the question is still answered if the answer is sure.
  const concernFound = concernIn(input.text) !== null || securityIn(folded) || dataLossIn(folded);
  // Records wanted in a file for the books, said as a need ("I need all our 2025 orders in a
  // spreadsheet"), is not pressure (records-export.ts), nor is a plain request about invoices that
  // states no wrong charge (billing-requests.ts).
  const pressure =
    tone.urgency === 'high' &&
    ((!concernFound && asksRecordsInFile(folded)) || plainBillingRequest(input.text, folded))
      ? 'medium'
      : tone.urgency;
  const textUrgency = pressure === 'critical' && !concernFound ? 'high' : pressure;
  const proposed = UnderstandingSchema.parse({
    language,
    intent: guess.intent,
    intentConfidence: guess.confidence,
    urgency: pleasantry ? 'low' : textUrgency,
    urgencySignals: [],
    sentiment: tone.sentiment,
    entities,
    // The model's guess asks for a person only when it is sure; the patterns decide otherwise.
    wantsHuman: guess.intent === 'human_request' && guess.confidence >= 0.5,
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
