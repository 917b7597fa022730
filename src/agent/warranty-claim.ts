/**
 * A warranty claim: a product of theirs that failed after use ("broke after two months of normal
 * use"), or a repair or replacement asked under warranty. Terms ("how long is the warranty?") are
 * answered by the help center; a claim needs a person to arrange the repair. Read by requests.ts,
 * which leaves a refund or a return asked for to their own actions.
 */
const FAILED =
  "(?:broke|broken|stopped (?:working|charging|printing|turning on|pairing|holding|feeding)|stopped \\w+ing|quit(?: \\w+ing)?|gave out|died|dead|fails?|failing|faulty|defective|keeps? (?:\\w+ing)|no longer (?:works|holds|charges|turns on)|(?:won'?t|will not|doesn'?t|does not) (?:hold|stay|turn on|power on|charge|print|pair|work|lock|close|grind|heat)\\b[^.?!]{0,20}\\b(?:anymore|any more|now)|doesn't work anymore)";
// The same failure in the other reply languages, which the claim then names as warranty.
const FAILED_ELSEWHERE =
  '(?:kaputt|defekt|funktioniert nicht mehr|geht nicht mehr|ne (?:marche|fonctionne) plus|en panne|tombe en panne|ya no funciona|dejo de funcionar|se rompio|parou de funcionar|nao funciona mais|quebrou|non funziona piu|si e rotto|smesso di funzionare|werkt niet meer|kapot|przestal\\w* dzialac|zepsul\\w*|nie dziala)';
const AFTER_USE =
  '(?:after (?:about |only |just )?(?:\\d+|a few|few|several|two|three|four|five|six|a couple of|one|a) (?:days?|weeks?|months?|years?)|(?:\\d+|a few|few|several|two|three|four|five|six|a couple of) (?:days?|weeks?|months?) after (?:it|they|we|the \\w+) (?:arrived|came|got (?:it|them)|(?:was|were) delivered|received)|only (?:had|used|owned) (?:it|them|the \\w+) (?:for )?(?:about |around )?(?:\\d+|a few|few|several|two|three|four|five|six) (?:days?|weeks?|months?)|(?:\\d+|a few|few|several|two|three|four|five|six) (?:weeks?|months?|years?) (?:old|in|of use)|\\bof (?:normal |regular |daily )?use)';
const WARRANTY = '(?:warranty|guarantee|garantia|garantie|garanzia|gwarancj\\w*)';
/**
 * A claim said over several sentences: their own product failed ("the gas lift on one died. about
 * 3 months old. warranty?"), and its age or the warranty is named elsewhere in the message. An
 * order or a possessive says the product is theirs, not one asked about.
 */
const FAILED_ANYWHERE = new RegExp(`\\b(?:${FAILED}|${FAILED_ELSEWHERE})\\b`);
const AGE_OR_WARRANTY = new RegExp(`\\b(?:${AFTER_USE}|${WARRANTY})`);
const THEIRS =
  /\b\d{3,10}\b|\b(?:my|our|mine|ours|unser\w*|mein\w*|nuestr\w*|mi|mis|notre|nos|nosso|nossa|nostr\w*|onze|nasz\w*)\b/;
// "Does the warranty cover a chair someone stood on?" asks what the terms say, not for a repair.
const ASKS_WHAT_IS_COVERED =
  /\b(?:does|do|would|will) (?:the |your |a )?(?:warranty|guarantee) (?:cover|include|apply)\b/;
/**
 * "headset died after 4 months, is that covered?", "the printer from 1022 stopped feeding after 3
 * months. still under warranty?": whether the warranty covers a failure is the warranty article's
 * to answer (its periods, what it excludes), with an order named or not; the claim is an ask
 * ("can we get it swapped under warranty?", "please arrange a repair") or the failure told with a
 * bare "warranty?". Folded text.
 */
