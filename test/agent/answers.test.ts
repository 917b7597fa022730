import { describe, expect, it } from 'vitest';
import { answerSignal, questionType } from '../../src/agent/answer-type.js';
import { choosePassage } from '../../src/agent/passages.js';
import { unanswerableRequest } from '../../src/agent/requests.js';
import { isAboutOwnOrder } from '../../src/agent/retrieve.js';
import { UnderstandingSchema } from '../../src/agent/types.js';
import { expectAnswered, MAYA, PRIYA, useOfflineAgent } from './agent-input.js';

const run = useOfflineAgent();

describe('answers that answer the question asked (offline engine, demo knowledge base)', () => {
  it('"how long do I have to return" gets the 30-day window, not the bullets about item condition', async () => {
    const r = await run(MAYA, 'How long do I have to return an item I bought?');
    expect(r.route).toBe('resolve');
    expect(r.reply?.text).toContain('30 days of delivery');
    expect(r.reply?.text).not.toContain('original condition');
  });

  it('"how long does standard shipping take" gets the delivery times, "how much is express" the price', async () => {
    const long = await run(PRIYA, 'How long does standard shipping take?');
    expect(long.reply?.text).toMatch(/3–5 business days/);
    const much = await run(PRIYA, 'How much does express shipping cost?');
    expect(much.reply?.text).toContain('$24.95');
  });

  it('"when will a refund reach my card" names no order: the refund-timing article answers, not the order list', async () => {
    const r = await run(MAYA, 'once a refund is approved, when does the money show up on my card?');
    expect(r.reply?.text ?? r.draft ?? '').toContain('business days');
    expect(r.reply?.text ?? '').not.toContain('Which order is this about?');
    const es = await run(MAYA, '¿Cuánto tarda un reembolso en llegar a mi tarjeta?');
    expect(es.reply?.text ?? es.draft ?? '').toContain('business days');
  });

  it('an address change on an order escalates with a draft instead of resolving with tracking', async () => {
    const r = await run(MAYA, 'Please change the delivery address for order 1042 to 12 High Street, Leeds.');
    expect(r.route).toBe('escalate');
    expect(r.reply).toBeUndefined();
    expect(r.confidence).toBeLessThan(0.6);
    // Staff get the facts to send or edit: the order's state and the help center's address rules.
    expect(r.draft).toContain('1042');
    expect(r.draft).toMatch(/Before the order ships/);
    expect(r.escalation?.summary).toMatch(/change the delivery address/);
  });

  it('adding a product to an order and changing what was ordered go to a person', async () => {
    for (const text of [
      'Can you add a box of staples to order 1042?',
      'I need to change the quantity on order 1042 from 2 to 5',
      'i put the wrong street on my parcel for order 1042',
    ]) {
      const r = await run(MAYA, text);
      expect(r.route, text).toBe('escalate');
      expect(r.reply, text).toBeUndefined();
    }
  });

  it('a how-to question about changing an address is still answered from the help center', async () => {
    const r = await run(MAYA, 'How do I change the shipping address on an order?');
    expect(r.route).toBe('resolve');
    expect(r.reply?.text).toMatch(/Before the order ships/);
  });

  it('finding the order is not enough: "when will it arrive" on an order without an estimate is less sure', async () => {
    const shipped = await run(MAYA, 'When will order 1042 arrive?');
    expect(shipped.route).toBe('resolve');
    expect(shipped.reply?.text).toMatch(/Estimated delivery/);
    const placed = await run(PRIYA, 'When will order 1047 arrive?');
    expect(placed.confidence).toBeLessThan(shipped.confidence);
    expect(placed.record.reason).toBeDefined();
  });
});

