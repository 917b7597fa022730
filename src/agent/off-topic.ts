/**
 * Messages that are not about our products or orders, which a person reads rather than the help
 * center answering them with an article that shares a word ("write me a haiku about shipping
 * boxes" got the shipping-address article): a test of the channel ("testing 123, is this on?"),
 * a request for a piece of writing (a poem, a haiku, a joke, a story), a question about life in
 * general, a personal task (homework, one's own taxes, translating a phrase) and advice that has
 * nothing to do with ordering (where to eat, what to watch). Doing someone's tax return got the
 * tax-exemption article and a request for a restaurant tip was read as small talk. Folded text.
 */
const CHANNEL_TEST =
  /^\W*(?:just )?(?:a )?(?:testing|test)(?: message)?(?:\W+(?:1\W*2\W*3|123|one two three|testing|test))*\W*$|^\W*(?:just )?(?:testing|test)(?:\W+(?:1\W*2\W*3|123|one two three))+\b|\bis this (?:thing|channel|bot|chat|integration) (?:on|working|connected|live|set up)\b/;
const CREATIVE_WRITING =
  /\b(?:write|compose|make up|tell|give|generate|create)\b (?:me |us )?(?:an? |another |some |the )?(?:\w+ )?(?:haiku|poem|song|limerick|joke|story|rap|sonnet|riddle|essay|cuento|poema|chiste|cancion|blague|gedicht|witz|piada|barzelletta|poesia|mop|wiersz|zart)s?\b/;

