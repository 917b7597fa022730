/**
 * Services and account changes that no tool performs and the help center does not offer, asked
 * for by form (folded text): collecting an order at, or bringing returns to, the warehouse in
 * person; payment terms other than the plan's; merging two accounts; handing the account to a
 * new owner; a word passed to the driver or courier of an order ("can the driver be told we
 * moved to suite 410?", "avisad al repartidor", "prévenez le livreur", "bitte dem Fahrer Bescheid
 * sagen", "avisem o entregador", "avvisate il corriere", "laat de bezorger weten", "przekażcie
 * kurierowi", "配達員に伝えてください", "请告诉快递员", "ช่วยบอกคนส่งของ", "أبلغوا السائق"): no tool
 * reaches the carrier. An article that shares the words ("we ship from our warehouse in
 * Columbus", "net-30 terms for Enterprise", "the driver calls before delivery") would look like
 * an answer and leave the ask undone.
 */

import { foldedPattern } from './offline/text.js';

export type ServiceRequest =
  | 'collect_in_person'
  | 'payment_terms'
  | 'merge_accounts'
  | 'transfer_ownership'
  | 'carrier_note'
  | 'sign_document'
  | 'close_account'
  | 'change_plan'
  | 'reissue_invoices';

const WAREHOUSE =
  '(?:warehouse|depot|facility|loading dock|almacen|bodega|entrepot|lager|warenlager|armazem|magazzino|magazijn|magazyn\\w*)';
// In person: picking up, collecting, walking in, bringing or dropping off at the warehouse.
const IN_PERSON =
  '(?:pick(?:ing)? (?:\\w+ ){0,3}up|collect\\w*|walk (?:\\w+ ){0,2}in(?:to)?|bring (?:\\w+ ){0,2}(?:in|to|over)|drop (?:\\w+ ){0,2}off|come by|swing by|stop by|recoger|retirar|buscar|recuperer|retirer|abhol\\w*|abzuholen|levantar|ritirar\\w*|ophalen|odebra\\w*)';
const COLLECT_IN_PERSON = new RegExp(
  `\\b${IN_PERSON}\\b[^.?!]{0,40}\\b${WAREHOUSE}\\b|\\b${WAREHOUSE}\\b[^.?!]{0,40}\\b(?:abhol\\w*|abzuholen|ophalen|odebra\\w*|selbst|myself|ourselves)\\b`,
);
// The carrier collecting from the warehouse is shipping, not an ask: "has UPS picked it up yet?"
const CARRIER_COLLECTS =
  /\b(?:ups|usps|dhl|fedex|carrier|courier|the driver|transportista|transporteur|spediteur|corriere|vervoerder|kurier)\b[^.?!]{0,15}\b(?:pick|collect|recog|abhol|ritir|ophaal|odebr)/;

// Terms other than the plan's ("net-60 instead of net-30", "net-30 without Enterprise").
const PAYMENT_TERMS =
  /\bnet[- ]?\d{2,3}\b[^.?!]{0,40}\b(?:instead of|rather than) net[- ]?\d{2,3}\b|\bnet[- ]?\d{2,3}\b[^.?!]{0,30}\bwithout\b|\b(?:move|switch|change|extend|go|upgrade)\b[^.?!]{0,30}\b(?:to|onto) net[- ]?\d{2,3}\b|\b(?:from|instead of) net[- ]?\d{2,3}\b[^.?!]{0,20}\bto net[- ]?\d{2,3}\b|\b(?:get|have|offer|give)\b[^.?!]{0,10}\bnet[- ]?\d{2,3}\b[^.?!]{0,30}\bwithout\b/;

const MERGE_ACCOUNTS =
  /\b(?:merge|combine|consolidate|join)\b[^.?!]{0,20}\b(?:accounts?|logins?|profiles?|workspaces?)\b|\b(?:two|2|both|separate|duplicate) (?:accounts|logins)\b[\s\S]{0,80}\b(?:merge|combine) (?:them|these|both|the two)\b|\b(?:fusionar|fusionner|zusammenfuhren|mesclar|unire|unificare|samenvoegen|polaczyc)\b[^.?!]{0,30}\b(?:cuentas|comptes|konten|contas|account|accounts|konta)\b/;

const TRANSFER_OWNERSHIP =
  /\btransfer\w* (?:the |our |my )?(?:account )?ownership\b|\bownership of (?:the |our |my )?account\b[^.?!]{0,20}\bto\b|\bmake (?:\w+ ){1,3}the (?:new )?(?:account )?owner\b|\b(?:transferir|transferer|ubertragen|trasferire|overdragen|przeniesc)\b[^.?!]{0,30}\b(?:propiedad|propriete|eigentum|inhaber\w*|propriedade|proprieta|eigendom|wlasnosc)\b/;