describe('classes of misses a held-out set showed (issue 11, dev2)', () => {
  it('asking when a refund arrives proposes no refund: the refund-timing article answers', async () => {
    const r = await run(PRIYA, 'When should the refund for order 1045 reach my card?');
    expect(r.proposedAction).toBeUndefined();
    expect(r.reply?.text ?? r.draft ?? '').toContain('5–7 business days');
  });

  it('an address written out, in English or German, or a hold on an order goes to a person', async () => {
    for (const text of [
      'send order 1042 to 7 Mill Road, Bristol instead please',
      'Bitte liefern Sie die Bestellung 1042 an die Gartenstrasse 14',
      'hold order 1042 for a week please, nobody is at the office',
    ]) {
      const r = await run(MAYA, text);
      expect(r.route, text).toBe('escalate');
      expect(r.reply, text).toBeUndefined();
    }
  });

  it('a general question with no order named is answered by the help center, not with the order list', async () => {
    const r = await run(PRIYA, 'if we order before 2pm eastern, does it ship the same day?');
    expect(r.route).toBe('resolve');
    expect(r.reply?.text).toContain('2 pm');
    // Nor with a request to write from a registered address, when nobody's order is asked about.
    const unknown = await run(null, 'how do I cancel an order that has not shipped yet?');
    expect(unknown.route).toBe('resolve');
    expect(unknown.reply?.text).toMatch(/cancel/i);
  });

  it('money back for something that is not an order (a plan, tax) is answered from the help center', async () => {
    const plan = await run(PRIYA, 'do we get a refund for unused seats if we downgrade?');
    expect(plan.proposedAction).toBeUndefined();
    expect(plan.reply?.text ?? plan.draft ?? '').toMatch(/nothing is refunded/);
    const tax = await run(
      PRIYA,
      'our exemption is approved now, we want the tax refunded on the orders before it',
    );
    expect(tax.proposedAction).toBeUndefined();
    expect(tax.reply?.text ?? tax.draft ?? '').toContain('60 days');
    expect(tax.reply?.text ?? '').not.toContain('Which order is this about?');
  });

  it('a plain question said urgently is answered at the normal bar, from the article it is about', async () => {
    const r = await run(PRIYA, 'urgent!! how long is express delivery?');
    expect(r.route).toBe('resolve');
    expect(r.reply?.text).toContain('1–2 business days');
    const limit = await run(
      PRIYA,
      'URGENT need an answer asap: what is the API rate limit per minute on Pro?',
    );
    expect(limit.route).toBe('resolve');
    expect(limit.reply?.text).toContain('600');
  });

  it('asking where to forward a suspicious email is a how-to, not a breach', async () => {
    const r = await run(MAYA, 'where do I forward a suspicious email that claims to be from you?');
    expect(r.route).toBe('resolve');
    expect(r.reply?.text).toContain('security@northwind.example');
  });
});

describe('question types and passages', () => {
  it('reads the type of answer a question asks for, in the supported languages', () => {
    expect(questionType('How long do I have to return an item?')).toBe('duration');
    expect(questionType('¿Cuánto tiempo tarda el envío?')).toBe('duration');
    expect(questionType('Combien coûte la livraison express ?')).toBe('amount');
    expect(questionType('Wann kommt meine Bestellung?')).toBe('date');
    expect(questionType('How do I reset my password when I lost my phone?')).toBe('steps');
    expect(questionType('Is my order late?')).toBe('other');
  });

  it('prefers the passage holding the kind of answer asked for', () => {
    const body = [
      'You can return items within **30 days of delivery**.',
      '## What can be returned\n\n- Opened items are fine as long as they are undamaged and complete.',
    ].join('\n\n');
    expect(choosePassage(body, 'How long do I have to return items?').text).toContain('30 days');
    expect(choosePassage(body, 'Can I return opened items?').text).toContain('undamaged');
    expect(answerSignal('amount', 'Express is $24.95.')).toBeGreaterThan(0);
    expect(answerSignal('duration', 'Express is $24.95.')).toBe(0);
  });

  it('keeps a line that introduces a table with the table, so the figures are quoted', () => {
    const body = [
      'Uploads are limited per account per hour:',
      '| Plan | Uploads |\n| --- | --- |\n| Basic | 40 |\n| Plus | 400 |',
      'Large files are processed in the background and you get an email when they are ready.',
    ].join('\n\n');
    const passage = choosePassage(body, 'what is the upload limit on Plus?').text;
    expect(passage).toContain('Uploads are limited');
    expect(passage).toContain('| Plus | 400 |');
  });

  it('quotes the details after a one-sentence lead-in', () => {
    const body = [
      'We answer security reports quickly.',
      '- Write to the security mailbox.\n- We reply within 2 business days.',
      '## Other\n\nSomething unrelated about invoices and receipts, long enough to be a passage.',
    ].join('\n\n');
    const passage = choosePassage(body, 'how quickly do you answer security reports?').text;
    expect(passage).toContain('We answer security reports quickly.');
    expect(passage).toContain('2 business days');
  });

  it('quotes a second passage that answers nearly as well, never an unrelated one', () => {
    const body = [
      'Two-step sign-in protects your account. Turn it on under Settings → Security.',
      'Something unrelated about invoices and receipts, long enough to be a passage.',
      '- Save your recovery codes somewhere safe.\n- Each code works once.',
      'Account owners can require two-step sign-in for every member of the team.',
    ].join('\n\n');
    const passage = choosePassage(body, 'can we make two-step sign-in mandatory for the whole team?').text;
    expect(passage).toContain('Turn it on under Settings');
    expect(passage).toContain('require two-step sign-in for every member');
    expect(passage).not.toContain('invoices');
    expect(passage.indexOf('Turn it on')).toBeLessThan(passage.indexOf('require two-step'));
  });

  it('reads "how fast" and a deadline as a question about a duration', () => {
    expect(questionType('how fast is the courier?')).toBe('duration');
    expect(questionType('is there a deadline to drop the parcel off?')).toBe('duration');
  });

  it('tells requests no tool can do from questions the help center answers', () => {
    expect(unanswerableRequest('problem updating where it ships')?.kind).toBe('change_address');
    expect(unanswerableRequest('Bitte die Adresse ändern für Bestellung 1042')?.kind).toBe('change_address');
    expect(unanswerableRequest('how do I change my address?')).toBeNull();
    expect(unanswerableRequest('Any update on my order?')).toBeNull();
    expect(unanswerableRequest('please cancel and change my order')).toBeNull();
    // A question about what is possible in general, with no order named, is for the help center.
    expect(
      unanswerableRequest('is it possible for an address to be changed once the parcel has left?'),
    ).toBeNull();
    expect(unanswerableRequest('can the address on 1042 be changed?')?.kind).toBe('change_address');
  });
});

