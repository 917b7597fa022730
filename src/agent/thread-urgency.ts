import type { Plan } from '../domain/index.js';
import { fold } from './offline/text.js';
import type { AgentInput, Understanding } from './types.js';
import { maxUrgency, ruleUrgency } from './urgency.js';

/**
 * Words that carry the earlier report forward: it goes on ("still nothing", "same thing again")
 * or it reaches more people ("now the whole team", "everyone here too").
 */
const CARRIES_ON =
  /\b(?:still|again|same (?:thing|problem|issue|error|here)|as well|too|also|keeps?|worse|spreading|everyone|everybody|whole (?:team|company|office|org\w*)|all of us|nobody|no one|none of us)\b/;

/**
 * A reply in a thread that carries the customer's earlier report on ("dashboard won't load for
 * me" … "still nothing, same thing for the whole team now") is judged with it: the plan and topic
 * rules (ruleUrgency) read the customer's turns together, and the urgency rises when they find
 * more than this message says alone. Code for both engines; it never lowers an urgency, and a
 * pleasantry stays one.
 */
export function withThreadUrgency(
  u: Understanding,
  history: AgentInput['history'],
  text: string,
  plan: Plan | undefined,
): Understanding {
  if (u.isPleasantry || !CARRIES_ON.test(fold(text))) return u;
  const current = history.findLastIndex((m) => m.role === 'customer' && m.text === text);
  const earlier = history.filter((m, i) => i !== current && m.role === 'customer').map((m) => m.text);
  if (!earlier.length) return u;
  const together = ruleUrgency(fold([...earlier, text].join(' \n ')), u.intent, plan, u.urgency);
  if (maxUrgency(u.urgency, together.urgency) === u.urgency) return u;
  return {
    ...u,
    urgency: together.urgency,
    urgencySignals: [...u.urgencySignals, ...together.signals.map((s) => `with the thread: ${s}`)],
  };
}
