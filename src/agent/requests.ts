import { questionType } from './answer-type.js';
import { fold } from './offline/text.js';
import { isOffTopic } from './off-topic.js';
import { isWarrantyClaim } from './warranty-claim.js';
import { SERVICE_REQUEST_LABELS, serviceRequest } from './service-requests.js';
import { ACCOUNT_EMAIL_ASKED } from './sign-up-email.js';

/**
 * Requests no tool can carry out: changing where an order ships, adding to an order, changing
 * what was ordered. Order data can describe the order but not do this, so an answer built from it
 * ("Order 1042 shipped with UPS…") would look helpful and leave the request undone.
 */
export interface UnanswerableRequest {
  kind:
    | 'change_address'
    | 'add_item'
    | 'modify_order'
    | 'expedite'
    | 'warranty_claim'
    | 'change_login'
    | 'sign_up'
    | 'software_error'
    | 'service_request'
    | 'off_topic';
  /** For staff and the decision record. */
  label: string;
  /**
   * An article whose text matches this answers the request after all (a tenant's help center
   * may explain how to sign up): the request then stands only when the best article does not.
   */
  unlessArticleSays?: RegExp;
  /**
   * A change to what was ordered ("swap the headsets on 1006 for the wired ones"): a person's job
   * before the order arrives; once delivered, changing it is returning it, which the return path
   * answers.
   */
  beforeDelivery?: boolean;
}

const VERB_CHANGE =
  '(?:change|changing|update|updating|correct|fix|edit|modify|amend|switch|cambi\\w*|corrij\\w*|corregi\\w*|modifi\\w*|change[rz]|corrige[rz]?|andern|aendern|korrigier\\w*|alter\\w*|mud\\w*|corrigir|wijzig\\w*|zmieni\\w*)';
// Not "update": "any update on my order?" asks for news, not a change.
const VERB_MODIFY =
  '(?:change|changing|modify|edit|amend|switch|cambiar|modificar|changer|modifier|andern|aendern|alterar|mudar|wijzigen|zmienic)';
const ADDRESS =
  "(?:address|street|zip|postcode|postal code|apartment|apt|suite|unit number|house number|flat number|flat no|door number|floor number|buzzer|numero d'appartement|wohnungsnummer|hausnummer|huisnummer|numer mieszkania|numero de apartamento|where it ships|where (?:it|the parcel|(?:my|our|the|an|a) (?:order|parcel|package|shipment)) (?:goes|is going|is delivered|gets delivered|ships)|direccion|adresse|anschrift|endereco|adres)";

// Swapping a thing for another is an order change only when an order is named: "swap our API key
// for a new one" and "can I exchange a chair for a different colour?" are questions for the help center.
const SWAP_ITEM = /\b(?:swap|replace|exchange)\b.{0,30}\b(?:item|product|for a|for the|with)\b/;
const ORDER_NAMED =
  /\b\d{3,10}\b|\b(?:orders?|pedidos?|commandes?|bestellung\w*|encomendas?|ordin[ei]|bestelling\w*|zamowieni\w*)\b/;

/**
 * The addresses kept on the account rather than an order's: the address book, a default address,
 * the one picked at checkout ("people keep picking the wrong delivery address at checkout, any way
 * to fix that?"). With no order named, the help center says how to keep them right. Folded text.
 */
