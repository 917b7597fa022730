import { describe, expect, it } from 'vitest';
import { findCustomerRequests } from '../../src/agent/customer-request.js';

const asks = (text: string, action: 'refund' | 'cancellation' = 'refund') =>
  findCustomerRequests([{ text }], action).length > 0;

// A customer who says they ask for nothing yet and then asks what a refund or a cancellation
// would be has asked a question about the policy: moving money on it would act on a question.
describe('a message that says it asks for nothing yet', () => {
  it.each([
    "we're not asking for anything today — if the lamp on 1045 came back, would the refund include shipping?",
    'Nothing to request at this point. If we sent back two of the monitors on 1017, would we get the money for both?',
    "I'm not requesting anything yet; if one chair from 1017 is returned, is the refund only for that chair?",
    'No pedimos nada todavía: si devolvemos una silla del pedido 1017, ¿el reembolso sería solo de esa?',
    "Je ne demande rien pour l'instant : si on renvoie un casque de la commande 1017, le remboursement serait-il partiel ?",
    'Não estou pedindo nada ainda: se devolvermos uma cadeira do pedido 1017, o reembolso seria só dela?',
    'Non chiedo niente per ora: se rimandiamo una sedia dell’ordine 1017, il rimborso sarebbe solo per quella?',
    'Ik vraag nog niets: als we één stoel van 1017 terugsturen, is de terugbetaling dan alleen voor die stoel?',
    'Nie proszę o nic, tylko pytam: jeśli odeślemy jedno krzesło z 1017, czy zwrot będzie tylko za nie?',
    'Wir wollen noch nichts, nur eine Frage: wenn wir zwei Headsets von 1017 zurückschicken, wäre die Erstattung nur für die zwei?',
  ])('asks for no refund: %s', (text) => {
    expect(asks(text)).toBe(false);
  });

  it.each([
    'Not asking for anything yet: if we cancelled 1047 tomorrow, would there be a fee?',
    'Nothing to request yet. If we cancel 1047 next week, would the whole amount come back?',
  ])('asks for no cancellation: %s', (text) => {
    expect(asks(text, 'cancellation')).toBe(false);
  });

  it.each([
    // A disclaimer of anything *else*, then the ask itself.
    'Not asking for anything else, just refund order 1045 please.',
    'I don’t need anything fancy. Please refund 1045.',
    // The ask said before the disclaimer of more.
    'Please refund 1045 — we are not asking for anything more than that.',
    'No pedimos nada más: reembolsen el pedido 1045, por favor.',
    "We're not asking for anything but our money back on 1045, can you do that?",
    'Je ne demande rien sauf le remboursement de la commande 1045, est-ce possible ?',
  ])('still asks: %s', (text) => {
    expect(asks(text)).toBe(true);
  });
});

// A refund asked about an event a while ahead ("if it dies in a few months can I get money
// back"), with or without the question mark, asks about the policy, not for a refund now.
describe('a refund asked about under a condition months ahead', () => {
  it.each([
    'if the headset on 1050 dies in a few months can i get money back',
    'if the chair on 1045 breaks next year, can we get our money back',
    'if the lamp on 1045 stops working in a couple of months could we get a refund?',
    'if the monitor from 1017 fails a year from now would we get a refund',
  ])('asks for no refund: %s', (text) => {
    expect(asks(text)).toBe(false);
  });

  it.each([
    'if possible can we get a refund on 1045 next week',
    "If it's not here by Friday, can I get a refund for 1045?",
    "if you could refund 1045 in a few days that'd be great",
    'Please refund 1045, and if the other one breaks next year can we do the same?',
  ])('still asks: %s', (text) => {
    expect(asks(text)).toBe(true);
  });
});

// Months or years ahead, "would you refund it?" asks what the company would do then: the
// condition cannot be met today, however the company is addressed.
describe('a refund asked of the company under a condition months ahead', () => {
  it.each([
    'If the kettle from 1045 breaks a few months from now, would you refund it or fix it?',
    'if the desk on 1017 cracks next year would you give us our money back?',
    'If the lamp on 1045 fails in a couple of months, will you refund us?',
    'Say the monitor on 1017 dies a year from now: if so, would you refund it?',
  ])('asks for no refund: %s', (text) => {
    expect(asks(text)).toBe(false);
  });

  it.each([
    "If it isn't here in a few days, could you refund 1045?",
    'If the replacement still has not shipped, could you refund 1045?',
    'Could you refund 1045 now? If the other chair breaks next year we will write again.',
  ])('still asks: %s', (text) => {
    expect(asks(text)).toBe(true);
  });
});

// A customer who writes to know and asks that nothing be done has asked a question about the
// policy; "for your information" brings news and a request may follow it.
describe('a message for information only', () => {
  it.each([
    'For our records, no action needed: if the chair from 1045 goes back, the refund is the full price?',
    'No action yet please — when 1017 is returned, the refund goes back on the company card?',
    "Just for my information — please don't do anything — would a refund of 1045 go back to the card we paid with?",
    'No action yet please. If we sent 1017 back, how much would the refund be?',
    'Solo para saber, no hagan nada: si devolvemos el pedido 1045, ¿el reembolso va a la tarjeta?',
    'Pour ma gouverne, ne faites rien : si je renvoie 1045, le remboursement arrive sur la carte ?',
    'Bitte nichts unternehmen: wenn wir 1045 zurückschicken, geht die Erstattung auf die Karte?',
  ])('asks for no refund: %s', (text) => {
    expect(asks(text)).toBe(false);
  });

  it.each([
    'FYI the lamp on 1045 arrived broken. Can you refund it?',
    'For your information, 1045 came damaged — please refund it.',
    'No action was taken on my claim, can you refund 1045 now?',
    'For our records we need the refund of 1045 done today, please process it.',
  ])('still asks: %s', (text) => {
    expect(asks(text)).toBe(true);
  });
});

// A supposition opened without "if" ("say…", "what if…", "let's say…") about a season or a month
// ahead, with or without its question mark, asks about the policy too.
describe('a refund asked about under a supposition a season ahead', () => {
  it.each([
    'say the blender on 1045 dies in the autumn, is a refund even possible',
    'What if the kettle on 1045 leaks over the winter, could we get a refund?',
    "let's say the desk on 1017 wobbles come spring — refund possible?",
    'Imagine the monitor on 1017 fails in March: would you refund it?',
  ])('asks for no refund: %s', (text) => {
    expect(asks(text)).toBe(false);
  });

  it.each([
    'The chair on 1017 cracked in the spring, refund please',
    'Say, could you refund 1045 please? it broke',
    "If it isn't here by the weekend, can I get a refund for 1045?",
  ])('still asks: %s', (text) => {
    expect(asks(text)).toBe(true);
  });
});
