import { describe, expect, it } from 'vitest';
import { PRIYA, useOfflineAgent } from './agent-input.js';

const run = useOfflineAgent();

describe('articles found by shared words, ranked by what the words mean (word vectors)', () => {
  it('a question in other words than its article gets the article that speaks of it', async () => {
    // Shares "items" and "order" with the damaged-items article (which it got before); the
    // cancellation article says how to change quantities of an order not shipped ("To change
    // quantities or items, cancel and place a new order") in words the question lacks.
    const r = await run(PRIYA, 'can I alter the number of items on an order that has not shipped?');
    expect(r.route).toBe('resolve');
    expect(r.reply?.text).toContain('You can cancel an order **as long as it has not shipped**');
    expect(r.reply?.text).not.toMatch(/damaged|defective/i);
  });
});
