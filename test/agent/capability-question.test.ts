import { describe, expect, it } from 'vitest';
import { understandOffline } from '../../src/agent/understand.js';

// An enterprise outage is critical (urgency.ts), so the concern model's "outage" read from the
// topic words of a question about what the product supports sent such questions to a person as a
// crisis. Phrasings written for this test.
const urgencyOf = (text: string) =>
  understandOffline({ text, plan: 'enterprise', isNewTicket: true, openTickets: [] }).urgency;

describe('a question about what the product supports reports no outage', () => {
  it.each([
    'does your platform support OpenID Connect for logins?',
    'can the whole team sign in with Google on your platform?',
  ])('%s is not critical for an enterprise customer', (text) => {
    expect(urgencyOf(text)).not.toBe('critical');
  });

  it.each([
    'does your platform support SSO? nobody can log in right now',
    'your platform stopped accepting our SAML logins, is it down?',
    'is the portal down? none of us can sign in with Okta',
  ])('a failure said beside it keeps the outage: %s', (text) => {
    expect(urgencyOf(text)).toBe('critical');
  });
});
