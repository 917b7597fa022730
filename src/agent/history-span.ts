import { fold } from './offline/text.js';

/**
 * How far back a record goes, or how long something is kept: "how far back does the order history
 * go?", "how long do you keep the audit trail?", "wie weit zurück reicht das Protokoll?". The
 * article that finds it may state other durations (a download link valid for 7 days, an export
 * that takes up to an hour), which answer nothing about the span asked for. Only an article that
 * states a span back or a time kept ("within 60 days", "kept for 90 days", "the last 12 months")
 * answers it; otherwise a person does, and the question is recorded as a gap.
 */

// The question, in the reply languages (folded text).
const ASKS_SPAN =
  /\bhow far back\b|\bhow (?:many|much) (?:days|weeks|months|years)(?: of (?:history|data|logs?|records?))? (?:back|of (?:history|data|logs?|records?))\b|\bhow long (?:do|will|does|would) (?:you|u|it|they|the \w+|your \w+) (?:keep|retain|store|hold on to|save)\b|\bhow long (?:is|are) (?:[\w-]+ ){0,4}(?:kept|retained|stored|saved|held)\b|\bretention (?:period|window|time)\b|\bwie weit zuruck\b|\bwie lange (?:werden|wird|speichert|speichern|bewahrt|bewahren|behaltet|behalten)\b|\bhoe ver terug\b|\bhoe lang (?:worden|wordt|bewaren|bewaart)\b|\bjak daleko wstecz\b|\bjak dlugo (?:przechowuj\w*|trzyma\w*)\b|\bjusqu'ou remonte\b|\bremonte jusqu'(?:a|ou)\b|\bcombien de temps (?:gardez|conservez|sont conserve\w*)\b|\b(?:cuanto tiempo|hasta cuando) (?:atras|hacia atras|guardan|conservan)\b|\b(?:quanto tempo|ate quando) (?:para tras|guardam|mantem|conservam)\b|\bquanto (?:tempo )?indietro\b|\bper quanto tempo (?:conservate|tenete)\b/;

// A span back or a time kept, stated: "within 60 days", "kept for 90 days", "the last 12 months".
const STATES_SPAN =
  /\bwithin \d+\s*(?:business |calendar )?(?:days?|weeks?|months?|years?)\b|\b(?:last|past|previous) \d+\s*(?:days?|weeks?|months?|years?)\b|\b\d+\s*(?:days?|weeks?|months?|years?) (?:back|of history|old|ago)\b|\b(?:kept|retained|stored|saved|held|keep|retain|store|deleted|purged) (?:for |after |up to |more than |over |longer than )?\d+\s*(?:days?|weeks?|months?|years?)\b|\b(?:history|logs?|records?) (?:go(?:es)? back|reach(?:es)? back|cover(?:s)?) \d+|\bsince (?:your account|the account|sign-?up|the start)\b|\b(?:all|full|entire|complete) (?:history|time)\b/;

/** Whether the question asks how far back something goes or how long it is kept. */
export function asksHowFarBack(question: string): boolean {
  return ASKS_SPAN.test(fold(question).replace(/\s+/g, ' '));
}

/** Whether the article's text states a span back or a time kept. */
export function statesSpan(articleText: string): boolean {
  return STATES_SPAN.test(fold(articleText).replace(/\*\*/g, '').replace(/\s+/g, ' '));
}