const ASKS_IF_COVERED = new RegExp(
  [
    '\\b(?:is|are|was|would|will) (?:that|this|it|they|we|these|those|the \\w+)(?: still)? (?:covered|under (?:the )?(?:warranty|guarantee))\\b',
    '\\b(?:still )?covered (?:by|under) (?:the |your |a |our )?(?:warranty|guarantee)\\b',
    '(?:^|[.!,;:]\\s*|\\b(?:so|and|but|still) )(?:covered|under warranty)\\s*\\?',
    // es, fr, de, pt, it, nl, pl
    '\\b(?:esta|estan|entra|queda) (?:cubiert[oa]s?|en la garantia)\\b|\\bcubiert[oa]s? por la garantia\\b',
    "\\b(?:est-ce|c'est|sont-ils|est-il|est-elle|sont-elles) (?:encore )?(?:couvert|sous garantie|pris en charge)|\\bcouverte?s? par la garantie\\b",
    '\\b(?:ist|sind|fallt|fallen|gilt) (?:das|es|sie|dies|der|die)\\b[^.?!]{0,25}\\b(?:abgedeckt|unter die garantie|noch garantie|garantie)\\b',
    '\\b(?:esta|estao|fica) cobert[oa]s?\\b|\\bcobert[oa]s? pela garantia\\b',
    '\\b(?:e|sono|rientra|rientrano) (?:ancora )?(?:copert[oaie]|in garanzia|nella garanzia)\\b|\\bcopert[oaie] dalla garanzia\\b',
    '\\bvalt (?:dat|het|die|dit|deze)\\b[^.?!]{0,15}\\bonder (?:de )?garantie\\b|\\bgedekt door (?:de )?garantie\\b',
    '\\bobjet\\w* gwarancj\\w*|\\bczy (?:to|on|ona|ono|jest)\\b[^.?!]{0,20}\\bna gwarancji\\b',
  ].join('|'),
);
const ASKS_TO_ACT =
  /\b(?:repair\w*|replace\w*|swap\w*|claim|fix|send|arrange|exchange|what happens now|what now)\b/;
/**
 * Which remedy the warranty gives, asked as a choice ("do you swap it or send it for repair?",
 * "warranty replacement or repair?", "¿lo cambian o lo reparan?"): the article says when the item
 * is replaced and when repaired. Asked of us as a favour ("can you replace or repair it?") it is a
 * claim. Folded text.
 */
const REPLACED =
  '(?:swap\\w*|replace\\w*|exchange\\w*|new one|cambi\\w*|reempla\\w*|sustitu\\w*|remplac\\w*|echang\\w*|austausch\\w*|tausch\\w*|ersatz|ersetz\\w*|troca\\w*|trocam|substitu\\w*|sostitu\\w*|vervang\\w*|omruil\\w*|wymian\\w*|wymieni\\w*)';
const REPAIRED = '(?:repair\\w*|repar\\w*|fix(?:ed)?|conserto|consert\\w*|ripar\\w*|naprawi?\\w*)';
const OR = '(?:or|o|ou|oder|of|czy)';
const ASKS_WHICH_REMEDY = new RegExp(
  `\\b${REPLACED}\\b[^.?!]{0,40}\\b${OR}\\b[^.?!]{0,30}\\b${REPAIRED}\\b[^.!?]{0,60}\\?|\\b${REPAIRED}\\b[^.?!]{0,40}\\b${OR}\\b[^.?!]{0,30}\\b${REPLACED}\\b[^.!?]{0,60}\\?`,
);
const ASKED_AS_FAVOUR =
  /\b(?:can|could|would|will) you\b[^.?!]{0,15}\b(?:replace|swap|repair|fix|exchange|send)\b|\b(?:please|pls|plz)\b/;
/**
 * What the warranty is, or what a claim needs, asked beside a failure ("what's the warranty on the
 * label printer? 1046 just died", "the scanner from 1024 flickers. what info do you need for a
 * warranty claim?"): the warranty article answers with its periods and what to send, and nothing
 * is asked to be done yet. Said as wanting a claim made ("want to file a warranty claim, what do
 * you need?") or asked of us as a favour, it stays a claim. Folded text.
 */
