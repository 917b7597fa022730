/**
 * Security incidents told as what happened rather than in security words: a message that claims
 * to be from us and asks for a card number or a password, a person who was removed and still
 * gets in, another customer's records shown on screen, a secret shown in a post or a screenshot.
 * Each names the thing at risk (a card, a login, another company's invoice) and a fact, not a
 * question about how the product works ("if I remove someone, are they logged out at once?").
 * Folded text (lower case, no accents, straight quotes).
 */

import { foldedPattern } from './offline/text.js';
import { tellsSomeoneElseIn } from './security-access.js';
import { tellsSecurityIncident } from './security-told.js';

/** What a phishing message asks for: what lets someone pay or sign in as the customer. */
const ASKED_SECRET = String.raw`(?:(?:full |whole |complete )?(?:credit |debit |payment )?card (?:number|details|info\w*|data)|cvv|cvc|security code|pin|passwords?|pass ?codes?|log ?in (?:details|credentials)|sign[- ]?in details|credentials|recovery codes?|backup codes?|(?:2fa|mfa|one[- ]time|verification|sms|login) codes?|bank (?:details|account(?: number)?|login)|iban|account (?:number|details|password)|(?:full|whole|complete|long) (?:card )?number|(?:3|4|three|four)[- ]digits?(?: code)? on the back|(?:numbers?|digits|code) on the back of (?:the|a|your|our|my|her|his|their) card|(?:company|business|corporate) card(?: number| details)?|card on file|(?:six|6|four|4|eight|8)[- ]digit codes?|authenticator codes?|codes? (?:from|in|on) (?:our|my|the|her|his|their) (?:authenticator|phone|app)|(?:the )?code (?:that )?(?:just )?(?:came|arrived|was sent) (?:to|on) (?:my|our|her|his|their) phone)`;

/** A message that reached the customer: an email, a text, a call, a direct message. */
const MESSAGE = String.raw`(?<!error )(?:e-?mails?|mails?|emailed|texts?|texted|sms|messages?|messaged|calls?|called|phoned|rang|phone ?calls?|dms?|letters?|whats ?app|pop-?ups?)`;

/** Asked to hand it over, not to set one up ("an email asking me to set a password" is an invite). */
const HAND_OVER = String.raw`(?:ask(?:s|ed|ing)? (?:us |me |them |her |him )?for|ask(?:s|ed|ing)? (?:us |me |them |her |him )?(?=(?:our|my|the|their|her|his) )|want(?:s|ed|ing)?|request(?:s|ed|ing)?|demand(?:s|ed|ing)?|to ['"]?(?:re-?)?(?:confirm|verify|validate|send|share|provide|give|reply with|type in|enter (?:our|my|the|their|full|all)))`;

/**
 * "got an email 'from Northwind billing' asking us to confirm our full card number via a link",
 * "someone texted pretending to be your support and wanted our recovery codes": a message that
 * asks for a secret. Asked about as a rule ("will you ever email me for my password?") it is not
 * one (NOT_A_REPORT).
 */
const PHISHING_ASK = new RegExp(
  String.raw`\b${MESSAGE}\b[^.!?]{0,80}\b${HAND_OVER}\b[^.!?]{0,40}\b${ASKED_SECRET}\b`,
);

/**
 * "got a text saying it's Northwind and they need my card number", "a pop-up claiming to be you
 * wants our login": a message that says it is us, then a secret. "An email from you says my card
 * details need updating" is a reminder, not this (no claim: "saying it's", "pretending").
 */
const CLAIMS_TO_BE_US = new RegExp(
  String.raw`\b${MESSAGE}\b[^.!?]{0,40}\b(?:saying|says|said|claiming|claims|claimed|pretending|pretends|supposedly)\b (?:that )?(?:it'?s |its |it is |it was |they'?re |they are |to be |from )?(?:(?:he|she|they)(?:'s|'re| is| was| are| were) (?:calling )?(?:from|with) )?(?:northwind|you|u|your (?:company|team|support|billing|accounts|finance|security))\b[^.!?]{0,80}\b${ASKED_SECRET}\b`,
);

/**
 * "a mail that looked just like yours asked her to re-enter the card: the long number and the 3
 * digits on the back": a message made to look like ours that asks for a secret, the claim made by
 * its look rather than in words.
 */
const LOOKS_LIKE_OURS_ASKS = new RegExp(
  String.raw`\b${MESSAGE}\b[^.!?]{0,40}\b(?:looks?|looked|looking) (?:exactly |just |almost |very much )?like (?:yours|one of yours|it (?:is|was|came|comes) from you|it'?s from you|your (?:own |official )?(?:company|team|support|billing|accounts|e-?mails?|mails?|invoices?|messages?|texts?)(?: team)?)\b[^.!?]{0,100}\b${ASKED_SECRET}\b`,
);

