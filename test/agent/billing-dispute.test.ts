import { describe, expect, it } from 'vitest';
import { isBillingDispute } from '../../src/agent/billing-errors.js';
import { MAYA, PRIYA, useOfflineAgent } from './agent-input.js';

const run = useOfflineAgent();

// A bill the customer says is wrong is a person's to check, whatever an article says about
// invoices. Phrasings written for this test, in other words than any labelled set's.
describe('an invoice to correct, or one that bills what was sent back, is a billing dispute', () => {
  it.each([
    'the November bill still lists the desk we sent back in October',
    'we cancelled that order last month and were billed for it again today',
    'please fix invoice INV-2291, the seat count is off',
    'Nos cobraron en doble la suscripción de este mes',
    'La facture de mars a un montant incorrect, merci de la corriger',
    'Die Rechnung hat einen falschen Betrag, bitte korrigieren',
    'La fattura di ottobre ha un importo sbagliato',
    'De factuur heeft een verkeerd bedrag, graag aanpassen',
    'Faktura za październik ma nieprawidłową kwotę',
  ])('%s', (text) => {
    expect(isBillingDispute(text, 'billing', null)).toBe(true);
  });

  // The nineteenth round: a charge made though an exemption, a cancellation or a return said it should not be.
  it.each([
    'we were billed VAT on the last order although the exemption certificate is on file',
    'they debited the yearly fee despite us cancelling in March',
    'Nos cobraron el IVA otra vez aunque estamos exentos.',
    'Vous avez facturé la TVA alors que nous sommes exonérés.',
    'Die Gebühr wurde trotz Kündigung wieder abgebucht.',
    'Ci avete addebitato l’IVA anche se siamo esenti.',
  ])('a charge though it should not be: %s', (text) => {
    expect(isBillingDispute(text, 'billing', null)).toBe(true);
  });

  it.each([
    'how do I get a corrected invoice?',
    'will we be billed for next month even though we cancelled today?',
    'can you fix the address on my invoice?',
    'what happens to the invoice if we return the desk?',
    'our invoice was correct after all, thanks',
    'I returned the chair, when is the refund coming?',
  ])('a question about invoices, or a bill said to be right, is not one: %s', (text) => {
    expect(isBillingDispute(text, 'billing', null)).toBe(false);
  });

  it('goes to a person with no help-center answer', async () => {
    for (const [email, text] of [
      [MAYA, 'the latest invoice still charges us for the grinder we sent back, please correct it'],
      [PRIYA, 'A fatura deste mês veio com valor errado, podem corrigir'],
    ] as const) {
      const r = await run(email, text);
      expect(r.route, text).toBe('escalate');
      expect(r.reply, text).toBeUndefined();
    }
  });
});

// The twenty-eighth round: what invoices show or how they are grouped, asked for, is no dispute
// even where the concern model reads a billing error. Phrasings written for this test.
describe('an invoice set up differently, asked for with no charge said wrong, is not a dispute', () => {
  it.each([
    'our accounts team would rather get one consolidated invoice a month than a bill per shipment',
    'we need the new legal entity name updated on the invoices from May',
    'please add our PO number to every invoice, finance rejects them without it',
    'could we have a single monthly bill instead of one per order, we are on net-30',
  ])('%s', (text) => {
    expect(isBillingDispute(text, 'billing', 'billing_error')).toBe(false);
  });

  it.each([
    'we want one invoice a month, and the last one charged us twice for the same chairs',
    'please update the company name on the invoice, it also bills $480 instead of $240',
    'we were billed for 30 seats but only have 9 people, the invoice is wrong',
  ])('a charge said wrong beside it is still one: %s', (text) => {
    expect(isBillingDispute(text, 'billing', 'billing_error')).toBe(true);
  });
});
