import { describe, expect, it } from 'vitest';
import { MAYA, PRIYA, useOfflineAgent } from './agent-input.js';

const run = useOfflineAgent();

// Phrasings written for the eighteenth round.
describe('a wish and a question are not the event they name (offline engine)', () => {
  it('data the customer wants deleted is a privacy request, not lost data', async () => {
    for (const text of [
      "I'd like my personal data deleted from your systems, who handles that",
      'please have our old records deleted',
      'could you get my account data erased please',
    ]) {
      const r = await run(PRIYA, text);
      expect(r.reason, text).not.toMatch(/data loss/);
      expect(r.understanding.urgencySignals.join(' '), text).not.toMatch(/data loss/);
    }
    // Said gone as a fact it is still lost data.
    const lost = await run(PRIYA, 'please help, our records have been wiped since the update');
    expect(lost.route).toBe('escalate');
    expect(lost.reason).toMatch(/data loss/);
  });

  it('asking when a person is around asks about support hours, not for a person now', async () => {
    for (const text of ['what hours is a real person around on weekends?']) {
      const r = await run(MAYA, text);
      expect(r.understanding.wantsHuman, text).toBe(false);
    }
    const ask = await run(MAYA, 'I want to speak to a human, when is someone available?');
    expect(ask.understanding.wantsHuman).toBe(true);
  });
});
