import { describe, expect, it } from 'vitest';
import { namesNotInArticles } from '../../src/agent/named-things.js';
import { servicesNotInArticles } from '../../src/agent/unstated-services.js';
import { MAYA, PRIYA, useOfflineAgent } from './agent-input.js';

const TEAM =
  'Adding and removing team members\nteam users roles\nRoles: Owner (everything), Admin, Buyer, Viewer. Removing a person signs them out.';
const SHIPPING =
  'Shipping carriers and times\nshipping carriers\nStandard 3–5 business days. Freight: delivery appointment by phone.';
const TWO_FACTOR =
  'Two-factor authentication\n2fa security\nUse an authenticator app on your phone, or SMS codes.';
const INVOICES =
  'Invoices and receipts\ninvoice receipt billing PDF\nEvery order has a PDF invoice under Settings → Billing → Invoices.';
const API = 'API rate limits\napi webhooks\nUse webhooks for order updates instead of polling.';

// Phrasings written for this test, in other words than any labelled set's.
describe('a question about a feature, a form or a service no article states', () => {
  const run = useOfflineAgent();

  it('goes to a person, whatever article on the topic it finds', async () => {
    // Each of these was answered from the topic's article before.
    for (const text of [
      'can our buyers reorder from a phone app instead of the website?',
      'Does the account allow a second owner for our finance lead?',
      'Podemos ter dois donos na mesma conta?',
      'Peut-on avoir deux propriétaires sur le même compte ?',
      'Do you offer delivery slots? We can only receive between 2 and 4.',
      'Could you send all of this quarter’s invoices as one combined PDF for the tax adviser?',
      'Can the receipts carry a cover sheet with our cost centre on it?',
      'could you push shipping updates straight to Airtable?',
    ]) {
      const r = await run(PRIYA, text);
      expect(r.route, text).toBe('escalate');
      expect(r.reason, text).toMatch(/below/);
    }
  });

  it('answers what an article does state, and other apps and owners', async () => {
    for (const text of [
      'which authenticator app can I use for two-factor?',
      'who can be an owner of our account, and what can an owner do?',
      'how long does freight delivery take?',
      'where do I download our invoice PDFs?',
    ]) {
      const r = await run(MAYA, text);
      expect(r.route, text).toBe('resolve');
    }
  });

  it('hears each kind in the reply languages', () => {
    for (const [text, label] of [
      ['is there an iPhone app so site managers can reorder?', 'an app for the phone'],
      ['¿Tienen una aplicación para el móvil para hacer pedidos?', 'an app for the phone'],
      ['Gibt es eine Handy-App für Bestellungen?', 'an app for the phone'],
      ['Could my co-founder and I both be owners of the account?', 'more than one owner on an account'],
      ['Can two people be owners on one account?', 'more than one owner on an account'],
      ['Können wir ein Lieferzeitfenster wählen?', 'a delivery at a chosen time of day'],
      ['can the courier come in the afternoon only?', 'a delivery at a chosen time of day'],
      ['where do I upload a profile photo for my user?', 'a picture on a profile'],
      ['Wie ändere ich mein Profilbild?', 'a picture on a profile'],
      ['can i get the office chair in a diff colour?', "a product's colour or finish"],
    ]) {
      expect(servicesNotInArticles(text!, [TEAM, SHIPPING, INVOICES]), text).toContain(label);
    }
  });

  it('reads what is asked for, not the words alone', () => {
    expect(servicesNotInArticles('do you have an app for android?', [TWO_FACTOR])).toEqual([
      'an app for the phone',
    ]);
    // The app a person signs in with is the two-factor article's; said in passing, the app is news.
    expect(servicesNotInArticles('can I move my authenticator app to a new phone?', [TWO_FACTOR])).toEqual(
      [],
    );
    expect(servicesNotInArticles('I ordered from my phone app yesterday.', [TWO_FACTOR])).toEqual([]);
    expect(servicesNotInArticles('can we make Sam a second owner?', [TEAM])).toHaveLength(1);
    expect(servicesNotInArticles('can an owner remove another admin?', [TEAM])).toEqual([]);
    expect(servicesNotInArticles('can we book a delivery window for mornings?', [SHIPPING])).toHaveLength(1);
    // An article that states it answers it.
    expect(
      servicesNotInArticles('can we book a delivery window for mornings?', [
        `${SHIPPING} You can pick a morning delivery window at checkout.`,
      ]),
    ).toEqual([]);
    expect(servicesNotInArticles('can the invoices be dated on the ship date?', [INVOICES])).toHaveLength(1);
    expect(servicesNotInArticles('what date is on the invoice?', [INVOICES])).toEqual([]);
    // The days a delivery takes are the shipping article's.
    expect(servicesNotInArticles("what's the delivery window for standard shipping?", [SHIPPING])).toEqual(
      [],
    );
  });

  it('hears a password or an API key asked to expire on its own, not a link that expired', () => {
    const KEYS =
      'Creating and rotating API keys\napi key token rotate\nRotate keys at least yearly: create the new key, then revoke the old one.';
    const label = 'a password or an API key that expires on its own';
    for (const text of [
      'can an API token be set to lapse, say expire after 30 days on its own?',
      'can our staff passwords be forced to expire each quarter?',
      'is there an expiration date for the keys we hand to agencies?',
      '¿Las contraseñas caducan cada cierto tiempo?',
      'Kann ich ein Ablaufdatum für den API-Schlüssel setzen?',
      'Est-ce que les mots de passe expirent au bout de 6 mois ?',
    ])
      expect(servicesNotInArticles(text, [KEYS]), text).toEqual([label]);
    for (const text of [
      'the reset link for my password expired, can I get another?',
      'my password reset email says expired?',
      'how often should we rotate our API keys?',
    ])
      expect(servicesNotInArticles(text, [KEYS]), text).toEqual([]);
    expect(
      servicesNotInArticles('can API keys expire?', [`${KEYS} Keys expire after 12 months unless renewed.`]),
    ).toEqual([]);
  });

  it('judges the name data is asked to be pushed into', () => {
    expect(namesNotInArticles('can order events stream directly into Snowflake?', 'en', [API])).toEqual([
      'Snowflake',
    ]);
    expect(namesNotInArticles('could you push shipping updates straight to Airtable?', 'en', [API])).toEqual([
      'Airtable',
    ]);
    // A place the goods are sent to is not a tool.
    expect(namesNotInArticles('can you send two cases to our Porto office?', 'en', [API])).toEqual([]);
  });
});
