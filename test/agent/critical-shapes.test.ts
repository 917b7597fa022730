import { describe, expect, it } from 'vitest';
import { mentionsDataLoss } from '../../src/agent/data-loss.js';
import { fold } from '../../src/agent/offline/text.js';
import { mentionsSecurity } from '../../src/agent/security-concern.js';
import { understandAs } from '../support/offline-route.js';

// Phrasings written for these tests (fifth round of critical misses), in other words than any
// labelled set's: crises told as what the customer saw, as second-language writers tell them.

describe('records said to be there no more are lost data', () => {
  it.each([
    'the cost centres we set up for each clinic are not there anymore',
    "our saved delivery addresses aren't in the account any more, we had 30 of them",
    'the price lists for our two regions are no longer shown, only an empty page',
    'the address book is blank since your maintenance last night',
    'six weeks of purchase orders gone from the dashboard, our ERP still has them',
    'las facturas del año pasado ya no aparecen en la cuenta',
    'nos règles d’approbation ne sont plus là depuis la mise à jour',
    'unsere Bestellungen werden seit gestern nicht mehr angezeigt',
    'as faturas de março não aparecem mais no painel',
    'gli ordini del mese scorso non compaiono più nello storico',
    'onze facturen van dit jaar zijn opeens niet meer te zien',
    'faktury z zeszłego roku już nie wyświetlają się na koncie',
    'Wszystkie nasze reguły zatwierdzania zniknęły z konta',
    'toutes nos commandes de l’année ont disparu du compte',
  ])('“%s” is lost data, critical for an enterprise customer', (text) => {
    expect(mentionsDataLoss(fold(text))).toBe(true);
    expect(understandAs(text, 'enterprise').urgency).toBe('critical');
  });

  it.each([
    'is the old invoice layout not there anymore? I liked the PDF better',
    'the promo banner is no longer shown on the home page, is the sale over?',
    'my parcel is not there anymore at the pickup point, who collected it?',
    'ya no aparece el botón de pagar con tarjeta?',
  ])('“%s” is not lost data', (text) => {
    expect(mentionsDataLoss(fold(text))).toBe(false);
  });
});
