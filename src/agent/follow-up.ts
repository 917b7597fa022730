/**
 * Follow-ups after a bot answer that ask something answerable, told apart from complaints:
 *
 * - a question asked past the answer ("and if we order at 3pm, does it still ship today?",
 *   "¿y si al final no nos convence, hasta cuándo podemos devolverlo?") that the sentiment model
 *   alone reads as negative: code hears no complaint in it, so it is routed by the (raised)
 *   confidence bar rather than handed to a person;
 * - a question narrowed after a miss ("that didn't answer it, I asked about 1045 specifically, has
 *   it shipped?", "not what I asked: is the limit per key or per account?"): the customer says the
 *   answer missed their question and asks it again, more precisely. The bot can answer that; a
 *   customer who says an answer did not work ("did that twice, still locked, this isn't helping")
 *   or asks for a person still goes to one.
 *
 * Folded text unless said otherwise.
 */
import { NEGATIVE } from './lexicon.js';
import { fold } from './offline/text.js';
import { says } from './term-match.js';

/** What a complaint about waiting or a failed fix sounds like, beside the angry words (NEGATIVE). */
const COMPLAINT =
  /\?\?|!!|\b(?:any (?:update|news)|it'?s been|it has been|seriously|again|still (?:no|not|nothing|nobody|waiting|hasn'?t|haven'?t|isn'?t|doesn'?t|didn'?t|broken|missing|says|locked|the same)|nobody (?:has )?(?:answered|replied|responded|called|got back|came)|no one (?:has )?(?:answered|replied|responded|called|got back|came)|(?:did|tried) (?:that|it|this) (?:twice|already|again)|didn'?t work|did not work|doesn'?t work|not working|(?:is|was)n'?t helping|(?:did|does)n'?t help|did not help|does not help|no help|useless|get me|someone (?:real|actually)|a (?:human|person)|todavia|sigue sin|toujours pas|immer noch|ainda nao|ancora non|nog steeds|nadal nie)\b/;

/**
 * The customer says what they asked: "not what I asked", "I asked about 1045". "That didn't answer
 * my question" alone says only that it missed; what follows may be a new ask for a person.
 */
const MISSED_QUESTION = new RegExp(
  [
    String.raw`\bnot what i (?:asked|meant|was asking)\b|\bnot my question\b|\bi (?:asked|meant|was asking) (?:about|for|if|whether|how|when|where|which|what)\b`,
    String.raw`\bno es lo que (?:pregunte|preguntaba)\b|\bno (?:era|es) mi pregunta\b|\bpregunte (?:por|sobre)\b|\bce n'est pas (?:ce que j'ai demande|ma question)\b|\bj'ai demande (?:pour|si|quand|comment)\b|\b(?:das )?(?:war|ist) nicht (?:meine frage|das, was ich gefragt habe)\b|\bich habe nach\b[^.!?]{0,40}\bgefragt\b|\bnao (?:foi|e) (?:o que eu )?pergunt\w*\b|\bperguntei (?:sobre|se)\b|\bnon e (?:quello che ho chiesto|la mia domanda)\b|\bho chiesto (?:di|se|del|della)\b|\bdat (?:is|was) niet (?:wat ik vroeg|mijn vraag)\b|\bik vroeg (?:naar|of)\b|\bnie o to pyta\w*\b|\bpyta\w* o\b`,
  ].join('|'),
);

const QUESTION = /[?¿？]/;

/** No complaint heard: no angry word, no waiting, no failed fix, no call for a person. */
function soundsCalm(text: string): boolean {
  return !COMPLAINT.test(fold(text)) && !says(text, NEGATIVE);
}

/** A question asked after an answer with no complaint in it (raw text). */
export function isPlainFollowUpQuestion(text: string): boolean {
  return QUESTION.test(text) && soundsCalm(text);
}

/** The customer says the answer missed their question and asks it again, more precisely (raw text). */
export function narrowsMissedQuestion(text: string): boolean {
  return QUESTION.test(text) && MISSED_QUESTION.test(fold(text)) && soundsCalm(text);
}
