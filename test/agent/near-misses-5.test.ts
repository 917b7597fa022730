import { describe, expect, it } from 'vitest';
import { asksForHuman } from '../../src/agent/offline/classify-intent.js';
import { fold } from '../../src/agent/offline/text.js';
import { unanswerableRequest } from '../../src/agent/requests.js';
import { serviceRequest } from '../../src/agent/service-requests.js';
import { servicesNotInArticles } from '../../src/agent/unstated-services.js';
import { MAYA, PRIYA, useOfflineAgent } from './agent-input.js';

const run = useOfflineAgent();

const INVOICES =
  'Invoices and receipts\ninvoice receipt billing PDF\nEvery order has a PDF invoice under Settings → Billing → Invoices. To change the company name or tax ID, update Billing details.';
const PAYMENTS =
  'Payment methods\npayment credit card ACH purchase order\nWe accept Visa, Mastercard, ACH bank transfer and purchase orders on net-30 terms.';

// Phrasings written for this test, in other words than any labelled set's.
describe('a person asked for by being passed or connected to one', () => {
  it('is a request for a person', () => {
    for (const text of [
      'could you connect me with customer service please',
      'pass us over to whoever handles billing',
      'can you hand me to one of your colleagues in sales?',
      'connect us to support, this is going in circles',
    ])
      expect(asksForHuman(text), text).toBe(true);
  });

  it('is not one when something else is connected or passed on', () => {
    for (const text of [
      'how do we connect our Okta tenant to your SSO?',
      'can I pass the admin role to a colleague before I leave?',
    ])
      expect(asksForHuman(text), text).toBe(false);
  });
});

describe('a change to one of their orders, said without the usual words', () => {
  it.each([
    ['change_address', 'we need the chairs on 1043 to go to our Bristol workshop, not the shop'],
    ['change_address', 'I need it to be delivered at our Leeds depot now'],
    ['change_address', 'move the delivery of 1043 to our Camden depot'],
    ['add_item', 'could you put an extra grinder on 1043?'],
    ['add_item', 'I need a second lamp added to it, same address'],
    ['add_item', 'throw in two more headsets on 1043 please'],
    [
      'modify_order',
      'could we trade the black chair from 1043 for the grey one rather than getting a refund?',
    ],
    ['modify_order', 'no refund needed, we just want to switch the lamp for the dimmable model'],
    ['modify_order', 'how do we exchange the headset for a wired one instead of a refund?'],
  ])('%s: %s', (kind, text) => {
    expect(unanswerableRequest(text)?.kind).toBe(kind);
  });

  it.each([
    'do you deliver to offices or only to homes?',
    'we need the invoice to go to our accounts team',
    'can I add another user to our team?',
    'how long does a refund take once the return arrives?',
  ])('leaves a question the help center answers: %s', (text) => {
    expect(unanswerableRequest(text)).toBeNull();
  });

  it('goes to a person rather than to the order’s record or the returns article', async () => {
    for (const text of [
      'we need the grinder on 1043 to go to our Camden workshop instead, it left yesterday',
      'no refund needed for 1043, we just want to switch it for the bigger model',
    ]) {
      const r = await run(MAYA, text);
      expect(r.route, text).toBe('escalate');
      expect(r.proposedAction, text).toBeUndefined();
    }
  });
});

describe('a change of plan asked of us', () => {
  it.each([
    'please downgrade us to the free plan at renewal',
    'could you switch our subscription to annual billing?',
    'Merci de résilier notre abonnement à la fin du mois.',
    'Kündigt bitte unser Abo zum Monatsende.',
  ])('is a service request: %s', (text) => {
    expect(serviceRequest(fold(text))).toBe('change_plan');
  });

  it.each([
    'how do I downgrade to the free plan?',
    'what happens to our data if we move to the free plan?',
    'cancel order 1043 please',
  ])('is not one when asked how, or of an order: %s', (text) => {
    expect(serviceRequest(fold(text))).toBeNull();
  });
});

describe('billing and product services no article states', () => {
  it.each([
    ['Could we pay some by Amex and the rest by ACH?', 'a payment split or spread over time'],
    ['Is it possible to use two different cards for one order?', 'a payment split or spread over time'],
    [
      'Could our receipts include our cost centre code?',
      'our own reference (a PO number, a cost centre) printed on invoices',
    ],
    [
      'please put our PO reference on every invoice from now on, can you?',
      'our own reference (a PO number, a cost centre) printed on invoices',
    ],
    ['Could you send a statement listing all unpaid invoices?', 'a statement of account'],
    ['Will you email us when the oak desks are back in stock?', 'word when a product is back in stock'],
    [
      'Können Sie uns benachrichtigen, wenn die Stühle wieder verfügbar sind?',
      'word when a product is back in stock',
    ],
    ['¿Nos pueden avisar cuando vuelva a haber stock de las sillas?', 'word when a product is back in stock'],
    [
      'Pourriez-vous emporter nos anciennes chaises en livrant les nouvelles ?',
      'taking old things away (disposal or recycling)',
    ],
    [
      '¿Podéis retirar los muebles viejos cuando traigáis los nuevos?',
      'taking old things away (disposal or recycling)',
    ],
  ])('%s', (text, label) => {
    expect(servicesNotInArticles(text, [INVOICES, PAYMENTS])).toContain(label);
  });

  it.each([
    'which cards do you accept?',
    'can I pay by bank transfer?',
    'our invoice shows $900 but the PO said $90?',
    'can we pay with a purchase order?',
    'when will the oak desks be back in stock?',
    '¿pueden recoger las cajas de la devolución?',
  ])('leaves what an article answers, or another question: %s', (text) => {
    expect(servicesNotInArticles(text, [INVOICES, PAYMENTS])).toEqual([]);
  });

  it('answers them when the help center states it', () => {
    expect(
      servicesNotInArticles('Do invoices list our purchase order number?', [
        `${INVOICES} Add a PO number at checkout and it is printed on the invoice.`,
      ]),
    ).toEqual([]);
  });

  it('goes to a person, whatever article on the topic it finds', async () => {
    for (const text of [
      'Can the invoices carry our purchase order reference? Finance bounces them otherwise.',
      'Could we pay some by card and the rest by bank transfer?',
      'Can you send us an email when the standing desks are restocked?',
    ]) {
      const r = await run(PRIYA, text);
      expect(r.route, text).toBe('escalate');
      expect(r.reason, text).toMatch(/below/);
    }
  });
});
