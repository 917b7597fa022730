import { describe, expect, it } from 'vitest';
import { MAYA, useOfflineAgent } from './agent-input.js';

const run = useOfflineAgent();

// Phrasings written for this test, in other words than any labelled set's.
describe('a question about when support answers is no outage; an outage beside it still is', () => {
  it.each(['Antwortet der Support am Wochenende?', 'Antwortet jemand am Wochenende?'])('%s', async (text) => {
    const r = await run(MAYA, text);
    expect(r.understanding.urgency).not.toBe('critical');
  });

  it('with the shop down', async () => {
    const r = await run(MAYA, 'Antwortet jemand am Wochenende? Unser Shop ist down');
    expect(r.record.threshold).toBe(0.75);
    expect(r.route).toBe('escalate');
  });
});
