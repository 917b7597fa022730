import type { FakeStep, RecordedRequest } from '../test/support/fake-openai.js';
import type { ModelUsage } from './stats.js';

/** What the scripted model says in one scenario, whichever stage asks. */
export interface ModelScript {
  /** The reading (merged over an ordinary English, medium-urgency one). */
  understanding: Record<string, unknown>;
  /** The resolver's answer to the customer. */
  reply: string;
  /** The resolver hands over instead of answering. */
  needsEscalation?: boolean;
  /** The answer proposes a refund of this order (no amount: the customer named none). */
  proposeRefundFor?: string;
}

/** ≈4 characters per token for English text: OpenAI's rule of thumb, good enough for an estimate. */
const tokens = (text: string) => Math.ceil(text.length / 4);

/**
 * A model answer for whichever stage sent the request, recognised by its system prompt. Usage is
 * not scripted but estimated from what was really sent and answered, so longer prompts (thread
 * history, tool results, articles) show up in the token figures.
 */
export function scriptedModel(script: ModelScript, usage: ModelUsage): (req: RecordedRequest) => FakeStep {
  return (req) => {
    const system = req.body.messages.find((m) => m.role === 'system')?.content ?? '';
    const prompt = tokens(JSON.stringify(req.body.messages)) + tokens(JSON.stringify(req.body.tools ?? []));
    let step: FakeStep;
    if (system.includes('Read one customer message and answer it')) {
      // The one call: the reading and the answer together, from the facts fetched first.
      step = content({
        language: 'en',
        intent: 'general',
        urgency: 'medium',
        sentiment: 'neutral',
        orderIds: [],
        continuesTicketId: null,
        ...script.understanding,
        reply: script.reply,
        citations: [],
        proposal: script.proposeRefundFor ? { type: 'refund', orderId: script.proposeRefundFor } : null,
        needsEscalation: script.needsEscalation ?? false,
        ...(script.needsEscalation
          ? {
              escalationReason: 'the customer needs a person',
              summary:
                'The customer reports an outage and asks for a person; nothing was tried automatically.',
            }
          : {}),
      });
    } else if (system.includes('goes to a person')) {
      step = content({
        summary: 'The customer reports an outage and asks for a person; nothing was tried automatically.',
        internalNote: 'Critical urgency, enterprise account.',
        customerMessage: 'A person from our team will follow up shortly.',
      });
    } else if (script.proposeRefundFor && !req.body.messages.some((m) => m.role === 'tool')) {
      const args = { orderId: script.proposeRefundFor };
      step = { kind: 'tools', calls: [{ name: 'propose_refund', args }] };
      step.usage = { prompt, completion: tokens(`propose_refund${JSON.stringify(args)}`) + 10 };
    } else {
      step = content({
        reply: script.reply,
        citations: [],
        needsEscalation: script.needsEscalation ?? false,
        escalationReason: script.needsEscalation ? 'the customer needs a person' : undefined,
      });
    }
    if (step.kind === 'content') step.usage = { prompt, completion: tokens(step.content) };
    usage.calls += 1;
    usage.tokensIn += step.kind === 'content' || step.kind === 'tools' ? (step.usage?.prompt ?? 0) : 0;
    usage.tokensOut += step.kind === 'content' || step.kind === 'tools' ? (step.usage?.completion ?? 0) : 0;
    return step;
  };
}

function content(json: unknown): FakeStep & { kind: 'content' } {
  return { kind: 'content', content: JSON.stringify(json) };
}
