import { describe, expect, it } from 'vitest';
import { fold } from '../../src/agent/offline/text.js';
import { asksHowItWorks } from '../../src/agent/security-questions.js';
import { understandOffline } from '../../src/agent/understand.js';

// A question about how a setting, a policy or the account works went to a person as a breach:
// the concern model reads security from topic words (device, card, attempts, abroad), and the
// patterns from "security" and "fraud" asked about. Phrasings written for these tests.
const understand = (text: string) =>
  understandOffline({ text, plan: 'pro', isNewTicket: true, openTickets: [] });

describe('a question about how a setting or a policy works is not a breach', () => {
  it.each([
    'do you notify us when a new device signs in to our account?',
    'is there an audit log of who changed our payment details?',
    'what security checks do you run before shipping to a new address?',
    'how does your fraud screening work for big first orders?',
    'what should we do if our account ever gets hacked?',
    'how do you handle a data breach, do you notify customers?',
    '¿Cómo cambio la tarjeta guardada en nuestra cuenta?',
    'Livrez-vous aussi en Suisse ? Notre filiale à Genève en a besoin',
  ])('%s', (text) => {
    const u = understand(text);
    expect(u.securityConcern).toBe(false);
    expect(u.urgency).not.toBe('critical');
  });

  it.each([
    'Mi cuenta está bloqueada por demasiados intentos',
    'my account got locked after five wrong password tries, how long until it opens again?',
    'I set a new password this morning and the password is already forgotten, oops',
  ])("one's own sign-in trouble is not a breach: %s", (text) => {
    expect(understand(text).securityConcern).toBe(false);
  });
});

describe('an incident told as a question stays a breach', () => {
  it.each([
    'is it normal that someone in Lagos signed in to our account?',
    'why does our login history show a sign-in from Romania?',
    'how did a stranger get our card number? there is a charge from a shop we never used',
    'we got a login alert from Lagos, how do we see which device it was?',
    'how do we lock things down? a login from Vietnam at 4am, none of us travel',
    'our account got hacked last night, what should we do?',
    'if our account was hacked, why are there orders none of us placed?',
  ])('%s', (text) => {
    const u = understand(text);
    expect(u.securityConcern).toBe(true);
    expect(u.urgency).toBe('critical');
  });

  it.each([
    'which role can see invoices? someone we never invited is listed as admin',
    'how long is a reset link valid? we got one at 3am that nobody requested',
    'can a former employee still order with his old login?',
    'what should we do, an unknown user placed orders overnight?',
  ])('the question form alone does not clear it: %s', (text) => {
    expect(asksHowItWorks(fold(text))).toBe(false);
  });
});