describe('classes of misses issue 11 round five fixed (from train, dev and dev2)', () => {
  it('an order number followed by a comma, with an old address or a move to a street, is a change of address', async () => {
    expect(unanswerableRequest('you still have our previous address on file for 1042')?.kind).toBe(
      'change_address',
    );
    expect(unanswerableRequest('heads up, we relocated to 40 Ferry Lane last week')?.kind).toBe(
      'change_address',
    );
    // With the order read from "1042," the order path answers; the request still goes to a person.
    const r = await run(MAYA, 'About 1042, we moved to 3 Orchard Road last month. Could you sort that out?');
    expect(r.route).toBe('escalate');
    expect(r.reply).toBeUndefined();
  });

  it("a product's name is not the question's topic: the label printer's warranty is a warranty question", async () => {
    const printer = await run(PRIYA, 'is there a warranty on the thermal label printer, and how long?');
    expect(printer.reply?.text ?? printer.draft ?? '').toContain('1-year');
    const rolls = await run(PRIYA, 'we opened and used some thermal label rolls, can those go back?');
    expect(rolls.reply?.text ?? rolls.draft ?? '').toContain('Consumables');
  });

  it('the passage quoted holds the figure the question asks for, even inside a how-to list', async () => {
    // "how many days" names its unit: the list's "within 7 days of delivery" answers it.
    const days = await run(PRIYA, 'the desk showed up dented, how many days do I have to tell you?');
    expect(days.reply?.text ?? days.draft ?? '').toContain('7 days');
  });

  it('a question that counts in a unit ("how many days") gets the passage stating days, even a how-to list', async () => {
    const body = [
      'We are sorry when an order arrives broken. These cases are handled before ordinary returns, we promise.',
      '## What to do\n\n1. Keep the box.\n2. Photograph the damage.\n3. Send us the photos within **7 days of delivery**.',
      '## What happens next\n\nDamaged in transit: we ship a replacement or refund the damaged item at no cost.',
    ].join('\n\n');
    expect(choosePassage(body, 'my order came damaged, how many days do I get to report it?').text).toContain(
      '7 days',
    );
    // In Italian the search runs on the glossary's English words; the unit is read from the text.
    const it = await run(null, 'Entro quanti giorni devo segnalare un pacco danneggiato?');
    expect(it.reply?.text ?? it.draft ?? '').toContain('7 days');
  });

  it('"within a minute" is a duration: the passage holding it answers "how quickly", not one that says "immediately" in passing', () => {
    const body = [
      'Admins create API keys under **Settings → Developers → API keys**.',
      '- The key is shown **once** at creation.\n- Rotate keys yearly, then revoke the old one. Revocation takes effect within a minute.',
      'If a key may have leaked, revoke it immediately and tell us; we can review its recent requests with you.',
    ].join('\n\n');
    const p = choosePassage(body, 'after revoking a key, how quickly is it really dead?');
    expect(p.text).toContain('within a minute');
    expect(answerSignal('duration', 'Revocation takes effect within a minute.')).toBeGreaterThan(0);
  });
});

