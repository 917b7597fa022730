/**
 * Messages made only of emoji and punctuation ("👍", "🙂🙂🔥", "🙏🏽", "❤️‍🔥", ":)") acknowledge
 * rather than ask: they are pleasantries, decided by code for both engines (no model call can
 * turn them into an escalation "could not classify").
 *
 * Two kinds stay questions, because a person reading them would answer: a question mark
 * ("???", "🤔?" — a nudge in a waiting thread) and unhappy faces ("😡", "👎" — the answer did not
 * help). An empty message is not a pleasantry either: adapters send one for a file or an image.
 */

import { hasClosing, withClosingsRead, withoutOwnStepsInScript } from './closing-words.js';
import { SCRIPT_EXCLAMATION, withExclamationsRead } from './exclamations.js';
import { normalizeForModel } from './offline/model/features.js';
import { conceptsOf } from './offline/model/lexicon.js';
import { PRAISED } from './praise.js';
import { withSmallTalkRead } from './small-talk.js';
import {
  HOLIDAY_EMOJI,
  hasSeasonWish,
  isSeasonWord,
  SEASON_COMPANY,
  SEASON_WISH_SCRIPT,
} from './season-wishes.js';

/** Emoji pieces: pictographs, skin tones, flags, ZWJ, variation selectors, keycaps, tag sequences. */
const EMOJI_OR_PUNCTUATION =
  /^(?:[\p{Extended_Pictographic}\p{Regional_Indicator}\u{E0020}-\u{E007F}\p{P}\s]|\p{Emoji_Modifier}|\u200D|\uFE0E|\uFE0F|\u20E3)*$/u;
const SOMETHING_VISIBLE = /[\p{Extended_Pictographic}\p{Regional_Indicator}\p{P}]/u;
const ASKS = /[?¿？⁇⁈⁉❓❔]/u;
const UNHAPPY = /[😡😠🤬😤💢👎😞😟😢😭😩😫😖😣☹🙁😕😒🤦🖕]/u;

/**
 * Slack writes emoji as shortcodes (":pray:", ":wave:", ":+1:"): they count as the emoji they
 * name, so an unhappy one (":rage:", ":-1:") voices a complaint and the others are emoji.
 */
