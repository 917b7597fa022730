import { describe, expect, it } from 'vitest';
import { MAYA, PRIYA, useOfflineAgent } from './agent-input.js';

const run = useOfflineAgent();

// Phrasings written for the eighteenth round: closings in words no pleasantry list holds.
describe('an acknowledgement in the customer’s own words is recorded, not answered (offline engine)', () => {
  it('small talk that asks nothing is a pleasantry', async () => {
    for (const text of [
      'sounds good, I’ll loop in our ops lead',
      'haha all good here',
      'cool cool, talk soon',
      'roger that',
    ]) {
      const r = await run(PRIYA, text);
      expect(r.route, text).toBe('ignore');
      expect(r.reply, text).toBeUndefined();
      expect(r.understanding.urgency, text).toBe('low');
    }
  });

  it('the same small talk with a question or a request is still answered or handed over', async () => {
    for (const text of [
      'sounds good, could you also send the invoice',
      'haha ok and roughly which day should it turn up',
      'can you write a short poem about our team for the newsletter',
      'testing 1 2 3',
    ]) {
      const r = await run(MAYA, text);
      expect(r.route, text).not.toBe('ignore');
    }
  });
});
