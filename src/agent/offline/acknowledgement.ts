import type { Intent } from '../../domain/index.js';
import { ACTED_ON_SCRIPT } from '../closing-words.js';
import { showsUnhappiness } from '../pleasantry.js';
import { GONE_WRONG, IMPERATIVE } from '../thanks-statement.js';
import { fold } from './text.js';

/** Some word: emoji and punctuation alone are decided by the emoji rule (pleasantry.ts). */
const A_WORD = /\p{L}/u;

/**
 * Below this the intent model's "other" makes no acknowledgement. With it, on the labelled sets
 * (train, dev, train2, dev2–dev13, dev15) 13 acknowledgements the pleasantry patterns missed are
 * let pass and no line routed otherwise changes once questions, requests and tests are kept out.
 */
const OTHER_MIN_PROBABILITY = 0.4;

/**
 * A question or a request in any of the supported languages: a mark, an ask, a question word.
 * An off-topic message that asks for something ("can you write me a poem") is still answered.
 */
const ASKS = new RegExp(
  [
    String.raw`[?？؟¿]`,
    // a request anywhere
    String.raw`\b(?:can|could|would|will|please|pls|plz|need|want|write|tell|send|give|help|puede|puedes|podria|podrian|por favor|quiero|necesito|pouvez|peux|pourriez|voudrais|veux|besoin|s'il|bitte|konnen|konnt|kannst|konnten|brauche|mochte|pode|podem|poderia|quero|preciso|puoi|potete|potreste|vorrei|voglio|per favore|kun|kunt|kunnen|wil|graag|alsjeblieft|mozesz|mozecie|prosze|chce|potrzebuje)\b`,
    // a question word, except one inside a statement ("exactly what we wanted")
    String.raw`\b(?:what|whats|how|when|where|why|who|which|should|shall|may|might|que|como|cuando|donde|quoi|comment|quand|pourquoi|was|wie|wann|wo|warum|quando|onde|cosa|quanto|perche|wat|hoe|wanneer|waar|waarom|co|jak|kiedy|gdzie|dlaczego)\b`,
    String.raw`(?:^|[.,;:!]\s*)(?:is|are|do|does|did)\b|\b(?:is|are) (?:this|that|it|there)\b`,
    // a test of the channel is for a person to see; a turn against the thanks is a complaint;
    // an opening ("hmm so about the thing") leads up to something still to be said
    String.raw`\btest(?:ing)?\b|n't\b|\b(?:not|no|nothing|never|but|still|yet|however|except|wrong|issue|problem|rather|call|phone|pero|mais|aber|maar|ale|pas|nicht|kein\w*|nao|non|niet|nie|toujours|immer|todavia|ainda|ancora|steeds|wciaz|nadal|pourtant|trotzdem|about|regarding|hmm+)\b`,
    String.raw`请|吗|ください|お願い|ได้ไหม|ไหม|ช่วย|هل|ممكن|أريد|اريد`,
  ].join('|'),
  'u',
);
/**
 * The same in the scripts without spaces, read in the text as written (folding strips Thai vowel
 * and tone marks): an ask, or a turn against the thanks ("but", "not yet", "not").
 */
const ASKS_IN_SCRIPT =
  /请|吗|ください|お願い|ได้ไหม|ไหม|(?<!ที่)ช่วย|هل|ممكن|أريد|اريد|でも|しかし|けど|まだ|ません|ないです|但|可是|却|还没|没有|不是|แต่|ยังไม่|ไม่ได้|لكن|لم|ليس/u;

/**
 * Something gone wrong with an order, said in a script without spaces: not received (also without
 * a "but": "订单显示已签收，我们没收到"), lost, broken, short or wrong. A report the model reads as
 * small talk is still a complaint to answer.
 */
const GONE_WRONG_IN_SCRIPT =
  /没收到|沒收到|未收到|收不到|没到|沒到|丢了|丢失|遗失|不见了|坏了|损坏|破损|碎了|少了|缺少|发错|寄错|错了|届いていない|届いてない|届かない|受け取っていない|壊れ|破損|割れ|足りない|不足|間違|紛失|ไม่ได้รับ|ไม่ถึง|เสียหาย|แตก|พัง|ส่งผิด|ได้ผิด|ไม่ครบ|لم يصل|لم تصل|لم نستلم|لم أستلم|تالف|مكسور|ناقص|مفقود|ضاع/u;

/**
 * A question word in a script without spaces, asked without a mark ("你们支持哪些付款方式",
 * "どうすればいいですか", "ทำยังไง", "كيف أغير"): the model's small talk cannot answer it.
 */
const QUESTION_WORD_IN_SCRIPT =
  /哪|什么|甚麼|怎么|怎麼|怎样|如何|为什么|為什麼|多少|几天|幾天|是否|能否|可否|有没有|有沒有|是不是|どう(?!も)|何(?!から|度|か)|いつ(?!も)|どこ|なぜ|どれ|ですか|ますか|でしょうか|อะไร|ยังไง|อย่างไร|เมื่อไร|เมื่อไหร่|ที่ไหน|ทำไม|กี่|เท่าไหร่|เท่าไร|มั้ย|หรือไม่/u;
/** Arabic question words, whole words only: "كم" is also inside "لكم" ("شكرا لكم"). */
const ARABIC_QUESTION_WORD = /(?:^|[\s،.])(?:ماذا|ما هي|ما هو|كيف|متى|أين|اين|لماذا|كم|أي|اي)(?=[\s،.]|$)/u;

/**
 * A request said in few words ("kill 1013", "scrap it", "ditch the second box"): a verb that
 * stops or drops something, opening a clause.
 */
const CALLS_OFF = /(?:^|[.,;:!—–-]\s*)(?:kill|scrap|ditch|nix|axe|bin|void|drop|stop|pause|halt|pull|yank)\b/;
/** "exactly what we wanted", "just what I needed": a question word inside a statement. */
const STATED = /\b(?:exactly|just|precisely|that'?s|is|was) (?:what|how)\b/g;

/**
 * A message that asks nothing and that the intent model reads as small talk ("np, have a good
 * weekend!", "perfect — I'll let the team know", "brb lunch"), beside the word lists of
 * pleasantry.ts: the customer closes or acknowledges in their own words, which no list foresees.
 * The model's reading decides; code only checks nothing is asked (no question, no request word)
 * and nothing for someone to act on (a bare request, something gone wrong).
 * Code keeps for itself what is never a pleasantry (a breach, lost data, injected instructions).
 */
export function isAcknowledgement(text: string, probabilities: Partial<Record<Intent, number>>): boolean {
  const said = fold(text).replace(STATED, ' ');
  return (
    (probabilities.other ?? 0) >= OTHER_MIN_PROBABILITY &&
    A_WORD.test(text) &&
    !ASKS.test(said) &&
    !ASKS_IN_SCRIPT.test(text) &&
    !GONE_WRONG_IN_SCRIPT.test(text) &&
    !QUESTION_WORD_IN_SCRIPT.test(text) &&
    !ARABIC_QUESTION_WORD.test(text) &&
    !CALLS_OFF.test(said) &&
    !showsUnhappiness(text) &&
    // "thanks Jonas, refund it", "好的，我们等退款", "thanks for the useless reply": a bare verb
    // asking something, money or a failure named in a script without spaces, or something gone
    // wrong is for someone to read ("got the refund, thanks" told back stays an acknowledgement)
    !GONE_WRONG.test(said) &&
    !IMPERATIVE.test(said) &&
    !ACTED_ON_SCRIPT.test(text)
  );
}