const CARRIER =
  '(?:the |your |our |a |an )?(?:driver|courier|delivery (?:guy|man|person|driver|team|people)|carrier|postman|mail carrier|ups|fedex|dhl|usps)';
const CARRIER_NOTE = new RegExp(
  [
    // en: "can the driver be told", "tell the courier to use the side gate", "a note for the driver"
    `\\b(?:can|could|would|will|please|pls)\\b[^.?!]{0,30}\\b${CARRIER} (?:be )?(?:told|informed|notified|made aware|warned)\\b`,
    `\\b(?:tell|let|inform|notify|message|text|remind|warn|ask)\\b ${CARRIER}\\b(?! (?:has|have|had|did|was|were|is|are)\\b)`,
    `\\b(?:note|message|instructions?|heads[- ]up) (?:for|to) ${CARRIER}\\b`,
    // es, fr, de, pt, it, nl, pl
    String.raw`\b(?:avis\w*|decir\w*|dig\w*|inform\w*|comunic\w*) (?:a |al )?(?:la |el )?(?:repartidor|mensajero|transportista|conductor|chofer)\b`,
    String.raw`\b(?:preven\w*|previen\w*|dire|dites|informer|informez|avertir|avertissez) (?:au |le |la |a la )?(?:livreur|transporteur|chauffeur)\b`,
    String.raw`\b(?:dem|den) (?:fahrer|zusteller|kurier|paketboten|lieferanten)\b[^.?!]{0,40}\b(?:bescheid|sagen|mitteilen|informieren|ausrichten)\b`,
    String.raw`\b(?:avis\w*|inform\w*|dizer|diga\w*|falar) (?:ao |o |a )?(?:entregador|motorista|transportadora|carteiro)\b`,
    String.raw`\b(?:avvis\w*|dire|dite|informare|informate|comunicare|far sapere) (?:al |il |l')?(?:corriere|autista|fattorino)\b`,
    String.raw`\b(?:de |aan de )?(?:bezorger|koerier|chauffeur|pakketbezorger)\b[^.?!]{0,40}\b(?:laten weten|doorgeven|zeggen|informeren|inlichten)\b`,
    String.raw`\b(?:przekaz\w*|poinformuj\w*|poinformowac|powiedz\w*|dac znac|dajcie znac)\b[^.?!]{0,20}\b(?:kurier\w*|dostawc\w*)\b`,
  ].join('|'),
);
// ja, zh, th, ar: folded as the message is (Thai tone marks and Japanese voicing go).
const CARRIER_NOTE_SCRIPT = foldedPattern(
  '配達員に伝え|配達の方に伝え|ドライバーに伝え|ドライバーさんに伝え|運送会社に伝え|告诉司机|转告司机|跟司机说|通知司机|告诉快递员|转告快递员|跟快递员说|通知快递员|告诉快递小哥|บอกคนส่งของ|แจ้งคนส่งของ|บอกคนขับ|แจ้งคนขับ|บอกพนักงานส่ง|แจ้งพนักงานส่ง|ابلغوا السائق|ابلاغ السائق|اخبروا السائق|اخبار السائق|ابلغوا المندوب|ابلاغ المندوب|اخبروا المندوب',
);