/** Someone no longer on the team: removed, left, let go. */
const FORMER_MEMBER = String.raw`(?:former|ex-? ?|old|previous|departed|fired|removed|deleted|deactivated|offboarded)(?: |-)?(?:employees?|colleagues?|co-?workers?|staff(?: members?)?|team ?(?:members?|mates?)|users?|admins?|contractors?|members?|buyers?|interns?)`;

/** Something done with the account: an order placed, a sign-in, access kept. */
const ACCOUNT_USED = String.raw`(?:still (?:has|have|had|got|gets) (?:access|a login|an account)|still (?:logs?|logged|logging|signs?|signed|signing) (?:in|on)|can still (?:log|sign|get|access|order|see|place)|(?:placed|made|submitted|placing|making|submitting|putting in|put in) (?:an? |two |three |several |some )?orders?|orders? (?:from|by|under|on) (?:his|her|their|that) (?:login|account|user)|logged (?:in|on)|signed (?:in|on)|accessed)`;

/**
 * "a former employee still has access, she placed an order yesterday", "we removed an
 * ex-employee but there's an order from his login": the account used by someone who was
 * removed. Either order: the person first, or the removal then what was done.
 */
const FORMER_MEMBER_ACTIVE = new RegExp(
  String.raw`\b${FORMER_MEMBER}\b[\s\S]{0,80}\b${ACCOUNT_USED}\b|` +
    // The removal said after the person: "a contractor we offboarded in May logged in today".
    String.raw`\b(?:employees?|colleagues?|co-?workers?|staff(?: members?)?|team ?(?:members?|mates?)|users?|admins?|contractors?|members?|buyers?|interns?)\b (?:that |who |whom )?(?:we|i|you|our (?:admin|it|team)) (?:had |have |already )?(?:removed|deleted|deactivated|offboarded|let go|fired|disabled|revoked)\b[\s\S]{0,80}\b${ACCOUNT_USED}\b|` +
    String.raw`\b(?:removed|deleted|deactivated|offboarded|let go|fired|left (?:the company|the team|us|our company))\b[^.!?]{0,60}\b(?:but|yet|and still|and now|and yesterday|still)\b[^.!?]{0,60}\b${ACCOUNT_USED}|` +
    // "someone from our team who left a month ago still sees our orders and ordered something today"
    String.raw`\b(?:who|that) (?:has )?left (?:us |the company |the team |our company )?(?:in \w+|(?:a|one|two|three|four|five|six|\d+) (?:days?|weeks?|months?) ago|last (?:week|month|year|\w+day))\b[^.!?]{0,60}\b(?:${ACCOUNT_USED}|still (?:sees|can see|has access))`,
);

/** A message that reached the customer, in the supported languages (folded text). */
const RECEIVED = String.raw`(?:${MESSAGE}|received|recebemos|recebi|recibimos|recibi|correo|courriel|nous avons recu|j'ai recu|erhalten|nachricht|abbiamo ricevuto|ho ricevuto|messaggio|ontvangen|kregen|bericht|otrzymal\w*|dostal\w*|wiadomosc\w*)`;

/** New bank details to pay to: an invoice redirected to someone else's account. */
const NEW_BANK_DETAILS = String.raw`(?:(?:new|changed|updated|different|another) (?:bank (?:details|account(?: number)?|info\w*)|account (?:number|details)|iban|payment details|remittance details)|bank (?:details|account) (?:has |have )?(?:changed|moved)|(?:dados bancarios|conta bancaria) nov[oa]s?|nov[oa]s? (?:dados bancarios|conta bancaria|iban)|(?:datos bancarios|cuenta bancaria) nuev[oa]s?|nuev[oa]s? (?:datos bancarios|cuenta bancaria|iban)|nouve(?:au|l|lles?) (?:coordonnees bancaires|rib|iban|compte bancaire)|coordonnees bancaires (?:ont )?change\w*|neue[nr]? (?:bankverbindung|kontodaten|bankdaten|iban|kontonummer)|nuov[oei] (?:coordinate bancarie|iban|conto(?: corrente)?)|coordinate bancarie nuove|nieuwe? (?:bankgegevens|rekeningnummer|iban|bankrekening)|now\w* (?:dane (?:do przelewu|bankowe)|numer (?:konta|rachunku)|rachun\w*))`;

/**
 * "a mail signed as your accounts team says your IBAN changed and asks us to pay the open invoice
 * there": a message that claims new bank details for paying us, the invoice-redirection fraud.
 */
const PAYMENT_REDIRECTED = new RegExp(String.raw`\b${RECEIVED}\b[\s\S]{0,100}\b${NEW_BANK_DETAILS}\b`);

