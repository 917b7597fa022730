import type { TemplateKey } from './templates.js';

type Lang = 'it' | 'nl' | 'pl';

/** Offline reply templates in Italian, Dutch and Polish; same keys and params as English. */
export const TEMPLATES_IT_NL_PL: Record<Lang, Record<TemplateKey, string>> = {
  it: {
    status_placed:
      'L’ordine {orderId} è stato effettuato il {placedAt} e non è ancora stato spedito. Se serve, si può ancora annullare.',
    status_shipped: 'L’ordine {orderId} è stato spedito il {shippedAt}{carrier}.',
    status_shipped_tracking: 'Numero di tracciamento: {tracking}.',
    status_eta: 'Consegna prevista: {eta}.',
    status_delivered: 'L’ordine {orderId} è stato consegnato il {deliveredAt}.',
    status_cancelled: 'L’ordine {orderId} è stato annullato.',
    status_returned: 'L’ordine {orderId} è stato reso.',
    status_refunded: 'Abbiamo rimborsato {amount} il {refundedAt}.',
    status_total: 'Il totale dell’ordine è {amount}.',
    order_list_intro: 'Ecco i tuoi ordini più recenti:',
    no_orders: 'Non vedo ancora ordini sul tuo account.',
    order_not_found: 'Non trovo l’ordine {orderId} sul tuo account. Puoi ricontrollare il numero?',
    which_order: 'Di quale ordine si tratta? Ecco i più recenti:',
    return_eligible:
      'L’ordine {orderId} può essere reso fino al {windowEnds} (finestra di reso di {days} giorni). L’importo rimborsabile è {amount}.',
    return_closed:
      'La finestra di reso di {days} giorni per l’ordine {orderId} si è chiusa il {windowEnds}, quindi non può più essere reso con rimborso.',
    return_not_delivered:
      'L’ordine {orderId} è ancora in viaggio. Dopo la consegna avrai {days} giorni per renderlo.',
    return_placed:
      'L’ordine {orderId} non è ancora stato spedito: invece di un reso può essere semplicemente annullato con rimborso completo.',
    refund_proposed: 'L’ordine {orderId} può essere rimborsato per {amount}. Invio ora la richiesta.',
    refund_not_possible:
      'Non posso rimborsare l’ordine {orderId}: {why} Se pensi che sia un errore, rispondi qui e coinvolgerò una persona del team.',
    cancel_proposed:
      'L’ordine {orderId} non è ancora stato spedito, quindi può essere annullato. Invio ora l’annullamento.',
    cancel_not_possible:
      'L’ordine {orderId} è già stato spedito e non può più essere annullato. Una volta arrivato potrai renderlo entro {days} giorni.',
    kb_intro: 'Ecco cosa dice il nostro centro assistenza:',
    kb_intro_translated: 'Ecco cosa dice il nostro centro assistenza (l’articolo è in inglese):',
    source: 'Fonte',
    anything_else: 'Posso aiutarti con qualcos’altro?',
  },
  nl: {
    status_placed:
      'Bestelling {orderId} is geplaatst op {placedAt} en nog niet verzonden. Je kunt hem zo nodig nog annuleren.',
    status_shipped: 'Bestelling {orderId} is verzonden op {shippedAt}{carrier}.',
    status_shipped_tracking: 'Trackingnummer: {tracking}.',
    status_eta: 'Verwachte levering: {eta}.',
    status_delivered: 'Bestelling {orderId} is geleverd op {deliveredAt}.',
    status_cancelled: 'Bestelling {orderId} is geannuleerd.',
    status_returned: 'Bestelling {orderId} is geretourneerd.',
    status_refunded: 'We hebben op {refundedAt} {amount} terugbetaald.',
    status_total: 'Het totaalbedrag van de bestelling is {amount}.',
    order_list_intro: 'Dit zijn je meest recente bestellingen:',
    no_orders: 'Ik zie nog geen bestellingen op je account.',
    order_not_found: 'Ik kan bestelling {orderId} niet vinden op je account. Wil je het nummer controleren?',
    which_order: 'Over welke bestelling gaat het? Dit zijn je recente bestellingen:',
    return_eligible:
      'Bestelling {orderId} kan tot {windowEnds} worden geretourneerd (retourtermijn van {days} dagen). Het terug te betalen bedrag is {amount}.',
    return_closed:
      'De retourtermijn van {days} dagen voor bestelling {orderId} is op {windowEnds} verlopen, dus retourneren met terugbetaling kan niet meer.',
    return_not_delivered:
      'Bestelling {orderId} is nog onderweg. Na levering heb je {days} dagen om hem te retourneren.',
    return_placed:
      'Bestelling {orderId} is nog niet verzonden; in plaats van retourneren kan hij gewoon worden geannuleerd met volledige terugbetaling.',
    refund_proposed:
      'Bestelling {orderId} komt in aanmerking voor een terugbetaling van {amount}. Ik dien het verzoek nu in.',
    refund_not_possible:
      'Ik kan bestelling {orderId} niet terugbetalen: {why} Denk je dat dit niet klopt, reageer dan hier en ik schakel iemand van het team in.',
    cancel_proposed:
      'Bestelling {orderId} is nog niet verzonden en kan dus worden geannuleerd. Ik dien de annulering nu in.',
    cancel_not_possible:
      'Bestelling {orderId} is al verzonden en kan niet meer worden geannuleerd. Na ontvangst kun je hem binnen {days} dagen retourneren.',
    kb_intro: 'Dit staat er in ons helpcentrum:',
    kb_intro_translated: 'Dit staat er in ons helpcentrum (het artikel is in het Engels):',
    source: 'Bron',
    anything_else: 'Kan ik je nog ergens anders mee helpen?',
  },
  pl: {
    status_placed:
      'Zamówienie {orderId} zostało złożone {placedAt} i nie zostało jeszcze wysłane. W razie potrzeby można je jeszcze anulować.',
    status_shipped: 'Zamówienie {orderId} zostało wysłane {shippedAt}{carrier}.',
    status_shipped_tracking: 'Numer przesyłki: {tracking}.',
    status_eta: 'Przewidywana dostawa: {eta}.',
    status_delivered: 'Zamówienie {orderId} zostało dostarczone {deliveredAt}.',
    status_cancelled: 'Zamówienie {orderId} zostało anulowane.',
    status_returned: 'Zamówienie {orderId} zostało zwrócone.',
    status_refunded: 'Zwróciliśmy {amount} dnia {refundedAt}.',
    status_total: 'Łączna kwota zamówienia to {amount}.',
    order_list_intro: 'Oto Twoje najnowsze zamówienia:',
    no_orders: 'Nie widzę jeszcze żadnych zamówień na Twoim koncie.',
    order_not_found: 'Nie znajduję zamówienia {orderId} na Twoim koncie. Czy możesz sprawdzić numer?',
    which_order: 'Którego zamówienia to dotyczy? Oto najnowsze:',
    return_eligible:
      'Zamówienie {orderId} można zwrócić do {windowEnds} ({days} dni na zwrot). Kwota do zwrotu to {amount}.',
    return_closed:
      '{days}-dniowy termin zwrotu zamówienia {orderId} minął {windowEnds}, więc nie można go już zwrócić z refundacją.',
    return_not_delivered:
      'Zamówienie {orderId} jest jeszcze w drodze. Po dostawie będziesz mieć {days} dni na zwrot.',
    return_placed:
      'Zamówienie {orderId} nie zostało jeszcze wysłane, więc zamiast zwrotu można je po prostu anulować z pełnym zwrotem pieniędzy.',
    refund_proposed: 'Zamówienie {orderId} kwalifikuje się do zwrotu {amount}. Składam teraz wniosek.',
    refund_not_possible:
      'Nie mogę zwrócić pieniędzy za zamówienie {orderId}: {why} Jeśli uważasz, że to pomyłka, odpowiedz tutaj, a poproszę kogoś z zespołu.',
    cancel_proposed:
      'Zamówienie {orderId} nie zostało jeszcze wysłane, więc można je anulować. Składam teraz anulowanie.',
    cancel_not_possible:
      'Zamówienie {orderId} zostało już wysłane i nie można go anulować. Po otrzymaniu możesz je zwrócić w ciągu {days} dni.',
    kb_intro: 'Oto co mówi nasze centrum pomocy:',
    kb_intro_translated: 'Oto co mówi nasze centrum pomocy (artykuł jest po angielsku):',
    source: 'Źródło',
    anything_else: 'Czy mogę pomóc w czymś jeszcze?',
  },
};

export const STATUS_WORDS_IT_NL_PL: Record<Lang, Record<string, string>> = {
  it: {
    placed: 'effettuato, non ancora spedito',
    shipped: 'spedito',
    delivered: 'consegnato',
    cancelled: 'annullato',
    returned: 'reso',
  },
  nl: {
    placed: 'geplaatst, nog niet verzonden',
    shipped: 'verzonden',
    delivered: 'geleverd',
    cancelled: 'geannuleerd',
    returned: 'geretourneerd',
  },
  pl: {
    placed: 'złożone, jeszcze nie wysłane',
    shipped: 'wysłane',
    delivered: 'dostarczone',
    cancelled: 'anulowane',
    returned: 'zwrócone',
  },
};

export const CARRIER_WORD_IT_NL_PL: Record<Lang, string> = {
  it: ' con {carrier}',
  nl: ' met {carrier}',
  pl: ' przez {carrier}',
};
