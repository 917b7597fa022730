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

// The twenty-eighth round. Phrasings written for these tests.
describe("the customer's own security people and security work are who asks, not a breach", () => {
  it.each([
    'do API tokens expire on their own? my security officer asked me to find out',
    'our IT security team needs to know how long sessions stay signed in',
    'how do we report a bug we found in your checkout? I run security audits for a living',
    'is there a way to limit sign-ins to our office network? our security folks keep asking',
  ])('%s', (text) => {
    const u = understand(text);
    expect(u.securityConcern).toBe(false);
    expect(u.urgency).not.toBe('critical');
  });

  it.each([
    'our security team found orders on the account that none of us placed',
    'my security officer says someone signed in from an unknown device at 3am',
    'the security audit turned up our live API key pasted in a public github repo',
    'our security team wants to know who signed in from unknown devices overnight',
  ])('what they found is still critical: %s', (text) => {
    expect(understand(text).urgency).toBe('critical');
  });
});

describe('a terse question on what tells two roles or settings apart is not a breach', () => {
  it.each([
    'diff between owner and approver?',
    'whats the difference between a viewer and a buyer login?',
    'Unterschied zwischen Admin- und Einkäuferrolle?',
    '¿diferencia entre el rol de administrador y el de comprador?',
    'verschil tussen beheerder en koper?',
  ])('%s', (text) => {
    expect(understand(text).securityConcern).toBe(false);
  });

  it.each([
    'diff between our admin and the new admin someone added overnight?',
    "difference between these two logins? one is from a country we've never been to",
  ])('an incident told beside it still is one: %s', (text) => {
    expect(understand(text).securityConcern).toBe(true);
  });
});
