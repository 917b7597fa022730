/**
 * Stock sentences of the refund confirmation ("Refund $89.99 on order 1045? Reply yes or no.") in
 * the eight languages whose yes and no the code understands (src/agent/lexicon.ts). Kept apart
 * from the main phrase table so the two grow independently; `phrase()` reads both.
 */
export type ConfirmPhraseKey = 'refund_confirm' | 'refund_declined';

export const CONFIRM_PHRASES: Record<string, Record<ConfirmPhraseKey, string>> = {
  en: {
    refund_confirm: 'Refund {amount} on order {orderId}? Reply yes or no.',
    refund_declined: 'OK, I won’t refund order {orderId}. Is there anything else I can help with?',
  },
  es: {
    refund_confirm: '¿Reembolso de {amount} del pedido {orderId}? Responde sí o no.',
    refund_declined: 'De acuerdo, no reembolsaré el pedido {orderId}. ¿Puedo ayudarte en algo más?',
  },
  fr: {
    refund_confirm: 'Rembourser {amount} sur la commande {orderId} ? Répondez oui ou non.',
    refund_declined:
      'D’accord, je ne rembourserai pas la commande {orderId}. Puis-je vous aider pour autre chose ?',
  },
  de: {
    refund_confirm: '{amount} für Bestellung {orderId} erstatten? Antworten Sie mit ja oder nein.',
    refund_declined: 'In Ordnung, ich erstatte Bestellung {orderId} nicht. Kann ich sonst helfen?',
  },
  pt: {
    refund_confirm: 'Reembolsar {amount} do pedido {orderId}? Responda sim ou não.',
    refund_declined: 'Certo, não vou reembolsar o pedido {orderId}. Posso ajudar com mais alguma coisa?',
  },
  it: {
    refund_confirm: 'Rimborso di {amount} per l’ordine {orderId}? Rispondi sì o no.',
    refund_declined: 'D’accordo, non rimborserò l’ordine {orderId}. Posso aiutarti in altro?',
  },
  nl: {
    refund_confirm: '{amount} terugbetalen voor bestelling {orderId}? Antwoord ja of nee.',
    refund_declined: 'Oké, ik betaal bestelling {orderId} niet terug. Kan ik nog ergens mee helpen?',
  },
  pl: {
    refund_confirm: 'Zwrócić {amount} za zamówienie {orderId}? Odpowiedz tak lub nie.',
    refund_declined: 'Dobrze, nie zwrócę pieniędzy za zamówienie {orderId}. Czy mogę pomóc w czymś jeszcze?',
  },
};

export function isConfirmPhraseKey(key: string): key is ConfirmPhraseKey {
  return key === 'refund_confirm' || key === 'refund_declined';
}
