import pino from 'pino';
import { createOfflineAgent } from '../../src/agent/offline/offline-agent.js';
import type { Agent } from '../../src/agent/types.js';
import type { Clock } from '../../src/domain/index.js';
import { fixedClock } from './clock.js';

/**
 * The offline agent behind a gate: after `hold()`, every run waits inside the agent (a slow model
 * call) until `release()`; never released, it waits forever (the process "dies" during it).
 * `entered()` resolves once a held run is waiting, so a test can act meanwhile: click what a
 * person would click, or stop the app mid-run.
 */
export function gatedAgent(clock: Clock = fixedClock()) {
  const inner = createOfflineAgent({ logger: pino({ level: 'silent' }), clock });
  let gate: Promise<void> | undefined;
  let open: () => void = () => undefined;
  let entered: () => void = () => undefined;
  let enteredP = Promise.resolve();
  const agent: Agent = {
    kind: inner.kind,
    phrase: inner.phrase.bind(inner),
    async run(input, hooks) {
      if (gate) {
        entered();
        await gate;
      }
      return inner.run(input, hooks);
    },
  };
  return {
    agent,
    hold() {
      gate = new Promise((r) => (open = r));
      enteredP = new Promise((r) => (entered = r));
    },
    release() {
      gate = undefined;
      open();
    },
    entered: () => enteredP,
  };
}
