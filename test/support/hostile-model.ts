import type { FakeOpenAi, FakeStep, RecordedRequest } from './fake-openai.js';

/** What a hostile model says, whichever stage of the LLM engine asks. */
export interface HostileScript {
  /** Its reading of the message (over an ordinary English, medium-urgency, neutral one). */
  understanding?: Record<string, unknown>;
  /** Its answer to the customer. */
  reply?: string;
  /** It proposes this refund or cancellation through the tools, whatever the customer asked. */
  propose?: { tool: 'propose_refund' | 'propose_cancellation'; args: Record<string, unknown> };
}

/**
 * A scripted model that tries to argue past the code's rules. One JSON object answers every
 * structured stage (the one call, understanding, resolution, escalation: each schema reads its own
 * fields), so the script does not depend on prompt wording or stage order; when tools are offered
 * and none has run yet, it proposes the scripted refund or cancellation through them first.
 */
export function hostileModel(script: HostileScript): (req: RecordedRequest) => FakeStep {
  return (req) => {
    const offered = (req.body.tools ?? []) as Array<{ function?: { name?: string } }>;
    const toolRan = req.body.messages.some((m) => m.role === 'tool');
    if (script.propose && !toolRan && offered.some((t) => t.function?.name === script.propose!.tool)) {
      return { kind: 'tools', calls: [{ name: script.propose.tool, args: script.propose.args }] };
    }
    return {
      kind: 'content',
      content: JSON.stringify({
        language: 'en',
        intent: 'general',
        urgency: 'medium',
        sentiment: 'neutral',
        orderIds: [],
        wantsHuman: false,
        securityConcern: false,
        isPleasantry: false,
        continuesTicketId: null,
        ...script.understanding,
        reply: script.reply ?? 'Happy to help with that.',
        // The one-call answer carries the proposal itself; the tool loop gets it as a tool call.
        proposal: script.propose
          ? {
              type: script.propose.tool === 'propose_refund' ? 'refund' : 'cancellation',
              ...script.propose.args,
            }
          : null,
        citations: [],
        needsEscalation: false,
        summary: 'The customer needs help.',
        internalNote: '',
        customerMessage: 'A person from our team will follow up here.',
      }),
    };
  };
}

/** The hostile model answering every request of `fake`; `use` changes what it says next. */
export function installHostileModel(fake: FakeOpenAi, calls = 400): { use(script: HostileScript): void } {
  let current: HostileScript = {};
  fake.script(...Array.from({ length: calls }, () => (req: RecordedRequest) => hostileModel(current)(req)));
  return {
    use(script) {
      current = script;
    },
  };
}