const ACCOUNT_ADDRESSES =
  /\b(?:at (?:the )?checkout|checkout (?:page|screen)|address ?book|saved (?:delivery |shipping )?address(?:es)?|default (?:delivery |shipping )?address|addresses (?:saved|on file|in (?:the |our )?(?:account|settings))|libreta de direcciones|direccion predeterminada|carnet d'adresses|adresse par defaut|adressbuch|standardadresse|livro de enderecos|endereco padrao|indirizzo predefinito|rubrica (?:degli )?indirizzi|adresboek|standaardadres|ksiazk\w* adresow\w*|domysln\w* adres\w*)\b/;

/**
 * The address printed on invoices ("the invoices still show our old street"): the billing details
 * the invoices article says how to change, not where a parcel goes. Folded text.
 */
const INVOICE_ADDRESS =
  /\b(?:invoices?|receipts?|credit notes?|billing (?:address|details)|facturas?|factures?|rechnung\w*|faturas?|fattur\w*|factu(?:u|re)\w*|faktur\w*)\b/;
const PARCEL = /\b(?:ship\w*|deliver\w*|parcels?|packages?|couriers?|dispatch\w*)\b/;

/**
 * An address given wrong on an order, told in another language ("Ho sbagliato l'indirizzo
 * nell'ordine …", "la dirección del pedido está mal"): a change no tool makes, as "I put the wrong
 * street on order …" is in English. Without it the order's status answered the correction.
 */
const WRONG_ADDRESS_TOLD = new RegExp(
  [
    // es
    String.raw`\b(?:direccion|calle|codigo postal|numero de (?:casa|portal|piso))\b.{0,30}\b(?:equivocad\w*|incorrect\w*|erronea?|esta mal)\b|\bme (?:equivoque|confundi) (?:de|en la|con la) (?:direccion|calle)\b`,
    // fr
    String.raw`\b(?:mauvaise|fausse) (?:adresse|rue)\b|\b(?:mauvais|faux) code postal\b|\bje me suis trompee? (?:d'adresse|de rue|dans l'adresse)\b|\b(?:adresse|rue|code postal)\b.{0,30}\b(?:incorrecte?|erronee?|fausse)\b`,
    // de
    String.raw`\b(?:falsche[nrs]?|verkehrte[nrs]?) (?:adresse|stra(?:ss|ß)e|hausnummer|postleitzahl|plz)\b|\b(?:adresse|stra(?:ss|ß)e|hausnummer|postleitzahl|plz)\b.{0,40}\bfalsch\w*`,
    // pt
    String.raw`\b(?:endereco|rua|cep|numero da (?:casa|porta))\b.{0,30}\b(?:errad\w*|incorret\w*)\b|\berrei (?:o|a|no|na) (?:endereco|rua|cep|numero)\b`,
    // it
    String.raw`\b(?:indirizzo|civico|cap)\b.{0,30}\b(?:sbagliat\w*|errat\w*)\b|\b(?:sbagliat\w*|errat\w*)\b.{0,20}\b(?:indirizzo|civico|cap|via)\b`,
    // nl
    String.raw`\b(?:verkeerde?|foute?|onjuiste?) (?:adres|straat|straatnaam|huisnummer|postcode)\b|\b(?:adres|straat|straatnaam|huisnummer|postcode)\b.{0,30}\b(?:verkeerd|fout|onjuist)\b`,
    // pl
    String.raw`\b(?:z[lł][yeya]\w*|b[lł]edn\w*|niepoprawn\w*|nieprawid[lł]ow\w*) (?:adres\w*|ulic\w*|numer\w* domu|kod\w* pocztow\w*)|\bpomyli\S*\b.{0,20}\b(?:adres\w*|ulic\w*)`,
  ].join('|'),
);

// An address (or addresses) that is not an email address ("changer l'adresse e-mail de connexion" is the profile's).
const POSTAL_ADDRESS = String.raw`(?<!\be-?mail[- ]?)${ADDRESS}(?:e?s|n)?\b(?! ?(?:e-?mail|mail|electronique|de (?:e-?mail|correo)|di posta|mailowy)\b)`;

const RULES: Array<[UnanswerableRequest['kind'], RegExp, string]> = [
  ['change_address', WRONG_ADDRESS_TOLD, 'change the delivery address of an order'],
  [
    'change_address',
    new RegExp(
      `\\b${VERB_CHANGE}\\b.{0,40}\\b${POSTAL_ADDRESS}|\\b${POSTAL_ADDRESS}\\b.{0,40}\\b(?:wrong|incorrect|outdated|old|changed|missing|${VERB_CHANGE})\\b|\\bwrong (?:street|address|zip|postcode|house number|apartment|apt|unit|suite|flat)\\b|\\b(?:old|previous|outdated|former) (?:street|address|zip|postcode)\\b|\\b(?:ship|send|deliver) it to (?:a different|another|my new)\\b`,
    ),
    'change the delivery address of an order',
  ],
  [
    'add_item',
    /\b(?:add|adding|include|put|throw in|anadir|agregar|incluir|ajouter|hinzufugen|adicionar|incluir|toevoegen|dodac)\b.{0,50}\b(?:to|in|into|on|al|en|a|zu|zur|ao|na|no|aan|do)\b.{0,20}\b(?:order|pedido|commande|bestellung|encomenda|bestelling|zamowienie)\b/,
    'add a product to an order',
  ],
  [
    'modify_order',
    new RegExp(
      `\\b(?:drop|remove|take out|take off|leave out|leave off)\\b (?:one|two|three|\\d+|half|a couple|some)(?: of)? (?:the|those|these|our|my)\\b|\\btake (?:one|two|three|\\d+|half)(?: of)? (?:the |those |these |our |my )?\\w+ (?:off|out)\\b|\\b(?:send|ship) (?:just|only) (?:the other|one|the \\w+ and not)\\b|\\b(?:send|ship) the rest\\b|\\b${VERB_MODIFY}\\b.{0,30}\\b(?:order|pedido|commande|bestellung|encomenda|quantity|quantities|size|colou?r|item)\\b`,
    ),
    'change what was ordered',
  ],
  ['modify_order', SWAP_ITEM, 'change what was ordered'],
];

/**
 * A street address written out ("55 Dock St", "12 Harbour Rd", "Calle Mayor 12", "8 rue
 * Lafayette"): with a verb that sends the order there, the customer asks for it to go elsewhere.
 */
const STREET =
  '(?:\\d{1,5}[a-z]?,? (?:[a-z]+ ){0,3}(?:st|street|rd|road|ave|avenue|lane|ln|blvd|boulevard|drive|dr|court|ct)\\b|\\b(?:calle|avenida|av|rue|avenue|boulevard|rua|via|viale|piazza|strasse|str|weg|straat|ulica|ul)\\.? (?:[a-z]+ ){0,3}\\d{1,5}|\\d{1,5},? (?:rue|avenue|boulevard|via|rua|calle) [a-z]+|\\b[a-z]+(?:strasse|str|weg|gasse|straat) \\d{1,5})';
const SEND_VERB =
  '(?:ship|send|deliver|redirect|reroute|forward|envi\\w*|entreg\\w*|mand\\w*|livr\\w*|envoy\\w*|expedi\\w*|liefer\\w*|schick\\w*|sped\\w*|consegn\\w*|bezorg\\w*|verzend\\w*|wysl\\w*|dostarcz\\w*)';
const PLACE =
  'office|home|house|warehouse|yard|site|shop|store|work|address|location|branch|place|building|studio|premises|front desk|reception|neighbou?r';
/**
 * Sending a parcel already on its way somewhere else ("can it be rerouted?", "redirect 1042"):
 * the object (it, them, an order, its number) must be said, so "do you redirect parcels?" is a
 * question for the help center.
 */
const REROUTE =
  '\\b(?:re-?rout\\w*|redirect\\w*|umleit\\w*|umgeleitet|redirig\\w*|desvi\\w*|reachemin\\w*|reindirizz\\w*|omleid\\w*|omgeleid|przekierow\\w*|redireccion\\w*|redirecion\\w*)\\b[^.?!]{0,25}(?:\\b(?:it|them|lo|la|le|les|ihn|sie|es|\\d{3,10})\\b|\\b(?:order|parcel|package|shipment|delivery|pedido|paquete|envio|commande|colis|bestellung|paket|sendung|encomenda|pacote|ordine|pacco|bestelling|pakket|zamowienie|paczk\\w*)\\b)|\\b(?:it|they|\\d{3,10}|order|parcel|package|shipment)\\b (?:be |get |gets |being )?(?:re-?rout|redirect)\\w*|\\b(?:\\d{3,10}|sendung|paket|bestellung|bestelling|pakket|zending)\\b[^.?!]{0,40}\\b(?:umleit\\w*|umgeleitet|omleid\\w*|omgeleid)\\b';
const REROUTE_RE = new RegExp(REROUTE);
// What a redirect costs, or whether a parcel can be redirected at all, the help center answers.
const ASKS_COST =
  /\b(?:fee|fees|cost|costs|charge|price|how much|cuanto|combien|kostet|quanto|wat kost|ile)\b/;
// "My" as well as "our" in every language: "rediriger mon colis" asks it of us as "redirect my parcel" does.
const THEIR_PARCEL =
  /\b\d{3,10}\b|\b(?:my|our|unser\w*|mein\w*|nuestr\w*|mis?|notre|nos|mon|ma|mes|nosso|nossa|meus?|minhas?|nostr\w*|mi[oa]|miei|mie|onze|mijn|nasz\w*|moj\w*)\b/;
const asksToReroute = (f: string) => REROUTE_RE.test(f) && THEIR_PARCEL.test(f) && !ASKS_COST.test(f);
const SEND_ELSEWHERE = new RegExp(
  // "we moved to 12 Harbour Rd": the order should follow them there. "can 1028 go to my office instead?"
  // "we moved the office across the street, need it delivered there instead": the place said before.
  `\\b(?:go|goes|delivered|sent|shipped|brought|ship|send|deliver|bring|take)\\b(?: (?:it|them|\\d{3,10}|(?:the|our|my) (?:order|parcel|package|boxes|delivery)))? (?:over )?there instead\\b|\\b(?:go|goes|be delivered|be sent|be shipped|come|arrive|(?:leave|drop) (?:it|them|the (?:parcel|package|box|boxes|order|delivery))(?: off)?)\\b (?:to|at|with) (?:(?:my|our|the|a|another|other) )?(?:\\w+ ){0,2}(?:${PLACE})\\b[^.?!]{0,40}\\binstead\\b|\\b(?:go|goes|be delivered|be sent|be shipped|come|arrive|ship|send|deliver)\\b[^.?!]{0,20}\\b(?:to|at) (?:the|our|my) new (?:${PLACE})\\b|\\binstead of (?:the|our|my) (?:office|home|house|hq|headquarters|address|warehouse|shop|store)\\b|\\b${SEND_VERB}\\b[^.?!]{0,60}${STREET}|${STREET}[^.?!]{0,30}\\binstead\\b|\\b${VERB_CHANGE}\\b[^.?!]{0,60}${STREET}|\\b(?:moved|relocated|moving)\\b[^.?!]{0,30}${STREET}`,
);
/**
 * Sending an order to another of the customer's places, said without the word "address": "can
 * 1006 go to our other clinic?", "envíenlo a nuestra otra sede", "an unseren anderen Standort".
 */
const SEND_TO_PLACE_VERB =
  '(?:go|goes|be delivered|be sent|be shipped|ship|send|deliver|redirect|envi\\w*|mand\\w*|entreg\\w*|livr\\w*|envoy\\w*|expedi\\w*|liefer\\w*|schick\\w*|sped\\w*|consegn\\w*|bezorg\\w*|verzend\\w*|stur\\w*|stuur\\w*|wys[lł]\\w*|dostarcz\\w*)';
const OUR_OTHER_PLACE =
  "(?:to (?:our|my) other|a (?:nuestra|nuestro|mi) otr[oa]|a notre autre|(?:an|zu|in) (?:unser\\w*|mein\\w*) (?:ander\\w*|zweit\\w*)|para (?:a |o )?(?:nossa|nosso|minha|meu) outr[oa]|(?:all'|alla |al |nella |nel )(?:nostr[oa]|mi[oa]) altr[oa]|naar (?:onze|ons|mijn) (?:andere|tweede)|do (?:naszego|naszej|mojego|mojej) (?:drugi\\w*|inn\\w*))";
const TO_OUR_OTHER_PLACE = new RegExp(
  `\\b${SEND_TO_PLACE_VERB}\\b[^.?!]{0,40}${OUR_OTHER_PLACE}\\b|${OUR_OTHER_PLACE}\\b[^.?!]{0,30}\\b${SEND_TO_PLACE_VERB}\\b`,
);

/**
 * One of their orders wanted at another of their places, said as a need ("we need the desk on 1042
 * to go to our Leeds office", "I need it to be delivered at my workshop") or as a change of the delivery
 * ("switch the delivery for 1042 to our depot"): the object is theirs (it, a number, the chair on
 * an order), so "do you deliver to offices?" stays the help center's.
 */
const THEIR_ORDER = String.raw`(?:it|them|this|that|\d{3,10}|(?:the|our|my) (?:order|parcel|package|shipment|delivery|boxes|[\w-]+ (?:on|from|in) \d{3,10}))`;
const THEIR_PLACE = String.raw`(?:${PLACE}|clinic|lab|school|campus|plant|factory|depot|workshop|flat|apartment|hq|headquarters|restaurant|cafe|hotel|hospital|practice|surgery)`;
const WANTED_ELSEWHERE = new RegExp(
  String.raw`\b(?:need|needs|want|wants|would like|'d like)\b ${THEIR_ORDER} to (?:go|be delivered|be sent|be shipped|ship|arrive|be dropped off) (?:to|at) (?:our|my|the) (?:[\w-]+ ){0,2}${THEIR_PLACE}\b|\b(?:change|switch|move)\b (?:the )?(?:delivery|shipping|destination) (?:on|for|of) ${THEIR_ORDER} to (?:our|my|the) (?:[\w-]+ ){0,2}${THEIR_PLACE}\b`,
);

/**
 * More of something put on one of their orders, said without the word "order": "add two more lamps
 * to 1042", "can you put an extra scanner on it?", "I need a third chair added to 1042".
 */
const MORE = String.raw`(?:one more|another|an? (?:extra|additional|second|third|fourth|fifth)|\d+ (?:more|extra)|(?:two|three|four|five|six) (?:more|extra))`;
const ADD_MORE = new RegExp(
  String.raw`\b${MORE}\b[^.?!]{0,30}\b(?:added|put|thrown|included) ?(?:in|on|to|into|onto) (?:it|that|this|\d{3,10})\b|\b(?:add|put|throw in|include|stick)\b ${MORE}\b[^.?!]{0,30}\b(?:to|on|in|into|onto) (?:it|that|this|\d{3,10})\b`,
);

/**
 * One item exchanged for another, a refund declined in the same breath: "swap the lamp on 1042 for
 * the cool-white one rather than a refund", "no money back needed, just exchange it for the bigger
 * size". Returns end in a refund and no tool exchanges, before delivery or after it. The other
 * thing is named ("for the grey one"): "just swap that one out" of a faulty item is a replacement,
 * which the damaged-items article answers.
 */
const EXCHANGE_FOR = String.raw`\b(?:swap|exchange|replace|trade|switch)\b[^.?!]{0,40}\bfor (?:a|an|the|another|one|our)\b`;
const REFUND_DECLINED = String.raw`(?:(?:don'?t|do not|dont|no) (?:want|need) (?:a |the |my |our |any )?(?:refund|money back)|no (?:refund|money back)(?: (?:needed|wanted|necessary))?)\b`;
const EXCHANGE_NOT_REFUND = new RegExp(
  String.raw`${EXCHANGE_FOR}[^.?!]{0,40}\b(?:instead of|rather than|not)\b[^.?!]{0,20}\b(?:a |the |getting (?:a |the |our |my )?)?(?:refund|money back)\b|\b${REFUND_DECLINED}[^.?!]{0,60}${EXCHANGE_FOR}`,
);

// Holding or delaying an order is not an action any tool has.
const HOLD_ORDER =
  /\b(?:hold|pause|delay|postpone|put off)\b(?: (?:off|back))?[^.?!]{0,20}\b(?:order|shipment|delivery|shipping|pedido|commande|bestellung|encomenda|ordine)\b|\b(?:hold|pause)\b[^.?!]{0,10}\b\d{3,10}\b/;

// Rushing, splitting or combining an order: the order system has no such action.
const EXPEDITE =
  /\b(?:rush|expedite|speed up|hurry up|fast[- ]track|prioriti[sz]e|acelerar|adelantar|accelerer|beschleunigen|accelerare|versnellen|przyspiesz\w*)\b[^.?!]{0,40}(?:\b\d{3,10}\b|\border\b|\bpedido\b|\bcommande\b|\bbestellung\b|\bencomenda\b|\bordine\b|\bbestelling\b|\bzamowienie\b|\bit\b)|\b\d{3,10}\b[^.?!]{0,30}\b(?:go|goes|ship|ships|be sent|be shipped|come) (?:out )?(?:by )?(?:express|overnight|next[- ]day)\b|\b(?:upgrade|bump|move|switch)\b[^.?!]{0,30}\b(?:\d{3,10}|order|shipping|it|them)\b[^.?!]{0,20}\b(?:express|overnight|next[- ]day|priority)\b|\b(?:hurry|speed|move) (?:it|them|this|that|(?:the|our|my) (?:order|shipment|delivery)|\d{3,10}) (?:along|up)\b|\bget (?:it|them|\d{3,10}) (?:here|to us|out) (?:any )?(?:faster|sooner|quicker|earlier)\b/;
const SPLIT_OR_COMBINE =
  /\b(?:split|divide)\b[^.?!]{0,30}\b(?:order|shipment|delivery|\d{3,10}|it)\b|\b(?:combine|merge|consolidate)\b[^.?!]{0,40}\b(?:orders?|shipments?|deliveries|\d{3,10})\b|\bships? now and\b[^.?!]{0,40}\blater\b|\bship (?:them|it|everything|both) (?:together|separately)\b/;
// The email or user name someone signs in with: support changes it after checking who asks.
const CHANGE_LOGIN = new RegExp(
  `\\b${VERB_CHANGE}\\b[^.?!]{0,40}\\b(?:e-?mail|user ?name|login)\\b[^.?!]{0,20}\\b(?:(?:we|i) (?:log|sign) ?(?:in|on)|to log ?in|for (?:signing|logging) in)\\b|\\b${VERB_CHANGE}\\b[^.?!]{0,30}\\b(?:login|log-?in|sign-?in|account|user) (?:e-?mail|address|user ?name)\\b|\\b${VERB_CHANGE}\\b[^.?!]{0,20}\\b(?:the |my |our )?(?:e-?mail|user ?name)\\b[^.?!]{0,10}\\b(?:on|of|for) (?:my|our|the) (?:login|account|profile)\\b`,
);
/**
 * An error our software shows, quoted by the customer: an exception's name or message, or an
 * error code of the kind no article lists ("TypeError: Cannot read properties of undefined",
 * "ERR_UPLOAD_413", "Error 4012"). A bug is a person's to look into; an HTTP status the help
 * center explains ("429", "403") is not matched. Folded text.
 */
const SOFTWARE_ERROR =
  /\b(?:type|reference|syntax|range)error\b|\buncaught\b|\b\w+exception\b|\btraceback\b|\bcannot read propert(?:y|ies) of (?:undefined|null)\b|\bis not a function\b|\berr_[a-z0-9_]+\b|\berror:? ?#?\d{4,}\b/;

// A register named as a thing ("our asset register", "the company register") is a ledger, not a sign-up.
const SIGN_UP =
  /\b(?:sign(?:ing)? ?up|signup)\b(?! for (?:sms|e-?mail|alerts?|updates|notifications|(?:the |your )?newsletter|status))|(?<!\b(?:asset|assets|cash|company|companies|trade|commercial|business|tax|vat|risk|land|fixed[- ]asset|inventory|stock|the|our|my|their|your|its|this|that) )\b(?:register|registration)\b(?! (?:number|certificate|office))|\b(?:create|open|set up|make|get) (?:an?|a new|another|a second|a separate|my|our|new) (?:\w+ )?account\b|\b(?:registrar(?:me|se|nos)?|crear (?:una )?cuenta|inscri(?:re|ption|vez)|creer un compte|registrieren|konto (?:erstellen|anlegen|eroffnen)|cadastr\w*|criar (?:uma )?conta|registrar\w*|creare un account|registrarmi|registrarsi|aanmelden|registreren|account aanmaken|zarejestr\w*|zalozyc konto)\b/;

const RETURN = /\b(?:return|send (?:it|them) back|devol\w*|retour\w*|zuruck\w*|restitu\w*|reso|zwrot\w*)\b/;

// A customer asking to stop the order is a cancellation, which has its own action and approval.
const CANCEL_OR_REFUND =
  /\b(?:cancel\w*|refund\w*|money back|reembols\w*|rembours\w*|erstatt\w*|stornier\w*|cancela\w*|annul\w*)\b/;

/**
 * A question about what can be done in general ("can the address still be changed before an
 * order ships?"), with no order named: the help center answers it; nothing is asked of anyone.
 * A chat question often ends without its question mark ("can we still fix the address on an
 * order before it goes out"): the question form running to the end of the message is enough.
 */
const IMPERSONAL_QUESTION =
  /\b(?:can|could|is it possible|are you able)\b[^.?!]{0,50}\b(?:be|get|gets) (?:changed|updated|modified|corrected|redirected|edited)\b[^.!]*(?:\?|$)/;
/**
 * Where an order goes, asked about any order rather than one of theirs ("can I change where an
 * order goes before it ships?", "could we edit the address of an order once it is out?"): an order
 * with "an" or "any", and none of theirs named, is the address article's question. "An order I
 * placed this morning" is theirs; adding to or changing the items of any order no article answers.
 */
const ABOUT_ANY_ORDER =
  /\b(?:can|could|is it possible|are you able)\b[^.?!]{0,50}\b(?:an|any) (?:order|parcel|package|shipment|delivery)\b(?! (?:i|we|that i|that we) )[^.!]*(?:\?|$)/;
const OWN = /\b(?:my|our|mine|ours)\b/;
const ADDRESS_RE = new RegExp(`\\b${ADDRESS}`);

/**
 * Making a product theirs: engraving, printing or embroidering their names, logo or a text on it
 * ("could you engrave our names inside the cups we ordered?", "custom printed boxes with our
 * logo?"). No tool does it and no article offers it; an article that speaks of it answers it.
 */
const PERSONALISE =
  /\b(?:engrav\w*|etch\w*|emboss\w*|embroider\w*|monogram\w*|personali[sz]\w*|custom(?:[- ]\w+)?[- ](?:print\w*|made|branded|engrav\w*)|print (?:our|my) (?:logo|name|names|brand)|(?:with|add) (?:our|my) (?:logo|names?|initials|brand(?:ing)?) (?:on|printed|engraved)|graver|gravur\w*|gravier\w*|grabad\w*|grabar|gravar|gravação|gravacao|incis\w*|graveren|grawer\w*)\b/;

/**
 * The request in the message that no tool can carry out, if any. A how-to question ("how do I
 * change my address?") is not one: the help center answers it.
 */
export function unanswerableRequest(text: string): UnanswerableRequest | null {
  const type = questionType(text);
  const f = fold(text);
  // Asked how as well ("how do we exchange it instead of a refund?"): no article says, as returns end in a refund.
  if (EXCHANGE_NOT_REFUND.test(f))
    return { kind: 'modify_order', label: 'exchange an item for another instead of a refund' };
  if (type === 'steps' || type === 'place') return null;
  // Asked of us, not how to: "can we change the email we log in with?". An article that speaks of it answers it.
  // "the sign-up confirmation mail never reached my inbox": the account waits on an email, which an article answers.
  if (SIGN_UP.test(f) && !ACCOUNT_EMAIL_ASKED.test(f))
    return {
      kind: 'sign_up',
      label: 'open a new account',
      unlessArticleSays: /\b(?:sign(?:ing)? ?up|register|registration|create an account|new account)\b/i,
    };
  if (CHANGE_LOGIN.test(f))
    return {
      kind: 'change_login',
      label: 'change the email they sign in with',
      unlessArticleSays:
        /\b(?:change|update) (?:the |your )?(?:sign-?in|login|account) (?:e-?mail|address)\b/i,
    };
  if (SOFTWARE_ERROR.test(f)) return { kind: 'software_error', label: 'look into an error our site shows' };
  if (isOffTopic(f))
    return { kind: 'off_topic', label: 'read a message that is not about our products or orders' };
  const service = serviceRequest(f);
  if (service) return { kind: 'service_request', label: SERVICE_REQUEST_LABELS[service] };
  if (IMPERSONAL_QUESTION.test(f) && !/\d/.test(f)) return null;
  if (ABOUT_ANY_ORDER.test(f) && ADDRESS_RE.test(f) && !/\d/.test(f) && !OWN.test(f)) return null;
  if (
    SEND_ELSEWHERE.test(f) ||
    WANTED_ELSEWHERE.test(f) ||
    asksToReroute(f) ||
    (TO_OUR_OTHER_PLACE.test(f) && THEIR_PARCEL.test(f))
  )
    return { kind: 'change_address', label: 'change the delivery address of an order' };
  if (ADD_MORE.test(f)) return { kind: 'add_item', label: 'add a product to an order' };
  if (HOLD_ORDER.test(f)) return { kind: 'modify_order', label: 'hold or delay an order' };
  if (EXPEDITE.test(f)) return { kind: 'expedite', label: 'rush an order' };
  if (SPLIT_OR_COMBINE.test(f)) return { kind: 'modify_order', label: 'split or combine orders' };
  if (PERSONALISE.test(f))
    return {
      kind: 'modify_order',
      label: 'personalise a product (engraving, custom printing)',
      unlessArticleSays: /\b(?:engrav\w*|personali[sz]\w*|custom print\w*|monogram\w*|embroider\w*)/i,
    };
  // "broke after two days, I want my money back" asks for a refund, which has its own action.
  if (
    isWarrantyClaim(f) &&
    type !== 'duration' &&
    type !== 'amount' &&
    !CANCEL_OR_REFUND.test(f) &&
    !RETURN.test(f)
  )
    return { kind: 'warranty_claim', label: 'make a warranty claim' };
  for (const [kind, re, label] of RULES) {
    if (!re.test(f)) continue;
    if (kind === 'modify_order' && CANCEL_OR_REFUND.test(f)) continue;
    if (re === SWAP_ITEM && !ORDER_NAMED.test(f)) continue;
    if (kind === 'change_address' && ACCOUNT_ADDRESSES.test(f) && !ORDER_NAMED.test(f)) continue;
    if (kind === 'change_address' && INVOICE_ADDRESS.test(f) && !PARCEL.test(f)) continue;
    return kind === 'modify_order' ? { kind, label, beforeDelivery: true } : { kind, label };
  }
  return null;
}
