import { describe, expect, it } from 'vitest';
import { understandOffline } from '../../src/agent/understand.js';

const understand = (text: string) =>
  understandOffline({ text, plan: 'enterprise', isNewTicket: true, openTickets: [] });

// Phrasings written for this test, in other words than any labelled set's.
describe('a request about invoices or an order that says no charge is wrong is not a billing error', () => {
  it.each([
    'Could you bill our German office in euros from now on?',
    'we rebranded last spring, please put the new company name on our future invoices',
    'can you send us the invoice for 1047 again? the pdf got lost',
    'please void order 1047, we went with another vendor',
    '¿Pueden emitir las facturas a nombre de nuestra nueva razón social?',
    'Pouvez-vous refaire la facture de la commande 1047 avec notre nouveau nom ?',
  ])('%s', (text) => {
    const u = understand(text);
    expect(u.urgency).toBe('medium');
    expect(u.urgencySignals.join(' ')).not.toMatch(/billing error/);
  });

  it.each([
    'our invoice shows $980 but the quote was $98, please fix',
    'the May invoice has the Pro plan on it twice, can you correct it?',
    'you billed us again for 1047 after we cancelled it, please refund',
    'we need last month’s invoice reissued with our VAT number today, our books close tonight',
  ])('a wrong charge or a deadline said in words stays high: %s', (text) => {
    expect(understand(text).urgency).toBe('high');
  });
});

describe('the English word "storing" is no outage (Dutch "storing" is)', () => {
  it.each([
    'what is the safest way of storing our api keys?',
    'any tips on storing webhook secrets in our app?',
  ])('%s', (text) => {
    expect(understandOffline({ text, plan: 'pro', isNewTicket: true, openTickets: [] }).urgency).not.toMatch(
      /high|critical/,
    );
  });

  it('Er is een storing bij jullie API, niets werkt meer', () => {
    const u = understandOffline({
      text: 'Er is een storing bij jullie API, niets werkt meer',
      plan: 'pro',
      isNewTicket: true,
      openTickets: [],
    });
    expect(u.urgency).toMatch(/high|critical/);
  });
});
