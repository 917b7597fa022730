import { describe, expect, it } from 'vitest';
import { englishSearchTerms } from '../../../src/agent/offline/glossary.js';
import { PRIYA, useOfflineAgent, type OfflineRun } from '../agent-input.js';

/**
 * The question finds `articleId` first and the passage with `fact`, quoted to the customer or, when
 * the router sends it to a person, in the staff's draft. Whether it is sent is the answerability
 * model's, fitted on labels written before these passages existed (some say "no article answers");
 * what is asserted here is that the passage that answers is the one found.
 */
async function expectFound(run: OfflineRun, text: string, articleId: string, fact?: RegExp): Promise<void> {
  const r = await run(PRIYA, text);
  expect(r.articleIds[0], text).toBe(articleId);
  if (fact) expect(r.reply?.text ?? r.draft ?? '', text).toMatch(fact);
}

/**
 * The help center's customer-service passages (sign-up, profile, weekend delivery, ending a plan
 * early, PayPal and wallets, other ways to reach us, exchanges): each question finds the passage
 * that states it, in the eight languages the offline engine reads.
 */
describe('the customer-service passages of the help center', () => {
  const run = useOfflineAgent();

  it('signing up, registering or opening an account is the sign-up article, not single sign-on', async () => {
    for (const text of [
      'how do I sign up',
      'I want to sign up my company, where do I start?',
      'Where do I register as a new customer?',
      '¿Cómo puedo registrarme?',
      "Comment s'inscrire chez vous ?",
      'Wie kann ich ein Konto anlegen?',
      'Quero me cadastrar, como faço?',
      'Come posso iscrivermi?',
      'Hoe kan ik me aanmelden als nieuwe klant?',
      'Jak się zarejestrować?',
    ])
      await expectFound(run, text, 'opening-an-account', /work email/);
    await expectFound(
      run,
      'signed up this morning and the confirmation email never turned up',
      'opening-an-account',
      /spam/,
    );
    await expectFound(
      run,
      'tried to register but it says the address is already registered',
      'opening-an-account',
      /already registered/,
    );
    await expectFound(run, 'Can our staff sign on through Okta?', 'single-sign-on');
  });

  it('a weekend or holiday delivery is the carriers’ business days only', async () => {
    for (const text of [
      'Will the courier bring it on a Sunday?',
      'Can parcels arrive over the weekend?',
      'Do you deliver on public holidays?',
      '¿Entregan los sábados?',
      'Est-ce que vous livrez le dimanche ?',
      'Liefert ihr auch samstags?',
      'Vocês entregam aos sábados?',
      'Consegnate anche di domenica?',
      'Bezorgen jullie op zaterdag?',
      'Czy dostarczacie w niedziele?',
    ])
      await expectFound(run, text, 'shipping-carriers-and-times', /business days only/);
  });

  it('ending a subscription or a contract early is the plan article, not an order’s cancellation', async () => {
    for (const text of [
      '¿Hay penalización por cancelar la suscripción antes de tiempo?',
      "Y a-t-il des frais pour résilier l'abonnement avant la fin ?",
      'Kostet es etwas, das Abo vorzeitig zu kündigen?',
      'Tem multa para cancelar a assinatura antes do prazo?',
      "C'è una penale per disdire l'abbonamento in anticipo?",
      'Zijn er kosten als ik mijn abonnement vroegtijdig opzeg?',
    ])
      await expectFound(run, text, 'change-your-plan', /cancellation fee/);
    // An order's cancellation, with no plan named, is still searched as one.
    expect(englishSearchTerms('¿Puedo cancelar mi pedido antes de que salga?')).toMatch(/cancel order/);
    expect(englishSearchTerms('¿Puedo cancelar mi pedido antes de que salga?')).not.toMatch(/plan/);
  });

  it('PayPal and the phone wallets are the payment article’s line that names them', async () => {
    for (const [text, name] of [
      ['Can I pay with Apple Pay?', 'Apple Pay'],
      ['Is Google Pay accepted at checkout?', 'Google Pay'],
      ['¿Aceptan PayPal?', 'PayPal'],
      ['Acceptez-vous PayPal ?', 'PayPal'],
      ['Vocês aceitam PayPal?', 'PayPal'],
      ['Accettate PayPal?', 'PayPal'],
    ] as const)
      await expectFound(run, text, 'payment-methods', new RegExp(name));
  });

  it('the company’s email, office and postal address are the support article’s other ways to reach us', async () => {
    for (const [text, fact] of [
      ['What is your postal address?', /Harbor Way/],
      ["What's your email address for support?", /support@northwind\.example/],
      ['Qual é o número de telefone de vocês?', /Staffed hours/],
      ['Qual è il vostro indirizzo email?', /support@northwind\.example/],
      ['Jaki jest wasz adres e-mail?', /support@northwind\.example/],
      ['Kan ik langskomen bij jullie kantoor?', /appointment/],
    ] as const)
      await expectFound(run, text, 'support-hours-and-response-times', fact);
  });

  it('an exchange for another colour, size or model is the return policy’s exchanges', async () => {
    for (const text of [
      'Could I trade the blender for the newer model?',
      '¿Puedo cambiar el artículo por otra talla?',
      "Puis-je échanger l'article contre une autre couleur ?",
      'Kann ich den Artikel gegen eine andere Größe umtauschen?',
      'Posso trocar o produto por outra cor?',
      "Posso cambiare l'articolo con un'altra taglia?",
      'Kan ik het artikel ruilen voor een andere kleur?',
      'Czy mogę wymienić produkt na inny rozmiar?',
    ])
      await expectFound(run, text, 'returns-policy', /new order/);
  });

  it('the profile, the sign-in email, the owner and switching accounts are the profile article', async () => {
    for (const [text, fact] of [
      ['How do I change the email I log in with?', /Settings → Profile → Email/],
      ['We have accounts for two businesses, can I toggle between them?', /switch between/],
      ['¿Cómo cambio mi número de teléfono en el perfil?', /Settings → Profile/],
      ["Comment changer l'adresse e-mail de connexion ?", /Settings → Profile → Email/],
      ['Como altero o meu nome no perfil?', /Settings → Profile/],
      ["Come cambio il proprietario dell'account?", /Make owner/],
      ['Wie kann ich zwischen den Konten wechseln?', /switch between/],
    ] as const)
      await expectFound(run, text, 'your-profile-and-sign-in', fact);
  });
});
