import { describe, expect, it } from 'vitest';
import { unanswerableRequest } from '../../src/agent/requests.js';
import { MAYA, PRIYA, useOfflineAgent } from './agent-input.js';

const run = useOfflineAgent();

// Order answers answer the question asked: a request on an order that no tool carries out goes to
// a person, not to the order's tracking. Phrasings written for this test, not taken from a set.
describe('requests on an order that no tool carries out', () => {
  it.each([
    [
      'change_address',
      'parcel 1033 is still with UPS, could they redirect it to our warehouse on the other side of town?',
    ],
    ['change_address', 'please reroute order 1040, nobody is at the old site anymore'],
    ['change_address', 'Können Sie die Sendung 1042 an unser neues Lager umleiten?'],
    ['change_address', '¿Pueden redirigir el pedido 1025 a nuestra oficina nueva?'],
    ['change_address', 'Pouvez-vous réacheminer le colis 1021 vers notre nouveau bureau ?'],
    ['change_address', 'the apartment number on order 1019 is missing, it should say 12C'],
    ['change_address', 'can the courier leave the boxes with reception instead? we are on the 5th floor'],
    ['change_address', 'could 1044 be sent to our new building instead of the old one?'],
    ['expedite', 'any chance you could speed 1019 up? the install is monday'],
    ['expedite', 'can you move 1033 to overnight shipping?'],
    ['modify_order', 'please take two of the chairs off 1001 and ship the rest'],
    ['warranty_claim', 'Unsere Kaffeemühle aus Bestellung 1030 ist nach zwei Wochen kaputt – Garantie?'],
    ['warranty_claim', 'our scanner gave out. we only had it for five weeks'],
    ['warranty_claim', 'the arm from 1045 stopped gripping after a month. can you replace or repair it?'],
    ['warranty_claim', 'the router on 1018 died after 6 weeks, please swap it or repair it?'],
    // Making a product theirs: no tool does it, no article offers it.
    ['modify_order', 'Could you engrave our names inside the espresso cups we ordered?'],
    ['modify_order', 'can we get custom box printing with our logo on the next batch?'],
    ['modify_order', 'is it possible to have the aprons embroidered with the café name?'],
    ['modify_order', 'Könnt ihr eine Gravur auf die Thermoskannen machen?'],
    // Another of the customer's places, without the word "address", in the eight reply languages.
    ['change_address', 'please ship the chairs on 1045 to our other office'],
    ['change_address', 'can 1045 be sent to our other site?'],
    ['change_address', '¿Pueden enviar el pedido 1045 a nuestra otra oficina?'],
    ['change_address', 'Pouvez-vous livrer la commande 1045 à notre autre site ?'],
    ['change_address', 'Könnt ihr 1045 an unseren anderen Standort liefern?'],
    ['change_address', 'Podem enviar a encomenda 1045 para a nossa outra loja?'],
    ['change_address', "Potete spedire l'ordine 1045 alla nostra altra sede?"],
    ['change_address', 'Kunnen jullie 1045 naar onze andere vestiging sturen?'],
    ['change_address', 'Czy możecie wysłać 1045 do naszego drugiego biura?'],
  ])('%s: %s', (kind, text) => {
    expect(unanswerableRequest(text)?.kind).toBe(kind);
  });

  it.each([
    'do you redirect parcels once they have shipped?',
    'what does it cost to reroute a parcel that is already with the carrier?',
    'can a parcel be redirected after it leaves your warehouse?',
    'does the warranty cover a desk that broke because it was overloaded?',
    'how long is the warranty on the standing desks?',
    'my headset broke after two days, I want my money back',
    'can I drop off a return at a UPS store?',
    'what happens if the courier cannot leave the parcel?',
    'can we get express shipping on the next order?',
    'the login page redirects me back to sign-in every time',
    'how do I personalise the dashboard view?',
    'is our other office on the same plan?',
    'we ordered for our other site last month, where is the invoice for 1045?',
  ])('a question the help center answers, or an action with a tool, is not one: %s', (text) => {
    expect(unanswerableRequest(text)).toBeNull();
  });

  it.each([
    'our headset died after three months, is that covered?',
    'label printer quit printing after 5 months of normal use - are we still covered?',
    'the desk motor failed after a year, is it still under warranty?',
    'La silla se rompió después de 4 meses, ¿está cubierta?',
  ])(
    'a failure asked about as whether the warranty covers it, no order named, nothing asked to be done, is a question: %s',
    (text) => {
      expect(unanswerableRequest(text)).toBeNull();
    },
  );

  // The twenty-fourth round: writers of the later sets label "is it covered?" a question the
  // warranty article answers with the order named too; and so a choice between the remedies.
  it.each([
    'the chair from 1001 broke after 3 months, is that covered?',
    'the monitor arm from 1045 stopped gripping after a month, covered by the warranty?',
    'our printer (1022) stopped feeding after two months. still under warranty?',
    'La lámpara de nuestro pedido 1027 ya no funciona después de 3 meses, ¿está cubierta por la garantía?',
    'Le fauteuil de la commande 1001 est cassé après deux mois, est-ce couvert par la garantie ?',
    'Die Lampe aus 1027 ist nach 3 Monaten kaputt. Fällt das unter die Garantie?',
    'A cadeira do pedido 1001 quebrou depois de 3 meses, está coberta pela garantia?',
    "La sedia dell'ordine 1001 si è rotta dopo tre mesi, è coperta dalla garanzia?",
    'De lamp van 1027 is na drie maanden kapot, valt dat onder de garantie?',
    'our grinder died after 7 weeks. do you replace it or send it off for repair?',
    'scanner stopped working after a month - warranty swap or repair?',
    'Die Kaffeemühle ist nach 5 Wochen kaputt: Austausch oder Reparatur?',
  ])('whether a failure of a named order is covered, or which remedy applies, is a question: %s', (text) => {
    expect(unanswerableRequest(text)?.kind).not.toBe('warranty_claim');
  });

  it('such a question is answered from the warranty article; with an ask it stays a claim', async () => {
    for (const [email, text] of [
      [MAYA, 'our headset died after three months, is that covered?'],
      [MAYA, 'scanner stopped scanning after 6 months of normal use. is that covered?'],
      [MAYA, 'the grinder from 1043 stopped grinding after 5 weeks. still under warranty?'],
      [MAYA, 'our headset quit after a month. do you swap it or repair it?'],
    ] as const) {
      const r = await run(email, text);
      expect(r.route, text).toBe('resolve');
      expect(r.reply?.text, text).toMatch(/warrant/i);
      expect(r.proposedAction, text).toBeUndefined();
    }
    expect(
      unanswerableRequest('the printer died after 2 months, is it covered? can you replace it')?.kind,
    ).toBe('warranty_claim');
  });

  it('goes to a person without the order’s tracking as the answer', async () => {
    for (const [email, text] of [
      [MAYA, '1042 is still with UPS, can it be rerouted to our second café instead?'],
      [MAYA, 'any chance you could get 1042 here faster? we open on Monday'],
      [MAYA, 'the grinder from 1043 quit on us, only had it six weeks. what now, warranty?'],
      [PRIYA, 'the arm from 1045 no longer holds the monitor up, about two months old'],
      [MAYA, 'Could you engrave our names inside the espresso cups we ordered?'],
    ] as const) {
      const r = await run(email, text);
      expect(r.route, text).toBe('escalate');
      expect(r.reply, text).toBeUndefined();
    }
  });
});

