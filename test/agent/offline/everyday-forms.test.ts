import { describe, expect, it } from 'vitest';
import { englishSearchTerms } from '../../../src/agent/offline/glossary.js';
import { unanswerableRequest } from '../../../src/agent/requests.js';
import { JORDAN, MAYA, PRIYA, useOfflineAgent } from '../agent-input.js';

const run = useOfflineAgent();

/** The question is answered from this article. */
async function answered(text: string, articleId: string): Promise<void> {
  const r = await run(PRIYA, text);
  expect(r.route, `${text}: ${r.reason}`).toBe('resolve');
  expect(r.articleIds[0], text).toBe(articleId);
}

describe('everyday words of the other languages find the article (offline engine)', () => {
  it('Polish words with "ł" are read as the glossary writes them', async () => {
    expect(englishSearchTerms('Nie pamiętam hasła')).toContain('password reset');
    await answered('Nie pamiętam hasła, jak je zmienić?', 'password-reset');
  });

  it('a card refused, said in Dutch, German, Spanish or Polish, is the payment article', async () => {
    await answered('Mijn kaart werd afgewezen bij het afrekenen, hoe kan dat?', 'payment-methods');
    await answered('Meine Karte wurde abgelehnt. Woran liegt das?', 'payment-methods');
    await answered('Mi tarjeta fue rechazada al pagar la suscripción, ¿qué hago?', 'payment-methods');
    expect(englishSearchTerms('Płatność kartą została odrzucona')).toContain('declined');
  });

  it('a parcel redirected while on its way, asked about in general, is the address article', async () => {
    await answered('Czy paczkę można jeszcze przekierować, gdy jest w drodze?', 'change-shipping-address');
    expect(englishSearchTerms('Lässt sich eine Sendung umleiten, wenn sie unterwegs ist?')).toMatch(
      /redirect.*after it ships/,
    );
  });

  it('the shipping speed as one German word, and a country named, are the shipping articles', async () => {
    await answered('Wie schnell ist der Expressversand normalerweise?', 'shipping-carriers-and-times');
    expect(englishSearchTerms('Wie lang ist die Lieferzeit?')).toContain('shipping delivery time');
    expect(englishSearchTerms('Enviáis a Alemania?')).toContain('international');
    expect(englishSearchTerms('Liefert ihr auch in die Schweiz?')).toContain('international');
  });

  it('a Thai question whether a product has a warranty, not parcel insurance', async () => {
    await answered('หูฟังรุ่นนี้มีประกันไหมครับ', 'warranty-and-repairs');
    expect(englishSearchTerms('ไมโครเวฟรับประกันกี่เดือน')).toContain('warranty');
    expect(englishSearchTerms('มีประกันพัสดุไหมครับ')).not.toContain('warranty');
  });
});

describe('asks of us in the other languages keep their own path', () => {
  it('redirecting "my" parcel, not only "our" one, is a change a person makes', async () => {
    for (const text of [
      '¿Pueden redirigir mi paquete a otra dirección?',
      'Pouvez-vous rediriger mon colis vers mon bureau ?',
    ]) {
      const r = await run(null, text);
      expect(r.route, `${text}: ${r.reason}`).toBe('escalate');
    }
  });

  it('stopping a named order is cancelling it: a shipped one is answered with why it cannot be', async () => {
    for (const text of [
      'Könnten Sie die Bestellung 1042 bitte noch anhalten? Wir brauchen die Kartons nicht mehr.',
      '¿Pueden detener el pedido 1042? Ya no lo necesito.',
    ]) {
      const r = await run(MAYA, text);
      expect(r.route, `${text}: ${r.reason}`).toBe('resolve');
      expect(r.proposedAction, text).toBeUndefined();
    }
  });

  it('stopping a placed order is a cancellation, proposed for approval and never a refund', async () => {
    const r = await run(JORDAN, 'Kunnen jullie bestelling 1047 nog tegenhouden? Verkeerde maat besteld.');
    expect(r.route).toBe('resolve');
    expect(r.proposedAction?.type ?? 'cancellation').toBe('cancellation');
  });
});

describe('where any order goes, asked before committing, is the address article', () => {
  it('an order with "an", none of theirs named, asks what can be done: answered', async () => {
    for (const text of [
      'Can we change where an order is delivered after it has shipped?',
      'Could I still fix the address of an order after placing it, before it ships?',
      'Is it possible to change the address on an order once it is on the truck?',
    ]) {
      expect(unanswerableRequest(text), text).toBeNull();
      await answered(text, 'change-shipping-address');
    }
  });

  it("their own order, or items added to any order, stay a person's job", async () => {
    expect(
      unanswerableRequest('Can you change the address on an order I placed this morning? We moved.')?.kind,
    ).toBe('change_address');
    expect(unanswerableRequest('can you change the address on my order please, new office')?.kind).toBe(
      'change_address',
    );
    expect(unanswerableRequest('Can I add a lamp to an order that has not shipped yet?')).not.toBeNull();
    const r = await run(MAYA, 'Can you change the address on an order I placed this morning? We moved.');
    expect(r.route).toBe('escalate');
  });
});
