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

describe('security incidents told as what the customer saw are a security concern', () => {
  it.each([
    // another company's records, the records named first
    'I opened the invoices tab and saw the orders of another customer, a bakery in Leeds',
    'we were looking at invoices with a different firm’s name and VAT number on them',
    // a caller or a mail dressed as us asking for a code or the card
    'a woman phoned saying she was from your accounts team and wanted the authenticator codes',
    'someone called our office saying they are from Northwind and asked for the card on file',
    'a mail with your logo asked her to re-enter our company card before Friday',
    'got a message asking my card number to confirm the renewal, it looked official',
    // codes nobody asked for, a sign-in from a place or device nobody has
    'three of our staff got password reset links overnight that none of them requested',
    'a login from Manila this morning. We are all in Toronto and nobody travels',
    'there was a sign-in from a phone I do not own yesterday',
    // someone who left, a key by its power, a Polish breach the pattern lost at "ł"
    'a driver who left us two weeks ago still sees our order list and placed one today',
    'we offboarded Ana on Monday and there is an order in her name from Tuesday',
    'my teammate pushed our live key to a public repo last night',
    'Ktoś zmienił hasło do konta firmowego w nocy',
    'Una persona del equipo que se fue en enero hizo un pedido ayer con su usuario',
    'Un collègue qui est parti le mois dernier a passé une commande ce matin',
    'Eine Kollegin, die uns im März verlassen hat, hat heute bestellt',
    'Pracownik, który odszedł w maju, wciąż widzi nasze zamówienia',
  ])('“%s” is a security concern, critical on any plan', (text) => {
    expect(mentionsSecurity(fold(text))).toBe(true);
    expect(understandAs(text, 'pro').urgency).toBe('critical');
  });

  it.each([
    'our consolidated invoice lists orders from a different company, please reissue it',
    'can invoices be made out with another company’s name for our subsidiary?',
    'if someone left the company, do their orders stay in the history?',
    'a colleague who left last month had the admin role, how do I give it to someone else?',
    'the reset email never came, my colleague asked for it twice',
    'we moved to Denver last month, can you change our shipping address?',
  ])('“%s” is not a security concern', (text) => {
    expect(mentionsSecurity(fold(text))).toBe(false);
  });
});

describe('a change to the account that everyone on the team disowns is a security concern', () => {
  it.each([
    'somebody updated the billing email on our account yesterday and nobody on our team did it',
    'alguien agregó una dirección nueva en Murcia, ninguno de nosotros la conoce',
    "quelqu'un a modifié le RIB du compte, personne chez nous ne l'a fait",
    'jemand hat unsere Rechnungsadresse umgestellt, niemand im Team war das',
    'alguém trocou o telefone da conta e nenhum de nós mexeu nisso',
    'qualcuno ha aggiunto un utente admin, nessuno di noi lo conosce',
    'iemand heeft het afleveradres gewijzigd en niemand van ons weet ervan',
    'ktoś dodał nowy adres dostawy, nikt z nas go nie zna',
    'our read-write key was pasted into a file that went out to the external consultants',
  ])('“%s” is a security concern', (text) => {
    expect(mentionsSecurity(fold(text))).toBe(true);
    expect(understandAs(text, 'pro').urgency).toBe('critical');
  });

  it.each([
    'someone from your team changed the delivery address on 1042 as I asked, thanks',
    'can someone change our billing email? nobody here uses the old one',
  ])('“%s” is not a security concern', (text) => {
    expect(mentionsSecurity(fold(text))).toBe(false);
  });
});
