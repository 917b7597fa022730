import { describe, expect, it } from 'vitest';
import { MAYA, useOfflineAgent } from './agent-input.js';

const run = useOfflineAgent();
const HELP_CENTER = /help center says/;

describe('a question on an order topic that speaks of no order of the customer (offline engine)', () => {
  it('is answered from the help center, not with the customer’s order list', async () => {
    const cancel = await run(MAYA, 'is it free to cancel an order before it ships?');
    expect(cancel.route).toBe('resolve');
    expect(cancel.reply?.text).toMatch(HELP_CENTER);
    expect(cancel.reply?.text).toMatch(/as long as it has not shipped/);
    const weekend = await run(MAYA, 'do orders go out on saturdays?');
    expect(weekend.reply?.text).toMatch(/Monday to Friday/);
    expect(weekend.reply?.text).not.toMatch(/recent (?:orders|ones)/);
  });

  it('is answered for someone the order system does not know, instead of asking who they are', async () => {
    const r = await run(null, 'do partial refunds take as long as a full refund?');
    // The refund article's own line on it, not the return policy's "refunded in full".
    expect(r.articleIds[0]).toBe('refund-timing');
    expect(r.reply?.text ?? r.draft ?? '').toMatch(/Partial refunds[^.]*follow the same timing/);
    expect(r.reply?.text ?? '').not.toMatch(/registered contact/);
  });

  it('a message about their own order still gets their orders', async () => {
    const r = await run(MAYA, 'any news on our delivery?');
    expect(r.reply?.text).not.toMatch(HELP_CENTER);
    expect(r.reply?.text).toMatch(/Order 1042 shipped/);
  });

  it('a refund or cancellation question answered from the help center alone is not held back by how sure the intent is', async () => {
    for (const text of ['Après une annulation, quand la pré-autorisation disparaît-elle de la carte ?']) {
      const r = await run(MAYA, text);
      expect(r.route, text).toBe('resolve');
      expect(r.proposedAction, text).toBeUndefined();
      expect(r.reply?.text, text).toMatch(/centre d’aide/);
    }
  });
});
