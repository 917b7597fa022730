import { describe, expect, it } from 'vitest';
import { useOfflineAgent } from './agent-input.js';

const run = useOfflineAgent();
const LARS = 'lars@fjordanalytics.example';
const AIKO = 'aiko@harborlightsbooks.example';

// Issue 11, class "an order question read as a request": a refund asked about on an order that
// came back and was refunded. The order system has the refund; the customer reads it.
describe('a refund asked about on a returned, refunded order', () => {
  it('"where is our money" is answered with the refund on record, not escalated as an unasked refund', async () => {
    const r = await run(
      LARS,
      'we shipped the chair and the lamp from 1009 back weeks ago, where is our money?',
    );
    expect(r.route).toBe('resolve');
    expect(r.proposedAction).toBeUndefined();
    expect(r.reply?.text).toContain('1009');
    expect(r.reply?.text).toContain('$380.00');
  });

  it('asking to confirm the refund gets its amount, not "I can’t refund order 1015"', async () => {
    const r = await run(AIKO, 'Can you confirm the refund for 1015 went through?');
    expect(r.proposedAction).toBeUndefined();
    expect(r.reply?.text).toContain('$310.00');
    expect(r.reply?.text).not.toMatch(/can’t refund/);
  });

  it('in the customer’s language, with nothing proposed', async () => {
    const r = await run(LARS, 'Wann kommt das Geld für die Rücksendung 1009?');
    expect(r.proposedAction).toBeUndefined();
    expect(r.reply?.text).toMatch(/erstattet/);
    expect(r.reply?.text).toContain('380,00');
  });
});