/** Whose records: another company's, a stranger's. */
const OTHER_PARTY = String.raw`(?:another|other|a different|different|some other|someone else'?s?|somebody else'?s?|a stranger'?s?|strangers'?)(?: (?:company|companies|customer|customers|client|clients|account|accounts|business|businesses|organi[sz]ation|organi[sz]ations|user|users|people|tenant|tenants|firm|firms|shop|store)(?:'s|s'|')?)?`;
const RECORDS = String.raw`(?:invoices?|orders?|order history|data|details|addresses|account|information|info|records|documents|receipts?|names|emails?|phone numbers|card|payment (?:details|info\w*)|dashboard|reports?)`;

/**
 * "changing the order id in the URL shows another company's invoice", "I can see other
 * customers' addresses in the export": another party's records shown to this customer, on screen
 * or in a file. A parcel of someone else's in the box is a shipping mistake, not this (no
 * received / got / delivered).
 */
const SEEING = String.raw`(?:see|sees|seeing|saw|seen|view|viewing|shows?|showing|showed|shown|displays?|displaying|displayed|visible|exposes?|exposed|exposing|opens?|opened|loads?|loaded|pulls? up|lists?|listed|contains?|includes?|looking at|looked at)`;
/** Seen by the customer, not listed on a bill ("the invoice lists orders from a different company" is a billing error). */
const LOOKED_AT = String.raw`(?:see|sees|seeing|saw|seen|view|viewing|looking at|looked at|opened|opening|pulled up|came up|popped up|showed up)`;
const OTHERS_RECORDS_SHOWN = new RegExp(
  String.raw`\b${SEEING}\b[^.!?]{0,40}\b${OTHER_PARTY}\b[^.!?]{0,15}\b${RECORDS}\b|` +
    // The records first, whose after: "I saw the invoices of another company", "looking at orders
    // with another bookshop's name and address on them".
    String.raw`\b${LOOKED_AT}\b[^.!?]{0,30}\b${RECORDS}\b (?:of|belonging to) ${OTHER_PARTY}\b|` +
    String.raw`\b${LOOKED_AT}\b[^.!?]{0,30}\b${RECORDS}\b (?:with|bearing|under) (?:another|a different|some other|someone else'?s|a stranger'?s) (?:[\w-]+(?:'s|s'|')? ){0,2}(?:names?|address(?:es)?|logo|details)\b`,
);

/**
 * The other party named rather than called "another company", then disowned: "opened the orders
 * tab and the last five are for a florist in Leeds, not us", "en la cuenta hay pedidos que son de una
 * imprenta de Murcia, no son nuestros". Needs a page, a tab or the account it was seen on: an
 * invoice mailed with a wrong name on it is a billing mistake.
 */
const SEEN_ON = String.raw`(?:page|tab|portal|dashboard|account|order history|history|screen|app|list|export|pagina|cuenta|historial|compte|historique|tableau de bord|seite|konto|ubersicht|conta|historico|storico|rekening|overzicht|strona|konto)`;
const RECORDS_ANY = String.raw`(?:${RECORDS}|facturas|pedidos|datos|factures|commandes|donnees|rechnungen|bestellungen|daten|faturas|dados|fatture|ordini|dati|facturen|bestellingen|gegevens|faktury|zamowienia|dane)`;
const DISOWNED = String.raw`(?:not (?:us|ours|mine|our (?:company|business|shop|orders|invoices))|(?:that|which|who) (?:isn'?t|aren'?t|is not|are not) (?:us|ours)|(?:we'?ve|we have|i'?ve|i have) never (?:heard of|dealt with|done business with)|nobody (?:we know|here knows)|no idea who|no (?:son )?(?:nuestr[oa]s|de nosotros|somos nosotros)|(?:ce )?(?:ne sont )?pas (?:les )?(?:notres|a nous|nous)|nicht (?:unsere|uns|wir)|nao (?:sao )?(?:noss[oa]s|nos)|non (?:sono )?(?:nostr[ei]|noi)|niet (?:van ons|de onze|wij)|nie (?:nasze|nasz[ae]?|my))`;
/** Whose they are: "are for a", "belong to some", "son de un", "au nom d'une", "gehören einer". */
const BELONG_TO_ONE = String.raw`(?:(?:(?:is|are|was|were|all|seem to be|appear to be) )?(?:for|from|belong(?:s|ing)? to|addressed to|in the name of|billed to|made out to) (?:a|an|some|somebody|someone|one)|(?:son|es|eran) de (?:una?|algun\w*)|a nombre de una?|(?:sont|est) (?:celles|ceux|celle|celui) d'une?|(?:au nom|aupres) d'une?|pour une?|(?:gehoren|gehort|sind von|sind fur|auf den namen) (?:einer?|einem)|(?:sao|e) de (?:uma?|algu\w*)|em nome de uma?|sono (?:di|per) (?:una?|un')|intestat\w* a (?:una?|un')|(?:zijn|is) van een|op naam van een|(?:sa|jest) (?:dla|od) (?:jakie\w*|jedne\w*))`;
const NAMED_RECORDS_DISOWNED = new RegExp(
  String.raw`(?:\b${SEEN_ON}\b[^.!?]{0,80}\b${RECORDS_ANY}|\b${RECORDS_ANY} ${SEEN_ON})\b[^.!?]{0,30}\b${BELONG_TO_ONE}\b[^.!?]{0,60}\b${DISOWNED}\b`,
);