/** Life, the universe and everything, in the eight supported languages. */
const BIG_QUESTION = new RegExp(
  [
    String.raw`\b(?:meaning|purpose|point) of (?:life|it all|everything|existence|the universe)\b`,
    String.raw`\b(?:sentido|proposito) de (?:la vida|todo|la existencia)\b|\bsens de (?:la vie|tout ca|l'existence)\b`,
    String.raw`\bsinn (?:des lebens|von allem|des ganzen)\b|\bsentido da vida\b|\bsenso (?:della vita|di tutto)\b`,
    String.raw`\bzin van (?:het leven|alles)\b|\bsens (?:zycia|życia|istnienia)\b`,
  ].join('|'),
);
/** Someone's own errand asked of us: their homework, their taxes, their essay or CV. */
const PERSONAL_TASK = new RegExp(
  [
    String.raw`\b(?:do|doing|file|filing|prepare|fill out|finish|write|help (?:me|us) (?:with|on|do|finish|write|file))\b (?:my|our|his|her|the kids'?|my (?:son|daughter)'s) (?:personal )?(?:homework|home work|assignment|school project|essay|thesis|taxes|tax return|resume|cv|cover letter)\b`,
    String.raw`\b(?:ayuda|ayudas|ayudame|ayudarme|haz|hazme|hacer)\b[^.?!]{0,20}\b(?:mis|mi) (?:deberes|tarea|declaracion de la renta)\b`,
    String.raw`\b(?:aide|aider|aidez|fais|faire)\b[^.?!]{0,20}\b(?:mes|ma) (?:devoirs|declaration d'impots|dissertation)\b`,
    String.raw`\b(?:hilf\w*|helfen|mach\w*)\b[^.?!]{0,25}\bmeine[nr]? (?:hausaufgaben|steuererklarung|hausarbeit)\b|\bmeine[nr]? (?:hausaufgaben|steuererklarung|hausarbeit)\b[^.?!]{0,25}\b(?:helfen|machen)\b`,
    String.raw`\b(?:ajuda|ajudar|ajude|faz|fazer|faca)\b[^.?!]{0,20}\b(?:meu|minha|meus|minhas) (?:dever(?:es)? de casa|licao de casa|trabalho da escola|declaracao de imposto de renda|imposto de renda)\b`,
    String.raw`\b(?:aiut\w*|fai|fare|farmi|fammi)\b[^.?!]{0,20}\b(?:i miei |la mia |con i |con la |i |la )(?:compiti|dichiarazione dei redditi)\b`,
    String.raw`\b(?:help|helpen|maak|maken)\b[^.?!]{0,20}\b(?:mijn) (?:huiswerk|belastingaangifte|scriptie)\b`,
    String.raw`\b(?:pomoz|pomozesz|pomozecie|zrob|zrobisz)\b[^.?!]{0,25}\b(?:prac\w* domow\w*|zadani\w* domow\w*|zeznani\w* podatkow\w*|pit)\b`,
  ].join('|'),
);
/** Translating a quoted word or phrase, or asking how one says it in a language. */
const LANGUAGE = String.raw`(?:english|german|french|spanish|italian|portuguese|dutch|polish|japanese|chinese|aleman|ingles|frances|allemand|anglais|espagnol|deutsch|englisch|franzosisch|spanisch|alemao|tedesco|inglese|francese|spagnolo|duits|engels|frans|niemiecki|angielski)`;
const QUOTED = String.raw`["'“”«»„][^"'“”«»„]{1,40}["'“”«»„]`;
const TRANSLATE_PHRASE = new RegExp(
  String.raw`\b(?:translate|traduce|traducir|traduis|traduire|ubersetze?n?|traduz|traduzir|traduci|tradurre|vertaal|vertalen|przetlumacz\w*|przetłumacz\w*)\b[^.?!]{0,15}${QUOTED}|\bhow (?:do you|do i|would you|to) say\b[^.?!]{0,40}\bin ${LANGUAGE}\b`,
);
/** Advice that has nothing to do with ordering: where to eat, what to watch or read, a trip. */
const UNRELATED_ADVICE = new RegExp(
  [
    String.raw`\b(?:recommend|suggest|know (?:of )?|where (?:can|should) (?:i|we) (?:get|find|go for))\b[^.?!]{0,25}\b(?:restaurants?|pizza(?: place| joint|s)?|pizzeria|sushi|burgers?|tacos|places? to eat|lunch (?:spot|place)s?|movies?|films?|tv shows?|series to watch|novels?|podcasts?|holiday destinations?|vacation spots?|hairdressers?|barbers?|dentists?|gyms?)\b`,
    String.raw`\b(?:recomienda\w*|me recomiendas|conoces)\b[^.?!]{0,25}\b(?:restaurantes?|pizzeria|pelicula|libro)\b|\b(?:recommande\w*|conseille\w*)\b[^.?!]{0,25}\b(?:restaurants?|pizzeria|film|livre)\b`,
    String.raw`\b(?:empfiehl\w*|empfehlen\w*|kennst du)\b[^.?!]{0,25}\b(?:restaurant|pizzeria|film|buch)\b|\b(?:restaurant|pizzeria)\b[^.?!]{0,30}\bempfehlen\b|\b(?:recomenda\w*|indica\w*)\b[^.?!]{0,25}\b(?:restaurantes?|pizzaria|filme|livro)\b`,
    String.raw`\b(?:consigli\w*)\b[^.?!]{0,25}\b(?:ristorant[ei]|pizzeria|film|libro)\b|\b(?:raad|aanraden|aanbevelen)\b[^.?!]{0,25}\b(?:restaurant|pizzeria|film|boek)\b|\b(?:polec\w*)\b[^.?!]{0,25}\b(?:restauracj\w*|pizzeri\w*|film\w*|ksiazk\w*)\b`,
  ].join('|'),
);

/** Whether the message is about nothing we sell or do. */
export function isOffTopic(folded: string): boolean {
  return (
    CHANNEL_TEST.test(folded) ||
    CREATIVE_WRITING.test(folded) ||
    BIG_QUESTION.test(folded) ||
    PERSONAL_TASK.test(folded) ||
    TRANSLATE_PHRASE.test(folded) ||
    UNRELATED_ADVICE.test(folded)
  );
}
