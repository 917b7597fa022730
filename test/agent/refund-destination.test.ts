import { describe, expect, it } from 'vitest';
import { findCustomerRequests } from '../../src/agent/customer-request.js';

const asks = (text: string) => findCustomerRequests([{ text }], 'refund').length > 0;

// Where a refund would land, asked under a condition, is a question about the refund: the refund
// is what goes somewhere, not what the customer asks for. Proposing one would act on a question.
describe('a question about where a refund would go', () => {
  it.each([
    'If we sent back the grinder from 1043, would the refund go back to the card or come as store credit?',
    'if we return the lamp from 1045, will the refund land in our bank account?',
    'Supposing the chairs from 1017 go back, does the refund get paid to the company card?',
    'Si devolvemos la silla del 1017, ¿el reembolso iría a la tarjeta?',
    'Si on renvoie le casque de 1017, le remboursement irait sur la carte ?',
    'Se devolvermos a cadeira do 1017, o reembolso vai para o cartão?',
    'Se rimandiamo la sedia del 1017, il rimborso andrebbe sulla carta?',
    'Als we de stoel van 1017 terugsturen, gaat de terugbetaling naar de kaart?',
    'Wenn wir das Headset von 1017 zurückschicken, geht die Erstattung auf die Karte?',
    'Jeśli odeślemy krzesło z 1017, czy zwrot trafi na kartę?',
  ])('asks for no refund: %s', (text) => {
    expect(asks(text)).toBe(false);
  });

  it.each([
    'Can you refund 1043 to the card?',
    'Please refund order 1043 back to our card.',
    'I want a refund for 1043, can it go to the card?',
    'could the refund for 1043 be issued today please',
    'Kunnen jullie 1043 terugbetalen naar de kaart?',
    'Bitte erstatten Sie 1043 auf die Karte.',
  ])('still asks: %s', (text) => {
    expect(asks(text)).toBe(true);
  });
});
