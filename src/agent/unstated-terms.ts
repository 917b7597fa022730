import type { UnstatedService } from './unstated-services.js';

/**
 * A documented term asked for another way, and a service no article offers. The articles state one
 * way of doing a thing (net-30 terms, the shipping email, billing on the day the plan started, our
 * delivery at the door): "net 60 instead?", "a text when it ships?", "bill us on the 15th?" or
 * "will the crew take the cardboard away?" find the right article, which never says whether the
 * other way is possible, so quoting it says no without saying it. A person answers. Each entry is
 * found by what is asked (a change of a term, a service), and an article that states it answers
 * the question itself. Folded text.
 */

// Payment terms of another length than the documented net-30: "net 60", "90-day terms".
const OTHER_TERMS = String.raw`\b(?:net[- ]?(?!30\b)\d{2,3}|(?:net[- ]?)?(?!30\b)\d{2,3}[- ]days? (?:payment )?terms|(?:sixty|ninety|forty-five)[- ]days? (?:payment )?terms|net (?:sixty|ninety|forty-five))\b|\b(?:longer|extended|more generous|better) (?:payment )?terms\b|\b(?:pago|plazo) a (?!30\b)\d{2,3} dias\b|\b(?!30\b)\d{2,3} jours fin de mois\b|\bpaiement a (?!30\b)\d{2,3} jours\b|\bzahlungsziel (?:von )?(?!30\b)\d{2,3} tag\w*|\b(?!30\b)\d{2,3} tage (?:zahlungsziel|netto)\b|\bpagamento a (?!30\b)\d{2,3} (?:dias|giorni)\b|\bbetalingstermijn van (?!30\b)\d{2,3} dagen\b|\btermin platnosci (?!30\b)\d{2,3} dni\b`;

// The day a subscription bills, moved: "move our billing date to the 15th", "bill us on the 1st".
const BILLING_DAY = String.raw`(?:billing|invoice|invoicing|renewal|payment|charge|subscription) (?:dates?|days?|cycles?|anniversary)`;
const OTHER_BILLING_DAY = String.raw`\b(?:change|move|moving|switch|shift|set|align|push|pull)\b[^.?!]{0,30}\b${BILLING_DAY}\b|\b${BILLING_DAY}\b[^.?!]{0,30}\b(?:to|on) the \d{1,2}(?:st|nd|rd|th)?\b|\b(?:bill|charge|invoice)d? (?:us|me) on the \d{1,2}(?:st|nd|rd|th)?\b|\b(?:cambiar|mover) (?:la )?fecha de (?:facturacion|cobro)\b|\b(?:changer|modifier|deplacer) la date de (?:facturation|prelevement)\b|\b(?:abrechnungs|rechnungs)(?:datum|tag|zeitraum)\b[^.?!]{0,30}\b(?:andern|verschieben|umstellen)\b|\b(?:alterar|mudar) a data de (?:faturamento|cobranca)\b|\b(?:cambiare|spostare) la data di (?:fatturazione|addebito)\b|\bfactuurdatum\b[^.?!]{0,20}\b(?:wijzigen|verplaatsen|aanpassen)\b|\b(?:zmienic|przesunac) (?:date|dzien) (?:fakturowania|platnosci|rozliczenia)\b`;

// Word by text message or chat app rather than email: "a text when it ships", "SMS alerts".
const BY_TEXT = String.raw`(?:text(?:-message| message| msg)?s?|txts?|sms|whatsapp)`;
const TEXT_NOTICE = String.raw`\b(?:get|receive|send|have|sign up for|opt in to)\b (?:(?:us|me) )?(?:an? |the )?${BY_TEXT}\b(?: (?:alerts?|updates?|notifications?|notices?|messages?))?[^.?!]{0,30}\b(?:when|once|as soon as|whenever|if|each time|every time|for|about|with)\b|\b(?:alerts?|updates?|notifications?|notices?|tracking|confirmations?)\b (?:(?:sent|delivered) )?(?:by|via|over|through|as|on) (?:an? )?${BY_TEXT}\b|\b(?:sms|text(?:-message| message)?|whatsapp) (?:alerts?|updates?|notifications?|tracking|confirmations?)\b|\btext (?:me|us) (?:when|once|as soon as|if|the tracking)\b|\b(?:por|par|per|via|pelo|przez) (?:sms|whatsapp)\b`;

