/**
 * Small talk asked or wished in passing ("how was your weekend?", "hope the week is treating you
 * kindly", "hope everyone's surviving", "¿qué tal el finde?", "vous avez passé un bon week-end ?",
 * "hattet ihr ein schönes Wochenende?", "tudo bem por aí?", "come state?", "hoe gaat het?", "jak
 * się macie?"): a person answers it with a smile, not with support, and a note of thanks that
 * ends with one asks nothing of us. pleasantry.ts and courtesy-note.ts read its question mark as a
 * question, so thanks with a friendly question paged a person or got an article.
 *
 * Only a set phrase that ends its clause is read; "how are you doing with my refund" goes on to a
 * request and stays one. The phrase becomes " nice ", a word of courtesy, its question mark gone.
 */

import { fold } from './offline/text.js';

const END = String.raw`(?:\s*[?？!.]+|(?=\s*(?:[,;:—–)\-]|[\p{Extended_Pictographic}]|$)))`;
const PEOPLE = String.raw`(?:you|u|y'all|you all|you guys|everyone|everybody|the team|all of you|folks)`;
const TIME_OFF = String.raw`(?:weekend|week|holiday|holidays|break|day|trip|summer|christmas|easter|long weekend)`;

const SMALL_TALK = new RegExp(
  [
    // en
    String.raw`\bhow (?:are|r) ${PEOPLE}(?: (?:doing|keeping|getting on))?(?: (?:today|this week|these days|over there))?`,
    String.raw`\bhow (?:was|were|did) (?:your|the) (?:(?:long|nice) )?${TIME_OFF}(?: go)?`,
    String.raw`\bhow(?:'s| is) (?:your|the) (?:week|day|morning|weekend) (?:going|treating ${PEOPLE})`,
    String.raw`\b(?:did|hope) ${PEOPLE} (?:all )?(?:have|had|enjoy|enjoyed) (?:an? )?(?:(?:good|nice|great|lovely|restful|relaxing|decent|fun|fab|wonderful|peaceful|quiet|relaxed|sunny|proper|chill|chilled) )*${TIME_OFF}`,
    String.raw`\b(?:i |we )?hope (?:the|your) (?:week|day|weekend|morning|month) (?:is|has been) (?:treating (?:you|y'all|you all|everyone) (?:well|kindly|gently)|going (?:well|smoothly)|kind to (?:you|everyone))`,
    String.raw`\b(?:i |we )?hope ${PEOPLE}(?:'s|'re| is| are) (?:all )?(?:surviving|well|good|keeping well|staying (?:warm|dry|sane|cool)|hanging in there|doing (?:well|ok|okay|good))`,
    // es, fr, de, pt, it, nl, pl
    String.raw`¿?\bque tal (?:el (?:fin de semana|finde|puente)|(?:las|tus|sus|vuestras) vacaciones|todo|por ahi|estais|estan)|¿?\bcomo (?:estais|estan|esta usted|va todo)`,
    String.raw`\bcomment (?:allez[- ]vous|vas[- ]tu|ca va)|\b(?:vous avez|avez-vous) passe (?:un|de) bon(?:ne)?s? (?:week-?end|vacances|journee)|\bca va (?:chez vous|de votre cote)`,
    String.raw`\bwie geht(?:'s| es) (?:euch|ihnen|dir)(?: so)?|\b(?:hattet ihr|hatten sie|hattest du) (?:ein(?:en)? )?(?:schone[ns]?|gute[ns]?|erholsame[ns]?) (?:wochenende|urlaub|feiertage|tag)|\bwie war (?:euer|ihr|dein) (?:wochenende|urlaub)`,
    String.raw`\btudo (?:bem|certo|tranquilo)(?: por ai| com voces)?|\bcomo (?:vao|vai|voces estao)(?: as coisas)?|\bcomo foi o (?:fim de semana|feriado)`,
    String.raw`\bcome (?:state|stai|sta|va)|\btutto bene(?: da voi)?|\bcome (?:e andato|e andata) (?:il weekend|la settimana|le vacanze)|\bavete passato (?:un )?buon (?:weekend|fine settimana)`,
    String.raw`\bhoe gaat (?:het|het met jullie|het met u)|\b(?:hadden jullie|had u|had je) (?:een )?(?:fijn|leuk|goed)e? (?:weekend|vakantie)|\bhoe was (?:jullie|uw|je) (?:weekend|vakantie)`,
    String.raw`\bjak (?:sie macie|sie masz|sie pan(?:i)? miewa|mina[lł] (?:weekend|urlop))|\bco (?:s[lł]ychac|u was s[lł]ychac)`,
  ]
    .map((phrase) => `(?:${phrase})${END}`)
    .join('|'),
  'giu',
);

/**
 * The text with its small talk read as `as` (" nice ", a word of courtesy, unless a caller wants
 * it gone), question mark and all; folded (lower case, no accents) when there was some, otherwise
 * the text as it came, capitals kept for the name rule.
 */
export function withSmallTalkRead(text: string, as = ' nice '): string {
  const folded = fold(text);
  const read = folded.replace(SMALL_TALK, as);
  return read === folded ? text : read;
}
