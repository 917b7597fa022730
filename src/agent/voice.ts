import type { Tone } from '../domain/index.js';
import type { AgentInput } from './types.js';

/** Who the bot speaks for and how: the organization's name and tone, a customer's own tone first. */
export interface Voice {
  businessName?: string;
  tone: Tone;
}

/** No organization named and the templates' own friendly tone (tests and tools without a tenant). */
export const DEFAULT_VOICE: Voice = { tone: 'friendly' };

export function voiceOf(input: Pick<AgentInput, 'settings' | 'customer'>): Voice {
  return {
    businessName: input.settings.businessName,
    tone: input.customer?.preferences.tone ?? input.settings.tone,
  };
}

/** "the support assistant of Acme Co." — or of "this business" when no name is known. */
export function workingFor(voice: Voice): string {
  return voice.businessName
    ? `the support assistant of ${voice.businessName}`
    : 'a business’s support assistant';
}

/** How a reply should sound, as one instruction for a model. */
export function toneInstruction(voice: Voice): string {
  switch (voice.tone) {
    case 'formal':
      return 'Write formally and courteously: complete sentences, no slang, no emoji, address the customer respectfully.';
    case 'concise':
      return 'Be concise: the answer in as few short sentences as possible, no greetings or pleasantries.';
    case 'friendly':
      return 'Write briefly and warmly, in plain words.';
  }
}
