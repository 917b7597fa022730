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

  it.each([
    'if there is an outage, how do you tell customers?',
    'during unplanned downtime, do you credit enterprise accounts?',
    'after a major incident, how long until you send the report?',
  ])('an outage spoken of in general, in a question, is not one: %s', (text) => {
    expect(urgencyOf(text)).not.toBe('critical');
  });

  it.each([
    'after the outage this morning our invoices are gone, can you check?',
    'is there an outage? the portal shows a blank page for all of us',
  ])('an outage happening now still is: %s', (text) => {
    expect(urgencyOf(text)).toBe('critical');
  });
});

// In every language the training banks said "answers" or "responds" only of a service that had
// stopped, so the concern model read questions about support hours as outages. Phrasings written
// for this test.
describe('a question about when support answers reports no outage', () => {
  const understood = (text: string) =>
    understandOffline({ text, plan: 'enterprise', isNewTicket: true, openTickets: [] });

  it.each([
    'Antwortet der Support am Wochenende?',
    'Antwortet jemand am Wochenende?',
    'does anyone from support reply on sundays?',
    '¿El soporte responde los fines de semana?',
    'O suporte responde no fim de semana?',
    'Vocês respondem aos sábados?',
    'Le support répond-il le week-end ?',
  ])('%s is no outage, not even for an enterprise customer', (text) => {
    const u = understood(text);
    expect(u.urgency).not.toBe('critical');
    expect(u.urgencySignals).toEqual([]);
  });

  it.each([
    'Antwortet jemand am Wochenende? Unser Shop ist down',
    'the api is down for everyone, does anyone answer on sundays?',
    'does anyone answer on weekends? your checkout is down for everyone',
  ])('an outage said beside it still counts: %s', (text) => {
    expect(understood(text).urgency).toBe('critical');
  });
});
