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
import { isScriptCourtesyNote } from './courtesy-note-script.js';
import { withExclamationsRead } from './exclamations.js';
import { withSmallTalkRead } from './small-talk.js';
import { fold } from './offline/text.js';
import {
  APPRECIATED_HELP,
  JUST_WHAT_WAS_NEEDED,
  showsUnhappiness,
  THANKS_FOR,
  withoutQuotedLines,
  withoutSignOff,
} from './pleasantry.js';
import { PRAISED } from './praise.js';
import { hasSeasonWish } from './season-wishes.js';
import { ADDRESS_ALL, ASKS_OR_TURNS, GONE_WRONG, IMPERATIVE } from './thanks-statement.js';

const MAX_WORDS = 80;

/** Thanks, praise, approval or an acknowledgement anywhere in the note, in the eight Latin-script languages (folded). */
const THANKED = new RegExp(
  [
    String.raw`\b(?:thanks|thank (?:you|u)|thankyou|thx|tks|ty|cheers|many thanks|much obliged|appreciated|(?:i |we )?(?:really |much |greatly |truly )?appreciate (?:it|that|this|you|the)|grateful|thankful|legend|brilliant|perfect|great stuff|nice one|nice|sweet|cool|lovely|awesome|excellent|fantastic|wonderful|wow|whoa|phew|yay|woohoo|hooray|(?:what a|that'?s a) relief|noted|duly noted|acknowledged|all good(?: now| again)?|understood|well received|received with thanks|(?:just )?(?:letting you know|to let you know|confirming)|fyi|for your information|(?:we|i) (?:hereby )?confirm|confirmed)\b`,
    String.raw`\b(?:gracias|agradec\w*|perfecto|genial|estupendo|merci|remerci\w*|parfait|danke\w*|(?:vielen|tausend|herzlichen|besten) dank|perfekt|prima|obrigad[oa]s?|valeu|perfeito|otimo|grazie|ringrazi\w*|perfetto|ottimo|bedankt|dank (?:je|u)(?: wel)?|dankjewel|dankuwel|hartelijk dank|dziekuje\w*|dzieki|podziekowania|swietnie)\b`,
  ].join('|'),
);

/** A good day, week or weekend wished ("have a good weekend", "enjoy the rest of your Monday"). */
const WISHED =
  /\b(?:have|enjoy) (?:a |the |your )?(?:(?:good|great|nice|lovely|fab|wonderful|pleasant|restful) )?(?:rest of (?:the |your )?)?(?:day|week|weekend|evening|one|afternoon|monday|tuesday|wednesday|thursday|friday|break|holidays?)\b|\b(?:buen|feliz) (?:fin de semana|finde)|\bque (?:tengas|tengan|tenga) (?:un )?buen dia|\bbonne (?:journee|soiree|semaine|fin de semaine)|\bbon week-?end|\bschon\w* (?:tag|wochenende|abend)|\b(?:tenha|tenham) (?:um |uma )?(?:bom|boa|otimo|otima) (?:dia|tarde|fim de semana|semana)|\bbom fim de semana|\bboa semana|\bbuon\w* (?:giornata|serata|fine settimana|weekend)|\b(?:fijne|prettige|goede) (?:dag|avond|week|weekend)|\b(?:milego|udanego|dobrego) (?:dnia|weekendu|wieczoru|tygodnia)|\bwish(?:ing)? (?:you|y'all|everyone|everybody|the team|all)(?: all)?(?: (?:a|an|the|very))?(?: (?:happy|merry|restful|relaxing|good|great|lovely|wonderful|peaceful|safe|healthy|prosperous|joyful|well deserved|nice|festive|fantastic))*(?: (?:break|holidays?|christmas|new year|season|weekend|time off|rest|festive season|holiday season|summer|vacation|week|day|year))?\b/g;

/**
 * A farewell before leave: the customer is off, out or closed for a while, or signs off until a
 * day ("I'm off from tomorrow until the 3rd", "we're closing up for the holidays", "last working
 * day before the break", "estoy de vacaciones", "bin ab morgen im Urlaub").
 */
const ON_LEAVE =
  /\b(?:last (?:working )?(?:day|week)|(?:i'm|i am|we're|we are|i'll be|we'll be|office is|office will be|shop is|store is|we|i) (?:off|out|away|closed|closing(?: up)?|on (?:leave|holiday|holidays|vacation|break|pto|annual leave))|out of (?:the )?office|closing up|signing off|logging off|see you (?:in|next|after|on)|speak (?:in|next|after|on)|talk (?:in|next|after|on)|(?:de|en) vacaciones|en conge\w*|en vacances|im urlaub|in den urlaub|de ferias|in ferie|met vakantie|op vakantie|na urlopie)\b|\b(?:is|are|will be|'ll be|am|'m|'re|be) (?:off|out|away|closed|shut)(?= (?:from|until|till|for|over|between|on|after|starting|through|next|tomorrow|today|this|the rest))|\b(?:(?:i|we)(?:'ll| will) be back|back (?:in the office|at work|at my desk|on (?:the )?\d)|returning(?= (?:on|in|the|\d|monday|tuesday|wednesday|thursday|friday|next|after)))|\b(?:volvemos|volvere|estamos cerrados|cerramos|cerrado hasta|nous sommes fermes|ferme(?:s)? jusqu|de retour le|wir sind (?:bis|ab|vom)|geschlossen|zuruck am|wieder da|voltamos|estaremos fechados|fechad[oa]s? ate|siamo chiusi|chius[oi] fino|torniamo|rientro|gesloten|terug op|zijn terug|wracamy|wracam|zamkniet\w*|nieczynn\w*)\b/;

