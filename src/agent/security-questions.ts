/**
 * A question about how the account, a setting or a policy works ("which role can see invoices but
 * not order?", "how long is a reset link valid?", "diff between owner and buyer roles?", "what's your policy on opened boxes?",
 * "¿cómo cambio la tarjeta guardada?"), or one's own sign-in trouble ("locked after too many
 * attempts"): the help center answers it. The concern model reads security from its topic words
 * (role, password, login, card, opened, abroad) as much as from an incident, so its "security" on
 * such a message is not acted on when no pattern finds one and the text tells nothing done by
 * someone else: an actor (someone, a stranger, a former colleague), a denial (not us, nobody here
 * did it), a place or device nobody knows, or a message that asks for a secret keeps it an
 * incident ("is it normal that someone in Lagos signed in to our account?"). Folded text; Latin
 * scripts only, the others keep the model's reading.
 */

/** A clause that asks how something works, what a rule is, or whether something can be done. */
const HOW_IT_WORKS = new RegExp(
  String.raw`(?:^|[.!?;:—–-]\s*|\b(?:so|and|but|also|pls|please|quick question|question)[,:]?\s+)(?:` +
    [
      // en
      String.raw`how (?:do|does|can|could|should|would|long|often|many|much|soon|far)|what(?:'s| is| are| was| happens| counts| do you| does| should| can| do (?:we|i))|who do (?:we|i)|which|where (?:do|does|can|is|are)|who (?:can|should|gets|sees)|is there (?:a|an|any)|(?:can|could|may) (?:we|i|our|my|you|someone|a|the|these|those|this|that|it|they)|do (?:you|we|i)|does (?:the|your|a|an|each|every)|are (?:there|you)|is it possible|will (?:the|a|an|you)|should (?:we|i)|(?:the )?diff(?:erences?|s)? (?:between|betw|btw)`,
      // es
      String.raw`(?:¿\s*)?(?:como|cuanto|cuantos|cuantas|cual|cuales|donde|quien|que pasa|se puede|puedo|podemos|pueden|hay (?:alguna )?(?:forma|manera|opcion)|es posible|envian|hacen envios|(?:la )?diferencia entre)`,
      // fr
      String.raw`comment|combien|quel(?:le)?s?|ou (?:est|sont|puis|peut)|qui peut|est-ce que|peut-on|puis-je|pouvons-nous|pouvez-vous|y a-t-il|est-il possible|envoyez-vous|livrez-vous|faut-il|que se passe|(?:la )?difference entre`,
      // de
      String.raw`wie|welche\w*|wo (?:kann|finde|sehe)|wer (?:kann|darf|sieht)|kann man|konnen wir|kann ich|konnt ihr|gibt es|ist es moglich|liefert ihr|versendet ihr|was passiert|(?:der )?unterschied zwischen`,
      // pt
      String.raw`como|quanto\w*|qual|quais|onde|quem (?:pode|ve)|da para|posso|podemos|podem|tem como|e possivel|voces (?:entregam|enviam|aceitam)|(?:a )?diferenca entre`,
      // it
      String.raw`come|quanto|quanti|quale|quali|dove|chi (?:puo|vede)|si puo|posso|possiamo|potete|c'e un modo|e possibile|spedite|consegnate|(?:la )?differenza (?:tra|fra)`,
      // nl
      String.raw`hoe|hoeveel|welke|waar (?:kan|vind|zie)|wie (?:kan|mag|ziet)|kan ik|kunnen we|kunnen jullie|is het mogelijk|is er een manier|leveren jullie|versturen jullie|(?:het )?verschil tussen`,
      // pl
      String.raw`jak|ile|ktor\w*|gdzie|kto (?:moze|widzi)|czy (?:moge|mozemy|mozna|da sie|wysylacie|dostarczacie)|roznica (?:miedzy|pomiedzy)`,
    ].join('|') +
    String.raw`)\b`,
);

/** One's own sign-in trouble: locked out by one's own wrong tries, or a forgotten new password. */
const OWN_LOCKOUT = new RegExp(
  [
    String.raw`\b(?:locked|blocked)\b[^.!?]{0,30}\b(?:after|because of) (?:too many|several|a few|(?:\d+|three|five) )(?:wrong |failed |bad )?(?:attempts|tries|password)`,
    String.raw`\bdemasiados intentos\b|\btrop de tentatives\b|\bzu viele\b[^.!?]{0,15}\bversuche\b|\bmuitas tentativas\b|\btroppi tentativi\b|\bte veel\b[^.!?]{0,10}pogingen\b|\bzbyt (?:wiele|duzo)\b[^.!?]{0,15}\bprob\b`,
    String.raw`\bpassword\b[^.!?]{0,40}\b(?:forgot|forgotten|can'?t remember)\b`,
    // the reset email that does not come
    String.raw`\b(?:reset|restablec\w*|reinitialis\w*|zurucksetz\w*|redefin\w*|reimpost\w*|herstel\w*|resetow\w*)\b[^.!?]{0,40}\b(?:never (?:arrives?|came|comes)|does ?n[o']?t (?:arrive|come)|did ?n[o']?t (?:arrive|come)|not arriving|no llega|n'arrive pas|kommt nicht an|nao chega|non arriva|komt niet aan|nie (?:dociera|przychodzi))\b`,
  ].join('|'),
);

/**
 * What turns a question into an incident told as a question: someone else acting, a denial that
 * it was the customer's own people, a place, device or user nobody knows, a person who left,
 * another customer's records, a message that asks for a secret, a time of night.
 */
