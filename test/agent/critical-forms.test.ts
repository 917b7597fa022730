import { describe, expect, it } from 'vitest';
import { JORDAN, MAYA, useOfflineAgent } from './agent-input.js';

const run = useOfflineAgent();

describe('breaches and outages said in other words are critical and go to a person (offline engine)', () => {
  it('credentials typed into a look-alike page, codes nobody asked for, an admin or orders nobody made, a leaked key', async () => {
    for (const text of [
      'My colleague entered our login on a site that looked just like yours, the link was in an invoice email.',
      'Four sign-in codes arrived by text overnight and I have not tried to log in since Friday.',
      'Our team page shows a new admin called ops-bot. Nobody on our team added it.',
      'Two purchases on our account this week that no one here made.',
      'Someone committed our API token to a public gist an hour ago.',
      'APIキーが流出したかもしれません。',
    ]) {
      const r = await run(MAYA, text);
      expect(r.understanding.urgency, text).toBe('critical');
      expect(r.route, text).toBe('escalate');
      expect(r.reply, text).toBeUndefined();
    }
  });

  it('nobody at an enterprise customer can order, said in French, Spanish or German, is a critical outage', async () => {
    for (const text of [
      'Plus personne dans notre équipe ne peut se connecter depuis ce matin.',
      'Desde las nueve nadie de la oficina puede hacer pedidos.',
      'Seit heute früh kann niemand bei uns bestellen.',
    ]) {
      const r = await run(JORDAN, text);
      expect(r.understanding.urgency, text).toBe('critical');
      expect(r.route, text).toBe('escalate');
    }
  });

  it('a question that only names the same words raises nothing', async () => {
    const r = await run(MAYA, 'nobody here has placed an order yet, how do we start?');
    expect(r.understanding.securityConcern).toBe(false);
    expect(r.understanding.urgency).not.toBe('critical');
    // "Nobody can help me?" is not an outage: the failure must be one of using the service.
    const fr = await run(JORDAN, "personne ne peut m'aider ?");
    expect(fr.understanding.urgency).not.toBe('critical');
  });
});

// Phrasings written for this round, in other words than any labelled set's.
describe('orders nobody made said in a second sentence, and records gone in other words', () => {
  it('orders disowned after a full stop are a security concern', async () => {
    for (const text of [
      'four orders went out from our account overnight to an address in Ohio. none of us placed them',
      'we see 2 new orders to a warehouse in Texas. no one here placed them',
      'three orders were placed overnight to an address in Utah. it was not us',
      'somebody created a new delivery address and made orders to it, that was not one of us',
    ]) {
      const r = await run(MAYA, text);
      expect(r.understanding.urgency, text).toBe('critical');
      expect(r.route, text).toBe('escalate');
    }
  });

  it('an empty address book, a catalogue emptied, nothing of theirs shown any more are lost data', async () => {
    for (const text of [
      'our address book is empty this morning and the 25 delivery sites we had saved are gone',
      'Im Konto ist keine einzige Rechnung mehr zu sehen',
      'Ons adresboek is leeg sinds vanochtend',
    ]) {
      const enterprise = await run(JORDAN, text);
      expect(enterprise.understanding.urgency, text).toBe('critical');
      expect(enterprise.route, text).toBe('escalate');
      const free = await run(MAYA, text);
      expect(free.route, text).toBe('escalate');
    }
  });

  it('a question about saved places is not lost data', async () => {
    for (const text of [
      'where is the address book in settings?',
      'is there a limit on saved delivery locations?',
    ]) {
      const r = await run(MAYA, text);
      expect(r.understanding.urgency, text).not.toBe('critical');
      expect(r.understanding.urgency, text).not.toBe('high');
    }
  });
});