// The twenty-fourth round: a register named as a thing is a ledger, not signing up.
describe('a register as a ledger is not a sign-up', () => {
  it.each([
    'can you confirm 1044 arrived? it has to go on our asset register today',
    'our fixed-asset register still shows the two desks from 1007, were they returned?',
    'the company register lists our old name, can invoices show the new one?',
    'is the VAT number from the trade register enough for the tax exemption?',
  ])('%s', (text) => {
    expect(unanswerableRequest(text)?.kind).not.toBe('sign_up');
  });

  it('registering still is', () => {
    expect(unanswerableRequest('can I register a second account for our new shop?')?.kind).toBe('sign_up');
    expect(unanswerableRequest('we would like to register our school as a customer')?.kind).toBe('sign_up');
  });
});

// Issue 11, class "a question escalated by a too-broad rule": changing what was ordered needs an order.
describe('a swap or exchange with no order in it is not an order change', () => {
  it.each([
    'what is the safe way to swap our API key for a fresh one?',
    'can we exchange a desk lamp for a different colour?',
    'is it possible to replace the card we pay with for a new one?',
  ])('%s', (text) => {
    expect(unanswerableRequest(text)?.label).not.toBe('change what was ordered');
  });

  it('with the order named it still is', () => {
    expect(unanswerableRequest('could we exchange the lamp on 1027 for the warm-white one?')?.label).toBe(
      'change what was ordered',
    );
    expect(unanswerableRequest('swap the chairs in my order for the high-back model')?.label).toBe(
      'change what was ordered',
    );
  });
});

// Phrasings written for this test, not taken from a set.
describe('the addresses kept on the account are not an order to redirect', () => {
  it.each([
    'people on our team keep selecting the wrong delivery address at checkout, is there a fix?',
    'the default shipping address on the account is outdated, can that be fixed?',
    'the saved address in our address book has the wrong zip, can we correct it?',
  ])('with no order named, the help center answers: %s', (text) => {
    expect(unanswerableRequest(text)?.kind).not.toBe('change_address');
  });

  it.each([
    'the address on order 1042 is wrong, it took the old one from the address book',
    'order 1045 went out with our outdated default address, please fix it',
  ])('an order named with a wrong address is still a change: %s', (text) => {
    expect(unanswerableRequest(text)?.kind).toBe('change_address');
  });

  it('a question about the account’s addresses is answered from the address article', async () => {
    const r = await run(
      MAYA,
      'people on our team keep selecting the wrong delivery address at checkout, is there a fix?',
    );
    expect(r.route).toBe('resolve');
    expect(r.reply?.text).toMatch(/address book/i);
  });
});

describe('the place said before, "there instead"', () => {
  it.each([
    'we moved the warehouse to the unit behind ours. 1042 has shipped, can it be delivered there instead?',
    'our team works from the new studio now, please send 1045 there instead',
    'the clinic closed, can the boxes go there instead — the address is in my last message',
  ])('asks for the order to go elsewhere: %s', (text) => {
    expect(unanswerableRequest(text)?.kind).toBe('change_address');
  });
});

// Phrasings written for this test (lowconf7), not taken from a set: a chat question about any
// order often drops its question mark; it is still the address article's question.
describe('a general question about an order with no question mark is not a request', () => {
  it.each([
    'can we still edit the shipping address on an order before it goes out',
    'is it possible to fix a typo in the street on an order that is still being packed',
    'could the address of an order be updated once payment went through',
  ])('the help center answers: %s', (text) => {
    expect(unanswerableRequest(text)).toBeNull();
  });

  it.each([
    'can you change the address on an order i placed this morning',
    'please change the delivery address for order 1042 to our new office',
  ])('an order of theirs to change is still a request: %s', (text) => {
    expect(unanswerableRequest(text)?.kind).toBe('change_address');
  });
});
