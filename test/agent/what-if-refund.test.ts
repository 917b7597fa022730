import { describe, expect, it } from 'vitest';
import { findCustomerRequests } from '../../src/agent/customer-request.js';
import { asksWhatIfRefund } from '../../src/agent/question-scope.js';
import { MAYA, useOfflineAgent } from './agent-input.js';

const runAs = useOfflineAgent();
const run = (text: string) => runAs(MAYA, text);

describe('a what-if refund question about a named order (offline engine)', () => {
  it('is answered from the help center, and nothing is proposed', async () => {
    for (const text of [
      'if the grinder on 1043 stops working next year, would we get our money back or just a repair?',
      'just curious: if the boxes on 1042 arrive crushed, do we get a refund or a replacement?',
      'en théorie, si le moulin de la commande 1043 tombe en panne, on est remboursé ?',
      'hipotéticamente, si el molinillo del pedido 1043 se rompe, ¿hay reembolso o solo reparación?',
      'rein theoretisch: wenn die Mühle aus Bestellung 1043 kaputtgeht, gibt es eine Erstattung?',
    ]) {
      expect(asksWhatIfRefund(text), text).toBe(true);
      const r = await run(text);
      expect(r.route, text).toBe('resolve');
      expect(r.proposedAction, text).toBeUndefined();
      expect(r.reply?.text, text).toBeTruthy();
    }
  });

  it('an ask beside the condition, or no condition, keeps the order’s refund path', () => {
    for (const text of [
      'if possible, can you refund 1043? it stopped working',
      'the grinder on 1043 broke, please refund it if you can?',
      'can we get our money back for 1043?',
      'if the grinder on 1043 breaks we will let you know',
    ]) {
      expect(asksWhatIfRefund(text), text).toBe(false);
    }
  });
});

// The twenty-eighth round: a refund asked about, not asked for, with an order named and no
// condition or question mark the what-if reading needs. Phrasings written for this test.
describe('a refund asked about rather than asked for, with an order named (offline engine)', () => {
  it('is answered from the order and the help center, and nothing is proposed', async () => {
    for (const text of [
      'does a partial refund take as long as a full one? we have not made up our minds on 1043',
      'if the grinder on 1043 gives up in the spring is there money back or only a repair',
      'no refund needed for 1043, just send us a grinder that works',
      'purely theoretical: 1043 shows up scratched, do you swap it or refund',
    ]) {
      const r = await run(text);
      expect(r.route, text).toBe('resolve');
      expect(r.proposedAction, text).toBeUndefined();
      expect(r.reply?.text, text).toBeTruthy();
    }
  });

  it('an ask for the money back still proposes the refund', async () => {
    for (const text of [
      'the grinder on 1043 stopped working, please refund it',
      'refund order 1043 please',
    ]) {
      const r = await run(text);
      expect(r.proposedAction?.type, text).toBe('refund');
    }
  });
});

describe('money back asked for with the verb written as one word, in Dutch', () => {
  it.each([
    'Kunnen we ons geld terugkrijgen voor 1043? De kasten zijn te hoog',
    'ik wil graag mijn geld terugkrijgen voor 1043',
  ])('is an ask: %s', (text) => {
    expect(findCustomerRequests([{ text }], 'refund')).toHaveLength(1);
  });

  it.each(['we krijgen de doos volgende week terug', 'ik wil mijn geld niet terugkrijgen, stuur een nieuwe'])(
    'a parcel coming back, or the money declined, is not: %s',
    (text) => {
      expect(findCustomerRequests([{ text }], 'refund')).toHaveLength(0);
    },
  );
});
