import { describe, expect, it } from 'vitest';
import { JORDAN, MAYA, PRIYA, useOfflineAgent } from './agent-input.js';

const run = useOfflineAgent();

// Phrasings written for the eighteenth round, in other words than any labelled set's.
describe('security incidents told as what happened are critical and go to a person (offline engine)', () => {
  it('a message claiming to be from us that asks for a card number, a password or codes', async () => {
    for (const text of [
      "a text came in 'from Northwind support' wanting our CVV to unlock the account, real?",
      'we received a mail signed by your billing team asking for our bank details so they can refund us',
      'somebody phoned our office saying they were from you and asked us for the 2FA codes',
      'an email with your logo asks us to verify our login details through a link, is it you?',
    ]) {
      const r = await run(MAYA, text);
      expect(r.understanding.urgency, text).toBe('critical');
      expect(r.route, text).toBe('escalate');
      expect(r.reply, text).toBeUndefined();
    }
  });

  it('someone who was removed still using the account, or another customer’s records on screen', async () => {
    for (const text of [
      'the ex-contractor we offboarded in March still logs in, I saw her name in the activity feed',
      'we deactivated Tom on Monday, yet today he placed two orders',
      'our export file lists another company’s addresses next to ours',
      'when I open invoice 88 I see a different customer’s invoice with their card details',
    ]) {
      const r = await run(PRIYA, text);
      expect(r.understanding.urgency, text).toBe('critical');
      expect(r.route, text).toBe('escalate');
    }
  });

  it('a secret shown in a post, a slide or a screenshot', async () => {
    for (const text of [
      'our live API token is readable in a slide deck we shared on LinkedIn yesterday',
      'my admin password was visible in a screenshot on our blog',
    ]) {
      const r = await run(PRIYA, text);
      expect(r.understanding.urgency, text).toBe('critical');
    }
  });

  it('a secret pasted into a chat others read: a named channel, a shared workspace, a group chat', async () => {
    for (const text of [
      'a new hire pasted our production API key into #random an hour ago',
      'our admin posted the live token in the shared channel with our agency',
      'someone dropped our API key in a Slack we share with two vendors',
      'the password for the admin login was posted in a group chat with outside contractors',
    ]) {
      const r = await run(PRIYA, text);
      expect(r.understanding.urgency, text).toBe('critical');
      expect(r.route, text).toBe('escalate');
    }
  });

  it('where to keep or find a key, or a file shared in a channel, raises nothing', async () => {
    for (const text of [
      'can we post the API key in our team channel?',
      'where do I find the API key?',
      'we shared the invoice in #finance, can you resend the PDF?',
    ]) {
      const r = await run(PRIYA, text);
      expect(r.understanding.securityConcern, text).toBe(false);
    }
  });

  it('the same words asked as a rule, an invite or where to forward it raise nothing', async () => {
    for (const text of [
      'will you ever email us asking for our card number?',
      'if I remove a former employee, are they logged out right away?',
      'the invite email asks me to set a password but the link has expired',
      'got a strange mail asking for our password, where do I forward it?',
      'we would like to see other stores’ orders in one dashboard, is that possible?',
      'we received someone else’s order in our parcel',
    ]) {
      const r = await run(PRIYA, text);
      expect(r.understanding.securityConcern, text).toBe(false);
      expect(r.understanding.urgency, text).not.toBe('critical');
    }
  });
});

describe('an outage said scope first, records trailing off, and an outage carried on in the thread', () => {
  it('the scope before the failure is an outage: critical for an enterprise customer', async () => {
    for (const text of [
      'Entire office locked out since lunch, we cannot approve anything',
      'everyone at Acme is getting a blank page on the portal',
      'all of our buyers get bounced out to the sign in screen',
    ]) {
      const r = await run(JORDAN, text);
      expect(r.understanding.urgency, text).toBe('critical');
      expect(r.route, text).toBe('escalate');
    }
  });

  it('records counted as none where there were some yesterday are lost data', async () => {
    for (const text of [
      'the invoices page shows 0 invoices now, last week there were about sixty',
      'Reports tab lists no reports at all. This morning we had forty.',
    ]) {
      const r = await run(JORDAN, text);
      expect(r.understanding.urgency, text).toBe('critical');
      expect(r.route, text).toBe('escalate');
    }
    const closed = 'the report shows no orders for January because we were closed that month';
    expect((await run(JORDAN, closed)).understanding.urgency).not.toBe('critical');
  });

  it('records said gone with a trailing ellipsis are lost data', async () => {
    const text = 'the price lists we built last year are just... gone?';
    const r = await run(JORDAN, text);
    expect(r.understanding.urgency).toBe('critical');
    expect(r.route).toBe('escalate');
  });

  it('a reply that carries an earlier failure on to more people reads the thread with it', async () => {
    const text = 'still the same, and now my two colleagues too';
    const history = [
      { role: 'customer' as const, text: "the portal won't load on my laptop" },
      { role: 'bot' as const, text: 'Sorry about that. Does it happen for your colleagues too?' },
      { role: 'customer' as const, text },
    ];
    const r = await run(JORDAN, text, { history });
    expect(r.understanding.urgency).toBe('critical');
    expect(r.route).toBe('escalate');
    // Thanks in the same thread stays a pleasantry.
    const thanks = await run(JORDAN, 'thanks everyone', {
      history: [...history.slice(0, 2), { role: 'customer' as const, text: 'thanks everyone' }],
    });
    expect(thanks.route).toBe('ignore');
  });

  it('thanks and greetings with emoji or “everyone” raise no concern', async () => {
    for (const text of ['noted 👍', 'Have a lovely weekend, everybody!', 'great, thanks all 🙌']) {
      const r = await run(JORDAN, text);
      expect(r.route, text).toBe('ignore');
      expect(r.understanding.urgency, text).not.toBe('critical');
    }
  });
});