const SHORTCODE = /:[a-z0-9_+'-]{1,40}:/g;
const UNHAPPY_SHORTCODE =
  /^:(?:-1|thumbsdown|rage|angry|triumph|disappointed\w*|worried|cry|sob|weary|tired_face|confused|pensive|unamused|persevere|confounded|(?:slightly_|white_)?frowning\w*|face_palm|facepalm|man_facepalming|woman_facepalming|person_facepalming|middle_finger|broken_heart|x|no_entry\w*|warning|sos|rotating_light|skull)\b/;

function emojiForShortcodes(text: string): string {
  return text.replace(SHORTCODE, (code) => (UNHAPPY_SHORTCODE.test(code) ? '👎' : '🙂'));
}

/** An unhappy face or shortcode ("😡", "👎", ":rage:"): a complaint, whatever the words say. */
export function showsUnhappiness(raw: string): boolean {
  return UNHAPPY.test(emojiForShortcodes(raw));
}

/** True for a message of only emoji, punctuation and whitespace that asks nothing and voices no complaint. */
export function isEmojiOnly(raw: string): boolean {
  const text = emojiForShortcodes(raw);
  return (
    EMOJI_OR_PUNCTUATION.test(text) && SOMETHING_VISIBLE.test(text) && !ASKS.test(text) && !UNHAPPY.test(text)
  );
}

/**
 * Thanks, approval and greetings said in other words ("perfect, appreciated", "gracias, muy
 * amable", "Danke, hat geklappt!", "ขอบคุณมากครับ"): a short message made only of courtesy words,
 * at least one of them a word of thanks, approval or greeting. A message with any other word
 * ("thanks, but it still fails"), a number or a question mark is not one; nor is "help". Words
 * are folded (no accents, lower case). A security concern or lost data found by code is never a
 * pleasantry (applyCodeRules checks that apart).
 */
const COURTESY_CORE = new Set(
  // en
  (
    'thanks thank thx ty tysm cheers appreciated appreciate great perfect awesome brilliant excellent wonderful fantastic ' +
    'lovely cool nice super amazing ok okay alright good fine sorted solved fixed resolved works worked hi hello hey ' +
    'morning afternoon evening bye goodbye noted understood star legend lifesaver hero champ obliged ta thankyou thanx ' +
    'thnx tks gm spot clear gotcha legends heroes champs stars lifesavers nvm nevermind sweet welcome okey dokey ' +
    // a newcomer welcomed ('welcome aboard, Tom!', 'bienvenue', 'witamy')
    'bienvenido bienvenida bienvenidos bienvenue willkommen benvenuto benvenuta benvenuti welkom witamy ' +
    // es, fr, de, pt, it, nl, pl
    'gracias perfecto perfecta genial vale listo funciona funciono solucionado resuelto estupendo excelente hola ' +
    'entendido entendi comprendido claro clarisimo ' +
    'merci remercie remercions parfait parfaite regle resolu bonjour nickel impeccable marche compris entendu clair ' +
    'danke dankeschon perfekt toll prima geklappt klappt funktioniert passt erledigt bestens wunderbar ' +
    'verstanden kapiert ' +
    'obrigado obrigada valeu perfeito otimo funcionou resolvido beleza entendi entendido compreendi ' +
    'grazie perfetto ottimo risolto buongiorno buonasera gentilissimo gentilissima gentilissimi gentilissime gentili ' +
    'sistemato capito chiaro chiarissimo ' +
    'bedankt dank dankjewel dankuwel opgelost goedemorgen fijn duidelijk helder begrepen top ' +
    'dziekuje dziekujemy dzieki swietnie dziala porzadku jasne rozumiem zrozumialem zrozumialam'
  ).split(' '),
);
const COURTESY_FILLER = new Set(
  (
    'much many very so a lot lots loads ton bunch all now that this it thats its s did the trick helpful helped kind of you your ' +
    're ll ve d m exactly just what needed wanted on everyone everybody yall ' +
    'again there dear day have nice weekend will do makes sense sounds got team guys folks everything set oh ah wow ' +
    'really truly and for working on our my side end we are i am me us here dir ihnen euch vous voi te ti ' +
    'ahh crystal clears up was looking searching hunting link explanation mate buddy now understand ' +
    'muchas muchisimas mil muy amable amables todo bien bueno buenos buenas dias tardes ya por queda rapida ' +
    'beaucoup bien tout bon bonne journee c est ca tres fois vous rapide detaillee claire ' +
    'vielen dank sehr schon jetzt alles gut klar guten tag abend hat es hab habe ' +
    'muito muita deu certo tudo bom boa dia tarde ficou rapida ' +
    'mille tutto a posto bene benissimo molto tante ho veloce ' +
    'je wel u helemaal goed zo het werkt weer hartelijk snap ik ' +
    'bardzo wszystko dzien dobry w ' +
    // a day, an evening or a weekend wished ("fijne dag nog", "schönen Tag noch", "miłego dnia")
    'anyway anyways here aqui ici hier aca qui tutaj to na whole entire verder nu aboard onboard ' +
    'fijne prettige nog avond schonen noch wochenende feierabend bonne soiree buon buona giornata serata ' +
    'feliz semana fin otimo milego dnia wieczoru ' +
    // an apology beside a message taken back ("perdón, me equivoqué de chat", "désolé, mauvais canal")
    'sorry oops whoops perdon perdona disculpa disculpas desole pardon entschuldigung entschuldigt ' +
    'desculpa desculpe scusa scusate scusami excuses przepraszam'
  ).split(' '),
);
/** "appreciate the quick help", "grateful for all the help": thanks, not a request for help. */
export const APPRECIATED_HELP =
  /\b(?:appreciate|appreciated|grateful for|thankful for)(?: (?:the|your|all(?: the| your)?))? (?:(?:quick|fast|speedy|prompt|swift|great|kind) )?(?:help|support|reply|response|answer|turnaround|patience|confirmation|fix|cancel|cancellation)\b|\bappreciate (?:you|y'?all|you guys|you all) (?:confirming|checking|getting back|following up|looking into (?:it|this|that)|sorting (?:it|this|that)(?: out)?)\b/g;

/**
 * "for the help", "por la ayuda": thanks for something, not a request for it; so is thanks for
 * patience, speed or a confirmation ("thanks for your patience with me", "obrigado pela rapidez",
 * "merci pour votre patience", "danke für die Geduld", "dzięki za cierpliwość").
 */
const THANKED_FOR =
  'help|reply|replies|answer|info|information|retour|quick (?:reply|response|answer|turnaround)|response|support|checking|looking|explanation|ayuda|respuesta|explicacion|aide|reponse|explication|hilfe|antwort|erklarung|ajuda|resposta|explicacao|aiuto|risposta|spiegazione|hulp|antwoord|uitleg|pomoc|odpowiedz|wyjasnienie|' +
  'explaining(?: (?:it|this|that|everything))?(?: (?:again|twice|so clearly))?|bearing with (?:me|us)|putting up with (?:me|us)|patience(?: with (?:me|us|my questions|all my questions|all (?:of )?this))?|turnaround|speed|confirmation|confirming|heads[- ]up|update|follow[- ]?up|paciencia|rapidez|confirmacion|rapidite|confirmation|geduld|schnelligkeit|bestatigung|confirmacao|pazienza|rapidita|conferma|snelheid|bevestiging|cierpliwosc|szybkosc|potwierdzenie';
export const THANKS_FOR = new RegExp(
  String.raw`\b(?:for|por|pour|fur|pela|pelo|per|voor|za) (?:the |your |all (?:the |your )?|la |tu |su |votre |ton |die |ihre |deine |a |sua |l'|il |vostro |de |je |uw |twoja )?(?:(?:quick|fast|speedy|prompt|swift|great|detailed|clear|kind|helpful|rapida|rapido|rapide|schnelle|snelle|veloce|szybka|szybkie|szybka) )?(?:${THANKED_FOR})\b`,
  'g',
);
/** A German noun thanked for ("danke für die schnelle Antwort") is capitalised, not a name. */
const THANKED_FOR_WORD = new RegExp(`^(?:${THANKED_FOR})$`);
const MAX_COURTESY_WORDS = 10;

/** "never mind, figured it out", "nvm, sorted it myself": what was asked needs no answer any more. */
const NEVER_MIND =
  /\bnever ?mind\b|\b(?:figured|sorted|worked) (?:it|that) out(?: (?:myself|ourselves))?\b|\b(?:sorted|found) (?:it|that)(?: (?:myself|ourselves))?\b/g;

/** "Exactly what I needed", "just what we were looking for": approval, said without a core word. */
export const JUST_WHAT_WAS_NEEDED = new RegExp(
  [
    String.raw`\b(?:(?:exactly|just|precisely) what|(?:that'?s |that is )?(?:everything|all)(?: that)?) (?:i|we) (?:needed|wanted|was after|were after|was looking for|were looking for)`,
    // "justo lo que necesitaba", "exactement ce qu'il me fallait", "genau das, was wir brauchten",
    // "exatamente o que eu precisava", "proprio quello che ci serviva", "precies wat ik nodig had",
    // "dokładnie tego potrzebowałem"
    String.raw`\b(?:justo|exactamente|precisamente) lo que (?:necesitaba|necesitabamos|buscaba|buscabamos)`,
    String.raw`\b(?:exactement|justement) ce (?:qu'il (?:me|nous) fallait|dont (?:j'avais|nous avions) besoin|que je cherchais)`,
    String.raw`\b(?:genau|genau das|genau das,?) was (?:ich|wir) (?:brauchte|brauchten|gesucht habe|gesucht haben)`,
    String.raw`\b(?:exatamente|justamente) o que (?:eu |nos )?(?:precisava|precisavamos|queria|queriamos)`,
    String.raw`\b(?:proprio|esattamente) (?:quello|cio) che (?:mi|ci) serviva`,
    String.raw`\b(?:(?:dat|dit) is )?(?:precies|net) wat (?:ik|we|wij) nodig (?:had|hadden)`,
    String.raw`\b(?:dokladnie|wlasnie) (?:tego|to),? (?:czego )?(?:potrzebowalem|potrzebowalam|potrzebowalismy|szukalem|szukalam)`,
    // "that was it", "that's the bit I was missing", "era isso mesmo", "dat was precies wat ik
    // zocht", "c'était ça", "eso era", "era proprio quello", "o to chodziło": the answer fitted
    // "that answers it", "this answers my question", "that answered everything": the answer fitted
    String.raw`\b(?:that|this|it|your (?:reply|answer|message)) (?:answers|answered|covers|covered) (?:it|that|everything|all of it|my questions?|our questions?|all my questions|(?:my|our) doubts?)`,
    String.raw`\bthat(?:'s| is| was) (?:exactly |precisely |just )?(?:it|the (?:bit|piece|part|step|setting|thing|one) (?:i|we) (?:was|were) missing)|\bthat was the missing (?:piece|bit|step)`,
    String.raw`\b(?:eso|esto) (?:era|es) (?:justo )?lo que (?:buscabamos|buscaba|me faltaba|nos faltaba)|\b(?:era eso|eso era)(?: justo)?`,
    String.raw`\bc'(?:etait|est) (?:exactement |bien )?(?:ca|ce qui me manquait|ce qui nous manquait|ce que je cherchais)`,
    String.raw`\bdas war(?: es| genau)?,? was (?:ich|wir) gesucht (?:habe|haben)`,
    String.raw`\b(?:era|e) isso(?: mesmo)?|\bera (?:exatamente )?o que (?:eu )?(?:procurava|precisava)`,
    String.raw`\bera (?:proprio )?(?:quello|questo)(?: che (?:cercavo|cercavamo|mi mancava|ci mancava))?`,
    String.raw`\bdat was (?:precies |nou net )?(?:het|wat (?:ik|we|wij) (?:zochten|zocht|nodig hadden|nodig had))`,
    String.raw`\bo to (?:wlasnie )?chodzilo|\btego (?:wlasnie )?(?:szukalem|szukalam|szukalismy)`,
  ].join('|') + String.raw`\b`,
  'g',
);

/**
 * One word of context beside thanks ("much obliged, that clears it up for our finance team") does
 * not make a question. A word that turns the thanks ("but", "still", "not") or names something we
 * handle (an order, a refund, a charge) does.
 */
const TURNS_THANKS = new Set(
  'but still not no nothing never however yet except though although only help please pls can could why when where how what wrong issue problem'.split(
    ' ',
  ),
);
/** Words that say something arrived wrong, in the supported languages (folded text). */
const GONE_WRONG = String.raw`damaged|broken|wrong|missing|late|short|cracked|dented|rot[oa]s?|danad[oa]s?|abime\w*|casse\w*|kaputt|beschadig\w*|quebrad[oa]s?|danificad[oa]s?|rott[oiae]|danneggiat[oiae]|kapot|uszkodzon\w*|zepsut\w*|falta|manque|fehlt|mancante|ontbreekt|brakuje|equivocad[oa]|falsch|errad[oa]|sbagliat[oa]|verkeerd\w*`;
const GONE_WRONG_WORD = new RegExp(`^(?:${GONE_WRONG}|faulty|defective|leaking|leaks|stuck|empty)$`);
const isHarmlessExtra = (word: string) =>
  word.length > 2 &&
  !TURNS_THANKS.has(word) &&
  // "received, damaged", "ok, broken": the word says something went wrong.
  !GONE_WRONG_WORD.test(word) &&
  conceptsOf(normalizeForModel(word)).length === 0;

/**
 * Word that what was awaited has come, with thanks ("refund landed on our card this morning,
 * thanks for sorting it", "parcel's here, cheers", "el pedido llegó, ¡gracias!"): nothing is
 * asked. Anything unhappy, a question or a "but" is a message to answer.
 */
const THANKS =
  /\b(?:thanks|thank you|thx|ty|cheers|appreciated|gracias|merci|danke|obrigad[oa]|grazie|bedankt|dank je|dziekuje|dzieki)\b/;
export const ARRIVED =
  /\b(?:got (?:the|my|our) (?:refund|money|credit|parcel|package|order|delivery|replacement|items?|goods|shipment)|landed|arrived|came through|(?:is|are) back (?:on|in) (?:our|my|the) (?:card|account|bank)|(?:refund|money|credit|funds|reimbursement)s? (?:is|are|'s) (?:now |already |finally )?(?:on|in) (?:our|my|the) (?:card|account|bank)|come through|showed up|turned up|went through|is here|are here|got here|came in|received it|got it today|caiu|cairam|entrou na conta|cayo en la cuenta|eingegangen|gutgeschrieben|accreditat[oa]|bijgeschreven|wplyne\w*|zaksiegowan\w*|llego|llegaron|recibido|arrive|arrivee|arrives|recu|angekommen|erhalten|chegou|chegaram|recebemos|arrivato|arrivata|arrivati|ricevuto|aangekomen|ontvangen|dotarl\w*|doszl\w*|otrzymal\w*)\b/;
export const ARRIVAL_GONE_WRONG = new RegExp(
  String.raw`\b(?:not|n't|never|but|still|yet|only|half|partial|twice|double\w*|duplicat\w*|extra|pero|mais|aber|mas|ma|maar|ale|sin|sans|ohne|sem|senza|zonder|bez|no|pas|nicht|kein\w*|nao|non|niet|nie|${GONE_WRONG})\b`,
);
const MAX_ARRIVAL_WORDS = 16;
/** A further ask beside the thanks ("…came through, thanks. can you also refund 1046?"). */
export const FURTHER_ASK =
  /\b(?:can|could|would|please|pls|plz|also|another|next|need|want|por favor|bitte|per favore|prosze|graag)\b/;
/** "thanks, when will the refund arrive": a question word asks even without its question mark. */
const ASKS_WHEN_OR_WHERE =
  /\b(?:when|where|why|how|what|whats|which|cuando|donde|quand|pourquoi|wann|wo|warum|quando|onde|porque|perche|wanneer|waar|waarom|kiedy|gdzie|dlaczego)\b/;
function arrivedWithThanks(folded: string): boolean {
  const words = folded.split(/[^\p{L}\d']+/u).filter(Boolean);
  return (
    words.length <= MAX_ARRIVAL_WORDS &&
    (THANKS.test(folded) || hasClosing(folded)) &&
    ARRIVED.test(folded) &&
    !ARRIVAL_GONE_WRONG.test(folded) &&
    !ASKS_WHEN_OR_WHERE.test(folded) &&
    // "refund landed, you can close this one": a closing is not a further ask.
    !FURTHER_ASK.test(withClosingsRead(folded))
  );
}

/**
 * Thanks said to someone by name ("got it, thanks Riley", "merci Camille", "dziękuję Kasiu"): a
 * capitalised word inside a sentence, or first and followed by a comma ("Riley, thanks!"), that
 * names no support concept ("Perfect, Cancel it" still asks), is taken out before the words are
 * checked. At most two: a message of names is not thanks.
 */
const foldWord = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').replace(/[’‘`]/g, "'").toLowerCase().replace(/ł/g, 'l');
const CAPITALISED = /(^|[^\p{L}])(\p{Lu}\p{Ll}+)(?=[^\p{L}]|$)/gu;
function withoutNames(text: string): string {
  let names = 0;
  return text.replace(CAPITALISED, (whole: string, before: string, word: string, offset: number) => {
    const preceding = text.slice(0, offset + before.length).trimEnd();
    const first = preceding === '';
    const afterSentence = /[.!?。！？]$/u.test(preceding);
    const vocativeFirst = first && /^\s*,/.test(text.slice(offset + whole.length));
    if ((first && !vocativeFirst) || afterSentence || names >= 2) return whole;
    const folded = foldWord(word);
    if (
      COURTESY_CORE.has(folded) ||
      COURTESY_FILLER.has(folded) ||
      THANKED_FOR_WORD.test(folded) ||
      isSeasonWord(folded)
    )
      return whole;
    if (conceptsOf(normalizeForModel(word)).length) return whole;
    names++;
    return `${before} `;
  });
}

// Scripts written without spaces: the message is courtesy pieces end to end (original text: folding
// would strip Thai vowels and Japanese voicing marks).
const CJK_THAI_ARABIC_CORE =
  /รับทราบ|ได้เลย|よろしくお願いします|よろしくお願いいたします|ขอบคุณ|ขอบใจ|โอเค|เข้าใจแล้ว|ありがとう|有難う|助かりました|解決しました|了解|承知しました|わかりました|分かりました|谢谢|謝謝|多谢|感谢|好的|解决了|明白了|清楚了|收到|شكرا|شكر|مشكور|تمام|ممتاز|فهمت|جزاكم|جزاك|可以了|اشتغل/u;
const CJK_THAI_ARABIC_PIECE =
  /รับทราบ|ได้เลย|よろしくお願いします|よろしくお願いいたします|وصلت|وصل|الفكرة|الرسالة|رسالتكم|ขอบคุณ|ขอบใจ|โอเค|เข้าใจแล้ว|เข้าใจ|ได้ข้อมูล|ได้คำตอบ|ข้อมูล|คำตอบ|ครบ|แล้ว|มากๆ|มาก|นะ|ครับ|คับ|ค่ะ|คะ|ค่า|จ้า|ที่ช่วย|ๆ|わかりました|分かりました|ご丁寧に|丁寧に|ご対応|対応|迅速な|いただき|明白了|清楚了|收到|فهمت|ありがとう|有難う|ございます|ございました|どうも|本当に|ほんとうに|とても|助かりました|助かります|解決しました|了解です|了解|承知しました|です|谢谢|謝謝|多谢|感谢|的帮助|帮助|非常|太|好的|好|问题|已经|解决了|没问题|你们|您|你|啦|了|جزاكم|جزاك|الله|خيرا|المشكلة|الطلبية|شكرا|شكر|جزيلا|لكم|لك|كثيرا|مشكورين|مشكور|تمام|ممتاز|ألف|الف|على|المساعدة|مساعدتكم|مساعدتك|الرد|ردكم|ردك|السريع|السريعة|تم|حل|可以了|اشتغل|الآن/gu;

/**
 * Lines quoted from the thread ("> Order 1003 shipped with DHL.") above a reply: what was said
 * before, not what the customer says now. Set aside only when the reply has words of its own.
 */
const QUOTED_LINE = /^[ \t]*(?:>|&gt;)[^\n]*(?:\n|$)/gm;
export function withoutQuotedLines(text: string): string {
  const reply = text.replace(QUOTED_LINE, '').trim();
  return /\p{L}/u.test(reply) ? reply : text;
}

/**
 * A sign-off and what follows it (name, title, company, disclaimer, "Sent from my iPhone"): not
 * part of what the customer said. Only a sign-off on its own line, or a "--" signature marker.
 */
const SIGN_OFF_LINE =
  /^[ \t]*(?:--[ \t]*$|sent from my |(?:(?:(?:kind|best|warm) )?regards|best|cheers|cordialement|bien (?:a|à) vous|saludos|un saludo|atentamente|mit freundlichen gr(?:ü|u|ue)(?:ß|ss)en|viele gr(?:ü|u|ue)(?:ß|ss)e|beste gr(?:ü|u|ue)(?:ß|ss)e|atenciosamente|abra[cç]os|cordiali saluti|distinti saluti|met vriendelijke groet|groeten|pozdrawiam|z powa[zż]aniem)[,.!]?[ \t]*$)/i;
export function withoutSignOff(text: string): string {
  const lines = text.split('\n');
  const at = lines.findIndex((line, i) => i > 0 && SIGN_OFF_LINE.test(line));
  return (at > 0 && lines.slice(0, at).join('\n').trim()) || text;
}

/** Either case of a word's first letter: "Office Manager" and "office manager". */
const eitherCase = (word: string) => `[${word[0]!.toUpperCase()}${word[0]}]${word.slice(1)}`;
const ROLE = `(?:${[
  'manager',
  'buyer',
  'admin',
  'administrator',
  'owner',
  'contact',
  'assistant',
  'coordinator',
  'lead',
  'director',
  'accountant',
  'bookkeeper',
  'purchaser',
  'rep',
]
  .map(eitherCase)
  .join('|')})`;
const COMPANY = String.raw`(?:\s+(?:at|from|with|for)\s+\p{Lu}[\p{L}\d'’.-]*(?:\s+(?:&|and|\p{Lu}[\p{L}\d'’.-]*))*)?`;
/**
 * The sender introducing themselves by role ("new office manager here at Granite & Pine", "I'm
 * the new purchasing lead at Alder Foods", "this is your new contact"): who writes, not whom they
 * want to speak with, and beside a greeting it asks nothing. Taken out before the courtesy words
 * are read; the company's name after it is capitalised.
 */
const SELF_INTRODUCTION = new RegExp(
  String.raw`(?:(?:[Nn]ew|[Tt]he|[Yy]our)\s+)?(?:[\p{L}-]+\s+){0,2}?${ROLE}s?\s+here${COMPANY}|(?:[Ii]'?m|[Ii] am|[Tt]his is)\s+(?:(?:the|your|a|an)\s+)?(?:new\s+)?(?:[\p{L}-]+\s+){0,2}?${ROLE}s?${COMPANY}`,
  'gu',
);
/** "(wanted) to introduce myself" greets. */
const INTRODUCING_MYSELF = /\b(?:(?:just )?wanted |want )?(?:to )?introduc(?:e|ing) (?:myself|ourselves)\b/gi;

/**
 * A colleague introduced to the channel ("Welcome Sam, our new buyer, who'll be in this channel
 * from now on!", "please welcome Ana, who is joining the team", "say hi to Tom, our new office
 * manager", "bienvenida Lucía, nuestra nueva compradora"): who they are and where they will be,
 * beside a welcome, asks nothing. Read as "welcome"; the name itself is taken out by withoutNames.
 */
const COLLEAGUE_INTRODUCED = new RegExp(
  [
    String.raw`\b(?:[Pp]lease )?(?:welcome|say (?:hi|hello) to|meet)\b`,
    String.raw`\b(?:[Oo]ur|[Mm]y|[Tt]he) (?:new )?(?:[\p{L}-]+\s+){0,2}?${ROLE}s?(?![\p{L}])${COMPANY}`,
    String.raw`\b(?:who|that|she|he|they)(?:'ll| will|'s| is| are|'re| has| have)? (?:be |now )?(?:in|on|joining|covering|handling|looking after|taking over|joined|taken over) (?:this|the|our|us|the team|this team)(?: (?:channel|thread|chat|group|account|orders|team))?(?: (?:from now on|going forward|from today|from (?:monday|next week)|as of today|for us|too|as well))?`,
    // es, fr, de, pt, it, nl, pl: "nuestra nueva compradora", "notre nouvel acheteur", "unser neuer Einkäufer"
    String.raw`\b(?:[Nn]uestr[oa]|[Nn]otre|[Uu]nser(?:e|en)?|[Nn]oss[oa]|(?:[Ii]l |[Ll]a )?[Nn]ostr[oa]|[Oo]nze|[Nn]asz[a]?) (?:nuev[oa]|nouvel(?:le)?|nouveau|neuer?|nov[oa]|nuov[oa]|nieuwe|now[ay]) (?:compradora?|contable|responsable|gerente|asistente|acheteu(?:r|se)|comptable|assistante?|gestionnaire|eink(?:ä|a|ae)ufer(?:in)?|buchhalter(?:in)?|ansprechpartner(?:in)?|assistent(?:in)?|contador(?:a)?|assistente|responsabile(?: acquisti)?|referente|inkoper|boekhouder|contactpersoon|ksi[eę]gow[ay]|kierownik|asystent(?:ka)?|zaopatrzeniowiec)\b`,
    String.raw`\b(?:que estar[aá] en este canal|qui sera (?:sur|dans) ce canal|(?:der|die) ab (?:jetzt|sofort) (?:in diesem kanal|hier) (?:ist|dabei ist|mitliest)|que vai estar neste canal|che sar[aà] in questo canale|die vanaf nu in dit kanaal zit|kt[oó]r[ya] b[eę]dzie (?:na|w) tym kanale)(?: (?:a partir de ahora|d[eé]sormais|a partir de agora|d'ora in poi|od teraz))?`,
  ].join('|'),
  'gu',
);

/** Only beside a welcome is a role phrase ("our new buyer") someone introduced. */
const WELCOMED =
  /\b(?:welcome|say (?:hi|hello) to|meet|bienvenid[oa]s?|bienvenue|willkommen|bem-?vind[oa]s?|benvenut[oaie]|welkom|witamy)\b/i;

function withoutSelfIntroduction(text: string): string {
  const introduced = text.replace(SELF_INTRODUCTION, ' ').replace(INTRODUCING_MYSELF, ' hello ');
  if (!WELCOMED.test(introduced)) return introduced;
  return introduced.replace(COLLEAGUE_INTRODUCED, (m) =>
    /^(?:[Pp]lease |[Ww]elcome|[Ss]ay|[Mm]eet)/.test(m) ? ' welcome ' : ' ',
  );
}

export function isCourtesyOnly(said: string): boolean {
  // "how kind of you", "who knew?", "太快了": exclamations shaped like questions read as approval;
  // "how was your weekend?" beside thanks is small talk.
  const raw = withExclamationsRead(withSmallTalkRead(withoutQuotedLines(said)));
  // A question mark or an unhappy face anywhere, below the sign-off too ("P.S. can you refund
  // 1045?"), is something to answer; only the courtesy words are read above it.
  const whole = emojiForShortcodes(raw);
  if (ASKS.test(whole) || UNHAPPY.test(whole)) return false;
  const text = withoutSelfIntroduction(emojiForShortcodes(withoutSignOff(raw)));
  // "the refund for 1045 came through, thanks": an order number beside word that it arrived.
  if (arrivedWithThanks(foldWord(text))) return true;
  if (/\d/.test(text)) return false;
  const scriptless = withoutOwnStepsInScript(text.replace(SCRIPT_EXCLAMATION, ' '))
    .replace(/[\u064B-\u065F\u0670]/g, '')
    .replace(/[\s\p{P}\p{S}\p{Extended_Pictographic}]/gu, '');
  if (/[\u0E00-\u0E7F\u3040-\u30FF\u4E00-\u9FFF\u0600-\u06FF]/u.test(scriptless)) {
    const unwished = scriptless.replace(SEASON_WISH_SCRIPT, '');
    // "太快了", "なんて早い": marvel at the help counts as thanks (taken out of the text above).
    const exclaimed = said.search(SCRIPT_EXCLAMATION) >= 0;
    return (
      (unwished !== scriptless || exclaimed || CJK_THAI_ARABIC_CORE.test(scriptless)) &&
      unwished.replace(CJK_THAI_ARABIC_PIECE, '') === ''
    );
  }
  const wished = hasSeasonWish(foldWord(text));
  const folded = withClosingsRead(foldWord(withoutNames(text)).replace(HOLIDAY_EMOJI, ' ok '))
    .replace(NEVER_MIND, ' nvm ')
    .replace(APPRECIATED_HELP, ' appreciated ')
    .replace(PRAISED, ' lifesaver ')
    .replace(THANKS_FOR, ' ')
    .replace(JUST_WHAT_WAS_NEEDED, ' perfect ');
  const words = folded.split(/[^\p{L}]+/u).filter(Boolean);
  if (!words.length || words.length > MAX_COURTESY_WORDS) return false;
  // Beside a wish, who sends or receives it is courtesy too, and a second harmless word (a
  // company's own name in lower case: "from all of us at the granite yard") passes.
  const extra = words.filter(
    (w) => !COURTESY_CORE.has(w) && !COURTESY_FILLER.has(w) && !(wished && SEASON_COMPANY.has(w)),
  );
  return (
    words.some((w) => COURTESY_CORE.has(w)) &&
    extra.length <= (wished ? 2 : 1) &&
    extra.every(isHarmlessExtra)
  );
}
