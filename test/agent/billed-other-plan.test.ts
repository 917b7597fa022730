import { describe, expect, it } from 'vitest';
import { isBillingDispute } from '../../src/agent/billing-errors.js';
import { PRIYA, useOfflineAgent } from './agent-input.js';

const run = useOfflineAgent();

// Phrasings written for the twenty-fifth round, in other words than any labelled set's.
describe('billed for a plan other than the one the customer is on is a billing dispute', () => {
  const told = [
    'our last invoice charged us for the Business plan though we are on Starter',
    'Este mes nos cobraron el plan Enterprise, pero tenemos Pro',
    'On nous a facturé l’abonnement Enterprise alors que nous sommes en Pro',
    'Ihr habt uns den Enterprise-Tarif berechnet, obwohl wir nur Pro haben',
    'Fomos cobrados pelo plano Enterprise, mas estamos no Pro',
    'Ci avete fatturato il piano Business ma abbiamo Pro',
    'Het Enterprise-pakket is gefactureerd terwijl we op Pro zitten',
    'Obciążyliście nas za pakiet Enterprise, a mamy Pro',
  ];

  it.each(told)('%s', (text) => {
    expect(isBillingDispute(text, 'billing', null)).toBe(true);
  });

  it('goes to a person, not to the plans article', async () => {
    for (const text of [
      'the June invoice billed us for the Business tier, but we are on Pro',
      'we got invoiced for the Enterprise plan this month but we are still on Pro',
      ...told.slice(0, 3),
    ]) {
      const r = await run(PRIYA, text);
      expect(r.route, text).toBe('escalate');
    }
  });

  it.each([
    'will we be billed for the Pro plan while we are on the trial?',
    'how much is the Pro plan billed when we have 10 seats?',
    'the Pro plan is charged at $49, what do we pay when we add seats',
    'we are on Pro and were billed $49 as expected, thanks',
  ])('a question about plans, or a bill as expected, is not one: %s', (text) => {
    expect(isBillingDispute(text, 'billing', null)).toBe(false);
  });
});
