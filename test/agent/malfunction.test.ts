import { describe, expect, it } from 'vitest';
import { reportsMalfunction } from '../../src/agent/malfunction.js';
import { MAYA, PRIYA, useOfflineAgent } from './agent-input.js';

const run = useOfflineAgent();

// A part of the product that does not work, reported, is a person's to look into; the help center
// explains how things work, not why they fail today. Phrasings written for this test.
describe('a report that something of ours does not work goes to a person', () => {
  it.each([
    'the save button on the address book page does nothing at all',
    'when we filter the order list by date it shows no results, there were 30 orders last week',
    'the invoices page has been loading for ten minutes now',
    'GET /catalog returns a 502 on every call this morning',
    'Le bouton « Télécharger » ne fait rien sur la page des factures',
    'Die Suche findet nichts mehr, die Seite lädt nicht',
    'El botón de exportar no hace nada desde ayer',
    'A pesquisa não funciona no aplicativo',
    'Il pulsante per caricare il certificato non funziona',
    'De zoekfunctie werkt niet meer sinds de update',
    'Przycisk eksportu nic nie robi',
    // The nineteenth round: an error shown, said with the verb of each language.
    'Aplikacja od godziny pokazuje błąd 503 przy każdym koszyku',
    'La plataforma muestra un error 500 al abrir el carrito',
    'Das Portal wirft einen Fehler beim Speichern der Adresse',
    'Il sito restituisce errore 504 quando apro il carrello',
  ])('%s', (text) => {
    expect(reportsMalfunction(text)).toBe(true);
  });

  it.each([
    'what does a 429 from your API mean?',
    'why would an export come back empty?',
    'how do I export orders as CSV',
    'the reset link does not work anymore, it says expired',
    'our SSO login keeps failing with a signature error',
    'the parcel is missing an item',
    'the scanner does not pair with my tablet',
  ])('a question, a sign-in the articles explain, or a product of ours is not one: %s', (text) => {
    expect(reportsMalfunction(text)).toBe(false);
  });

  // The twenty-eighth round: what someone else's page or app shows (the carrier's tracking page, the
  // bank's app) is what the customer saw while checking a parcel or a payment, not a part of ours.
  it.each([
    "the courier's tracking page shows nothing for it since Tuesday",
    'payment bounced and my bank app shows no error at all',
    "DHL's site returns no results for the number you sent",
    'La página del transportista no muestra nada desde ayer',
    'Die App der Bank zeigt keinen Fehler, aber die Zahlung ging nicht durch',
  ])("someone else's page or app is not ours: %s", (text) => {
    expect(reportsMalfunction(text)).toBe(false);
  });

  it.each([
    'the bank app is fine but your checkout page shows an error 502 on the card step',
    "our order page shows nothing since this morning; the carrier's site works",
    'the UPS page is fine, your tracking page does nothing when I click the number',
  ])('a part of ours failing beside it still is: %s', (text) => {
    expect(reportsMalfunction(text)).toBe(true);
  });

  it('escalates with no help-center answer in the reply', async () => {
    for (const [email, text] of [
      [MAYA, 'the download button on the invoices page does nothing when I press it'],
      [PRIYA, 'our order history export has been stuck processing for two hours'],
      [MAYA, 'El buscador del catálogo no funciona, no sale ningún producto'],
    ] as const) {
      const r = await run(email, text);
      expect(r.route, text).toBe('escalate');
      expect(r.reply, text).toBeUndefined();
    }
  });
});
