import { describe, expect, it } from 'vitest';
import { englishSearchTerms, inArticleWords } from '../../../src/agent/offline/glossary.js';
import { unanswerableRequest } from '../../../src/agent/requests.js';
import { asksInGeneral } from '../../../src/agent/question-scope.js';
import { JORDAN, MAYA, PRIYA, useOfflineAgent, expectAnswered } from '../agent-input.js';

const run = useOfflineAgent();

/** The question is answered from this article. */
const answered = (text: string, articleId: string) => expectAnswered(run, PRIYA, text, articleId);

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

  it('paying by bank transfer, in the languages with Latin letters, is the payment article', async () => {
    await answered(
      'Kunnen we ook per overschrijving betalen in plaats van met een creditcard?',
      'payment-methods',
    );
    await answered('Czy można zapłacić przelewem zamiast kartą?', 'payment-methods');
    await answered("Est-ce qu'on peut payer par virement bancaire ?", 'payment-methods');
    // A warranty handed on to a new owner is not a payment.
    expect(englishSearchTerms('¿Se puede hacer transferencia de la garantía?')).not.toContain(
      'bank transfer',
    );
  });

  it('"exporto" and "exporteer" are exporting, as "exportar" is: the export article is found', async () => {
    for (const text of [
      'Hoe exporteer ik al onze bestellingen?',
      'Como exporto a lista de pedidos do ano?',
    ]) {
      expect(englishSearchTerms(text), text).toContain('export data');
      expect((await run(PRIYA, text)).articleIds[0], text).toBe('data-export');
    }
    await answered('Waar kan ik de bestelgegevens exporteren naar CSV?', 'data-export');
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

describe("the policy asked about, not an order of theirs, is the help center's (offline engine)", () => {
  it('"in general", "for reference" or "what is your … policy" with no order named asks how things work', async () => {
    expect(
      asksInGeneral(
        "What's your cancellation policy in general? Not cancelling anything, just writing our SOP.",
      ),
    ).toBe(true);
    expect(asksInGeneral('For reference, can orders still be cancelled once we have paid?')).toBe(true);
    expect(
      asksInGeneral('how does the cancellation policy work? we are writing a guide for our buyers'),
    ).toBe(true);
    const r = await run(
      MAYA,
      'What is your cancellation policy in general? Not cancelling anything, just writing our SOP.',
    );
    expect(r.route, r.reason).toBe('resolve');
    expect(r.articleIds).toContain('cancel-an-order');
    expect(r.proposedAction).toBeUndefined();
  });

  it('an ask that only mentions the policy keeps the order path', () => {
    expect(asksInGeneral('cancel our order please, the policy says we can')).toBe(false);
  });
});

describe('how soon a person answers, and out of hours, is the support-hours article', () => {
  it('"how fast does a human pick it up" and "after hours" find the first response times', async () => {
    for (const text of [
      'if a machine fails in the middle of the night, how fast does a human look at it?',
      'how quickly would someone on your team get back to us after hours?',
      'how soon does a real person answer if we write outside business hours?',
    ])
      await answered(text, 'support-hours-and-response-times');
  });

  it('overnight shipping is not the support hours', () => {
    expect(inArticleWords('can 1042 go overnight?')).not.toContain('staffed hours');
  });
});
