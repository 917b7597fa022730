import type { App } from '../src/app.js';
import type { InboundOutcome, StaffActionResult } from '../src/conversation/ports.js';
import { DEMO } from '../src/memory/demo-data.js';
import { APPROVER, freshRefundableOrder, message, type Who } from './harness.js';
import type { ModelScript } from './scripted-model.js';

/** Runs one measured step: its latency, round trips and model usage are recorded under `step`. */
export type Measure = <T extends InboundOutcome | StaffActionResult>(
  step: string,
  fn: () => Promise<T>,
) => Promise<T>;

/** One thing a user does, repeated by the bench: unmeasured setup, then measured steps. */
export interface Scenario {
  name: string;
  /** The outcome each measured step should have; others are counted and printed, not hidden. */
  expected: Record<string, string>;
  /** What the scripted model answers in iteration `i` (LLM engine runs). */
  model(i: number): ModelScript;
  run(app: App, i: number, measure: Measure): Promise<void>;
}

/** Top-level questions, each with the reading a model would give it (so the LLM run answers it). */
const QUESTIONS: Array<{ who: Who; text: string; model: ModelScript }> = [
  {
    who: 'maya',
    text: 'Where is order 1042?',
    model: {
      understanding: { intent: 'order_status', orderIds: ['1042'] },
      reply: 'Order 1042 shipped with UPS and should arrive in two days.',
    },
  },
  {
    who: 'priya',
    text: 'How long does standard shipping take?',
    model: {
      understanding: { intent: 'shipping' },
      reply: 'Standard delivery takes 3–5 business days after dispatch.',
    },
  },
  {
    who: 'jordan',
    text: 'How do I reset my password?',
    model: {
      understanding: { intent: 'account' },
      reply: 'Use "Forgot password" on the sign-in page; the link in the email is valid for an hour.',
    },
  },
  {
    who: 'maya',
    text: 'What is your return policy?',
    model: {
      understanding: { intent: 'return' },
      reply: 'You can return items within 30 days of delivery; refunds go to the original payment method.',
    },
  },
];
/** Cycles through a list; the warm-up run is i = -1. */
const pick = <T>(list: readonly T[], i: number): T => list[((i % list.length) + list.length) % list.length]!;

// Order ids no demo order uses (demo ids are 1040–1060), one per refund iteration.
const refundOrderId = (i: number) => String(80_000 + i);

export const SCENARIOS: Scenario[] = [
  {
    name: 'question',
    expected: { 'new question': 'answered' },
    model: (i) => pick(QUESTIONS, i).model,
    async run(app, i, measure) {
      const q = pick(QUESTIONS, i);
      await measure('new question', () => app.engine.handleInbound(message(q.who, q.text)));
    },
  },
  {
    name: 'thread reply',
    expected: { 'reply in thread': 'answered' },
    model: () => ({
      understanding: { intent: 'order_status', orderIds: ['1043'] },
      reply: 'Order 1043 was delivered five days ago.',
    }),
    async run(app, _i, measure) {
      const first = message('maya', 'Where is order 1042?');
      await app.engine.handleInbound(first);
      await measure('reply in thread', () =>
        app.engine.handleInbound(
          message('maya', 'And what about order 1043, has it been delivered?', first.messageId),
        ),
      );
    },
  },
  {
    name: 'refund + approve',
    expected: { 'refund request': 'approval_requested', 'approve click': 'ok' },
    model: (i) => ({
      understanding: { intent: 'refund', orderIds: [refundOrderId(i)] },
      proposeRefundFor: refundOrderId(i),
      reply: `I have asked our team to refund order ${refundOrderId(i)}; you will hear from us shortly.`,
    }),
    async run(app, i, measure) {
      const orderId = refundOrderId(i);
      await freshRefundableOrder(app, orderId);
      const out = await measure('refund request', () =>
        app.engine.handleInbound(
          message('maya', `The grinder from order ${orderId} arrived broken, I want a refund please.`),
        ),
      );
      if (!out.ticketId) return;
      const [approval] = await app.stores.approvals.listByTicket(DEMO.tenantId, out.ticketId);
      if (!approval) return;
      await measure('approve click', () =>
        app.engine.handleStaffAction(APPROVER, {
          v: 1,
          action: 'approval.approve',
          approvalId: approval.approvalId,
        }),
      );
    },
  },
  {
    name: 'escalation',
    expected: { escalation: 'escalated' },
    model: () => ({
      understanding: { intent: 'technical', urgency: 'critical', sentiment: 'negative', wantsHuman: true },
      reply: 'A person will look at this right away.',
      needsEscalation: true,
    }),
    async run(app, _i, measure) {
      await measure('escalation', () =>
        app.engine.handleInbound(
          message('jordan', 'Our whole warehouse system is down, this is an outage! I need a human now.'),
        ),
      );
    },
  },
];

/** A step's outcome as one word: the inbound status, or ok/refused for a click. */
export function outcomeOf(result: InboundOutcome | StaffActionResult): string {
  return 'status' in result ? result.status : result.ok ? 'ok' : 'refused';
}