// A product to try before buying: "a sample roll", "send us a swatch", "a demo unit".
const SAMPLE = String.raw`\b(?:free |product )?samples?\b(?! (?:code|codes|request|requests|response|responses|payload|payloads|data|script|app|project|file|files|invoice|csv|json|call|calls)\b)|\bswatch(?:es)?\b|\b(?:demo|trial|test) (?:unit|roll|pack|kit)s?\b|\b(?:muestras?|echantillons?|warenproben?|probeexemplar\w*|amostras?|campioni|campione|monsters?|probk\w*)\b`;

// The price we charge kept for a later order: "hold the price until spring", "a price lock".
const HOLD = String.raw`(?:hold|holding|keep|keeping|lock|locking|honou?r|honou?ring|guarantee|freeze|freezing)`;
const HELD_PRICE = String.raw`\b${HOLD}\b (?:(?:in|us|me) )?(?:the |our |this |that |today'?s |your )?(?:same |current |old |existing )?(?:\w+ )?(?:price|pricing|rate)s?\b[^.?!]{0,40}\b(?:until|till|for|when|if|next|through|into|in (?:the )?(?:spring|summer|autumn|fall|winter|new year))\b|\bprice (?:lock|guarantee|hold|freeze|protection)\b|\b(?:a|any|offer|do|does|you) price[- ]match(?:ing)?\b|\bprice[- ]matching\b|\b(?:mantener|respetar) (?:el|los) precios?\b|\b(?:maintenir|garantir|bloquer) (?:le|les|ce) prix\b|\b(?:preis(?:e)?garantie|preisbindung)\b|\b(?:manter|garantir) o preco\b|\b(?:mantenere|bloccare) (?:il|lo stesso) prezzo\b|\bprijs (?:vastzetten|vasthouden|garantie)\b|\b(?:utrzymac|zagwarantowac) cen\w*`;

// The goods carried in past the door: "carry them up to the third floor", "inside delivery".
const CARRIED_IN = String.raw`\b(?:carry|carrying|bring|bringing|haul|hauling|take|taking|lift|lifting)\b[^.?!]{0,30}\b(?:up (?:the )?stairs|upstairs|up to (?:the |our )?(?:\d+(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|top|upper) floor|to (?:the |our )?(?:\d+(?:st|nd|rd|th)|second|third|fourth|fifth|sixth|top|upper) floor)\b|\b(?:white[- ]glove|inside delivery|room of choice|in-room delivery)\b`;

export const UNSTATED_TERMS: readonly UnstatedService[] = [
  {
    label: 'payment terms of another length than the articles state',
    asks: new RegExp(OTHER_TERMS),
    statedBy: /\bnet[- ]?(?:45|60|90)\b|\b(?:45|60|90)[- ]day terms\b/,
    onlyAsked: true,
  },
  {
    label: 'another billing date',
    asks: new RegExp(OTHER_BILLING_DAY),
    statedBy: /\b(?:billing|renewal) (?:date|day|cycle)s?\b[^.]{0,60}\b(?:change|move|choose|align)\w*/,
  },
  {
    label: 'word by text message or chat app',
    asks: new RegExp(TEXT_NOTICE),
    statedBy: /\bsms\b|\btext messages?\b|\bwhatsapp\b/,
    onlyAsked: true,
  },
  {
    label: 'a sample to try before ordering',
    asks: new RegExp(SAMPLE),
    statedBy: /\bsamples?\b/,
    onlyAsked: true,
  },
  {
    label: 'a price held for a later order',
    asks: new RegExp(HELD_PRICE),
    statedBy:
      /\bprice (?:lock|guarantee|hold|protection|match)\w*|\b(?:hold|honou?r|lock) (?:the |a |your )?(?:price|rate)s?\b/,
    onlyAsked: true,
  },
  {
    label: 'the goods carried in past the door (upstairs, inside)',
    asks: new RegExp(CARRIED_IN),
    statedBy:
      /\b(?:white[- ]glove|inside delivery|room of choice|upstairs|carried in|curbside|kerbside|to the door)\b/,
    onlyAsked: true,
  },
];