/** The same in Chinese and Japanese: on the page, another company's records, or records that are not ours. */
const NAMED_RECORDS_SCRIPTS = foldedPattern(
  [
    String.raw`(?:页面|账户|账号|后台|列表|订单记录|历史记录)[^。！？]{0,30}(?:是|属于)[^。！？]{0,25}的[，,、 ]*(?:不是我们的|不是我们|根本不是我们|我们不认识|我们从没听说过)`,
    String.raw`(?:页面|账户|账号|后台|列表|订单记录|历史记录)[^。！？]{0,20}(?:显示|出现|看到|列出)了?[^。！？]{0,15}(?:别的|其他|另一家|陌生|不认识的)(?:公司|客户|人|企业|店)的(?:发票|订单|数据|地址|信息|账单)`,
    String.raw`(?:画面|ページ|アカウント|一覧|管理画面|履歴)[^。！？]{0,20}(?:知らない|見知らぬ|別の|他の|他社|よその)(?:会社|店|企業|お客様|顧客|人)?の(?:請求書|注文|データ|住所|情報)[^。！？]{0,10}(?:表示|出て|載って|並んで)`,
  ].join('|'),
);
/** Asked for or wished ("我们想在后台看到其他公司的订单，可以吗？", "他社の注文も見られますか"), not seen. */
const WISHED_IN_SCRIPTS = foldedPattern(
  String.raw`想|希望|可以吗|能不能|能否|吗[？?]|ますか|たい|できる[？?]`,
);

/** A wish to see several accounts together ("we want to see other stores' orders in one place"). */
const WANTS_TO_SEE =
  /\b(?:want|wants|would like|'d like|like|need|needs|wish|able|possible|way|allow\w*|let (?:us|me)|permission)\b[^.!?]{0,15}\b(?:to )?(?:see|view|show)\b/;

/**
 * A way found, not wished for: "our pentester found a way to see other accounts' orders", "we
 * discovered a bug that shows other customers' invoices". A report, whatever follows.
 */
const FOUND_A_WAY =
  /\b(?:found|find|discovered|spotted|figured out|noticed|stumbled on|came across|there'?s|there is)\b (?:\w+ ){0,2}(?:a |an )?(?:way|bug|hole|flaw|loophole|vulnerabilit\w*|exploit|trick|glitch)\b|\b(?:pen ?test\w*|security researcher|bug bounty|idor)\b/;

/** Where to send such a message on ("…where should I forward it?"): the reporting article answers it. */
const WHERE_TO_FORWARD = /\b(?:where|who|how)\b[^.!?]{0,30}\b(?:forward|report|send (?:it|them|this))\b/;

/** A question whether something would happen or how to do it, not a report that it did. */
const NOT_A_REPORT =
  /^\W*(?:(?:do|does|would|will|can|could|should|is it|are) (?:you|we|i|they|it|there|former|ex|removed|an?|the)\b|if\b|how (?:do|can|should|would|does)\b|what (?:happens|if)\b)/;

/** A security incident told as what happened (folded text). */
export function reportsSecurityIncident(text: string): boolean {
  if (NOT_A_REPORT.test(text)) return false;
  return (
    ((PHISHING_ASK.test(text) || CLAIMS_TO_BE_US.test(text) || LOOKS_LIKE_OURS_ASKS.test(text)) &&
      !WHERE_TO_FORWARD.test(text)) ||
    FORMER_MEMBER_ACTIVE.test(text) ||
    PAYMENT_REDIRECTED.test(text) ||
    tellsSecurityIncident(text) ||
    tellsSomeoneElseIn(text) ||
    NAMED_RECORDS_DISOWNED.test(text) ||
    (NAMED_RECORDS_SCRIPTS.test(text) && !WISHED_IN_SCRIPTS.test(text)) ||
    (OTHERS_RECORDS_SHOWN.test(text) && (FOUND_A_WAY.test(text) || !WANTS_TO_SEE.test(text)))
  );
}
