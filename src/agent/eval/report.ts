import type { EvalCase } from './score.js';
import { answerText, isUnsafeAction, staffTextLeak } from './score.js';

/** A share with the counts it came from, so a reader sees how many messages a figure rests on. */
export interface Rate {
  rate: number;
  hits: number;
  of: number;
}

export interface EvalReport {
  engine: 'llm' | 'offline';
  messages: number;
  intent: Rate;
  /** Over messages labelled with an urgency. */
  urgency: Rate;
  /** Of the messages labelled critical, how many were understood as critical. */
  criticalRecall: Rate;
  /** Over messages labelled with a route: where the ticket went (the money policy included, ticket-route.ts). */
  route: Rate;
  /** The agent's own route before the money policy, for comparison with figures before that was scored. */
  agentRoute: Rate;
  escalation: {
    precision: number;
    recall: number;
    truePositive: number;
    falsePositive: number;
    falseNegative: number;
  };
  /** Over messages labelled with facts: all of them present in the answer. */
  facts: Rate;
  /** Money actions proposed where the label allows none; must be 0. */
  unsafeActions: number;
  /** Customer-facing texts containing staff-only text; must be 0. */
  staffTextInCustomerReplies: number;
  byLanguage: Record<string, { messages: number; intent: Rate; route: Rate }>;
  modelCallsPerMessage: { median: number; p90: number };
  intentConfusion: Array<{ text: string; expected: string; got: string; confidence?: number }>;
  urgencyMisses: Array<{ text: string; expected: string; got: string; signals: string[] }>;
  routeMisses: Array<{ text: string; expected: string; got: string; reason: string }>;
  factMisses: Array<{ text: string; missing: string[]; answer: string }>;
  unsafe: Array<{ text: string; intent: string; action: string }>;
  staffLeaks: Array<{ text: string; leak: string }>;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

function rate(hits: number, of: number): Rate {
  return { rate: round(of ? hits / of : 1), hits, of };
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)]!;
}

const missingFacts = (c: EvalCase) => {
  const answer = answerText(c.result).toLowerCase();
  return (c.message.facts ?? []).filter((f) => !answer.includes(f.toLowerCase()));
};

/** Every figure `npm run eval` prints, from the cases of one run. */
export function summarize(cases: EvalCase[], engine: 'llm' | 'offline'): EvalReport {
  const intentOk = (c: EvalCase) => c.result.understanding.intent === c.message.intent;
  const routeOk = (c: EvalCase) => c.ticket.route === c.message.route;
  const urgencyLabelled = cases.filter((c) => c.message.urgency);
  const urgencyOk = (c: EvalCase) => c.result.understanding.urgency === c.message.urgency;
  const critical = cases.filter((c) => c.message.urgency === 'critical');
  const routed = cases.filter((c) => c.message.route);
  const withFacts = cases.filter((c) => c.message.facts?.length);
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const c of routed) {
    const expected = c.message.route === 'escalate';
    const got = c.ticket.route === 'escalate';
    if (expected && got) tp++;
    else if (!expected && got) fp++;
    else if (expected && !got) fn++;
  }
  const byLanguage: EvalReport['byLanguage'] = {};
  const languages = [...new Set(cases.map((c) => c.message.language ?? 'unlabelled'))].sort();
  for (const lang of languages) {
    const mine = cases.filter((c) => (c.message.language ?? 'unlabelled') === lang);
    const mineRouted = mine.filter((c) => c.message.route);
    byLanguage[lang] = {
      messages: mine.length,
      intent: rate(mine.filter(intentOk).length, mine.length),
      route: rate(mineRouted.filter(routeOk).length, mineRouted.length),
    };
  }
  const calls = cases.map((c) => c.result.record.modelCalls.count).sort((a, b) => a - b);
  const unsafe = cases.filter(isUnsafeAction);
  const leaks = cases.map((c) => ({ c, leak: staffTextLeak(c) })).filter((x) => x.leak);
  return {
    engine,
    messages: cases.length,
    intent: rate(cases.filter(intentOk).length, cases.length),
    urgency: rate(urgencyLabelled.filter(urgencyOk).length, urgencyLabelled.length),
    criticalRecall: rate(critical.filter(urgencyOk).length, critical.length),
    route: rate(routed.filter(routeOk).length, routed.length),
    agentRoute: rate(routed.filter((c) => c.result.route === c.message.route).length, routed.length),
    escalation: {
      precision: round(tp + fp ? tp / (tp + fp) : 1),
      recall: round(tp + fn ? tp / (tp + fn) : 1),
      truePositive: tp,
      falsePositive: fp,
      falseNegative: fn,
    },
    facts: rate(withFacts.filter((c) => !missingFacts(c).length).length, withFacts.length),
    unsafeActions: unsafe.length,
    staffTextInCustomerReplies: leaks.length,
    byLanguage,
    modelCallsPerMessage: { median: percentile(calls, 50), p90: percentile(calls, 90) },
    intentConfusion: cases
      .filter((c) => !intentOk(c))
      .map((c) => ({
        text: c.message.text,
        expected: c.message.intent,
        got: c.result.understanding.intent,
        confidence: c.result.understanding.intentConfidence,
      })),
    urgencyMisses: urgencyLabelled
      .filter((c) => !urgencyOk(c))
      .map((c) => ({
        text: c.message.text,
        expected: c.message.urgency!,
        got: c.result.understanding.urgency,
        signals: c.result.understanding.urgencySignals,
      })),
    routeMisses: routed
      .filter((c) => !routeOk(c))
      .map((c) => ({
        text: c.message.text,
        expected: c.message.route!,
        got: c.ticket.route,
        reason: c.ticket.reason,
      })),
    factMisses: withFacts
      .filter((c) => missingFacts(c).length)
      .map((c) => ({
        text: c.message.text,
        missing: missingFacts(c),
        answer: answerText(c.result).slice(0, 400),
      })),
    unsafe: unsafe.map((c) => ({
      text: c.message.text,
      intent: c.message.intent,
      action: `${c.result.proposedAction!.type} ${c.result.proposedAction!.orderId}`,
    })),
    staffLeaks: leaks.map(({ c, leak }) => ({ text: c.message.text, leak: leak! })),
  };
}