const ASKS_TERMS_OR_PROCESS = new RegExp(
  [
    `\\b(?:what(?:'s| is| are)|how long(?:'s| is| are)?)\\s+(?:the |your |a )?(?:\\w+ )?${WARRANTY}\\b(?! (?:claim|repair|replacement))`,
    `\\bwhat (?:info(?:rmation)?|details|documents?|paperwork|proof|photos?|pictures?|else)\\b(?: (?:do|does|should|would|is|are) (?:you|we|i|it|needed|required)\\b)?[^.?!]{0,40}\\b${WARRANTY}\\b`,
    `\\bwhat (?:do|does|would|will) (?:you|your team|we|i) need\\b[^.?!]{0,40}\\b${WARRANTY}\\b`,
    `\\bhow (?:do|does|would) (?:a |the )?(?:${WARRANTY} )?claims? (?:work|go)\\b`,
    // es, fr, de, pt, it, nl, pl: what information or documents the claim needs
    '\\bque (?:informacion|datos|documentos|informacoes|dados) (?:necesitan|necesitais|hacen falta|hay que|precisam|voces precisam)\\b',
    '\\bquel(?:le)?s? (?:informations|documents|pieces|elements) (?:faut-il|vous faut-il|dois-je|devons-nous)\\b',
    '\\bwelche (?:angaben|informationen|unterlagen|daten) (?:braucht|brauchen)\\b',
    '\\bquali (?:informazioni|documenti|dati) (?:servono|vi servono)\\b',
    '\\bwelke (?:gegevens|informatie|documenten) (?:hebben jullie|heeft u) nodig\\b',
    '\\bjakie (?:informacje|dane|dokumenty) (?:sa potrzebne|potrzebujecie)\\b',
  ].join('|'),
);
const WANTS_A_CLAIM =
  /\b(?:want|wants|need|needs|would like|'d like|wish) to (?:file|make|start|open|put in|submit|raise)\b/;
const asksTermsOrProcess = (f: string) =>
  ASKS_TERMS_OR_PROCESS.test(f) && !ASKED_AS_FAVOUR.test(f) && !WANTS_A_CLAIM.test(f);
const asksIfCovered = (f: string) =>
  (ASKS_IF_COVERED.test(f) && !ASKS_TO_ACT.test(f)) ||
  (ASKS_WHICH_REMEDY.test(f) && !ASKED_AS_FAVOUR.test(f));
const isSpreadClaim = (f: string) =>
  FAILED_ANYWHERE.test(f) && AGE_OR_WARRANTY.test(f) && THEIRS.test(f) && !ASKS_WHAT_IS_COVERED.test(f);
const WARRANTY_CLAIM = new RegExp(
  `\\b${FAILED}\\b[^.?!]{0,60}\\b${AFTER_USE}|\\b${AFTER_USE}\\b[^.?!]{0,40}\\b${FAILED}\\b|\\b(?:repair|replace|replacement|claim|fix|swap)\\b[^.?!]{0,30}\\b(?:under|on|through|with) (?:the |our |my )?${WARRANTY}|\\b${WARRANTY} (?:claim|repair|replacement)\\b[^.?!]{0,40}\\b(?:for|on|from)\\b[^.?!]{0,20}(?:\\b\\d{3,10}\\b|\\b(?:my|our)\\b)|\\b(?:arrange|start|file|open|make|need|want)\\b[^.?!]{0,20}\\b${WARRANTY} (?:claim|repair|replacement)\\b`,
);

/** Whether the message (folded text) asks for a warranty claim rather than about the warranty. */
export function isWarrantyClaim(f: string): boolean {
  return (WARRANTY_CLAIM.test(f) || isSpreadClaim(f)) && !asksIfCovered(f) && !asksTermsOrProcess(f);
}

const WARRANTY_NAMED = new RegExp(`\\b${WARRANTY}`);
/** Whether the message (folded text) names the warranty: its article speaks to it beside an order. */
export function namesWarranty(f: string): boolean {
  return WARRANTY_NAMED.test(f);
}

/**
 * Whether the message (folded text) tells a failure of the customer's product and asks what the
 * warranty gives for it ("our headset quit after a month. do you swap it or repair it?", "died
 * after 4 months, is that covered?"): the warranty article's question, whichever topic the words
 * read as.
 */
export function asksWarrantyAfterFailure(f: string): boolean {
  return FAILED_ANYWHERE.test(f) && asksIfCovered(f);
}
