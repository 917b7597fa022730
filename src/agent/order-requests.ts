import { confirmationAnswer, findCustomerRequests } from './customer-request.js';
import { extractEntities } from './entities.js';
import { fold } from './offline/text.js';
import { asksOrderTotal } from './order-total.js';
import type { UnanswerableRequest } from './requests.js';

/**
 * A request about the customer's own order that the order tools cannot carry out, found by its
 * form rather than by a list of what might be asked: the message asks us to do something ("can
 * you…", "please…", an imperative, "bitte", "por favor", "könnt ihr"…) and asks nothing the
 * order's data answers (where it is, when it comes, its tracking) nor an action a tool has
 * (a refund, a cancellation, a return). "Deliver 1047 on Wednesday", "apply the discount code to
 * 1045", "put a note on 1025 for the driver": finding the order is not doing what was asked, so
 * an answer built from its status would look helpful and leave the request undone.
 *
 * requests.ts names the common requests (an address change, an added item) in every language;
 * this is the rest, by form, and applies only once the named order is found.
 */
const ASKS_DIRECTLY =
  /\b(?:can|could|would|will) (?:you|u|ya|your team|someone|somebody)\b|\bcan (?:we|i) (?:get|have)\b|\bi(?:'d| would) like you to\b|\bneeds? to (?:go|be)\b|^(?:\w+ )?(?:add|apply|change|move|update|ship|send|deliver|put|transfer|reissue|split|hold|drop|remove|swap|switch|reroute|redirect|merge)\b|\bmerci de\b|\b(?:podem|podeis|pueden|puede|podrian|konnt ihr|konnen sie|kunnen jullie|kunt u|potete|potreste|possono|mozecie|moglibyscie|pourriez|pouvez)\b/m;
// A courtesy word alone marks an ask too ("put a note on 1025 for the driver pls").
const COURTESY = /\b(?:please|pls|plz|kindly|por favor|bitte|prosze|per favore|alstublieft|graag)\b/;

/**
 * When the order was expected or is needed ("urgent pls, the boxes on 1042 were meant to be here
 * for today's job", "1042 need it TODAY asap pls"): with only a courtesy word standing alone to
 * make it an ask, the customer asks where the order is, which its status and delivery estimate
 * answer. Asking us to do something ("can you…", "please leave it at…", "rush it": requests.ts
 * reads rushing) stays a request. Folded text.
 */
const EXPECTED_OR_NEEDED = new RegExp(
  [
    '\\b(?:meant|supposed|expected|promised|due) to (?:be here|be delivered|be with us|arrive|come|get here|land|show up)\\b',
    "\\b(?:should|would) (?:have|'ve) (?:been (?:here|delivered)|arrived|come|got(?:ten)? here|landed|shown up)\\b",
    '\\bneed(?:ed|s)? (?:it|them|this|these|those|the \\w+|\\d{3,10})(?: \\w+){0,2} (?:today|tonight|tomorrow|by|before|asap|now|this (?:morning|afternoon|week))\\b',
    "\\b(?:necesitamos|necesito|lo necesitamos|nous en avons besoin|wir brauchen (?:es|sie)|precisamos|ci serve|ci servono|we hebben het nodig|potrzebujemy)\\b[^.?!]{0,30}\\b(?:hoy|manana|aujourd'hui|demain|heute|morgen|hoje|amanha|oggi|domani|vandaag|dzisiaj|jutro)\\b",
  ].join('|'),
);
// A courtesy word before a verb asks for that ("please leave 1042 at the gate, we need it tonight").
const COURTESY_BEFORE_VERB =
  /\b(?:please|pls|plz|kindly|por favor|bitte|prosze|per favore|alstublieft|graag) [a-z]/;
const asksWhereItIs = (f: string) =>
  EXPECTED_OR_NEEDED.test(f) && !ASKS_DIRECTLY.test(f) && !COURTESY_BEFORE_VERB.test(f);

/**
 * What the order's data and the help center answer: where, when, its state, its tracking, asking
 * to be told it, and its invoice or receipt sent again (customers download them themselves).
 */
const ASKS_ABOUT_STATE =
  /\b(?:(?:send|email|e-mail|get|give|forward)(?: me| us)? (?:the |a |an |our |my )?(?:copy of (?:the )?)?(?:invoice|receipt|pdf|statement)s?(?! (?:\w+ ){0,6}(?:made out|in the name|addressed|with our|to our))|where|when|status|track\w*|arriv\w*|eta|delivered|delivery date|shipped|dispatched|left|moving|news|heard|update on|any update|how long|yet|confirm|tell me|let (?:me|us) know|check|find out|look into|donde|cuando|estado|seguimiento|ou est|quand|suivi|indiquer|confirmer|dire|wo ist|wann|sendungsverfolgung|mitteilen|bestatigen|sagen|onde|quando|rastreamento|informar|dizer|dove|stato|tracciamento|dirmi|confermare|waar|wanneer|laten weten|bevestigen|gdzie|kiedy|status|potwierdzic|podac)\b/;

/**
 * Actions a tool has, and questions about them, go their own way: a refund or a cancellation
 * (the customer-asked check's lexicon, in every supported language) and returns.
 */
const TOOL_ACTION =
  /\b(?:cancel\w*|refund\w*|money back|return\w*|reembols\w*|rembours\w*|erstatt\w*|stornier\w*|annul\w*|devol\w*|retour\w*|zuruck(?:schick|send|geb)\w*|zwrot\w*|rimbors\w*|terugstur\w*)\b/;
// Stopping an order is cancelling it; money back is a refund, whatever the words.
const STOP_OR_MONEY_BACK =
  /\b(?:stop|kill|scrap|halt|call off)\b[^.?!]{0,20}\b(?:order|shipment|\d{3,10}|it)\b|\b(?:get|have|want) (?:it|them|(?:that|this|the|our|my)(?: \w+)?) back\b/;
// The same in the other reply languages, where the verb often comes last ("die Bestellung 1003
// noch stoppen", "bestelling 1019 tegenhouden"): stopping a named order is cancelling it.
const STOP_VERB =
  '(?:stoppen|anhalten|aufhalten|deten(?:er|gan|ga)|parar|arreter|stopper|fermare|fermate|bloccare|tegenhouden|zatrzyma\\w*|wstrzyma\\w*)';
const STOP_ELSEWHERE = new RegExp(
  `\\b${STOP_VERB}\\b[^.?!]{0,30}\\b(?:\\d{3,10}|pedido|commande|bestellung|encomenda|ordine|bestelling|zamowieni\\w*)\\b|\\b(?:\\d{3,10}|pedido|commande|bestellung|encomenda|ordine|bestelling|zamowieni\\w*)\\b[^.?!]{0,30}\\b${STOP_VERB}\\b`,
);
const asksForToolAction = (text: string, folded: string) =>
  TOOL_ACTION.test(folded) ||
  STOP_OR_MONEY_BACK.test(folded) ||
  STOP_ELSEWHERE.test(folded) ||
  findCustomerRequests([{ text }], 'refund').length > 0 ||
  findCustomerRequests([{ text }], 'cancellation').length > 0;

/**
 * The order's invoice or receipt asked for, however it is said ("receipt for 1027 pls", "Rechnung
 * für 1008 noch einmal schicken?", "¿me mandan la factura del 1025?"): the customer downloads it
 * from the billing page, as the invoices article says. Made out to another name or address, or
 * with something added or changed on it, it is a reissue, a person's job. Folded text.
 */
const INVOICE_COPY =
  /\b(?:invoices?|receipts?|rechnung(?:en)?|quittung(?:en)?|factura|facturas|recibos?|factures?|recus?|fattur[ae]|ricevut[ae]|facturen|factuur|faktur[aey]?|paragon)\b/;
const REISSUED =
  /\b(?:name|names|address|vat|tax id|made out|reissue\w*|print\w*|add\w*|includ\w*|show\w*|number|po|purchase order|split\w*|merg\w*|combin\w*|chang\w*|updat\w*|separat\w*|cost cent\w*|firm\w*|\w+namen|nombre|nom|namen|nome|naam|nazw\w*|adres\w*|direccion|anschrift|endereco|indirizzo|raison sociale|firma|empresa|azienda|bedrijf|correct\w*|korrig\w*|corrig\w*|wrong|falsch|errone\w*|fout\w*|bled\w*)\b/;
const asksForInvoiceCopy = (f: string) => INVOICE_COPY.test(f) && !REISSUED.test(f);

export function orderRequestNoToolDoes(
  text: string,
  opts: { inThread?: boolean } = {},
): UnanswerableRequest | null {
  // The order must be named in this message: "yes please go ahead" answers the bot's question
  // about an order named earlier, and in a thread a yes or a no is the confirmation's.
  if (!extractEntities(text).orderIds.length) return null;
  if (opts.inThread && confirmationAnswer(text) !== null) return null;
  const f = fold(text);
  if (
    !(ASKS_DIRECTLY.test(f) || COURTESY.test(f)) ||
    ASKS_ABOUT_STATE.test(f) ||
    asksOrderTotal(f) ||
    asksWhereItIs(f) ||
    asksForInvoiceCopy(f) ||
    asksForToolAction(text, f)
  )
    return null;
  return { kind: 'modify_order', label: 'have something done to an order that no tool does' };
}
