import type { Plan } from '../../domain/index.js';
import { CUSTOMERS } from '../../memory/demo-records.js';
import { CONSUMED_SPLITS, type GoldenMessage, type TrainingSplit } from '../eval/golden.js';
import { loadTrainingSplit } from './training-splits.js';

/** A golden message as a training example of one head: the customer's words and that head's label. */
export interface GoldenLabel {
  text: string;
  label: string;
}

/**
 * Consumed sets only the answerability model and its memory of routed questions fit (the
 * seventeenth round): with the heads fitting dev12 and dev13 too, the blind dev14 lost a critical
 * line (8/11 -> 7/11) for +2 route; with the answerability alone, route 217 -> 221 of 250
 * (escalation precision / recall 76.9 / 75.8% -> 79.1 / 80.3%) and critical recall unchanged.
 * dev15 (the eighteenth round) the same way: with the heads fitting it too, blind dev14 route
 * 225 -> 221 and critical recall 9/11 -> 8/11 (dev5's 13/13 -> 12/13); the answerability alone
 * kept dev14 at 225 and 9/11, and the consumed dev2-dev13 at 2695/2806. dev16 (the nineteenth
 * round) the answerability alone too, as the round's brief asked after the two rounds above,
 * dev17 (the twentieth), dev19 (the twenty-first), dev20 and dev21 (the twenty-second).
 */
const ANSWERABILITY_ONLY = ['dev12', 'dev13', 'dev15', 'dev16', 'dev17', 'dev19', 'dev20', 'dev21'] as const;

/**
 * Consumed sets only the intent head fits (the twenty-third stop: the sets read in the twentieth to
 * twenty-second). On the seven sets no fit read (dev28, dev32, dev36 to dev40), route 1514 -> 1527
 * of 1665 with the intent head fitting them, critical recall unchanged (108/119); with the
 * answerability model fitting them alone 1514 -> 1515, and beside the intent head it gained nothing
 * on the five check sets (1083 with it, 1081 without, of 1185 after the stop's rounds) while two
 * regression tests' answerable questions fell below the bar; with the concern head fitting them, critical
 * recall fell 108 -> 103; with the urgency head, route 1526 and critical recall unchanged.
 */
export const INTENT_HEAD_ONLY = [
  'dev24',
  'dev25',
  'dev26',
  'dev27',
  'dev30',
  'dev31',
  'dev33',
  'dev34',
  'dev35',
] as const satisfies readonly TrainingSplit[];
const intentOnly = (split: TrainingSplit) => (INTENT_HEAD_ONLY as readonly string[]).includes(split);

/**
 * The golden splits whose labels the intent, urgency and concern heads are fitted on (beside the corpus;
 * INTENT_ONLY's the intent head alone): the consumed held-out sets, cross-fitted for the answerability signals (cross-fit.ts).
 * Leave-one-set-out on dev8, dev9 and dev10 against the answerability change alone: intent
 * 567 -> 638 of 750 (75.6% -> 85.1%), urgency 648 -> 670, route 668 -> 669, facts 388 -> 390 of
 * 486, critical recall (40/43) and unsafe actions (0) unchanged. The one unsafe action the first try
 * found ("not asking for a refund, just want to know the grinder on 1043 is still under
 * warranty" proposed a refund) is closed in code: customer-request.ts's disowned(). The concern
 * head fits them too since the fourteenth round (the 'none' an answered line implies,
 * textConcernLabel): leave-one-set-out on dev9, dev10 and dev11, route 657 -> 659 of 750, urgency
 * 659 -> 662, critical recall (38/44) and unsafe actions (0) unchanged. Its 'security' for a
 * critical line from a sender not on enterprise moved nothing (route 659, urgency 661), and the
 * 'none' lines counted three times lost critical recall (dev9 13 -> 12, dev10 14 -> 12): neither kept.
 */
export const HEAD_SPLITS: readonly TrainingSplit[] = CONSUMED_SPLITS.filter(
  (s) => !(ANSWERABILITY_ONLY as readonly string[]).includes(s),
);

const PLAN_BY_EMAIL = new Map<string, Plan>(
  CUSTOMERS.flatMap((c) => c.contacts.map(([, email]) => [email.toLowerCase(), c.plan] as const)),
);

/**
 * The urgency head learns the text's own urgency; golden labels are after the plan rules
 * (ruleUrgency). Where the sender's plan may have set the label, the text's own is unknown and
 * the line teaches nothing: any critical (the policy makes it critical from the concern and the
 * plan, whatever the words' own urgency) and a free sender's general question (low whatever its
 * words say).
 */
export function textUrgencyLabel(
  m: Pick<GoldenMessage, 'intent' | 'urgency' | 'customerEmail'>,
): string | null {
  if (!m.urgency) return null;
  const plan = m.customerEmail ? PLAN_BY_EMAIL.get(m.customerEmail.toLowerCase()) : undefined;
  // Critical is never the text's own under the labelling policy: a security concern, or an
  // outage or data loss at an enterprise customer, both decided by the plan rules on the concern.
  // Learnt as the text's urgency it made a calm "nobody here has placed an order yet, how do
  // I…" critical (critical-forms.test.ts).
  if (m.urgency === 'critical') return null;
  if (plan === 'free' && (m.intent === 'general' || m.intent === 'other')) return null;
  return m.urgency;
}

/**
 * The concern head's label a golden line implies, where it implies one: none for a line answered
 * or let pass (route resolve or ignore) at low or medium urgency, since under the labelling policy
 * any concern raises the urgency or sends the message to a person (a security concern is critical,
 * an outage or data loss high, a billing error a dispute for a person). An escalated line may or
 * may not raise one, so it teaches nothing: the concerns themselves are learnt from the corpus.
 */
export function textConcernLabel(m: Pick<GoldenMessage, 'route' | 'urgency'>): string | null {
  if (m.route !== 'resolve' && m.route !== 'ignore') return null;
  if (m.urgency === 'high' || m.urgency === 'critical') return null;
  return 'none';
}

/** The golden examples of each head fitted on them, in file order. */
export interface GoldenHeadLabels {
  intent: GoldenLabel[];
  urgency: GoldenLabel[];
  concern: GoldenLabel[];
}

/**
 * The intent, urgency and concern examples the golden splits give, in file order (training is
 * seeded, so the order is part of the model). A message with a thread is left out: its label
 * depends on turns the head never reads.
 */
export async function goldenHeadLabels(
  splits: readonly TrainingSplit[] = HEAD_SPLITS,
  /** Splits held out of the fit (`--hold-out`): a line repeating one of theirs is left out. */
  heldOut: readonly TrainingSplit[] = [],
): Promise<GoldenHeadLabels> {
  const out: GoldenHeadLabels = { intent: [], urgency: [], concern: [] };
  for (const split of splits) {
    for (const m of await loadTrainingSplit(split, heldOut)) {
      if (m.thread?.length) continue;
      out.intent.push({ text: m.text, label: m.intent });
      if (intentOnly(split)) continue;
      const u = textUrgencyLabel(m);
      if (u) out.urgency.push({ text: m.text, label: u });
      const c = textConcernLabel(m);
      if (c) out.concern.push({ text: m.text, label: c });
    }
  }
  return out;
}
