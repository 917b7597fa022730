/**
 * A note that tells us something worked out, with thanks anywhere in it ("That did it, the reset
 * worked and the front desk is back in. Thanks!", "saw the money for 1052 back on the card,
 * cheers", "ok, I'll hold off on cancelling then, thanks", "Dear team, the replacement units
 * arrived this morning and were installed without any issues. Thank you for arranging it. Kind
 * regards, …"): it acknowledges and reports; nothing is asked. thanks-statement.ts wants the
 * thanks first, no number and no support concept, so a customer telling back that the refund
 * landed, the login works again or they no longer need the cancellation had a person paged.
 *
 * Read clause by clause once the sign-off (and the signature under it) and an opening salutation
 * line are set aside: thanks, approval, praise, a closing or a wish must be somewhere; no clause
 * may ask, request, turn against the thanks or say something went wrong; a clause naming money, a
 * failure or an account concept, or carrying a number that could be an order or an amount, must
 * say that it worked out or that nothing is needed. A security concern or lost data found by code
 * is never a pleasantry (applyCodeRules).
 */

import { hasClosing, isHarmlessStep, withClosingsRead } from './closing-words.js';
import { fold } from './offline/text.js';
import {
  APPRECIATED_HELP,
  JUST_WHAT_WAS_NEEDED,
  showsUnhappiness,
  THANKS_FOR,
  withoutSignOff,
} from './pleasantry.js';
import { PRAISED } from './praise.js';
import { hasSeasonWish } from './season-wishes.js';
import { ADDRESS_ALL, ASKS_OR_TURNS, GONE_WRONG, IMPERATIVE } from './thanks-statement.js';

const MAX_WORDS = 60;

/** Thanks, praise or approval anywhere in the note, in the eight Latin-script languages (folded). */
const THANKED = new RegExp(
  [
    String.raw`\b(?:thanks|thank (?:you|u)|thankyou|thx|tks|ty|cheers|many thanks|much obliged|appreciated|(?:i |we )?(?:really |much |greatly |truly )?appreciate (?:it|that|this|you|the)|grateful|thankful|legend|brilliant|perfect|great stuff|nice one|nice|sweet|cool|lovely|awesome|excellent|fantastic|wonderful|wow|whoa|phew|yay|woohoo|hooray|(?:what a|that'?s a) relief)\b`,
    String.raw`\b(?:gracias|agradec\w*|perfecto|genial|estupendo|merci|remerci\w*|parfait|danke\w*|(?:vielen|tausend|herzlichen|besten) dank|perfekt|prima|obrigad[oa]s?|valeu|perfeito|otimo|grazie|ringrazi\w*|perfetto|ottimo|bedankt|dank (?:je|u)(?: wel)?|dankjewel|dankuwel|hartelijk dank|dziekuje\w*|dzieki|podziekowania|swietnie)\b`,
  ].join('|'),
);

/** A good day, week or weekend wished ("have a good weekend", "enjoy the rest of your Monday"). */
const WISHED =
  /\b(?:have|enjoy) (?:a |the |your )?(?:(?:good|great|nice|lovely|fab|wonderful|pleasant|restful) )?(?:rest of (?:the |your )?)?(?:day|week|weekend|evening|one|afternoon|monday|tuesday|wednesday|thursday|friday|break|holidays?)\b|\b(?:buen|feliz) (?:dia|fin de semana|finde)|\bbonne (?:journee|soiree|semaine|fin de semaine)|\bbon week-?end|\bschon\w* (?:tag|wochenende|abend)|\b(?:bom|boa) (?:dia|tarde|fim de semana|semana)|\bbuon\w* (?:giornata|serata|fine settimana|weekend)|\b(?:fijne|prettige|goede) (?:dag|avond|week|weekend)|\b(?:milego|udanego|dobrego) (?:dnia|weekendu|wieczoru|tygodnia)/;

/**
 * A farewell before leave: the customer is off, out or closed for a while, or signs off until a
 * day ("I'm off from tomorrow until the 3rd", "we're closing up for the holidays", "last working
 * day before the break", "estoy de vacaciones", "bin ab morgen im Urlaub").
 */
const ON_LEAVE =
  /\b(?:last (?:working )?day|(?:i'm|i am|we're|we are|i'll be|we'll be|office is|office will be|shop is|store is|we|i) (?:off|out|away|closed|closing(?: up)?|on (?:leave|holiday|holidays|vacation|break|pto|annual leave))|out of (?:the )?office|closing up|signing off|logging off|see you (?:in|next|after|on)|speak (?:in|next|after|on)|talk (?:in|next|after|on)|(?:de|en) vacaciones|en conge\w*|en vacances|im urlaub|in den urlaub|de ferias|in ferie|met vakantie|op vakantie|na urlopie)\b/;

