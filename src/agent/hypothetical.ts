/**
 * Questions about what the policy would allow someday, which ask for nothing now: "Hypothetically,
 * could we cancel 1047 if our budget is cut?", "if the headsets on 1050 turn out faulty later,
 * could we still get our money back?". Moving money on one would be acting on a question, so the
 * request finder (`customer-request.ts`) reads a sentence through these before it finds an ask.
 */
import { ENDS_AS_QUESTION } from './action-questions.js';
import { hasSequence, words } from './term-match.js';

/** Words, or word sequences, folded as `words` gives them, that make a whole sentence hypothetical. */
const HYPOTHETICAL: readonly (readonly string[])[] = [
  ['hypothetically'],
  ['hypothetical'],
  ['theoretically'],
  // "purely theoretical: 1043 shows up scratched, do you swap it or refund"
  ['theoretical'],
  ['in', 'theory'],
  ['for', 'future', 'reference'],
  ['out', 'of', 'curiosity'],
  // es / pt / it
  ['hipoteticamente'],
  ['teoricamente'],
  ['en', 'teoria'],
  ['em', 'teoria'],
  ['in', 'teoria'],
  ['ipoteticamente'],
  // fr
  ['hypothetiquement'],
  ['theoriquement'],
  ['en', 'theorie'],
  // de / nl
  ['hypothetisch'],
  ['theoretisch'],
  ['in', 'theorie'],
  // pl
  ['hipotetycznie'],
  ['teoretycznie'],
  ['w', 'teorii'],
];
/** The same in the scripts without a word lexicon here (ja, zh, th, ar): substrings. */
const HYPOTHETICAL_IN_SCRIPT = [
  '仮に',
  '万が一',
  '假设',
  '假如说',
  'สมมติ',
  'افتراضيا',
  'افتراضياً',
  'نظريا',
  'نظرياً',
];

/** Words that put the event a condition names later than now ("…turn out faulty later", "could we still…"). */
const LATER = new Set([
  'later',
  'still',
  'ever',
  'eventually',
  'future',
  'someday',
  'afterwards',
  'afterward',
  // es / pt / it
  'adelante',
  'todavia',
  'aun',
  'futuro',
  'tarde',
  'ainda',
  'avanti',
  'ancora',
  // fr
  'encore',
  'toujours',
  'futur',
  'ulterieurement',
  // de / nl
  'spater',
  'noch',
  'zukunft',
  'irgendwann',
  'nog',
  'toekomst',
  'ooit',
  // pl
  'pozniej',
  'nadal',
  'jeszcze',
  'przyszlosci',
]);

/** The customer addressing the company ("could you refund…"): an ask of them to act, not a question about policy. */
const ADDRESSED = new Set([
  'you',
  'u',
  'ya',
  'yall',
  'vous',
  'tu',
  'usted',
  'ustedes',
  'du',
  'ihr',
  'voi',
  'voce',
  'voces',
  'jij',
  'jullie',
  'pan',
  'pani',
  'panstwo',
]);

/** Whether a sentence is said as a hypothetical ("hypothetically", "en théorie", "仮に"). */
export function saidHypothetically(sentence: string): boolean {
  const list = words(sentence);
  return (
    HYPOTHETICAL.some((seq) => hasSequence(list, seq)) ||
    HYPOTHETICAL_IN_SCRIPT.some((term) => sentence.includes(term))
  );
}

/**
 * Whether an ask in a clause (`clauseWords`, as `words` gives them) belongs to a question about
 * later, under a condition an earlier clause of the question opened: the sentence is a question, an
 * earlier clause opened a condition that is not the polite form of the ask (`conditioned`), the
 * sentence puts the event later ("later", "still", "más adelante"), and the clause does not
 * address the company ("could you refund it?" stays a request whatever came before).
 */
export function askAboutLater(
  sentence: string,
  clauseWords: readonly string[],
  conditioned: boolean,
): boolean {
  if (!conditioned) return false;
  const list = words(sentence);
  const asked =
    ENDS_AS_QUESTION.test(sentence) ||
    MODAL_ASKS.some((seq) => hasSequence(list, seq)) ||
    // "…, is money back even an option" without its mark: the clause opens as a question does.
    QUESTION_OPENERS.has(clauseWords[0] ?? '');
  if (!asked) return false;
  const joined = list.join(' ');
  if (!list.some((w) => LATER.has(w)) && !FUTURE_TIME.test(joined)) return false;
  // Months or years ahead, the condition cannot be met now: "would you refund it?" asks what the
  // company would do then, however it is addressed.
  return MONTHS_AHEAD.test(joined) || !clauseWords.some((w) => ADDRESSED.has(w));
}

/**
 * A question asked without its mark ("if the headset dies in a few months can i get money back"):
 * a modal before the customer, in English, where people drop the mark most.
 */
const MODAL_ASKS = ['can', 'could', 'would', 'will', 'do', 'does', 'shall', 'may'].flatMap((m) =>
  ['i', 'we', 'they'].map((p) => [m, p] as const),
);

/** How many, in words, before a unit of time ("a couple of", "six", "18"). */
const COUNT = String.raw`(?:(?:a |an )?(?:few|couple(?: of)?)|a|an|several|some|\d+|one|two|three|four|five|six|nine|twelve|eighteen)`;

/** Words a question without its mark opens with ("is a refund even possible", "would we get…"). */
const QUESTION_OPENERS = new Set(['is', 'are', 'would', 'could', 'can', 'will', 'do', 'does', 'should']);

/** A season or a month ahead ("in the spring", "over the summer", "come winter", "in March"). */
const SEASON = String.raw`(?:in|over|during|by|through|come|this|next) (?:the )?(?:spring|summer|autumn|fall|winter|holidays|new year)|in (?:january|february|march|april|may|june|july|august|september|october|november|december)`;

/** A time ahead named in words ("in a few months", "next year", "a couple of months from now", "down the line"). */
const FUTURE_TIME = new RegExp(
  String.raw`\b(?:in ${COUNT} ?(?:more )?(?:days|weeks|months|years|month|year)|next (?:month|year|season|winter|summer|spring|autumn|fall)|${COUNT} (?:days?|weeks?|months?|years?) (?:from now|down the (?:line|road))|down the (?:line|road)|one day|in (?:the )?future|${SEASON})\b`,
);

/** A time ahead of months or more: no condition said about it can hold today. */
const MONTHS_AHEAD = new RegExp(
  String.raw`\b(?:in ${COUNT} ?(?:more )?(?:months?|years?)|next (?:year|season|winter|summer|spring|autumn|fall)|${COUNT} (?:months?|years?) (?:from now|down the (?:line|road))|${SEASON})\b`,
);
