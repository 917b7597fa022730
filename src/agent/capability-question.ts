/**
 * A question about what the product can do ("does your platform support OpenID Connect for
 * logins?", "can our team sign in with Okta?", "unterstützt ihr SAML?"), or about what it does in
 * an outage in general ("after a big outage do you publish a postmortem?"): it reports nothing
 * broken. The concern model reads outages from topic words (platform, log in, API) as much as from
 * a failure, so its "outage" on such a question is not acted on. A failure said beside it ("does
 * the API support retries? every call fails") keeps the concern. Folded text.
 */
const ASKS_CAPABILITY = new RegExp(
  [
    // en: do you / does the platform / can we … support, accept, allow, offer, work with, sign in with
    String.raw`\b(?:do|does|did|will|would|can|could|is|are)\b[^.!?]{0,50}\b(?:support|supports|supported|accept|accepts|allow|allows|offer|offers|integrate|integrates|compatible|work with|works with|(?:sign|log) ?(?:in|on) (?:with|via|through|using)|login (?:with|via|through))\b`,
    String.raw`\bwhich\b[^.!?]{0,40}\b(?:do you|does (?:it|the \w+|your \w+)|can (?:we|i)) (?:support|accept|allow|offer|integrate)\b`,
    // es, fr, de, pt, it, nl, pl
    String.raw`\b(?:admite|admiten|admites|soporta|soportan|es compatible|son compatibles|se puede (?:usar|iniciar sesion))\b`,
    String.raw`\b(?:prend|prenez|prennent) en charge\b|\b(?:acceptez|permet|permettez)\b|\best(?:-ce)? compatible\b`,
    String.raw`\b(?:unterstutzt|unterstutzen|unterstutzt ihr|kompatibel)\b`,
    String.raw`\b(?:suporta|suportam|aceita|aceitam|e compativel|permite)\b`,
    String.raw`\b(?:supporta|supportate|supportano|accettate|consente|consentite|e compatibile)\b`,
    String.raw`\b(?:ondersteunt|ondersteunen|ondersteun|compatibel)\b`,
    String.raw`\bobs[lł]ugu\w*\b|\bkompatybiln\w*\b`,
  ].join('|'),
);
const QUESTION = /[?¿]|^(?:do|does|can|could|is|are|which|will)\b/;
const FAILURE =
  /\b(?:down|offline|outage|not loading|not responding|fail\w*|error\w*|broke\w*|broken|not working|stopped|stops|can'?t|cannot|unable|won'?t|doesn'?t work|time ?outs?|timing out|crash\w*|unreachable|unavailable|nobody|no one|none of|[45]\d\d)\b|\b(?:caido|caida|falla\w*|panne|ne marche pas|ausgefallen|funktioniert nicht|fora do ar|nao funciona|non funziona|storing|werkt niet|awaria|nie dziala)\b/;

/**
 * Outages spoken of in general, as the subject of a policy question: "after a big outage do you
 * publish a postmortem?", "during planned maintenance, can we still order?".
 */
const OUTAGES_IN_GENERAL =
  /\b(?:after|during|in case of|if there(?:'s| is| are)|when there(?:'s| is| are)|for) (?:a |an |any )?(?:big |major |large |long |planned |unplanned |serious )?(?:outages?|incidents?|downtimes?|maintenance)\b/g;

/** The text without outages spoken of in general, when it is a question (folded text). */
export function withoutOutagesInGeneral(folded: string): string {
  return QUESTION.test(folded.trim()) ? folded.replace(OUTAGES_IN_GENERAL, ' ') : folded;
}

export function asksWhatIsSupported(folded: string): boolean {
  if (!QUESTION.test(folded.trim())) return false;
  const rest = folded.replace(OUTAGES_IN_GENERAL, ' ');
  const general = rest !== folded;
  return (ASKS_CAPABILITY.test(folded) || general) && !FAILURE.test(rest);
}

/**
 * A question about when our people answer ("Antwortet der Support am Wochenende?", "does anyone
 * reply on Sundays?", "how fast does support respond?"): it asks about service hours and reports
 * nothing broken. In every language the training banks say "answers" or "responds" only in an
 * outage ("der Dienst antwortet seit einer Stunde nicht"), so the concern model reads these as
 * outages. Not when the answer is said to be missing ("nobody answers", "antwortet nicht"). Folded text.
 */
const WHO_ANSWERS =
  /\b(?:support|customer (?:service|support)|someone|somebody|anyone|anybody|your (?:team|staff)|staff|kundenservice|kundendienst|jemand|ihr|soporte|atencion al cliente|alguien|service client|quelqu'un|suporte|atendimento|alguem|assistenza|supporto|qualcuno|klantenservice|iemand|wsparcie|obs[lł]uga|kto[sś])\b/;
const ANSWERS =
  /\b(?:answer\w*|respond\w*|repl(?:y|ies)|get back|antwort\w*|reagier\w*|responde\w*|contesta\w*|repond\w*|rispond\w*|reageer\w*|reageert|odpowiad\w*|odpisuj\w*)\b/;
const WHEN =
  /\b(?:weekends?|saturdays?|sundays?|holidays?|at night|overnight|after hours|outside (?:business|office) hours|how (?:fast|quickly|soon|long)|wochenende\w*|samstag\w*|sonntag\w*|feiertag\w*|nachts|wie (?:schnell|lange)|fin(?:es)? de semana|sabados?|domingos?|festivos?|cuanto tiempo|week-?ends?|samedis?|dimanches?|jours? feries|combien de temps|fi[mn]s? de semana|feriados?|quanto tempo|fine settimana|sabato|domenica|festivi|zaterdag\w*|zondag\w*|feestdag\w*|hoe (?:snel|lang)|weekend\w*|sobot\w*|niedziel\w*|swiet\w*|jak (?:szybko|d[lł]ugo))\b/;
const NO_ANSWER =
  /\b(?:not|never|no one|nobody|n't|nicht|niemand|keine?|no (?:one|body|responde\w*|contesta\w*)|nadie|nunca|ne|personne|jamais|nao|ninguem|non|nessuno|niet|geen|nie|nikt)\b|n't\b/;

export function asksWhenSupportAnswers(folded: string): boolean {
  return (
    QUESTION.test(folded.trim()) &&
    WHO_ANSWERS.test(folded) &&
    ANSWERS.test(folded) &&
    WHEN.test(folded) &&
    !NO_ANSWER.test(folded) &&
    !FAILURE.test(folded)
  );
}