/** Talk later: "speak in January", "talk to you next week", "see you after the break" (no person asked for). */
const TALK_LATER =
  /\b(?:speak|talk|chat|see you|catch you)(?: (?:to|with) (?:you|y'all|you all))? (?:again )?(?:in|next|after|on|soon|later|tomorrow|then)\b/g;

/** Something praised ("the onboarding call yesterday was really useful"): the thing is no request. */
const THING_PRAISED =
  /\b(?:the|our|your|that|this|it|everything)(?: [\p{L}']+){0,4} (?:was|were|is|are|has been|have been) (?:really |very |super |so |extremely |incredibly |most |absolutely )?(?:useful|helpful|clear|spot on|great|excellent|brilliant|perfect|fast|quick|painless|easy|smooth|a success|a big help)\b/gu;

/** What a note opens with before it says anything ("update:", "fyi -", "quick one:"). */
const LEAD_IN =
  /^\s*(?:(?:quick |small |short )?update|fyi|heads up|quick note|just a quick note(?: to say)?|just to say|just saying)\s*[:\-—–,]?\s*/;
/** "thanks again", "once again, thank you": "again" there is not something failing again. */
const THANKS_AGAIN =
  /\b(?:(?:thanks|thank you|thx|cheers|merci|danke|gracias|grazie|obrigad[oa]|bedankt|dzieki) (?:again|once again|once more)|(?:once )?again,? (?:thanks|thank you))\b/g;

/**
 * Word that what was asked about worked out: it works (again), it arrived or landed, it is back,
 * fixed or sorted, it looks right now, and no more is needed.
 */
const WORKED_OUT = new RegExp(
  [
    // en
    String.raw`\b(?:works?|worked|working|going through|goes through)(?: (?:now|again|fine|perfectly|great|ok|okay|like a charm|a treat|as expected))\b|\b(?:it|that|this|the \w+(?: \w+)?) (?:did it|did the trick|worked|works)\b|\bdid the trick\b`,
    String.raw`\b(?:is|are|'s|'re|was|were|got|been|now|all|everyone|everybody)(?: now| all| finally| safely)? back (?:in|on|up|online|to normal|in business|on track)\b|\b(?:fixed|sorted|resolved|solved|cleared|squared away|sorted out|all set|up and running|good to go)\b`,
    String.raw`\b(?:arrived|landed|came through|come through|turned up|showed up|came in|went through|got here|is here|are here|delivered|received|reached us)\b|\b(?:saw|see|seen|got|have|had) (?:the |my |our )?(?:money|refund|credit|funds?)(?: \w+){0,3} back\b|\bin one piece\b|\bsafe and sound\b|\bintact\b`,
    // what was sent is approved, paid or filed on the customer's side
    String.raw`\b(?:approved|paid|settled|reconciled|booked|filed|processed|updated|signed)(?: (?:it|them|now|already))?(?: (?:for payment|on our (?:end|side)|in our (?:system|books|records)))?\b`,
    // the customer's own step, done: "dropped it at the UPS store", "sent the old one back"
    String.raw`\b(?:dropped|handed|posted|mailed|shipped|sent|brought|took|taken) (?:it|them|the \w+|both|all)(?: \w+)? (?:off|in|back|over|at|to)\b`,
    String.raw`\blooks? (?:right|correct|good|fine|great|perfect)(?: now)?\b|\b(?:is|are) (?:right|correct|fine) now\b|\bhappy (?:again|now)\b|\b(?:is|are|was|were) (?:thrilled|happy|pleased|delighted|relieved)\b`,
    // es, fr, de, pt, it, nl, pl
    String.raw`\b(?:ya )?funciona(?:ba)?(?: bien| ya| de nuevo| otra vez)?|\b(?:ha |han )?(?:llegado|llego|llegaron)\b|\b(?:resuelto|solucionado|arreglado|recibido)\b`,
    String.raw`\b(?:ca (?:marche|fonctionne)|fonctionne (?:bien|de nouveau|a nouveau)|est (?:bien )?arrive\w*|bien arrive\w*|(?:bien )?recu|regle|resolu|repare)\b`,
    String.raw`\b(?:funktioniert(?: wieder| jetzt)?|hat geklappt|geklappt|(?:ist|sind) (?:gut |heil )?angekommen|angekommen|erhalten|gelost|erledigt|behoben)\b`,
    String.raw`\b(?:funcionou|funciona(?: de novo)?|chegou|chegaram|deu certo|resolvido|recebido|recebemos|caiu|cairam|entrou)\b`,
    String.raw`\b(?:funziona(?: di nuovo)?|(?:e |sono )?arrivat[oaie]|risolto|sistemato|ricevut[oaie])\b`,
    String.raw`\b(?:werkt (?:weer|nu|prima)|(?:is |zijn )?(?:aangekomen|binnen|ontvangen)|opgelost|gelukt)\b`,
    String.raw`\b(?:dziala|dotarl\w*|doszl\w*|rozwiazan\w*|udalo sie|otrzymal\w*)\b`,
  ].join('|'),
);

/**
 * Said in the negative without being a turn: nothing went wrong ("without any issues", "no
 * problems so far"), nothing is needed ("no refund needed", "no need to cancel", "I'll hold off on
 * cancelling then"), a trouble waved off ("no worries on the late parcel"), an answer accepted as
 * restated ("ah ok so no refund for the unused month, fair enough"). Each is read as "ok".
 */
const NOTHING_NEEDED = new RegExp(
  [
    String.raw`\b(?:without|with no|no|zero|not a single|not one) (?:any |real |more |further )?(?:issues?|problems?|hiccups?|trouble|hassle|fuss|complaints?|drama)(?: (?:so far|at all|this time|whatsoever))?`,
    String.raw`\b(?:no|not) (?:\w+ ){0,2}(?:needed|required|necessary)(?: (?:any ?more|after all|now))?|\bno need (?:to|for) (?:\w+ ){0,3}?(?:\w+)(?= *(?:[.,;!]|$| then| after all| anymore| any more| now))|\b(?:hold(?:ing)?|holds) off (?:on|with) \w+(?: (?:it|this|that|the \w+))?|\b(?:won't|will not|don't|do not) need (?:\w+ ){0,2}\w+(?: (?:after all|anymore|any more|now))`,
    String.raw`\bno (?:worries|problem|stress|bother) (?:on|about|re|regarding|for|with) (?:the |that |this |my |our )?(?:\w+ ){0,2}\w+`,
    String.raw`\b(?:forget|scrap|drop|ignore|disregard) (?:about )?(?:the|my|our|that) (?:\w+ )?(?:refund|return|cancellation|exchange|replacement|request|question|ticket)\b`,
    String.raw`\b(?:ok|okay|ah ok|ah okay|oh ok|i see|right|alright),? so [^.,;!]{1,60}[,.]? (?:fair enough|makes sense|that makes sense|understood|got it|fine by (?:me|us)|no problem|that'?s fine|ok then|okay then)\b`,
    // es, fr, de, pt, it, nl, pl: nothing went wrong, nothing needed
    String.raw`\bplus besoin (?:de |du |des |d')?(?:\w+ ){0,2}?\w+|\bya no (?:hace falta|necesito|necesitamos|es necesari[oa])(?: (?:el|la|los|las) \w+)?|\b(?:nicht mehr (?:notig|erforderlich)|brauchen (?:wir|ich) (?:\w+ ){0,2}?nicht mehr)|\bnao (?:precisa|preciso|precisamos) mais(?: d[oa] \w+)?|\bnon (?:serve|ci serve|mi serve) piu(?: (?:il|la|lo) \w+)?|\bniet meer nodig|\b(?:juz nie (?:potrzeb\w*|trzeba)|nie (?:jest )?(?:juz )?potrzebn\w*)`,
    String.raw`\bsin (?:ningun )?(?:problemas?|incidencias?)|\bsans (?:aucun )?(?:probleme|souci)s?|\bohne (?:jegliche )?(?:probleme|schwierigkeiten)|\bsem (?:nenhum )?problemas?|\bsenza (?:alcun )?problem[ai]|\bzonder (?:enige )?problemen|\bbez (?:zadnych )?problemow`,
  ].join('|'),
  'g',
);

/** A number that may be an order, an amount or a code: only in a clause that says it worked out. */
const ORDER_OR_AMOUNT =
  /[$€£¥]|\d{3,}|\b\d+[.,]\d+\b|\b\d+ ?(?:usd|eur|gbp|pln|dollars?|euros?|pounds?|zl)\b/;
/** Years and times stay harmless: "see you in 2027", "back at 9". */
const YEAR = /(?<![\p{L}\d])20\d\d(?![\p{L}\d])/gu;
/**
 * Words that turn a report of arrival into a complaint: more than expected (twice), less (2 of the
 * 3 boxes, only half), or damage said in words thanks-statement.ts does not list.
 */
const GOES_AGAINST =
  /\b(?:twice|double|doubled|two times|extra|duplicate\w*|instead|only|half|partial\w*|some of|part of|\d+ (?:of|out of) (?:the )?\d+|in pieces|shattered|smashed|scratched|bent|torn|ripped|soaked|wet|stained|dead|mouldy|moldy|spoiled|spoilt|leak\w*)\b/;

/** An opening line of greeting ("Hi team,", "Dear Northwind support,", "Hello Sam"). */
const SALUTATION_LINE =
  /^\s*(?:hi|hello|hey|dear|good (?:morning|afternoon|evening)|morning|hola|estimad[oa]s?|bonjour|cher|chere|hallo|liebe[rs]?|sehr geehrte\w*|ola|prezad[oa]s?|caro|cara|cari|gentile|beste|geachte|dzien dobry|witam|szanowni)\b[^\n]{0,40}[,!]?\s*\n/i;

/** PRAISED is global (it is replaced in text); a fresh copy tests without a carried position. */
const praised = (folded: string) => new RegExp(PRAISED.source).test(folded);

const CLAUSE = /[.!;\n]+|,\s*|\s+(?:and|y|et|und|e|en|i)\s+|\s+[—–-]\s+/u;

/** True for a note of thanks that says something worked out or is no longer needed, and asks nothing. */
export function isCourtesyNote(raw: string): boolean {
  if (/[?¿？؟]/u.test(raw) || showsUnhappiness(raw)) return false;
  // Latin script only: the scripts without spaces have their own readers (pleasantry.ts).
  if (/[\u0E00-\u0E7F\u3040-\u30FF\u4E00-\u9FFF\u0600-\u06FF]/u.test(raw)) return false;
  const body = withoutSignOff(raw).replace(SALUTATION_LINE, '').replace(/^\s+/, '');
  // "passwort-reset" is one word: a hyphen inside it opens no clause.
  const folded = fold(body)
    .replace(/[’‘`]/g, "'")
    .replace(/ł/g, 'l')
    .replace(/(\p{L})-(\p{L})/gu, '$1 $2')
    .replace(LEAD_IN, '')
    .replace(THANKS_AGAIN, ' thanks ');
  const words = folded.split(/[^\p{L}\d']+/u).filter(Boolean);
  if (!words.length || words.length > MAX_WORDS) return false;
  NOTHING_NEEDED.lastIndex = 0;
  const nothingNeeded = NOTHING_NEEDED.test(folded);
  const courteous =
    THANKED.test(folded) ||
    hasClosing(folded) ||
    praised(folded) ||
    hasSeasonWish(folded) ||
    WISHED.test(folded) ||
    ON_LEAVE.test(folded);
  if (!courteous && !nothingNeeded) return false;
  const read = withClosingsRead(
    folded
      .replace(NOTHING_NEEDED, ' ok ')
      .replace(TALK_LATER, ' ok ')
      .replace(THING_PRAISED, ' kudos ')
      .replace(APPRECIATED_HELP, ' thanks ')
      .replace(THANKS_FOR, ' ')
      .replace(PRAISED, ' thanks ')
      .replace(JUST_WHAT_WAS_NEEDED, ' perfect '),
  ).replace(ADDRESS_ALL, ' ');
  if (ASKS_OR_TURNS.test(read) || GONE_WRONG.test(read) || GOES_AGAINST.test(read)) return false;
  // Something is told back as done or not needed: thanks beside any other news ("our office moves
  // next month, thanks") may still be a change for us to make.
  const told =
    WORKED_OUT.test(read) ||
    nothingNeeded ||
    /\bkudos\b/.test(read) ||
    hasClosing(folded) ||
    ON_LEAVE.test(folded) ||
    praised(folded);
  if (!told) return false;
  const clauses = read.split(CLAUSE).filter((c) => /\p{L}|\d/u.test(c));
  return clauses.every((clause) => {
    // "refund for 1029 sorted" opens with a verb's form and names an order, and asks for nothing.
    if (WORKED_OUT.test(clause)) return true;
    return (
      !ORDER_OR_AMOUNT.test(clause.replace(YEAR, ' ')) &&
      !IMPERATIVE.test(clause.trim()) &&
      isHarmlessStep(clause)
    );
  });
}
