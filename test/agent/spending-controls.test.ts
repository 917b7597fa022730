import { describe, expect, it } from 'vitest';
import { servicesNotInArticles } from '../../src/agent/unstated-services.js';
import { MAYA, PRIYA, useOfflineAgent } from './agent-input.js';

const TEAM =
  'Adding and removing team members\nteam users roles\nAdmin: manage people, addresses and approval rules. Buyer: place orders, up to their spending limit.';
const STATES =
  'Spending controls\nbudgets approvals\nSet monthly budgets for each buyer, and an approval threshold: orders over $500 wait for an admin.';
const LABEL = 'a spending limit over a period or per department, or an approval above an amount';

// Phrasings written for this test, in other words than any labelled set's.
describe('a question about a spending control the team article does not state', () => {
  const run = useOfflineAgent();

  it('goes to a person, though the team article speaks of spending limits', async () => {
    for (const text of [
      'could our site leads each get a weekly budget instead of a per-order limit?',
      'I want purchases above $2,500 to require approval from finance. Can I set that up?',
      'can we give the marketing department its own spending cap?',
    ]) {
      const r = await run(PRIYA, text);
      expect(r.route, text).toBe('escalate');
      expect(r.reason, text).toMatch(/below/);
    }
  });

  it('answers a plain spending limit per buyer from the article', async () => {
    for (const text of [
      'which role can edit the approval rules for our team?',
      'our new hire should order but only up to a spending limit — which role is that?',
      'what can a buyer do on our account?',
    ]) {
      const r = await run(MAYA, text);
      expect(r.route, text).toBe('resolve');
    }
  });

  it('hears budgets over a period, per unit and approval amounts in the reply languages', () => {
    for (const text of [
      'Is there a way to limit what each user may spend per month?',
      '¿Puede cada comprador tener un presupuesto mensual?',
      'Kann jeder Einkäufer ein Monatsbudget bekommen?',
      'Est-ce que chaque acheteur peut avoir un budget mensuel ?',
      'can the budget be split by cost centre?',
      'do orders over 750 EUR have to go through a manager approval?',
    ])
      expect(servicesNotInArticles(text, [TEAM]), text).toEqual([LABEL]);
  });

  it('leaves news about the customer’s own budget, refunds and articles that state controls alone', () => {
    for (const text of [
      'our monthly budget got cut, can you cancel the last order?',
      'we spend about 40k a year with you, is there a discount?',
      'was my refund over $300 approved yet?',
      'can a buyer have a spending limit?',
    ])
      expect(servicesNotInArticles(text, [TEAM]), text).toEqual([]);
    expect(servicesNotInArticles('can each buyer have a monthly budget?', [STATES])).toEqual([]);
  });
});