// Signing or filling in the customer's own paperwork (a DPA, an NDA, a vendor form, a security
// questionnaire): a person with the authority to commit us does it, and no article offers it.
const THEIR_DOCUMENT = String.raw`(?:dpa|nda|msa|baa|w-?9|w-?8\w*|(?:data processing|non-?disclosure|confidentiality|master services?|supplier|vendor|service level|framework) (?:agreement|addendum|contract)|contracts?|agreements?|addendum|questionnaires?|(?:vendor|supplier|onboarding|registration|compliance|due diligence|security|credit) (?:forms?|questionnaires?|packs?|paperwork)|accords?|contrats?|formulaires?|questionnaires?|\w*vertrag\w*|\w*vereinbarung\w*|\w*fragebog\w*|formular\w*|avv|contratos?|acuerdos?|formularios?|cuestionarios?|questionarios?|contratt[oi]|accord[oi]|modul[oi]|questionari[oi]|\w*overeenkomst\w*|contract(?:en)?|vragenlijst\w*|formulier\w*|umow\w*|formularz\w*|ankiet\w*|kwestionariusz\w*)`;
const SIGN = String.raw`(?:sign|signs|signing|countersign\w*|e-?sign|fill (?:in|out)|complete|execute|signer|signez|signiez|remplir|remplissez|firmar|firmen|firmeis|rellenar|rellenen|unterschreiben|unterzeichnen|ausfullen|gegenzeichnen|assinar|assinem|preencher|preencham|firmare|firmate|compilare|compilate|ondertekenen|tekenen|invullen|podpisac|podpiszcie|podpisza\w*|wypelnic|wypelnijcie)`;
// Whose paperwork: theirs ("our DPA", "notre accord", "unseren Vertrag"), or one a vendor is asked
// to sign by its kind (an NDA, a W-9): "do I need to sign a contract for Enterprise?" asks about ours.
const THEIRS = String.raw`(?:our|my|the attached|this|these|notre|nos|mon|ma|nuestro|nuestra|nuestros|nuestras|unser\w*|nosso|nossa|nossos|nostro|nostra|nostri|onze|ons|nasz\w*)`;
const ASKED_OF_VENDORS = String.raw`(?:dpa|nda|msa|baa|w-?9|w-?8\w*|avv)`;
const SIGN_DOCUMENT = new RegExp(
  String.raw`\b${SIGN}\b[^.?!]{0,15}\b${THEIRS}\b[^.?!]{0,30}\b${THEIR_DOCUMENT}\b|\b${SIGN}\b[^.?!]{0,30}\b${ASKED_OF_VENDORS}\b|\b${ASKED_OF_VENDORS}\b[^.?!]{0,15}\b(?:signed|countersigned|filled (?:in|out))\b|\b${THEIRS} (?:[\w-]+ ){0,3}${THEIR_DOCUMENT}\b[^.?!]{0,20}\b(?:signed|countersigned|filled (?:in|out)|completed|unterschreiben|unterzeichnen|gegenzeichnen|ausfullen|ondertekenen|tekenen|invullen|signe|signee|firmado|firmada|unterschrieben|unterzeichnet|ausgefullt|assinado|assinada|preenchido|firmato|firmata|compilato|ondertekend|ingevuld|podpisan\w*|wypelnion\w*)\b`,
);

// Closing the account asked of us ("please close our account", "can you delete my account?",
// "merci de fermer notre compte"): only an owner can, and a person confirms who asks before anything
// so final. "How do I close our account?" and "we want to close it, what first?" are the article's.
const CLOSE = String.raw`(?:close|delete|cancel|terminate|deactivate|shut down|remove)`;
const OUR_ACCOUNT = String.raw`(?:our|my|the) (?:[\w-]+ )?account\b`;
const CLOSE_ACCOUNT = new RegExp(
  [
    String.raw`\b(?:please|pls|plz|kindly)\b[,!]? (?:just |go ahead and )?${CLOSE} ${OUR_ACCOUNT}`,
    String.raw`^(?:(?:hi|hello|hey|ok|okay)\b[^a-z]*)?(?:just )?${CLOSE} ${OUR_ACCOUNT}`,
    String.raw`\b(?:can|could|would|will) (?:you|u|ya|someone|somebody) (?:please |pls |just )?${CLOSE} ${OUR_ACCOUNT}`,
    String.raw`\b(?:i|we)(?:'d| would) like (?:you|u) to ${CLOSE} ${OUR_ACCOUNT}|\b${CLOSE} ${OUR_ACCOUNT}[^.?!]{0,12}\b(?:for (?:us|me)|please|pls|plz)\b`,
    String.raw`\b(?:cierren|cerrad|eliminen|borren|den de baja|dad de baja) (?:nuestra|mi|la) cuenta\b`,
    String.raw`\b(?:merci de|veuillez|pouvez-vous|pourriez-vous|pouvez vous|pourriez vous) (?:bien vouloir )?(?:fermer|cloturer|supprimer|resilier) (?:notre|mon|le) compte\b|\b(?:fermez|cloturez|supprimez|resiliez) (?:notre|mon) compte\b`,
    String.raw`\b(?:schlie(?:ss|ß)t|schlie(?:ss|ß)en sie|loscht|loschen sie|kundigt|kundigen sie) (?:bitte )?(?:unser|mein)(?:en)? (?:konto|account|kundenkonto)\b|\b(?:unser|mein)(?:en)? (?:konto|account|kundenkonto) bitte (?:schlie(?:ss|ß)en|loschen|kundigen)\b`,
    String.raw`\b(?:encerrem|fechem|excluam|apaguem|cancelem) (?:a )?(?:nossa|minha) conta\b`,
    String.raw`\b(?:chiudete|cancellate|eliminate|disattivate) (?:il )?(?:nostro|mio) (?:account|conto)\b`,
    String.raw`\b(?:sluit|verwijder|beeindig) (?:ons|mijn) account\b|\b(?:ons|mijn) account (?:graag|alstublieft|aub) (?:sluiten|verwijderen|opheffen)\b`,
    String.raw`\b(?:zamknijcie|usuncie|zamknij|usun) (?:nasze|moje) konto\b|\b(?:prosze|prosimy) o (?:zamkniecie|usuniecie) (?:naszego|mojego) konta\b`,
  ].join('|'),
);