/** Who to reach meanwhile, beside a farewell before leave ("for anything urgent, contact Maria"). */
const MEANWHILE =
  /\b(?:for|in case of) (?:anything|something|any) urgent(?: matters| queries| requests| issues)?,? (?:please )?(?:contact|reach|email|call|ring|ask) [^.;!\n]*|\bfor urgent (?:matters|queries|requests|issues),? (?:please )?(?:contact|reach|email|call|ring|ask) [^.;!\n]*|\b[\p{L}]+ (?:will|'ll|is going to|can) (?:cover|handle|look after|take care of|pick up|deal with) (?:anything|everything|any(?:thing)? urgent|all)(?: (?:urgent|else|in the meantime|meanwhile|while (?:i'm|i am|we're|we are) (?:away|out|off)))*|\b[\p{L}]+ (?:is|will be|'s) covering(?: for (?:me|us))?/gu;

/**
 * The set phrases of a careful note: what would read as a question or a turn is courtesy ("I can
 * confirm", "we would like to thank you", "should you need anything further, let us know", "you
 * may close this ticket", "the issue has been resolved").
 */
const FORMAL_COURTESY = new RegExp(
  [
    String.raw`\b(?:i|we) can (?:now |hereby |happily )?confirm(?: that)?`,
    String.raw`\b(?:i|we)(?: would|'d) like to (?:thank|say thank(?:s| you)|express (?:our|my) (?:thanks|gratitude|appreciation)|let you know|confirm)`,
    String.raw`\b(?:should|if|in case|whenever) (?:you|we|i) (?:need|require|have) (?:anything|any(?:thing)? (?:else|further|more)|any (?:further |other |more )?(?:questions?|information|details|assistance|help))(?: (?:in the future|later|from (?:us|me|our side|my side|our end)))?,? (?:(?:please |just )?(?:do not hesitate to |don't hesitate to |feel free to )?(?:let (?:us|me) know|get in touch|reach out|contact (?:us|me)|ask|we'll (?:reach out|be in touch|let you know)|we will (?:reach out|be in touch|let you know)|i'll (?:reach out|be in touch|let you know)))?`,
    String.raw`\b(?:please )?(?:do not|don't) hesitate to (?:contact|reach|get in touch with) (?:us|me)`,
    String.raw`\b(?:you )?(?:may|can|please) (?:now |go ahead and )?close (?:this|the|our|my) (?:ticket|case|request|thread|query)`,
    String.raw`\b(?:the|this|that|our|my) (?:[\p{L}']+ ){0,3}?(?:issue|problem|error|incident|outage|matter|ticket|case|query|bug)s?(?: (?:with|on|in|for|regarding|about) (?:[\p{L}']+ ){1,4}?)? ?(?:is|are|has been|have been|was|were|got|seems|appears)(?: to be)?(?: now)?(?: fully| completely| finally| all)? (?:resolved|fixed|solved|sorted|closed|gone|cleared|over)\b`,
  ].join('|'),
  'gu',
);

