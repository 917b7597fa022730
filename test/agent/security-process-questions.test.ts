import { describe, expect, it } from 'vitest';
import { understandOffline } from '../../src/agent/understand.js';
import { mentionsDataLoss } from '../../src/agent/data-loss.js';
import { fold } from '../../src/agent/offline/text.js';

// Questions about the shop's security process, and a wiped phone, went to a person as a breach or
// lost data. Phrasings written for these tests.
const understand = (text: string) =>
  understandOffline({ text, plan: 'pro', isNewTicket: true, openTickets: [] });

describe('a question about how security reports are handled is not a breach', () => {
  it.each([
    'if a researcher reports a vulnerability, how long before you answer them?',
    'do you have a vulnerability disclosure policy we can point our auditors to?',
    'we spotted a vulnerability in the order form, who should we report it to?',
    'how fast does the security team get back on a reported issue?',
  ])('%s', (text) => {
    const u = understand(text);
    expect(u.securityConcern).toBe(false);
    expect(u.urgency).not.toBe('critical');
  });

  it.each([
    'our security team found a sign-in from an unknown device on the owner account',
    'someone reported a vulnerability and then orders we never placed showed up on our account',
    'we found a vulnerability being exploited on our account, it was hacked last night',
  ])('a breach said beside it is still critical: %s', (text) => {
    expect(understand(text).urgency).toBe('critical');
  });
});

describe('a wiped phone or laptop is a lost device, not lost data', () => {
  it.each([
    'IT wiped my laptop and the authenticator app was on it, how do I log in now?',
    'had to reset my phone to factory settings, lost the 2fa app. how do I get into the account?',
  ])('%s', (text) => {
    expect(mentionsDataLoss(fold(text))).toBe(false);
  });

  it.each([
    'the office laptop got wiped and now our order history is empty in the account too',
    'after the phone was reset all our saved addresses disappeared from the account',
  ])('records said gone beside it still count: %s', (text) => {
    expect(mentionsDataLoss(fold(text))).toBe(true);
  });

  it.each([
    '¿Por qué se perdieron todas nuestras facturas de octubre?',
    'De repente sumiram todos os nossos pedidos do painel',
    'Sono spariti tutti i nostri indirizzi salvati',
    'Ce matin ont disparu toutes nos factures de septembre',
    'Warum sind alle unsere Rechnungen plötzlich weg?',
    'Sinds gisteren zijn al onze bestellingen verdwenen',
    'Zniknęły wszystkie nasze faktury z konta',
  ])('lost records said verb first: %s', (text) => {
    expect(mentionsDataLoss(fold(text))).toBe(true);
  });

  it.each([
    '¿Se borran nuestros datos si cerramos la cuenta?',
    'Ist die Rechnung schon unterwegs?',
    'Zijn onze gegevens veilig bij jullie?',
  ])('questions about the data are not lost data: %s', (text) => {
    expect(mentionsDataLoss(fold(text))).toBe(false);
  });
});
