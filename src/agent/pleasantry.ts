/**
 * Messages made only of emoji and punctuation ("👍", "🙂🙂🔥", "🙏🏽", "❤️‍🔥", ":)") acknowledge
 * rather than ask: they are pleasantries, decided by code for both engines (no model call can
 * turn them into an escalation "could not classify").
 *
 * Two kinds stay questions, because a person reading them would answer: a question mark
 * ("???", "🤔?" — a nudge in a waiting thread) and unhappy faces ("😡", "👎" — the answer did not
 * help). An empty message is not a pleasantry either: adapters send one for a file or an image.
 */

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
    'thnx tks spot ' +
    // es, fr, de, pt, it, nl, pl
    'gracias perfecto perfecta genial vale listo funciona funciono solucionado resuelto estupendo excelente hola ' +
    'merci parfait parfaite regle resolu bonjour nickel impeccable marche ' +
    'danke dankeschon perfekt toll prima geklappt klappt funktioniert passt erledigt bestens wunderbar ' +
    'obrigado obrigada valeu perfeito otimo funcionou resolvido beleza ' +
    'grazie perfetto ottimo risolto buongiorno buonasera gentilissimo gentilissima gentilissimi gentilissime gentili ' +
    'sistemato ' +
    'bedankt dankjewel dankuwel opgelost goedemorgen fijn ' +
    'dziekuje dziekujemy dzieki swietnie dziala porzadku'
  ).split(' '),
);
const COURTESY_FILLER = new Set(
  (
    'much very so a lot lots loads ton bunch all now that this it thats its s did the trick helpful helped kind of you your ' +
    're ll ve d m exactly just what needed wanted on everyone everybody yall ' +
    'again there dear day have nice weekend will do makes sense sounds got team guys folks everything set oh ah wow ' +
    'really truly and for working on our my side end we are i am me us here dir ihnen euch vous voi te ti ' +
    'muchas muchisimas mil muy amable amables todo bien bueno buenos buenas dias tardes ya por ' +
    'beaucoup bien tout bon bonne journee c est ca tres fois vous ' +
    'vielen dank sehr schon jetzt alles gut klar guten tag abend hat es ' +
    'muito muita deu certo tudo bom boa dia tarde ' +
    'mille tutto a posto bene benissimo molto tante ' +
    'dank je wel u helemaal goed zo het werkt weer hartelijk ' +
    'bardzo wszystko dzien dobry w'
  ).split(' '),
);
/** "for the help", "por la ayuda": thanks for something, not a request for it. */
const THANKS_FOR =
  /\b(?:for|por|pour|fur|pela|pelo|per|voor|za) (?:the |your |all (?:the |your )?|la |tu |su |votre |ton |die |ihre |deine |a |sua |l'|il |vostro |de |je |uw |twoja )?(?:(?:quick|fast|speedy|prompt|swift|great|detailed|clear|kind|helpful|rapida|rapido|rapide|schnelle|snelle|veloce|szybka|szybkie|szybka) )?(?:help|reply|replies|answer|info|information|quick (?:reply|response|answer)|response|support|checking|looking|ayuda|respuesta|aide|reponse|hilfe|antwort|ajuda|resposta|aiuto|risposta|hulp|antwoord|pomoc|odpowiedz)\b/g;
const MAX_COURTESY_WORDS = 10;

// Scripts written without spaces: the message is courtesy pieces end to end (original text: folding
// would strip Thai vowels and Japanese voicing marks).
const CJK_THAI_ARABIC_CORE =
  /ขอบคุณ|ขอบใจ|โอเค|ありがとう|有難う|助かりました|解決しました|了解|承知しました|谢谢|謝謝|多谢|感谢|好的|解决了|شكرا|مشكور|تمام|ممتاز/u;
const CJK_THAI_ARABIC_PIECE =
  /ขอบคุณ|ขอบใจ|โอเค|มากๆ|มาก|นะ|ครับ|คับ|ค่ะ|คะ|ค่า|จ้า|ที่ช่วย|ๆ|ありがとう|有難う|ございます|ございました|どうも|本当に|ほんとうに|とても|助かりました|助かります|解決しました|了解です|了解|承知しました|です|谢谢|謝謝|多谢|感谢|非常|太|好的|好|问题|已经|解决了|没问题|你们|您|你|啦|了|شكرا|جزيلا|لكم|لك|كثيرا|مشكور|تمام|ممتاز|ألف|الف/gu;

export function isCourtesyOnly(raw: string): boolean {
  const text = emojiForShortcodes(raw);
  if (ASKS.test(text) || /\d/.test(text) || UNHAPPY.test(text)) return false;
  const scriptless = text
    .replace(/[\u064B-\u065F\u0670]/g, '')
    .replace(/[\s\p{P}\p{S}\p{Extended_Pictographic}]/gu, '');
  if (/[\u0E00-\u0E7F\u3040-\u30FF\u4E00-\u9FFF\u0600-\u06FF]/u.test(scriptless)) {
    return CJK_THAI_ARABIC_CORE.test(scriptless) && scriptless.replace(CJK_THAI_ARABIC_PIECE, '') === '';
  }
  const folded = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[’‘`]/g, "'")
    .toLowerCase()
    .replace(/ł/g, 'l')
    .replace(THANKS_FOR, ' ');
  const words = folded.split(/[^\p{L}]+/u).filter(Boolean);
  if (!words.length || words.length > MAX_COURTESY_WORDS) return false;
  return (
    words.some((w) => COURTESY_CORE.has(w)) &&
    words.every((w) => COURTESY_CORE.has(w) || COURTESY_FILLER.has(w))
  );
}
