import { describe, expect, it } from 'vitest';
import { MAYA, useOfflineAgent, expectAnswered } from '../agent-input.js';

const run = useOfflineAgent();

/** The question is answered from this article, with this in the reply. */
const answered = (text: string, articleId: string, fact: string | RegExp) =>
  expectAnswered(run, MAYA, text, articleId, fact);

// Phrasings written for this test, in other words than any labelled set's.
describe('generic sign-in, contact and order questions are answered from the nearest article (offline engine)', () => {
  it.each([
    'No puedo iniciar sesión, ¿qué hago?',
    "Je n'arrive plus à me connecter depuis hier",
    'Seit gestern kann ich mich nicht mehr einloggen',
    'Não consigo fazer login no painel',
    'Non riesco a fare il login, come mai?',
    'Ik kan niet meer inloggen, wat nu?',
    'Nie mogę się zalogować, co robić?',
  ])('a sign-in that fails, in another language, is the password article: %s', async (text) => {
    await answered(text, 'password-reset', /\b60\b/);
  });

  it('a sign-in failing with the identity provider named stays single sign-on', async () => {
    const r = await run(MAYA, 'Non riesco più ad accedere tramite Okta, cosa controllo?');
    expect(r.articleIds[0]).toBe('single-sign-on');
  });

  it.each([
    'Nikt u nas nie może się zalogować, wszędzie błąd',
    'Niemand van ons kan nog inloggen sinds vanmorgen',
  ])('nobody able to sign in is no forgotten password: %s', async (text) => {
    const r = await run(MAYA, text);
    expect(r.route === 'resolve' && r.articleIds[0] === 'password-reset').toBe(false);
  });

  it('a sign-in failing at the second factor is not the password article', async () => {
    const r = await run(
      MAYA,
      'Ik kan niet meer inloggen, de authenticator-app op mijn nieuwe telefoon geeft geen code',
    );
    expect(r.articleIds[0]).not.toBe('password-reset');
  });

  it.each([
    "what's the best way to contact you guys?",
    'how would we get hold of your support team?',
    'hi, what is your telephone number?',
    'Qual è il vostro numero di telefono, per favore?',
    'Wat is uw telefoonnummer?',
  ])('how to reach the company is the support article’s "Other ways to reach us": %s', async (text) => {
    await answered(
      text,
      'support-hours-and-response-times',
      /support@northwind\.example[^]*\+1 614 555 0100/,
    );
  });

  it.each([
    "what's the latest time we can order and still have it go out today?",
    'by which hour does an order need to be in to ship the same day?',
  ])('the time of day an order must be in to leave that day is the cut-off: %s', async (text) => {
    await answered(text, 'shipping-carriers-and-times', /2 pm Eastern/);
  });

  it.each(['anything of mine on its way at the moment?', 'anything on its way to our shop yet?'])(
    'what is on its way to the customer is their orders: %s',
    async (text) => {
      const r = await run(MAYA, text);
      expect(r.route, r.reason).toBe('resolve');
      expect(r.articleIds).toEqual([]);
    },
  );

  it.each([
    'the box has had no new scans since Tuesday, when do you start chasing the courier?',
    "a parcel that hasn't been scanned since Monday: do you push the carrier or do we?",
  ])('tracking that stopped moving is the lost or delayed article: %s', async (text) => {
    await answered(text, 'lost-or-delayed-packages', /trace/);
  });

  it('a parcel marked delivered that nobody has is the lost or delayed article', async () => {
    await answered(
      'the site says delivered but there is no box at our front desk, how do we handle this?',
      'lost-or-delayed-packages',
      /neighbours|mail room/,
    );
  });

  it.each([
    'are any of my orders still pending?',
    'can you show me our open orders?',
    'what orders of ours are still on their way?',
  ])("which of the customer's orders are open is their order list: %s", async (text) => {
    const r = await run(MAYA, text);
    expect(r.understanding.intent).toBe('order_status');
    expect(r.route, r.reason).toBe('resolve');
    expect(r.articleIds).toEqual([]);
  });
});
