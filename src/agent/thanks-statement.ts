/**
 * Thanks, approval or an acknowledgement followed by a short account of the customer's own day
 * ("thanks, that sorted it, back to my inbox", "perfect, found the invoices where you said",
 * "merci, on a tout rangé dans le dossier partagé", "ありがとうございます。資料に添付しておきま
 * す。"): the message acknowledges and tells; it asks nothing. pleasantry.ts accepts courtesy
 * words with one extra word at most, so any account of what the customer did or will do made it
 * a question to answer, and a person was paged for it.
 *
 * The thanks must open the message: a greeting does not ("hi team, close our account, thanks"
 * wraps a request in courtesy). Read as a pleasantry only when nothing in it is for us to act on:
 * no question or request word, no bare verb asking something, no turn ("but", "still", "not"),
 * no person asked for, no number (an order, an amount), nothing gone wrong and no support concept
 * someone must act on (a refund, a charge, a login, an error, an outage, lost data, a security
 * word). "Thanks everyone" addresses people; "everyone" there names no one who cannot work.
 * The concern model still reads the message (understand.ts): an incident it finds is never a
 * pleasantry.
 */

import { isHarmlessStep, withClosingsRead } from './closing-words.js';
import { withExclamationsRead } from './exclamations.js';
import { withSmallTalkRead } from './small-talk.js';
import { fold } from './offline/text.js';
import { showsUnhappiness, withoutQuotedLines } from './pleasantry.js';
import { withoutSalutation } from './salutation.js';

const MAX_WORDS = 22;

/**
 * Thanks, approval or acknowledgement that opens the message ("perfect, …", "noted, …", "thanks —
 * …", "entendido, …", "alles klar, …"); a set closing phrase read as "ok" by closing-words.ts
 * opens it too ("sorry, wrong channel — …"). A greeting does not: "hi team, close our account,
 * thanks" wraps a request in courtesy.
 */
export const OPENER = new RegExp(
  String.raw`^\W*(?:` +
    [
      // en
      String.raw`thanks|thank (?:you|u)|thankyou|thx|tks|ty|cheers|many thanks|much appreciated|appreciated|ok|okay|perfect|great|brilliant|awesome|amazing|excellent|fantastic|wonderful|lovely|sweet|nice|cool|super|noted|understood|received|welcome|welcoming|haha+|lol|that did the trick|that worked|all good|got (?:the|your) \w+|(?:really |much |greatly |truly )?appreciate (?:it|that|this|you|y'all|you all)`,
      // es, fr, de, pt, it, nl, pl
      // es, fr, de, pt, it, nl, pl; thanks made stronger ("mil gracias", "mille grazie",
      // "tausend Dank", "hartelijk dank", "wielkie dzięki") opens as plain thanks does
      String.raw`gracias|(?:muchas|muchisimas|mil) gracias|perfecto|genial|estupendo|entendido|recibido|vale|bienvenid[oa]s?|(?:se|lo|te|os|les) agradec(?:e|emos)|(?:lo |se lo )?agradezco`,
      String.raw`merci|mille mercis?|parfait|genial|super|note|compris|bien recu|bienvenue|(?:j'apprecie|c'est apprecie|nous apprecions)`,
      String.raw`danke|(?:vielen|tausend|herzlichen|besten) dank|perfekt|super|prima|toll|verstanden|alles klar|willkommen|(?:weiss ich zu schatzen|wissen wir zu schatzen)`,
      String.raw`obrigad[oa]|muit[oa] obrigad[oa]|mil obrigad[oa]s|perfeito|otimo|entendido|recebido|bem-vind[oa]|bem vind[oa]|agradec(?:o|emos)`,
      String.raw`grazie|mille grazie|grazie mille|perfetto|ottimo|capito|ricevuto|benvenut[oaie]|(?:lo |la )?apprezz(?:o|iamo)`,
      String.raw`bedankt|(?:hartelijk|heel erg|reuze) bedankt|hartelijk dank|dank (?:je|u)(?: wel)?|dankjewel|dankuwel|perfect|top|begrepen|ontvangen|welkom|(?:ik waardeer|we waarderen|wordt gewaardeerd)`,
      String.raw`dziekuje|dziekujemy|dzieki|(?:wielkie|stokrotne) dzieki|serdecznie dziekuje(?:my)?|swietnie|super|rozumiem|jasne|przyjete|witamy|doceniam(?:y)?`,
    ].join('|') +
    String.raw`)\b`,
);

