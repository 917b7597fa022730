/**
 * Stock sentences of the refund confirmation ("Refund $89.99 on order 1045? Reply yes or no.") in
 * the eight languages whose yes and no the code understands (src/agent/lexicon.ts). Kept apart
 * from the main phrase table so the two grow independently; `phrase()` reads both.
 */
export const CONFIRM_PHRASE_KEYS = [
  'refund_confirm',
  'refund_declined',
  /** Button labels under the question (Slack, Teams, sandbox). */
  'refund_confirm_yes',
  'refund_confirm_no',
  /** What the question shows once a button answered it (the buttons are gone). */
  'refund_confirm_answered_yes',
  'refund_confirm_answered_no',
  /** Said only to the person who clicked. */
  'refund_confirm_expired',
  'refund_confirm_closed',
  'refund_confirm_not_yours',
] as const;
export type ConfirmPhraseKey = (typeof CONFIRM_PHRASE_KEYS)[number];

export const CONFIRM_PHRASES: Record<string, Record<ConfirmPhraseKey, string>> = {
  en: {
    refund_confirm: 'Refund {amount} on order {orderId}? Reply yes or no.',
    refund_declined: 'OK, I won’t refund order {orderId}. Is there anything else I can help with?',
    refund_confirm_yes: 'Yes, refund',
    refund_confirm_no: 'No',
    refund_confirm_answered_yes: 'You answered yes.',
    refund_confirm_answered_no: 'You answered no.',
    refund_confirm_expired:
      'This question expired: it was open for {hours} hours. Write to us again if you still want the refund.',
    refund_confirm_closed: 'This question has already been answered.',
    refund_confirm_not_yours: 'Only the person who asked for this refund can answer this question.',
  },
  es: {
    refund_confirm: '¿Reembolso de {amount} del pedido {orderId}? Responde sí o no.',
    refund_declined: 'De acuerdo, no reembolsaré el pedido {orderId}. ¿Puedo ayudarte en algo más?',
    refund_confirm_yes: 'Sí, reembolsar',
    refund_confirm_no: 'No',
    refund_confirm_answered_yes: 'Respondiste que sí.',
    refund_confirm_answered_no: 'Respondiste que no.',
    refund_confirm_expired:
      'Esta pregunta caducó: estuvo abierta {hours} horas. Escríbenos de nuevo si todavía quieres el reembolso.',
    refund_confirm_closed: 'Esta pregunta ya fue respondida.',
    refund_confirm_not_yours: 'Solo la persona que pidió este reembolso puede responder a esta pregunta.',
  },
  fr: {
    refund_confirm: 'Rembourser {amount} sur la commande {orderId} ? Répondez oui ou non.',
    refund_declined:
      'D’accord, je ne rembourserai pas la commande {orderId}. Puis-je vous aider pour autre chose ?',
    refund_confirm_yes: 'Oui, rembourser',
    refund_confirm_no: 'Non',
    refund_confirm_answered_yes: 'Vous avez répondu oui.',
    refund_confirm_answered_no: 'Vous avez répondu non.',
    refund_confirm_expired:
      'Cette question a expiré : elle était ouverte {hours} heures. Écrivez-nous à nouveau si vous souhaitez toujours le remboursement.',
    refund_confirm_closed: 'Cette question a déjà reçu une réponse.',
    refund_confirm_not_yours:
      'Seule la personne qui a demandé ce remboursement peut répondre à cette question.',
  },
  de: {
    refund_confirm: '{amount} für Bestellung {orderId} erstatten? Antworten Sie mit ja oder nein.',
    refund_declined: 'In Ordnung, ich erstatte Bestellung {orderId} nicht. Kann ich sonst helfen?',
    refund_confirm_yes: 'Ja, erstatten',
    refund_confirm_no: 'Nein',
    refund_confirm_answered_yes: 'Sie haben mit ja geantwortet.',
    refund_confirm_answered_no: 'Sie haben mit nein geantwortet.',
    refund_confirm_expired:
      'Diese Frage ist abgelaufen: Sie war {hours} Stunden offen. Schreiben Sie uns erneut, wenn Sie die Erstattung noch möchten.',
    refund_confirm_closed: 'Diese Frage wurde bereits beantwortet.',
    refund_confirm_not_yours:
      'Nur die Person, die diese Erstattung angefragt hat, kann diese Frage beantworten.',
  },
  pt: {
    refund_confirm: 'Reembolsar {amount} do pedido {orderId}? Responda sim ou não.',
    refund_declined: 'Certo, não vou reembolsar o pedido {orderId}. Posso ajudar com mais alguma coisa?',
    refund_confirm_yes: 'Sim, reembolsar',
    refund_confirm_no: 'Não',
    refund_confirm_answered_yes: 'Você respondeu sim.',
    refund_confirm_answered_no: 'Você respondeu não.',
    refund_confirm_expired:
      'Esta pergunta expirou: ficou aberta por {hours} horas. Escreva-nos novamente se ainda quiser o reembolso.',
    refund_confirm_closed: 'Esta pergunta já foi respondida.',
    refund_confirm_not_yours: 'Somente a pessoa que pediu este reembolso pode responder a esta pergunta.',
  },
  it: {
    refund_confirm: 'Rimborso di {amount} per l’ordine {orderId}? Rispondi sì o no.',
    refund_declined: 'D’accordo, non rimborserò l’ordine {orderId}. Posso aiutarti in altro?',
    refund_confirm_yes: 'Sì, rimborsa',
    refund_confirm_no: 'No',
    refund_confirm_answered_yes: 'Hai risposto sì.',
    refund_confirm_answered_no: 'Hai risposto no.',
    refund_confirm_expired:
      'Questa domanda è scaduta: è rimasta aperta {hours} ore. Scrivici di nuovo se desideri ancora il rimborso.',
    refund_confirm_closed: 'Questa domanda ha già ricevuto una risposta.',
    refund_confirm_not_yours:
      'Solo la persona che ha chiesto questo rimborso può rispondere a questa domanda.',
  },
  nl: {
    refund_confirm: '{amount} terugbetalen voor bestelling {orderId}? Antwoord ja of nee.',
    refund_declined: 'Oké, ik betaal bestelling {orderId} niet terug. Kan ik nog ergens mee helpen?',
    refund_confirm_yes: 'Ja, terugbetalen',
    refund_confirm_no: 'Nee',
    refund_confirm_answered_yes: 'U antwoordde ja.',
    refund_confirm_answered_no: 'U antwoordde nee.',
    refund_confirm_expired:
      'Deze vraag is verlopen: ze stond {hours} uur open. Schrijf ons opnieuw als u de terugbetaling nog wilt.',
    refund_confirm_closed: 'Deze vraag is al beantwoord.',
    refund_confirm_not_yours:
      'Alleen de persoon die om deze terugbetaling vroeg, kan deze vraag beantwoorden.',
  },
  pl: {
    refund_confirm: 'Zwrócić {amount} za zamówienie {orderId}? Odpowiedz tak lub nie.',
    refund_declined: 'Dobrze, nie zwrócę pieniędzy za zamówienie {orderId}. Czy mogę pomóc w czymś jeszcze?',
    refund_confirm_yes: 'Tak, zwróć',
    refund_confirm_no: 'Nie',
    refund_confirm_answered_yes: 'Odpowiedziano: tak.',
    refund_confirm_answered_no: 'Odpowiedziano: nie.',
    refund_confirm_expired:
      'To pytanie wygasło: było otwarte przez {hours} godz. Napisz do nas ponownie, jeśli nadal chcesz zwrotu.',
    refund_confirm_closed: 'Na to pytanie już odpowiedziano.',
    refund_confirm_not_yours: 'Tylko osoba, która poprosiła o ten zwrot, może odpowiedzieć na to pytanie.',
  },
};

export function isConfirmPhraseKey(key: string): key is ConfirmPhraseKey {
  return (CONFIRM_PHRASE_KEYS as readonly string[]).includes(key);
}