const TELLS_INCIDENT = new RegExp(
  [
    String.raw`\b(?:some(?:one|body)(?! (?:in|from|on) (?:our |my |the )?(?:accounting|finance|team|office|staff|department|warehouse|purchasing|procurement|hr|payroll)\b)|a stranger|strangers|hacker|attacker|a guy|a person|unknown|unrecogni[sz]ed|(?:don'?t|do not|didn'?t|did not|doesn'?t|does not) (?:recogni[sz]e|know)|never seen|(?:we|i)(?:'ve| have)? never (?:been|travel+ed|worked|lived) (?:to|in|from)|not (?:ours|us|me|one of (?:us|ours))|wasn'?t (?:us|me|ours)|without (?:our|my|anyone'?s|his|her) (?:permission|knowledge|say)|(?:we|i) (?:never|didn'?t|did not) (?:place|placed|make|made|order|ordered|create|created|add|added|request|requested|ask|asked|change|changed|authori[sz]e\w*)|(?:nobody|no one|none of us)(?: here| of us| on (?:our|the) team| in (?:our|the) (?:team|company|office))? (?:did|made|placed|ordered|created|added|changed|requested|recogni[sz]es|knows|travels|is (?:in|there|near))|former|ex-|let (?:him|her|them|a \w+) go|let go|offboarded|fired|(?:left|quit) (?:the company|us)|(?:log ?ins?|sign[- ]?ins?|logged in|signed in|accessed) from|other (?:compan|customer)\w*|another (?:company|customer)|someone else'?s|claim\w* to be|pretend\w*|asking (?:us|me) (?:for|to)|phishing|scam|fake|leak\w*|exposed|public|\d{1,2} ?am\b|last night|overnight|in the night)\b`,
    String.raw`\b(?:alguien|desconocid[oa]|no (?:fuimos|fui) (?:nosotros|yo)|nadie (?:del equipo |de aqui )?(?:lo )?(?:hizo|cambio|pidio)|sin (?:permiso|autorizacion)|quelqu'un|inconnu\w*|ce n'(?:est|etait) pas nous|personne (?:ici )?n'a|sans (?:autorisation|notre accord)|jemand|unbekannt\w*|fremd\w*|keiner von uns|niemand (?:von uns|hat)|ohne (?:erlaubnis|zustimmung)|alguem|desconhecid[oa]|nao fomos nos|ninguem (?:aqui )?(?:fez|mudou|pediu)|sem (?:permissao|autorizacao)|qualcuno|sconosciut[oa]|non siamo stati noi|nessuno (?:di noi )?ha|senza (?:permesso|autorizzazione)|iemand|onbekend\w*|niet (?:wij|ik|van ons)|niemand (?:van ons|heeft)|zonder (?:toestemming|dat)|ktos|nieznan\w*|nie my|nikt (?:z nas )?nie|bez (?:zgody|wiedzy))\b`,
  ].join('|'),
);

/** Latin letters only (after folding): the other scripts keep the model's reading. */
const LATIN_ONLY = /^[\p{Script=Latin}\p{N}\p{P}\p{S}\s]*$/u;

/**
 * A question about how the account, a setting or a policy works, or one's own sign-in trouble,
 * with no incident told beside it (folded text).
 */
export function asksHowItWorks(text: string): boolean {
  if (!LATIN_ONLY.test(text) || TELLS_INCIDENT.test(text)) return false;
  const asks = text.includes('?') && HOW_IT_WORKS.test(text.trim());
  return asks || OWN_LOCKOUT.test(text);
}

/**
 * A breach spoken of in general, as the subject of a question about the process: "what should we
 * do if our account ever gets hacked?", "how do you handle a data breach, do you tell customers?",
 * "in case of fraud on our card, who do we call?".
 */
const SECURITY_IN_GENERAL = new RegExp(
  [
    String.raw`\b(?:if|in case|when|whenever|should)\b (?:(?:our|my|an?|the|one of (?:our|the)|someone'?s) )?(?:\w+ ){0,2}?(?:ever |someday |one day )?(?:gets?|is|are|were|was|got|becomes?) (?:ever )?(?:hacked|compromised|breached|stolen|leaked|phished)\b`,
    String.raw`\b(?:in case of|in the event of|if there(?:'s| is| was| were| ever is)|when there(?:'s| is)|handle|handles|handling|deal with|respond to|notify (?:us|customers) (?:of|about)|report) (?:a |an |any )?(?:data |security )?(?:breach|breaches|hack|hacks|security incidents?|fraud|phishing attempts?)\b`,
  ].join('|'),
  'g',
);

/**
 * The text without breaches spoken of in general, when it is a question that tells no incident
 * (folded text).
 */
export function withoutSecurityInGeneral(text: string): string {
  if (!text.includes('?') || TELLS_INCIDENT.test(text)) return text;
  return text.replace(SECURITY_IN_GENERAL, ' ');
}

/**
 * Where to send a mail that looks like phishing (also words about security, not a concern, in
 * security-concern.ts), with nothing handed over: "who do we tell about
 * the phishing emails in our inbox? happy to forward them". The reporting article answers it; a
 * mail that took a password or a card ("…and she typed the card number") is an incident.
 */
export const WHERE_TO_SEND_PHISHING =
  /\b(?:who|where)\b (?:do|should|can|could) (?:we|i) (?:tell|report|forward|send|notify|contact)\b[^.!?]{0,60}\b(?:phishing|phishy|suspicious|scam|scammy|fake)(?:[- ]looking)? (?:e-?mails?|messages?|texts?|mails?|links?)\b/;
const HANDED_OVER =
  /\b(?:clicked|typed|entered|gave|given|filled|replied|paid|logged in|signed in|sent (?:them|it|our|the|my|her|his))\b/;

/** A question where to report a suspected phishing message, nothing handed over (folded text). */
export function asksWhereToSendPhishing(text: string): boolean {
  return text.includes('?') && WHERE_TO_SEND_PHISHING.test(text) && !HANDED_OVER.test(text);
}
