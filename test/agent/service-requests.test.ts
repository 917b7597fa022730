import { describe, expect, it } from 'vitest';
import { fold } from '../../src/agent/offline/text.js';
import { isOffTopic } from '../../src/agent/off-topic.js';
import { serviceRequest } from '../../src/agent/service-requests.js';
import { JORDAN, MAYA, useOfflineAgent } from './agent-input.js';

const run = useOfflineAgent();

// Phrasings written for this test, in other words than any labelled set's.
describe('services and account changes no tool performs go to a person', () => {
  it.each([
    ['collect_in_person', 'could we swing by your warehouse on Friday and grab the chairs ourselves?'],
    ['collect_in_person', 'Können wir die Bestellung selbst im Lager abholen?'],
    ['collect_in_person', "Peut-on récupérer la commande directement à l'entrepôt ?"],
    ['collect_in_person', 'Posso ritirare l’ordine in magazzino?'],
    ['collect_in_person', 'our van can bring the returns over to your depot on Monday'],
    ['payment_terms', 'is net-45 possible instead of net-30 for us?'],
    ['payment_terms', 'we are on Pro, could we get net-30 without moving to Enterprise'],
    ['merge_accounts', 'we signed up twice with different emails, please combine the accounts'],
    ['transfer_ownership', 'please make Dana Lee the new account owner, I am leaving the company'],
    ['sign_document', 'our procurement team needs you to sign our supplier code of conduct agreement'],
    ['sign_document', 'could someone countersign the NDA before we share the floor plans?'],
    ['sign_document', 'Könnt ihr unseren AVV unterschreiben, bevor wir live gehen?'],
    ['sign_document', '¿Pueden rellenar nuestro cuestionario de seguridad para proveedores?'],
    ['sign_document', 'Kunnen jullie onze verwerkersovereenkomst ondertekenen?'],
  ])('%s: %s', (kind, text) => {
    expect(serviceRequest(fold(text))).toBe(kind);
  });

  it.each([
    'has UPS picked up 1028 from your warehouse yet?',
    'when does my order leave the warehouse?',
    'where is your warehouse?',
    'do you offer net-30 terms?',
    'can we pay on net 30 with a PO instead of a card?',
    'the courier collected the return from our office, when is the refund?',
    'do we have to sign a contract to get on Enterprise?',
    'I filled in the return form yesterday, what now?',
  ])('shipping, a question the help center answers, or a carrier at work is not one: %s', (text) => {
    expect(serviceRequest(fold(text))).toBeNull();
  });

  it('goes to a person, not to the shipping or payment article', async () => {
    for (const [email, text] of [
      [MAYA, 'can our driver collect the order at your Columbus warehouse instead of paying for shipping?'],
      [MAYA, 'is it ok if we pick the shelving up from your warehouse ourselves to save the shipping cost?'],
      [JORDAN, 'could we switch to net-45 payment terms?'],
      [MAYA, 'please transfer ownership of the account to Sam Ortiz'],
    ] as const) {
      const r = await run(email, text);
      expect(r.route, text).toBe('escalate');
      expect(r.reply, text).toBeUndefined();
    }
  });
});

describe('a message about nothing we sell or do goes to a person', () => {
  it.each([
    'test',
    'just testing',
    'testing testing 1 2 3',
    'is this bot connected?',
    'tell us a joke about standing desks',
    'compose a limerick about label printers',
    'honestly, what is the purpose of it all',
    'could you help me finish my essay on the French revolution?',
    'would you file my tax return this year?',
    'translate "see you tomorrow" into Spanish please',
    'anyone know a good burger place close to the depot?',
    '¿Me ayudas con mis deberes de matemáticas?',
    'Tu peux m’aider pour mes devoirs ce soir ?',
    'Kannst du mir ein gutes Restaurant in der Nähe empfehlen?',
    'Qual é o sentido da vida?',
    'Mi aiuti con i compiti di mio figlio?',
    'Kun je me helpen met mijn huiswerk?',
    'Pomożesz mi z pracą domową?',
  ])('%s', async (text) => {
    expect(isOffTopic(fold(text))).toBe(true);
    const r = await run(MAYA, text);
    expect(r.route, text).toBe('escalate');
    expect(r.reply, text).toBeUndefined();
  });

  it.each([
    'testing our API integration, what is the rate limit on Pro?',
    'how do I write a review of the chair?',
    'do you charge sales tax on orders to Texas?',
    'can you recommend a good chair for a small office?',
    'can you translate the assembly manual into German?',
    'do you know if the bar stools are in stock?',
    'what does "backordered" mean on my order?',
  ])('a question about us is not: %s', (text) => {
    expect(isOffTopic(fold(text))).toBe(false);
  });
});