/** Back to work: "back to the forklift", "off to the next drop", "lecę dalej", "torno in studio". */
const BACK_TO_WORK =
  /\b(?:back to (?:work|it|the [\p{L}']+|my [\p{L}']+)|off to (?:the|a|my) [\p{L}']+|heading (?:out|off|back)|lece dalej|ide dalej|wracam do [\p{L}']+|torno (?:in|al|a) [\p{L}']+|vuelvo (?:al|a la) [\p{L}']+|je retourne (?:au|a la|bosser) ?[\p{L}']*|zuruck (?:an die|zur|zum) [\p{L}']+|ik ga weer (?:verder|aan de slag)|volto (?:ao|para o|para a) [\p{L}']+)/u;

/** Talk later: "speak in January", "talk to you next week", "see you after the break" (no person asked for). */
const TALK_LATER =
  /\b(?:speak|talk|chat|see you|catch you)(?: (?:to|with) (?:you|y'all|you all))? (?:again )?(?:in|next|after|on|soon|later|tomorrow|then)\b/g;

/** Something praised ("the onboarding call yesterday was really useful"): the thing is no request. */
const THING_PRAISED =
  /\b(?:the|our|your|that|this|it|everything)(?: [\p{L}']+){0,4} (?:was|were|is|are|has been|have been) (?:really |very |super |so |extremely |incredibly |most |absolutely )?(?:useful|helpful|clear|spot on|great|excellent|brilliant|perfect|fast|quick|painless|easy|smooth|a success|a big help|a dream|a joy|a game ?changer|a hit|a treat|flawless|superb|fantastic|amazing|wonderful|rock solid|solid)\b/gu;

/**
 * Found where it was all along ("the link was in spam all along", "the box was behind the bins
 * the whole time"): told back, yet the clause is still read for money or a failure ("the extra
 * charge was there all along" is no note of thanks). "all" may be read away as an address.
 */
const FOUND_ALL_ALONG =
  /\b(?:was|were|had been) [^.,;!]{1,50}\b(?:(?:all\s+)?along|the whole time|(?:all\s+)?this time)\b/;

/** Enough to go on: "crew's got what they need", "we have everything we need for Monday". */
const HAVE_WHAT_NEEDED =
  /\b(?:got|has|have|'s got|'ve got) (?:everything|all|what) (?:they|we|i|he|she) (?:need|needed|wanted)\b/g;

/** Able to work again ("we can sign in again", "staff are able to print again"): no turn, a fix. */
const ABLE_AGAIN =
  /\b(?:can|could|(?:is|are|am|'re|'m) (?:now )?able to) (?:now )?(?:log ?in|sign ?in|login|get (?:in|back in)|access (?:it|the [\p{L}']+|our [\p{L}']+)|print|work|order|place orders|buy|shop|book|check in|use (?:it|the [\p{L}']+)|connect|sync|export|import|upload|download|pay|check ?out|see (?:it|them|our [\p{L}']+|the [\p{L}']+))(?: [\p{L}']+){0,2}? again\b/gu;

/**
 * The customer defers: they will check inside and come back ("I'll check with the team and come
 * back to you", "let me ask my manager and I'll get back to you", "ok, I'll talk to finance and
 * revert"). Nothing is for us to do until they do.
 */
const DEFERS =
  /\b(?:(?:i|we)(?:'ll| will| am going to|'m going to| are going to|'re going to)|let me|let us|let's) (?:just |quickly |first |now )?(?:check|talk|speak|confirm|discuss|look|run (?:it|this|that) (?:by|past)|see|ask|verify|double check|think|clarify|consult|sync|review)\b[^.;!?\n]{0,60}?\b(?:(?:come|get|circle|report) back(?: to (?:you|u|y'all))?|revert|follow up|be in touch|let (?:you|u) know|update (?:you|u)|confirm)\b/g;

/** A deferral that holds no ask or money beside it ("… whether we want the refund and get back to you"). */
const deferOnly = (phrase: string) =>
  isHarmlessStep(phrase) && !/\b(?:want|wants|need|needs|whether|if|or)\b/.test(phrase);

/**
 * A request said as a bare verb that thanks-statement.ts's list does not hold ("we're closed from
 * the 23rd, deliver the chairs before then", "hold the parcel till Monday").
 */
const BARE_REQUEST =
  /^\s*(?:just |then |so )?(?:deliver|ship|hold|pause|stop|keep|bring|call|email|invoice|bill|charge|book|arrange|pick|collect|drop|leave|ring|text|swap|exchange|replace|fix|repair|sort|hurry|rush|expedite)\b/;

/** The customer's own people ("our staff", "my manager"): no person asked for. */
const OWN_PEOPLE = /\b(?:our|my) (?:[\p{L}']+ )?(?:staff|people|agents?|managers?|someone|person)\b/gu;

/** What a note opens with before it says anything ("update:", "fyi -", "quick one:"). */
const LEAD_IN =
  /^\s*(?:(?:quick |small |short )?update|fyi|heads up|quick note|just a quick note(?: to say)?|just to say|just saying|no questions?(?: (?:this time|here|today|for once))?(?:\s*[:\-—–,.]\s*(?:i |we )?just (?:wanted|want) to (?:say|let you know)(?: that)?)?|(?:i |we )?just (?:wanted|want) to (?:say|let you know)(?: that)?)\s*[:\-—–,]?\s*/;
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
    String.raw`\b(?:is|are) (?:now |all |fully )?(?:working|fine|ok|okay|stable|live|running|online)\b|\bchecks? out\b|\ball green\b|\bconfirm(?:ing|ed)? (?:the )?receipt\b|\breceipt (?:is )?confirmed\b`,
    // a step the customer took as we said: "we've applied the change you suggested"
    String.raw`\b(?:(?:i|we)(?:'ve| have)?|just) (?:applied|installed|configured|implemented|followed|tried|done|made|updated|changed|set up|enabled|switched|turned)\b[^.,;!]*\b(?:you (?:suggested|said|mentioned|recommended|described|sent)|as (?:suggested|advised|described|instructed|you said)|per your (?:instructions|advice|email|steps))\b`,
    // whoever was awaited came: "the driver just came", "courier picked it up an hour ago"
    String.raw`\b(?:just|finally|already) (?:came|come|been)\b|\b(?:came|come|arrived)(?: in| through)? (?:just now|now|at last|finally|after all)\b|\b(?:came|come) (?:by|round|over|today|this morning|earlier)\b|\b(?:picked (?:it|them|the [\p{L}']+) up|picked up|collected (?:it|them|the [\p{L}']+))\b`,
    String.raw`\b(?:forward(?:ed|ing)|pass(?:ed|ing)|shar(?:ed|ing)|circulat(?:ed|ing)|sav(?:ed|ing)|fil(?:ed|ing)|add(?:ed|ing)) (?:it|them|this|the \w+(?: \w+)?) (?:on |along |over )?(?:to|in|with)\b`,
    // seen, read, or enough to go on: "saw this over the weekend", "crew's got what they need"
    String.raw`\b(?:saw|seen|read|got) (?:this|it|that|your (?:message|reply|email|note|answer|update))(?= *(?:[.,;!]|$|over|this|last|yesterday|earlier|today|on (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)))`,
    String.raw`\b(?:payment|it|the invoice|the (?:\w+ )?order) (?:will be|has been|is|was) (?:made|paid|settled|scheduled|processed|approved|released|placed)\b`,
    // what was sent is approved, paid or filed on the customer's side
    String.raw`\b(?:approved|paid|settled|reconciled|booked|filed|processed|updated|signed)(?: (?:it|them|now|already))?(?: (?:for payment|on our (?:end|side)|in our (?:system|books|records)))?\b`,
    // the customer's own step, done: "dropped it at the UPS store", "sent the old one back"
    String.raw`\b(?:dropped|handed|posted|mailed|shipped|sent|brought|took|taken) (?:it|them|the \w+|both|all)(?: \w+)? (?:off|in|back|over|at|to)\b`,
    String.raw`\blooks? (?:right|correct|good|fine|great|perfect)(?: now)?\b|\b(?:is|are) (?:right|correct|fine) now\b|\bhappy (?:again|now)\b|\b(?:is|are|was|were) (?:thrilled|happy|pleased|delighted|relieved)\b`,
    // es, fr, de, pt, it, nl, pl
    String.raw`\b(?:ya )?funciona(?:ba)?(?: bien| ya| de nuevo| otra vez)?|\b(?:ha |han )?(?:llegado|llego|llegaron)\b|\b(?:resuelto|solucionado|arreglado|recibido)\b`,
    String.raw`\b(?:ca (?:marche|fonctionne)|fonctionne (?:bien|de nouveau|a nouveau)|est (?:bien )?arrive\w*|bien arrive\w*|(?:bien )?recu|regle|resolu|repare)\b`,
    String.raw`\b(?:funktioniert(?: wieder| jetzt)?|hat geklappt|geklappt|(?:ist|sind) (?:gut |heil )?angekommen|angekommen|erhalten|gelost|erledigt|behoben)\b`,
    String.raw`\b(?:funcionou|funciona(?: de novo)?|chegou|chegaram|deu certo|resolvido|recebido|recebemos)\b|\b(?:ja )?(?:caiu|cairam|entrou) (?:na conta|no cartao|no banco)|\b(?:reembolso|dinheiro|estorno|valor|pagamento|credito)(?: [\p{L}\d]+){0,3}? (?:ja )?(?:caiu|cairam|entrou)\b`,
    String.raw`\b(?:funziona(?: di nuovo)?|(?:e |sono )?arrivat[oaie]|risolto|sistemato|ricevut[oaie])\b`,
    String.raw`\b(?:werkt (?:weer|nu|prima)|(?:is |zijn )?(?:aangekomen|binnen|ontvangen)|opgelost|gelukt)\b`,
    String.raw`\b(?:dziala|dotarl\w*|doszl\w*|rozwiazan\w*|udalo sie|otrzymal\w*)\b`,
  ].join('|'),
  'u',
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
    // "can't complain": contentment, not a complaint held back
    String.raw`\b(?:can't|cannot|can not|couldn't|could not) complain(?: (?:at all|really|honestly))?`,
    String.raw`\b(?:no|not) (?:\w+ ){0,2}(?:needed|required|necessary)(?: (?:any ?more|after all|now))?|\bno need (?:to|for) (?:\w+ ){0,3}?(?:\w+)(?= *(?:[.,;!]|$| then| after all| anymore| any more| now))|\b(?:hold(?:ing)?|holds) off (?:on|with) \w+(?: (?:it|this|that|the \w+))?|\b(?:won't|will not|don't|do not) need (?:\w+ ){0,2}\w+(?: (?:after all|anymore|any more|now))`,
    // no need at all, nothing needed for now, it can wait: "no need anymore, sorted it"
    String.raw`\bno (?:more )?need(?: (?:anymore|any more|now|after all))?(?= *(?:[.,;!]|$))|\bnothing (?:else |more |further )?(?:is )?(?:needed|required|to do)(?: (?:for now|now|from you|on your (?:side|end)|at the moment))?|\b(?:it|this|that) can wait(?: (?:till|until|for) (?:you(?:'re| are) (?:in|back)|(?:the )?morning|tomorrow|monday|next week|after the weekend))?`,
    // an action called off, with its order: "no need to cancel 1013 after all", "don't refund
    // it anymore", "ya no hace falta cancelar el pedido 1013", "plus besoin d'annuler la commande
    // 1013", "non serve più annullare l'ordine", "niet meer annuleren"
    String.raw`\b(?:no need to|don't|do not|dont|ya no hace falta|no hace falta|(?:plus|pas) besoin d'|(?:plus|pas) besoin de|nao precisa(?: mais)?|nao e (?:mais )?preciso|non serve (?:piu )?|non c'e (?:piu )?bisogno di|hoeft niet meer|niet meer|nie trzeba juz|juz nie trzeba) ?(?:cancel|refund|return|cancelar|anular|devolver|reembolsar|annuler|rembourser|renvoyer|annullare|rimborsare|restituire|annuleren|terugbetalen|terugsturen|anulowac|zwracac|zwrocic)\b(?: (?:it|that|this|them|la|le|les|el|lo|o|a|il|het|l'))?(?: ?(?:the |la |le |el |o |a |il |het |l')?(?:order|pedido|commande|encomenda|ordine|bestelling|zamowienie|zamowienia))?(?: (?:#|nr\.? |no\.? )?\d+)?(?: (?:after all|any ?more|finalement|al final|afinal|alla fine|toch|jednak))?`,
    // a question or a message withdrawn by name: "never mind my question about the invoice",
    // "ignore my last message", "scratch my earlier request re the credit note"
    String.raw`\b(?:never ?mind|nvm|scratch|forget|ignore|disregard) (?:about )?(?:my|our|the|that|this) (?:last |earlier |previous |first |other |original )?(?:question|message|email|request|ask|query|note|ticket)(?: (?:about|on|re|regarding|for|from) (?:the |my |our |that |this )?(?:[\p{L}\d']+ ){0,3}?[\p{L}\d']+)?(?= *(?:[.,;!—–-]|$))`,
    // a question withdrawn: "I was wondering why the boxes changed — never mind"
    String.raw`^\W*(?:i was|we were|i'd been|i had been) (?:just )?(?:wondering|going to ask|about to ask|confused)\b[^.;!\n—–]{0,80}[—–,.-]+ *(?:never ?mind|nvm|scratch that|forget (?:it|that)|ignore (?:that|me))\b|\bnever ?mind\b`,
    String.raw`\bno (?:worries|problem|stress|bother) (?:on|about|re|regarding|for|with) (?:the |that |this |my |our )?(?:\w+ ){0,2}\w+`,
    String.raw`\b(?:forget|scrap|drop|ignore|disregard) (?:about )?(?:the|my|our|that) (?:\w+ )?(?:refund|return|cancellation|exchange|replacement|request|question|ticket)\b(?: (?:on|for|of) (?:order )?#?\d+)?`,
    String.raw`\b(?:ok|okay|ah ok|ah okay|oh ok|i see|right|alright),? so [^.,;!]{1,60}[,.]? (?:fair enough|makes sense|that makes sense|understood|got it|fine by (?:me|us)|no problem|that'?s fine|ok then|okay then)\b`,
    // es, fr, de, pt, it, nl, pl: nothing went wrong, nothing needed
    String.raw`\bplus besoin (?:de |du |des |d')?(?:\w+ ){0,2}?\w+|\bya no (?:hace falta|necesito|necesitamos|es necesari[oa])(?: (?:el|la|los|las) \w+)?|\b(?:nicht mehr (?:notig|erforderlich)|brauchen (?:wir|ich) (?:\w+ ){0,2}?nicht mehr)|\bnao (?:precisa|preciso|precisamos) mais(?: d[oa] \w+)?|\bnon (?:serve|ci serve|mi serve) piu(?: (?:il|la|lo) \w+)?|\bniet meer nodig|\b(?:juz nie (?:potrzeb\w*|trzeba)|nie (?:jest )?(?:juz )?potrzebn\w*)`,
    String.raw`\bsin (?:ningun )?(?:problemas?|incidencias?)|\bsans (?:aucun )?(?:probleme|souci)s?|\bohne (?:jegliche )?(?:probleme|schwierigkeiten)|\bsem (?:nenhum )?problemas?|\bsenza (?:alcun )?problem[ai]|\bzonder (?:enige )?problemen|\bbez (?:zadnych )?problemow`,
  ].join('|'),
  'gu',
);

/**
 * The customer sees for themselves now ("I can see now it was already paid", "we can now see
 * that it went out Tuesday"): what follows is told back, not asked ("can" asks elsewhere).
 */
const SEES_NOW = /\b(?:i|we) (?:can (?:now see|see now)|see now|now see)(?: that)?\b/g;

/**
 * Why a withdrawn request is not needed, beside "no need to cancel" or "never mind": the
 * customer's own people want or keep what was ordered ("the site wants the scanners after all",
 * "our client is keeping them", "we'll keep it"). Read as "ok" only where nothing else is asked
 * (no money, no account step: isHarmlessStep) and only beside a withdrawal.
 */
const KEPT_AFTER_ALL =
  /\b(?:(?:turns out|it turns out) )?(?:(?:the|our|my|their) (?:[\p{L}']+ ){0,2}?(?:wants|want|needs|need|is keeping|are keeping|keeps|will use|can use)|(?:we|i)(?:'ll| will|'re| are)? (?:keep|keeping|use|using)|(?:we|i)(?:'ve| have)? decided to keep) (?:them|it|those|these|the (?:[\p{L}']+ ){0,2}?[\p{L}']+)(?: (?:after all|now|too|anyway|as well))?|\bnos (?:lo|la|los|las) quedamos|\b(?:on|nous) (?:la|le|les) gard(?:e|ons)|\bwir behalten (?:sie|es|ihn)|\b(?:vamos ficar|ficamos) com (?:ela|ele|eles|elas)|\b(?:la|lo|li|le) teniamo|\bwe houden (?:het|hem|ze)|\b(?:zostawiamy|zatrzymujemy) (?:je|go|ja)/gu;
const keptOnly = (phrase: string) =>
  isHarmlessStep(phrase.replace(/\b(?:wants?|needs?|keep\w*|use|using)\b/g, ' '));

/**
 * What a set phrase of a careful note says: "I can confirm (that) …" leaves what is confirmed to
 * be read, "we would like to thank you" is thanks, "the issue has been resolved" reports a fix,
 * the rest close.
 */
function readFormal(phrase: string): string {
  if (/(?:can|like to) (?:now |hereby |happily )?(?:confirm|let you know)/.test(phrase)) return ' ';
  if (/like to/.test(phrase)) return ' thanks ';
  if (/ (?:resolved|fixed|solved|sorted|closed|gone|cleared|over)$/.test(phrase)) return ' fixed ';
  return ' ok ';
}

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
  /\b(?:twice|double|doubled|two times|extra|duplicate\w*|instead|only|half|partial\w*|some of|part of|\d+ (?:of|out of) (?:the )?\d+|in pieces|shattered|smashed|scratched|bent|torn|ripped|soaked|wet|stained|dead|mouldy|moldy|spoiled|spoilt|leak\w*|down|outage|crash\w*|offline|ausgefallen|caid[oa]|caiu para|en panne|caduto|storing|awaria|padl\w*)\b/;

/** A greeting opening the message, beside small talk ("morning from a rainy shop, hope the week…"). */
const GREETED =
  /^\W*(?:(?:good )?(?:morning|afternoon|evening)|hi|hello|hey|hiya|greetings|gm|buenos dias|buenas|hola|bonjour|salut|hallo|moin|guten (?:morgen|tag)|bom dia|ola|buongiorno|ciao|goedemorgen|hoi|dzien dobry|czesc)\b/;

/** An opening line of greeting ("Hi team,", "Dear Northwind support,", "Hello Sam"). */
const SALUTATION_LINE =
  /^\s*(?:hi|hello|hey|dear|good (?:morning|afternoon|evening)|morning|hola|estimad[oa]s?|bonjour|cher|chere|hallo|liebe[rs]?|sehr geehrte\w*|ola|prezad[oa]s?|caro|cara|cari|gentile|beste|geachte|dzien dobry|witam|szanowni)\b[^\n]{0,40}[,!]?\s*\n/i;

/** PRAISED is global (it is replaced in text); a fresh copy tests without a carried position. */
const praised = (folded: string) => new RegExp(PRAISED.source).test(folded);

/** Where a clause ends: a stop, a comma, a dash or an "and" between spaces. */
const CLAUSE = /[.!;\n]+|,|(?<=\s)(?:and|y|et|und|e|en|i)(?=\s)|(?<=\s)[—–-](?=\s)/u;

/**
 * "Just confirming for my records that 1024 was delivered", "checking for our files that the
 * refund went through": a confirmation wanted for the customer's records is asked of us, though
 * said without a question mark; the order record answers it.
 */
const CONFIRMATION_FOR_RECORDS =
  /\b(?:confirming|checking|verifying|double[- ]?checking|confirm)\b[^.!?\n]{0,20}\bfor (?:my|our|the) (?:records?|files?|books|audit|accountants?|bookkeeping|paperwork)\b/;

/** True for a note of thanks that says something worked out or is no longer needed, and asks nothing. */
export function isCourtesyNote(said: string): boolean {
  // "hope the week is treating you kindly", "how was your weekend?": small talk asks nothing.
  const raw = withSmallTalkRead(withoutQuotedLines(said));
  if (/[?¿？؟]/u.test(raw) || showsUnhappiness(raw)) return false;
  // Japanese, Chinese, Thai and Arabic are read as written (courtesy-note-script.ts).
  if (/[\u0E00-\u0E7F\u3040-\u30FF\u4E00-\u9FFF\u0600-\u06FF]/u.test(raw)) return isScriptCourtesyNote(raw);
  const body = withoutSignOff(raw).replace(SALUTATION_LINE, '').replace(/^\s+/, '');
  // "passwort-reset" is one word: a hyphen inside it opens no clause.
  const folded = fold(withExclamationsRead(body))
    .replace(/[’‘`]/g, "'")
    .replace(/ł/g, 'l')
    .replace(/(\p{L})-(\p{L})/gu, '$1 $2')
    .replace(LEAD_IN, ' fyi ')
    .replace(THANKS_AGAIN, ' thanks ');
  if (CONFIRMATION_FOR_RECORDS.test(fold(body))) return false;
  const onLeave = ON_LEAVE.test(folded);
  const words = folded.split(/[^\p{L}\d']+/u).filter(Boolean);
  if (!words.length || words.length > MAX_WORDS) return false;
  NOTHING_NEEDED.lastIndex = 0;
  const nothingNeeded = NOTHING_NEEDED.test(folded);
  const courteous =
    THANKED.test(folded) ||
    hasClosing(folded) ||
    praised(folded) ||
    hasSeasonWish(folded) ||
    new RegExp(WISHED.source).test(folded) ||
    new RegExp(DEFERS.source).test(folded) ||
    new RegExp(FORMAL_COURTESY.source, 'u').test(folded) ||
    // a farewell ("speak in January"); days of leave alone may still come with a request
    new RegExp(TALK_LATER.source).test(folded);
  if (!courteous && !nothingNeeded) return false;
  const read = withClosingsRead(
    folded
      .replace(FORMAL_COURTESY, readFormal)
      .replace(SEES_NOW, ' ')
      .replace(NOTHING_NEEDED, ' ok ')
      .replace(KEPT_AFTER_ALL, (m) => (nothingNeeded && keptOnly(m) ? ' ok ' : m))
      .replace(DEFERS, (m) => (deferOnly(m) ? ' ok ' : m))
      .replace(ABLE_AGAIN, ' fixed ')
      .replace(HAVE_WHAT_NEEDED, ' all set ')
      .replace(new RegExp(ON_LEAVE.source, 'g'), ' away ')
      .replace(TALK_LATER, ' ok ')
      .replace(WISHED, ' ok ')
      .replace(MEANWHILE, (m) => (onLeave ? ' ok ' : m))
      .replace(THING_PRAISED, ' kudos ')
      .replace(APPRECIATED_HELP, ' thanks ')
      .replace(THANKS_FOR, ' ')
      .replace(PRAISED, ' thanks ')
      .replace(JUST_WHAT_WAS_NEEDED, ' perfect '),
  )
    .replace(ADDRESS_ALL, ' ')
    .replace(OWN_PEOPLE, ' we ');
  if (ASKS_OR_TURNS.test(read) || GONE_WRONG.test(read) || GOES_AGAINST.test(read)) return false;
  // Something is told back as done or not needed: thanks beside any other news ("our office moves
  // next month, thanks") may still be a change for us to make.
  const told =
    WORKED_OUT.test(read) ||
    nothingNeeded ||
    new RegExp(HAVE_WHAT_NEEDED.source).test(folded) ||
    FOUND_ALL_ALONG.test(read) ||
    // small talk is all the news: "morning from a rainy shop, hope the week is treating you kindly"
    (raw !== said && GREETED.test(folded)) ||
    BACK_TO_WORK.test(read) ||
    new RegExp(DEFERS.source).test(folded) ||
    /\bkudos\b/.test(read) ||
    hasClosing(folded) ||
    onLeave ||
    praised(folded);
  if (!told) return false;
  const clauses = read.split(CLAUSE).filter((c) => /\p{L}|\d/u.test(c));
  return clauses.every((clause) => {
    // "refund for 1029 sorted" opens with a verb's form and names an order, and asks for nothing.
    if (WORKED_OUT.test(clause)) return true;
    return (
      !BARE_REQUEST.test(clause) &&
      !ORDER_OR_AMOUNT.test(clause.replace(YEAR, ' ')) &&
      !IMPERATIVE.test(clause.trim()) &&
      isHarmlessStep(clause)
    );
  });
}
