import type { BasePhraseKey } from './types.js';

/**
 * Stock sentences in Italian, Dutch and Polish, kept beside the original five so each table
 * stays readable. Same keys and params as the English table; written by people, not
 * machine-translated at run time.
 */
export const PHRASES_IT_NL_PL: Record<'it' | 'nl' | 'pl', Record<BasePhraseKey, string>> = {
  it: {
    working: 'Grazie, me ne sto occupando adesso.',
    refund_executed:
      'Il rimborso di {amount} per l’ordine {orderId} è stato emesso (riferimento {reference}). Di solito compare sull’estratto conto entro 5–10 giorni lavorativi.',
    refund_pending_approval:
      'Ho chiesto al nostro team di approvare un rimborso di {amount} per l’ordine {orderId}. Ti risponderemo qui appena verrà deciso.',
    cancellation_executed:
      'L’ordine {orderId} è stato annullato (riferimento {reference}). L’eventuale pagamento verrà restituito per intero.',
    cancellation_pending_approval:
      'Ho chiesto al nostro team di approvare l’annullamento dell’ordine {orderId}. Ti risponderemo qui a breve.',
    action_rejected:
      'Il nostro team ha esaminato la tua richiesta per l’ordine {orderId} e questa volta non ha potuto approvarla. {reason} Una persona del team può darti maggiori dettagli in questa conversazione.',
    action_failed:
      'Qualcosa è andato storto durante l’elaborazione della tua richiesta per l’ordine {orderId}. Una persona del team ti risponderà qui ({ticketId}).',
    action_expired:
      'La tua richiesta per l’ordine {orderId} non è stata decisa in tempo: una persona del team la prenderà in carico e ti risponderà qui ({ticketId}).',
    human_joined: '{name} del nostro team si è unito alla conversazione e proseguirà da qui.',
    handed_back: 'Il nostro team mi ha restituito questa conversazione. Come posso aiutarti ancora?',
    resolved: 'Felice di esserti stato utile! Se ti serve altro, scrivi pure qui.',
    linked_ticket:
      'Sembra che riguardi il tuo ticket aperto {ticketId}, quindi ho aggiunto lì il tuo messaggio.',
    identify_for_orders:
      'Per la tua sicurezza posso parlare degli ordini solo con un contatto registrato dell’account. Scrivici dall’indirizzo email registrato sul tuo account e controllo subito.',
    orders_not_connected:
      'Da qui non posso consultare gli ordini; una persona del team ti risponderà (ticket {ticketId}).',
    orders_unreachable:
      'Al momento non riesco a raggiungere il nostro sistema ordini; una persona del team ti risponderà (ticket {ticketId}).',
    escalated:
      'Grazie per la pazienza. Ho passato la richiesta al nostro team con tutto quello che ci hai detto e una persona ti risponderà qui a breve (ticket {ticketId}).',
  },
  nl: {
    working: 'Bedankt, ik kijk er nu naar.',
    refund_executed:
      'Je terugbetaling van {amount} voor bestelling {orderId} is uitgevoerd (referentie {reference}). Die staat meestal binnen 5–10 werkdagen op je rekening.',
    refund_pending_approval:
      'Ik heb ons team gevraagd een terugbetaling van {amount} voor bestelling {orderId} goed te keuren. Je hoort hier van ons zodra er een besluit is.',
    cancellation_executed:
      'Bestelling {orderId} is geannuleerd (referentie {reference}). Een eventuele betaling krijg je volledig terug.',
    cancellation_pending_approval:
      'Ik heb ons team gevraagd de annulering van bestelling {orderId} goed te keuren. Je hoort hier snel van ons.',
    action_rejected:
      'Ons team heeft je verzoek voor bestelling {orderId} bekeken en kon het deze keer niet goedkeuren. {reason} Iemand van het team kan je in dit gesprek meer vertellen.',
    action_failed:
      'Er ging iets mis bij het verwerken van je verzoek voor bestelling {orderId}. Iemand van het team reageert hier ({ticketId}).',
    action_expired:
      'Over je verzoek voor bestelling {orderId} is niet op tijd besloten; iemand van het team neemt het over en reageert hier ({ticketId}).',
    human_joined: '{name} van ons team is erbij gekomen en neemt het vanaf hier over.',
    handed_back: 'Ons team heeft dit gesprek aan mij teruggegeven. Waarmee kan ik je nog helpen?',
    resolved: 'Fijn dat ik kon helpen! Als er nog iets is, schrijf dan gewoon hier.',
    linked_ticket:
      'Dit lijkt bij je openstaande ticket {ticketId} te horen, dus ik heb je bericht daaraan toegevoegd.',
    identify_for_orders:
      'Voor je veiligheid bespreek ik bestellingen alleen met een geregistreerd contact van het account. Schrijf ons vanaf het e-mailadres dat bij je account hoort, dan zoek ik het meteen op.',
    orders_not_connected:
      'Ik kan hier geen bestellingen opzoeken; iemand van het team neemt contact op (ticket {ticketId}).',
    orders_unreachable:
      'Ik kan ons bestelsysteem nu niet bereiken; iemand van het team neemt contact op (ticket {ticketId}).',
    escalated:
      'Bedankt voor je geduld. Ik heb dit met alles wat je ons verteld hebt aan ons team doorgegeven, en iemand reageert hier snel (ticket {ticketId}).',
  },
  pl: {
    working: 'Dziękuję, już się tym zajmuję.',
    refund_executed:
      'Zwrot {amount} za zamówienie {orderId} został zlecony (numer referencyjny {reference}). Zwykle pojawia się na wyciągu w ciągu 5–10 dni roboczych.',
    refund_pending_approval:
      'Poprosiłem nasz zespół o zatwierdzenie zwrotu {amount} za zamówienie {orderId}. Odezwiemy się tutaj, gdy tylko zapadnie decyzja.',
    cancellation_executed:
      'Zamówienie {orderId} zostało anulowane (numer referencyjny {reference}). Ewentualna płatność zostanie zwrócona w całości.',
    cancellation_pending_approval:
      'Poprosiłem nasz zespół o zatwierdzenie anulowania zamówienia {orderId}. Wkrótce odezwiemy się tutaj.',
    action_rejected:
      'Nasz zespół rozpatrzył Twoją prośbę dotyczącą zamówienia {orderId} i tym razem nie mógł jej zatwierdzić. {reason} Osoba z zespołu wyjaśni więcej w tym wątku.',
    action_failed:
      'Coś poszło nie tak podczas obsługi Twojej prośby dotyczącej zamówienia {orderId}. Osoba z zespołu odpowie tutaj ({ticketId}).',
    action_expired:
      'Twoja prośba dotycząca zamówienia {orderId} nie została rozpatrzona na czas; zajmie się nią osoba z zespołu i odpowie tutaj ({ticketId}).',
    human_joined: '{name} z naszego zespołu dołączył(a) do rozmowy i przejmuje sprawę.',
    handed_back: 'Nasz zespół oddał mi tę rozmowę. W czym jeszcze mogę pomóc?',
    resolved: 'Cieszę się, że mogłem pomóc! Jeśli pojawi się coś jeszcze, napisz tutaj.',
    linked_ticket:
      'To wygląda na Twoje otwarte zgłoszenie {ticketId}, więc dodałem do niego Twoją wiadomość.',
    identify_for_orders:
      'Ze względów bezpieczeństwa mogę rozmawiać o zamówieniach tylko z zarejestrowanym kontaktem konta. Napisz do nas z adresu e-mail zarejestrowanego na koncie, a od razu to sprawdzę.',
    orders_not_connected:
      'Nie mogę tutaj sprawdzić zamówień; osoba z zespołu odpowie (zgłoszenie {ticketId}).',
    orders_unreachable:
      'Nie mogę teraz połączyć się z naszym systemem zamówień; osoba z zespołu odpowie (zgłoszenie {ticketId}).',
    escalated:
      'Dziękujemy za cierpliwość. Przekazałem sprawę naszemu zespołowi ze wszystkim, co nam napisałeś, a ktoś odpowie tutaj wkrótce (zgłoszenie {ticketId}).',
  },
};