/** A request said as a bare verb after the thanks ("thanks, show me my orders", "ok, close our account"). */
export const IMPERATIVE =
  /(?:^|[.,;:!—–-]\s*)(?:show|send|resend|update|change|remove|delete|close|set|add|cancel|refund|check|give|make|put|reset|connect|transfer|book|schedule|move|switch|upgrade|downgrade|unlock|invite|escalate|get me|find|look)\b|\b(?:merci|danke|grazie) (?:de|d'|fur|di) \w+(?:er|ir|re|en)\b|\b(?:adicionar|remover|alterar|cancelar|mudar|enviar|trocar|anadir|eliminar|cambiar|borrar|ajouter|supprimer|changer|envoyer|annuler|hinzufugen|entfernen|andern|schicken|stornieren|aggiungere|rimuovere|cambiare|inviare|annullare|toevoegen|verwijderen|wijzigen|sturen|annuleren|dodac|usunac|zmienic|wyslac|anulowac)\b/;

/** A greeting or good wish to everyone: the address, not people who cannot work. */
export const ADDRESS_ALL =
  /\b(?:all|everyone|everybody|y'all|you all|all of you|team|folks|people|todos|tout le monde|a tous|alle|zusammen|tutti|iedereen|allemaal|wszystkim|wszyscy)\b/g;

/** A question, a request or a turn against the thanks, in the eight Latin-script languages. */
export const ASKS_OR_TURNS = new RegExp(
  [
    String.raw`[?¿]`,
    String.raw`\b(?:can|could|would|please|pls|plz|need|needs|want|wants|send|give|help|tell me|let me know|puede|puedes|podria|podrian|por favor|quiero|necesito|necesitamos|pouvez|peux|pourriez|voudrais|besoin|s'il vous|bitte|konnen|konnt|kannst|konnten|brauche|brauchen|mochte|pode|podem|poderia|quero|preciso|precisamos|puoi|potete|potreste|vorrei|voglio|per favore|kun|kunt|kunnen|graag|alsjeblieft|mozesz|mozecie|prosze|chce|potrzebuje|potrzebujemy|wil|wilt|willen|chcemy|chcialbym|chcialabym|gostaria|gostariamos|quisiera|queremos|voudrions|mochten|wollen|vorremmo)\b`,
    // an English question word asks at a clause's start or before its verb ("where do I…", "how
    // long…"), not inside a statement ("found it where you said", "when she's back")
    String.raw`(?:^|[.,;:!—–-]\s*)(?:what|whats|how|where|why|who|which|should|shall|is|are|do|does|did)\b|\b(?:what|how|where|why|who|which|when)(?: (?:do|does|did|is|are|was|were|can|could|will|would|should|shall|may|might|has|have|much|many|long|often|soon|to))\b`,
    String.raw`\b(?:do|does|did|is|are|can|could|will|would|should|shall|may|might|has|have)\s+(?:i|we|you|it|they|he|she|there|this|that)\b`,
    // a verb of the polite plural opening a clause is a request ("stoppez…", "disdite…")
    String.raw`(?:^|[.,;:!—–-]\s*)(?!appreciate\b)\p{L}+(?:ez|ate|ete|ite)\b`,
    String.raw`\b(?:que|como|cuando|donde|quoi|comment|quand|pourquoi|wie|wann|warum|onde|quando|cosa|perche|hoe|wanneer|waar|waarom|jak|kiedy|gdzie|dlaczego|czy|combien|quel|quelle|quels|ne|n'|plus|keeps|keep)\b`,
    // a person asked for, beside the thanks ("I'd rather speak with a person, thanks")
    String.raw`\b(?:rather|speak|talk|call|person|human|agent|someone|somebody|manager|staff|medewerker|hablar|persona|parler|personne|sprechen|mensch|falar|pessoa|parlare|spreken|mens|rozmawiac|osoba)\b`,
    String.raw`n't\b|\b(?:cannot|unable|not|no|nothing|never|but|still|yet|however|except|though|although|wrong|issue|issues|problem|problems|(?<!\b(?:happy|glad|smiling|relieved|content|calm) )again|pero|todavia|mais|toujours|pas|aber|nicht|kein\w*|noch|nao|mas|ainda|non|ancora|ma|maar|niet|geen|nog|ale|nie|wciaz|nadal)\b`,
  ].join('|'),
  'u',
);

/** Something gone wrong, said plainly (folded). */
export const GONE_WRONG =
  /\b(?:damaged|broken|broke|missing|lost|late|delayed|short|cracked|dented|faulty|defective|leaking|stuck|empty|failed|fails|failing|failure|slow|crash\w*|expired|locked|blocked|charged|duplicate|urgent|asap|roto|rota|danad[oa]|casse|kaputt|defekt|quebrad[oa]|rott[oa]|kapot|zepsut\w*|uszkodzon\w*|useless|pointless|unhelpful|worthless|hopeless|waste|joke|wtf|ugh|sigh|seriously|inutil\w*|nutzlos|nutteloos|bezuzyteczn\w*|unacceptable|ridiculous|terrible|awful|disappointed|disappointing|frustrat\w*|annoy\w*)\b/;

/** In scripts without spaces: a word of thanks or acknowledgement, and what keeps it a message to answer. */
const SCRIPT_THANKS =
  /^[\s\p{P}\p{S}]*(?:ありがとう|感謝|助かりました|了解|承知|素晴らしい|完璧|谢谢|謝謝|感谢|多谢|收到|好的|太好了|完美|ขอบคุณ|รับทราบ|โอเค|เยี่ยม|شكرا|شكراً|مشكور|جزاك|تمام|ممتاز|رائع)/u;
export const SCRIPT_ASKS =
  /[?？؟]|请|吗|麻烦|帮我|人工|转接|ください|下さい|お願い|担当者|オペレーター|ได้ไหม|ไหม|(?<!ที่)ช่วย(?!ได้(?:เยอะ|มาก))|หรือเปล่า|เจ้าหน้าที่|でも|しかし|まだ|ません|ない|但|还没|没有|不|แต่|ยัง|ไม่/u;
/** Arabic asks and turns, as whole words: "لم" is also inside "المعلومة". */
export const ARABIC_ASKS =
  /(?:^|[\s،.])(?:هل|ممكن|أريد|اريد|نريد|يرجى|الرجاء|لكن|ولكن|لم|ليس|لا|موظف)(?=[\s،.]|$)/u;
const SCRIPT_LETTERS = /[\u0E00-\u0E7F\u3040-\u30FF\u4E00-\u9FFF\u0600-\u06FF]/u;
const MAX_SCRIPT_CHARS = 90;

/** True for thanks, approval or a greeting with a short statement beside it that asks nothing. */
export function isThanksStatement(raw: string): boolean {
  // "how good is that — all done before lunch": an exclamation opens as approval does.
  // Small talk is taken out: it opens nothing ("how are you? our office moves in May" is news).
  const text = withExclamationsRead(withSmallTalkRead(withoutQuotedLines(raw), ' ')).trim();
  if (!text || /\d/.test(text) || showsUnhappiness(text)) return false;
  if (SCRIPT_LETTERS.test(text)) {
    const letters = text.replace(/[\s\p{P}\p{S}]/gu, '');
    return (
      letters.length <= MAX_SCRIPT_CHARS &&
      SCRIPT_THANKS.test(text) &&
      !SCRIPT_ASKS.test(text) &&
      !ARABIC_ASKS.test(text) &&
      isHarmlessStep(text)
    );
  }
  const folded = fold(text).replace(/[’‘]/g, "'");
  const read = withClosingsRead(folded);
  const words = folded.split(/[^\p{L}']+/u).filter(Boolean);
  if (!words.length || words.length > MAX_WORDS) return false;
  // Only a greeting and a good wish to everyone ("good morning all, hope everyone had a nice weekend").
  if (!/[?¿？]/u.test(text) && !/\p{L}/u.test(withoutSalutation(text))) return true;
  if (!OPENER.test(read)) return false;
  if (ASKS_OR_TURNS.test(read) || GONE_WRONG.test(read) || IMPERATIVE.test(read)) return false;
  return isHarmlessStep(read.replace(ADDRESS_ALL, ' '));
}
