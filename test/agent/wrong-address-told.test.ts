import { describe, expect, it } from 'vitest';
import { unanswerableRequest } from '../../src/agent/requests.js';
import { JORDAN, useOfflineAgent } from './agent-input.js';

const run = useOfflineAgent();

// Phrasings written for this test, in other words than any labelled set's.
describe('an address given wrong on an order, told in another language, goes to a person', () => {
  it.each([
    'Me equivoqué de dirección en el pedido 1047: es calle Mayor 8, no 18',
    'La dirección del pedido 1047 está mal, el número correcto es 14',
    'Je me suis trompé d’adresse sur la commande 1047, c’est 5 rue Victor Hugo et non 15',
    'Bei Bestellung 1047 ist die Hausnummer falsch, richtig ist Hauptstraße 7',
    'Errei o endereço no pedido 1047, é Rua das Flores 30 e não 3',
    'Nell’ordine 1047 il civico è sbagliato: è 9, non 19',
    'Verkeerd huisnummer bij bestelling 1047, het moet 22 zijn in plaats van 2',
    'Podałem zły adres w zamówieniu 1047, powinno być ul. Długa 5, nie 15',
    'Pomyliłem adres w zamówieniu 1047, poprawny to ul. Polna 3',
  ])('%s', async (text) => {
    expect(unanswerableRequest(text)?.kind).toBe('change_address');
    const r = await run(JORDAN, text);
    expect(r.route).toBe('escalate');
    expect(r.reply).toBeUndefined();
  });
});
