import type { Sentiment } from '../domain/index.js';
import { isPlainFollowUpQuestion, narrowsMissedQuestion } from './follow-up.js';
import { NEGATIVE, NOT_HELPED } from './lexicon.js';
import { fold } from './offline/text.js';
import { says, words } from './term-match.js';
import type { AgentInput } from './types.js';

/** What the thread so far says about this message, found by code from the stored transcript. */
export interface ThreadSignals {
  /** The bot already answered in this ticket (before this message). */
  afterBotAnswer: boolean;
  /** An earlier customer message the bot answered asked the same thing. */
  repeatsQuestion: boolean;
  /**
   * The customer says the bot's answer did not help ("that didn't help", "no me ayudó"), and does
   * not just ask the missed question again more precisely (follow-up.ts).
   */
  saysNotHelped: boolean;
  /**
   * A question with no complaint code hears in it (follow-up.ts): the engine's negative reading
   * alone does not hand it to a person.
   */
  plainFollowUp: boolean;
  /** Negative by code (angry words, "!!", capitals), whatever a model made of it. */
  negative: boolean;
}

/** Content words of a message: folded, no short filler, order numbers kept (they say which order). */
function contentWords(text: string): Set<string> {
  return new Set(words(text).filter((w) => w.length > 2 || /^\d+$/.test(w)));
}

/**
 * The same question again: most of the shorter message's content words appear in the other
 * ("Where is order 1045?" / "where is my order 1045??"). Short acknowledgements never count.
 */
export function sameQuestion(a: string, b: string): boolean {
  const x = contentWords(a);
  const y = contentWords(b);
  const small = x.size <= y.size ? x : y;
  const large = small === x ? y : x;
  if (small.size < 3) return false;
  let shared = 0;
  for (const w of small) if (large.has(w)) shared += 1;
  return shared / small.size >= 0.8;
}

/**
 * "Ok but how long until it shows up?" after an answer on the same subject: the customer takes the
 * answer and asks again past it, so it did not settle the question. A "but" that opens the reply
 * and a question, sharing a word with what was asked or answered before ("refund" / "refunds");
 * a new subject after "ok but" ("ok but can I also get the invoice?") shares none.
 */
const BUT_OPENING =
  /^\W*(?:(?:ok(?:ay)?|yes|yeah|yep|sure|right|fine|understood|i know|i get (?:it|that)|got it|si|vale|oui|d'accord|ja|klar|sim|ta|tak|jasne|prima)\W+)?(?:but|pero|mais|aber|mas|ma|maar|ale)\b/;
const QUESTION_WORD =
  /\b(?:how|when|where|why|what|which|is|are|does|do|can|will|cuando|como|donde|por que|quand|comment|ou|pourquoi|wann|wie|wo|warum|quando|onde|dove|perche|wanneer|hoe|waar|waarom|kiedy|jak|gdzie|dlaczego)\b/;
const stem = (w: string) => w.slice(0, 5);
function pushesBack(text: string, before: string[]): boolean {
  const f = fold(text);
  if (!BUT_OPENING.test(f) || !(/[?¿]/.test(text) || QUESTION_WORD.test(f))) return false;
  const mine = new Set([...contentWords(text)].filter((w) => w.length > 3).map(stem));
  return before.some((m) => [...contentWords(m)].some((w) => w.length > 3 && mine.has(stem(w))));
}

/** Angry words, doubled exclamation marks, angry faces or shouting, in the supported languages. */
export function soundsNegative(text: string): boolean {
  return says(text, NEGATIVE) || /!!|[😡😠🤬]/u.test(text) || /\b[A-Z]{5,}\b/.test(text);
}

/**
 * Signals for routing from the ticket's history (oldest first, the current message last): a repeat
 * of a question the bot answered, "that didn't help", and negativity after a bot answer all hand
 * the ticket to a person (see route.ts).
 */
export function threadSignals(history: AgentInput['history'], text: string): ThreadSignals {
  // The current message, wherever it sits: one sent while the thread's previous message was being
  // answered is stored (at its acceptance time) before that answer, and is no repeat of itself.
  const current = history.findLastIndex((m) => m.role === 'customer' && m.text === text);
  const earlier = current >= 0 ? history.filter((_, i) => i !== current) : history;
  const lastBot = earlier.map((m) => m.role).lastIndexOf('bot');
  const afterBotAnswer = lastBot >= 0;
  const answeredQuestions = earlier.slice(0, Math.max(0, lastBot)).filter((m) => m.role === 'customer');
  const negative = soundsNegative(text);
  return {
    afterBotAnswer,
    repeatsQuestion:
      afterBotAnswer &&
      (answeredQuestions.some((m) => sameQuestion(m.text, text)) ||
        pushesBack(
          text,
          earlier.filter((m) => m.role === 'customer' || m.role === 'bot').map((m) => m.text),
        )),
    saysNotHelped: afterBotAnswer && says(text, NOT_HELPED) && !narrowsMissedQuestion(text),
    plainFollowUp: afterBotAnswer && !negative && isPlainFollowUpQuestion(text),
    negative,
  };
}

/** The sentiment routing uses: the engine's, made negative when code hears it. */
export function routedSentiment(engine: Sentiment, signals: Pick<ThreadSignals, 'negative'>): Sentiment {
  return signals.negative ? 'negative' : engine;
}
