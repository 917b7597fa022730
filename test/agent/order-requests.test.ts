import { describe, expect, it } from 'vitest';
import { MAYA, useOfflineAgent } from './agent-input.js';

const runAs = useOfflineAgent();
const run = (text: string) => runAs(MAYA, text);

describe('a request about a named order that no tool carries out (offline engine)', () => {
  it('goes to a person with a draft, not answered with the order status', async () => {
    for (const text of [
      'Could you leave order 1042 with the concierge downstairs?',
      'could you wrap each item in 1042 separately',
      'Bitte Bestellung 1042 erst am Freitag zustellen.',
      'can you use recycled packaging for 1042',
    ]) {
      const r = await run(text);
      expect(r.route, text).toBe('escalate');
      expect(r.reply, text).toBeUndefined();
      expect(r.escalation?.summary, text).toMatch(/no tool does/);
    }
  });

  it('asking where an order is, or to be told its state, is still answered from the order', async () => {
    for (const text of [
      'Could you tell me where order 1042 is?',
      'please send me the tracking for 1042',
      'can you check on order 1042 for me',
    ]) {
      const r = await run(text);
      expect(r.route, text).toBe('resolve');
      expect(r.reply?.text, text).toContain('1042');
    }
  });

  it('an invoice of a named order redone for another name, or another request on it, goes to a person too', async () => {
    for (const text of [
      'Could you reissue the invoice for 1043 in the name of Bluebird Cafe Holdings?',
      'please print our purchase order number on the invoice for 1043',
    ]) {
      const r = await run(text);
      expect(r.route, text).toBe('escalate');
      expect(r.escalation?.summary, text).toMatch(/no tool does/);
    }
  });

  // The twenty-fourth round: the invoice or receipt asked for in other words and languages.
  it('a copy of the invoice or receipt, however it is asked, is answered from the invoices article', async () => {
    for (const text of [
      'receipt for order 1043 please, accounts need it',
      'need the receipt for 1042 pls, bookkeeping wants it',
      'Könnten Sie mir die Quittung für 1043 bitte schicken?',
      '¿Pueden mandarme la factura del pedido 1042?',
      'Pourriez-vous me renvoyer la facture de la commande 1043 ?',
      'Potete mandarmi la fattura dell’ordine 1042?',
    ]) {
      const r = await run(text);
      expect(r.escalation?.summary ?? '', text).not.toMatch(/no tool does/);
      expect(r.route, text).toBe('resolve');
      expect(r.proposedAction, text).toBeUndefined();
    }
    for (const text of [
      'Könnt ihr die Rechnung für 1043 auf unseren neuen Firmennamen ausstellen?',
      'please add our PO number to the receipt for 1042',
    ]) {
      const r = await run(text);
      expect(r.route, text).toBe('escalate');
    }
  });

  it('a copy of the invoice, stopping an order or money back keep their own answers', async () => {
    const copy = await run('can you send me the invoice for 1043?');
    expect(copy.escalation?.summary ?? '').not.toMatch(/no tool does/);
    const stop = await run('please stop order 1047, we ordered it twice');
    expect(stop.escalation?.summary ?? '').not.toMatch(/no tool does/);
  });
});

// Phrasings written for this test, not taken from a set.
describe('an order said to be late or needed soon, with only a courtesy word (offline engine)', () => {
  it('asks where the order is: its status answers, no request is read', async () => {
    for (const text of [
      'pls, 1042 was supposed to be here by this morning, the café opens at noon',
      'we need 1042 before the market on friday, please!',
      'order 1042 should have been here yesterday pls',
      'urgent!! need the boxes from 1042 tomorrow first thing, thanks pls',
    ]) {
      const r = await run(text);
      expect(r.escalation?.summary ?? '', text).not.toMatch(/no tool does/);
      expect(r.route, text).toBe('resolve');
      expect(r.reply?.text, text).toContain('1042');
      expect(r.proposedAction, text).toBeUndefined();
    }
  });

  it('something asked of us about it is still a request', async () => {
    for (const text of [
      'please leave 1042 behind the side gate, we need it tonight',
      'could you hand 1042 to the bakery next door? we need it today',
    ]) {
      const r = await run(text);
      expect(r.route, text).toBe('escalate');
      expect(r.escalation?.summary, text).toMatch(/no tool does/);
    }
  });
});

describe('a billing question is not a billing dispute for its words alone (offline engine)', () => {
  it('"one invoice a month rather than one per order" and a question without its mark are answered', async () => {
    for (const text of [
      'Can we get one invoice a month rather than one per order?',
      "we're on net-30 terms, do we get one invoice a month or one per order",
    ]) {
      const r = await run(text);
      expect(r.understanding.billingDispute, text).toBe(false);
      expect(r.route, text).toBe('resolve');
      expect(r.reply?.text, text).toMatch(/one consolidated invoice per month/);
    }
  });
});

// Phrasings written for this test (lowconf7), not taken from a set: what a named order came to is
// on its record, said with a courtesy word or as a request; changing the total is not asking for it.
describe('the total of a named order asked for (offline engine)', () => {
  it('is answered from the order, with its total', async () => {
    for (const text of [
      'order total for 1042 pls, our bookkeeper is closing the quarter',
      'Could you give me the amount of order 1042? Need it for the expense report.',
      'please confirm how much we paid for 1042, accounts are reconciling',
    ]) {
      const r = await run(text);
      expect(r.route, `${text}: ${r.reason}`).toBe('resolve');
      expect(r.reply?.text, text).toMatch(/\$\s?\d|\d\s?\$|USD|€/);
    }
  });

  // Written for this test: the intent head reads these as billing (money, paying, the books); the
  // order's record still holds what it came to, so a billing word does not send them to an article.
  it('is answered from the order when the question reads as billing', async () => {
    for (const text of [
      'what did we pay for 1043 in the end? finance wants it',
      'how much did we pay for order 1042, our auditors need the figure',
      'our accountant asks what 1043 came to, what was the total?',
    ]) {
      const r = await run(text);
      expect(r.route, `${text}: ${r.reason}`).toBe('resolve');
      expect(r.articleIds, text).toEqual([]);
      expect(r.reply?.text, text).toMatch(/order total is \$\d/);
    }
  });

  it('asking to change the total of a named order is still a request', async () => {
    const r = await run('could you please reduce the total on 1042 by the shipping fee');
    expect(r.route).toBe('escalate');
  });
});
