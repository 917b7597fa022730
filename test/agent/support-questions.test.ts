import { describe, expect, it } from 'vitest';
import { isBillingDispute } from '../../src/agent/billing-errors.js';
import { mentionsDataLoss } from '../../src/agent/data-loss.js';
import { asksForHuman, classifyIntent } from '../../src/agent/offline/classify-intent.js';
import { fold } from '../../src/agent/offline/text.js';
import { understandOffline } from '../../src/agent/understand.js';

// Answerable questions that a hard rule sent to a person: whether a person reads messages, what
// the response-time promise covers, what happens to data when someone else closes the account,
// and a cancellation because an order was placed twice. Phrasings written for these tests.
const understand = (text: string) =>
  understandOffline({ text, plan: 'pro', isNewTicket: true, openTickets: [] });

describe('a question about whether and when people answer does not ask for one', () => {
  it.each([
    'if we message you on a Sunday night, does a person ever read it?',
    'does anyone actually read these chats after hours? we work nights',
    'what counts as urgent for the 4-hour response on our plan? briefing the shift manager',
    'which problems qualify as critical for the one-hour reply? our manager wants a list',
  ])('%s', (text) => {
    expect(asksForHuman(text)).toBe(false);
    expect(classifyIntent(text).intent).not.toBe('human_request');
    expect(understand(text).wantsHuman).toBe(false);
  });

  it.each([
    'does a human ever read this? I want to talk to someone today',
    'what counts as urgent for the 1-hour response? either way, please call me back',
  ])('an ask for a person beside it still is one: %s', (text) => {
    expect(understand(text).wantsHuman).toBe(true);
  });
});

describe('a question about data after a planned closure is no data loss', () => {
  it.each([
    'if the school closes its account, how long until pupil records are wiped?',
    'once our account is deleted, how soon is all our data wiped?',
    'after the account gets closed, are the invoices erased right away?',
    'how do I get my own contact data deleted but keep the company account?',
  ])('%s', (text) => {
    expect(mentionsDataLoss(fold(text))).toBe(false);
  });

  it.each([
    'our account was closed by mistake and all our records are gone',
    'if you ask me, the data is gone: the order history was wiped overnight',
  ])('records said gone still are: %s', (text) => {
    expect(mentionsDataLoss(fold(text))).toBe(true);
  });
});

describe('an order placed twice is a cancellation, not a wrong charge', () => {
  it.each([
    'Merci d’annuler la 1030, nous avons passé la commande en double par erreur.',
    'Pouvez-vous annuler 1031 ? Le bureau a commandé les chaises en double.',
  ])('%s', (text) => {
    expect(isBillingDispute(text, 'cancel', null)).toBe(false);
  });

  it.each([
    'Nous avons été facturés en double pour la commande 1030.',
    'Il y a un prélèvement en double sur notre carte ce mois-ci.',
    'la commande 1030 a été débitée en double',
  ])('a charge taken twice still is: %s', (text) => {
    expect(isBillingDispute(text, 'billing', null)).toBe(true);
  });
});