describe('classes of misses issue 11 round six fixed (from train, dev, dev2 and dev3)', () => {
  it('requests no article answers go to a person with a draft, not an answer from the order or a near article', async () => {
    for (const [email, text] of [
      [MAYA, 'please expedite 1042, we need the boxes before the weekend'],
      [MAYA, 'could you split 1042 into two deliveries'],
      [MAYA, 'can 1042 be delivered to our warehouse instead? 12 Pier Road'],
      [PRIYA, 'the label printer from 1046 stopped printing after a few weeks of use'],
      [MAYA, 'could you change the login email on our account to owner@bluebird.example'],
      [MAYA, 'we took over another cafe that has its own account with you, can you fold it into ours?'],
    ] as const) {
      const r = await run(email, text);
      expect(r.route, text).toBe('escalate');
      expect(r.reply, text).toBeUndefined();
      expect(r.proposedAction, text).toBeUndefined();
    }
  });

  it('opening an account for another site is the sign-up article’s since kb/ has one', async () => {
    for (const text of [
      'we are opening a second cafe, can you create a new account for it?',
      'how do we get an account with you for our new bakery?',
      'where can I register my company as a new customer?',
      'where do I sign our studio up as a new customer?',
    ])
      await expectAnswered(
        run,
        MAYA,
        text,
        'opening-an-account',
        /northwind\.example\/signup|Enter your name, your work email/,
      );
  });

  it('a request is told from a question about terms, a how-to, and a refund asked for a broken item', () => {
    expect(unanswerableRequest('can you rush order 1019?')?.kind).toBe('expedite');
    expect(unanswerableRequest('my headset died after three months')?.kind).toBe('warranty_claim');
    expect(unanswerableRequest('please arrange a warranty repair for the chair on 1001')?.kind).toBe(
      'warranty_claim',
    );
    expect(unanswerableRequest('can we change the email we sign in with?')?.kind).toBe('change_login');
    expect(unanswerableRequest('how long is the warranty on office chairs?')).toBeNull();
    expect(unanswerableRequest('how do I make a warranty claim?')).toBeNull();
    expect(
      unanswerableRequest('the grinder from 1043 broke after two days, I want my money back'),
    ).toBeNull();
    expect(unanswerableRequest('do you offer express shipping?')).toBeNull();
    expect(unanswerableRequest('can I sign up for SMS alerts on the status page?')).toBeNull();
  });

  it('a question about what is possible finds the article on its subject, not on the verb', async () => {
    const r = await run(PRIYA, 'does your platform support OpenID Connect for logins?');
    expect(r.route).toBe('resolve');
    expect(r.reply?.text).toContain('OpenID Connect');
  });

  it('a refund’s progress asked in other words is answered from refund timing, not with a list of orders', async () => {
    for (const text of [
      'you said the refund went out but there is nothing on my card, is that normal?',
      'one lamp is going back: is the refund timing different for part of an order?',
    ]) {
      const r = await run(MAYA, text);
      const answer = r.reply?.text ?? r.draft ?? '';
      expect(answer, text).not.toMatch(/Which order|recent/);
      expect(r.articleIds[0], text).toBe('refund-timing');
      expect(r.proposedAction, text).toBeUndefined();
    }
  });

  it('a message read as order status that is not about orders gets no order list', () => {
    const asStatus = UnderstandingSchema.parse({
      language: 'en',
      intent: 'order_status',
      urgency: 'medium',
      sentiment: 'neutral',
    });
    expect(isAboutOwnOrder(asStatus, 'does the grinder run on 220 volts?')).toBe(false);
    expect(isAboutOwnOrder(asStatus, 'are you ISO 27001 certified?')).toBe(false);
    expect(isAboutOwnOrder(asStatus, "where's my stuff?")).toBe(true);
    expect(isAboutOwnOrder(asStatus, 'has my parcel shipped yet')).toBe(true);
    expect(isAboutOwnOrder(asStatus, '¿Dónde está mi pedido?')).toBe(true);
  });

  it('a duration question finds its article by its subject, not by "how long until … back"', async () => {
    // Read word by word, "how long … wait before" found the lost-parcels article ("do not make you wait long").
    const r = await run(PRIYA, 'how long do I have to wait before my account unlocks');
    expect(r.route).toBe('resolve');
    expect(r.reply?.text).toContain('30 minutes');
  });
});
