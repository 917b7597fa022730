import { fold } from './offline/text.js';

/**
 * The customer asks what a named order came to ("total for 1044 please", "how much was order 1042
 * in the end?", "what did we pay for 1047", "Gesamtbetrag von 1044?"): the order's own record
 * answers it, as its status does. Changing the total ("can you knock the total on 1042 down?")
 * is not asking for it. Folded or raw text.
 */
const ASKS_TOTAL = new RegExp(
  [
    // "total for 1044", "the amount on order 1042", "grand total of 1047"
    String.raw`\b(?:(?:grand |order |invoice )?total|amount|sum|value)\s+(?:for|of|on)\s+(?:(?:the |our |my )?order\s+)?#?\d{3,10}\b`,
    // "1044's total", "order 1042 total"
    String.raw`\b\d{3,10}(?:'s)?\s+(?:grand )?(?:total|amount)\b`,
    // "how much was 1042", "how much did we pay for order 1047", "what did we pay for 1047"
    String.raw`\bhow much (?:was|is|were|did (?:we|i|it) (?:pay|spend|cost)|came to|does it come to|(?:we|i) paid)\b`,
    String.raw`\bwhat did (?:we|i) pay\b`,
    String.raw`\bwhat (?:was|is|'s) the (?:grand |order )?(?:total|amount)\b`,
    // Spanish, French, German, Portuguese, Italian, Dutch and Polish.
    String.raw`\b(?:importe total|total del pedido|cuanto (?:fue|costo|pagamos)|montant (?:total )?de la commande|combien (?:a coute|avons-nous paye)|gesamtbetrag|gesamtsumme|rechnungsbetrag|wie viel (?:hat|kostete|haben wir)|valor total|quanto (?:custou|pagamos)|importo (?:totale )?dell'ordine|quanto (?:e costato|abbiamo pagato)|totaalbedrag|hoeveel (?:was|kostte|hebben we betaald)|kwota zamowienia|laczna kwota|ile (?:kosztowalo|zaplacilismy))\b`,
  ].join('|'),
);
const CHANGE_TOTAL =
  /\b(?:change|reduce|lower|knock|adjust|correct|fix|update|split|discount|refund|credit)\w*\b[^.?!]{0,30}\b(?:total|amount)\b/;

export function asksOrderTotal(text: string): boolean {
  const f = fold(text);
  return ASKS_TOTAL.test(f) && !CHANGE_TOTAL.test(f);
}