// A change of plan asked of us ("please cancel our Pro subscription from next month", "could you move
// us to Enterprise?"): the owner makes it in the billing settings, or a person after a call, and
// asked of us it is not done by quoting how. "How do I downgrade?" is the article's.
const PLAN = String.raw`(?:pro|free|enterprise|starter|basic|business|team|premium|paid|annual|monthly)`;
const CHANGE_PLAN = new RegExp(
  [
    String.raw`\b(?:please|pls|plz|kindly|can you|could you|would you|will you)\b[,!]? (?:just |go ahead and )?(?:cancel|end|stop|downgrade|upgrade|move|switch|put|change|bump|drop)\b (?:(?:us|me) (?:back |down |up |over )?(?:to|onto|from|off) (?:the |a )?${PLAN}\b|(?:our|my|the) (?:${PLAN} )?(?:subscription|plan)\b)`,
    String.raw`\b(?:cancelen|cancelad|anulen) (?:nuestra|mi|la) (?:suscripcion|plan)\b|\b(?:resiliez|annulez|merci de resilier|merci d'annuler) (?:notre|mon|l') ?abonnement\b|\b(?:kundigt|kundigen sie) (?:bitte )?(?:unser|mein)(?:en)? (?:abo|abonnement|plan|tarif)\b|\b(?:cancelem|encerrem) (?:a )?(?:nossa|minha) assinatura\b|\b(?:disdite|annullate) (?:il )?(?:nostro|mio) abbonamento\b|\b(?:zeg|stop) (?:ons|mijn) abonnement\b|\b(?:anulujcie|zakonczcie) (?:nasza|moja) subskrypcj\w*`,
  ].join('|'),
);

// Invoices of a past year made out again with new details ("change the company name on all the
// invoices from 2022", "reissue last year's invoices with our new VAT number"): the invoices article
// reissues the last 90 days on request, and a reissue within them is its answer; older ones are a
// person's call. New details on future invoices are the customer's own setting (billing-errors.ts).
const YEARS_AGO = String.raw`(?:(?:19|20)\d\d|last year'?s?|the (?:past|last|previous) (?:\w+ )?years?)`;
const OLD_INVOICES = String.raw`(?:(?:19|20)\d\d|last year'?s?) invoices|invoices (?:from|since|dated|issued (?:in|since|before)|for|of|back to) (?:the )?(?:year )?${YEARS_AGO}|(?:all|every one of) (?:the |our )?(?:past |old |previous )?invoices (?:ever|since (?:we (?:started|joined|signed up|opened)|the (?:start|beginning)))`;
const REISSUE_OLD_INVOICES = new RegExp(
  String.raw`\b(?:re-?issu\w*|change|update|correct|amend|fix|rename|edit|put|redo)\b[^.?!]{0,50}\b(?:${OLD_INVOICES})\b|\b(?:${OLD_INVOICES})\b[^.?!]{0,40}\bre-?issu\w*`,
);

/** The service or account change asked for, if any. */
export function serviceRequest(folded: string): ServiceRequest | null {
  if (COLLECT_IN_PERSON.test(folded) && !CARRIER_COLLECTS.test(folded)) return 'collect_in_person';
  if (PAYMENT_TERMS.test(folded)) return 'payment_terms';
  if (MERGE_ACCOUNTS.test(folded)) return 'merge_accounts';
  if (TRANSFER_OWNERSHIP.test(folded)) return 'transfer_ownership';
  if (CARRIER_NOTE.test(folded) || CARRIER_NOTE_SCRIPT.test(folded)) return 'carrier_note';
  if (SIGN_DOCUMENT.test(folded)) return 'sign_document';
  if (CLOSE_ACCOUNT.test(folded)) return 'close_account';
  if (CHANGE_PLAN.test(folded)) return 'change_plan';
  if (REISSUE_OLD_INVOICES.test(folded)) return 'reissue_invoices';
  return null;
}

/** For staff and the decision record. */
export const SERVICE_REQUEST_LABELS: Record<ServiceRequest, string> = {
  collect_in_person: 'collect an order at, or bring returns to, the warehouse in person',
  payment_terms: 'have payment terms other than their plan’s',
  merge_accounts: 'merge two accounts into one',
  transfer_ownership: 'hand the account to a new owner',
  carrier_note: 'pass a word to the driver or courier of an order',
  sign_document: 'sign or fill in a document of theirs (a DPA, an NDA, a vendor form, a questionnaire)',
  close_account: 'close the account for them',
  change_plan: 'change or cancel their plan for them',
  reissue_invoices: 'reissue invoices older than the reissue window with new details',
};
