/**
 * Asking to add someone of one's own team to the account ("we want to add our office manager
 * as a user", "how do we invite our new hire?", "¿cómo invito a un compañero?"): a how-to the
 * team-members article answers, not a breach. The concern model read "add … as a user on our
 * account" as a security concern and sent it to a person as critical. A user nobody invited
 * ("someone added a user we don't know") is told, not asked, and stays a security concern.
 * Folded text.
 */
const ASK_TO_ADD = new RegExp(
  [
    // en
    String.raw`\b(?:(?:i|we)(?:'d| would)? (?:want|need|like|wish|have|'d like) to|(?:i|we)(?:'m| am|'re| are) (?:trying|looking) to|how (?:do|can|should|would) (?:i|we)|how to|(?:can|could|may) (?:i|we|you)|is it possible to|please|pls|help (?:me|us))\b[^.?!]{0,20}\b(?:add|invite|give|grant|set up|onboard|create (?:a )?(?:user|login|seat|account) for)\b`,
    // es
    String.raw`\b(?:quiero|queremos|quisiera|quisieramos|necesito|necesitamos|como|puedo|podemos|puede|pueden|puedes|por favor)\b[^.?!]{0,20}\b(?:anadir|agregar|invitar|anado|agrego|invito|dar(?:le)? acceso)\b`,
    // fr
    String.raw`\b(?:je (?:veux|voudrais|souhaite)|nous (?:voulons|voudrions|souhaitons)|comment|puis-je|pouvez-vous|peut-on|pourriez-vous|merci d')\b[^.?!]{0,20}\b(?:ajouter|inviter|donner (?:un )?acces)\b`,
    // de
    String.raw`\b(?:mochte|mochten|will|wollen|wurde gern|wie|kann|konnen|konnt|bitte)\b[^.?!]{0,60}\b(?:hinzufugen|einladen|zugang geben|zugriff geben|freischalten)\b|\bwie lade (?:ich|wir)\b`,
    // pt
    String.raw`\b(?:quero|queremos|gostaria(?:mos)? de|preciso|precisamos|como|posso|podemos|pode|podem|por favor)\b[^.?!]{0,20}\b(?:adicionar|incluir|convidar|adiciono|convido|dar acesso)\b`,
    // it
    String.raw`\b(?:voglio|vogliamo|vorrei|vorremmo|devo|dobbiamo|come|posso|possiamo|potete|per favore)\b[^.?!]{0,20}\b(?:aggiungere|invitare|aggiungo|invito|dare accesso)\b`,
    // nl
    String.raw`\b(?:ik wil|wij willen|we willen|ik zou graag|hoe|kan ik|kunnen we|kunnen jullie|graag)\b[^.?!]{0,60}\b(?:toevoegen|uitnodigen|toegang geven)\b|\bhoe nodig (?:ik|we)\b`,
    // pl
    String.raw`\b(?:chce|chcemy|chcialbym|chcialabym|chcielibysmy|jak|moge|mozemy|czy mozna|prosze)\b[^.?!]{0,20}\b(?:dodac|zaprosic|dac dostep|nadac dostep)\b`,
  ].join('|'),
);

/** Someone of one's own team, or a user or seat, in the eight supported languages. */
const TEAM_MEMBER =
  /\b(?:assistants?|colleagues?|co-?workers?|new hires?|employees?|team ?mates?|team members?|staff|bookkeepers?|accountants?|managers?|interns?|users?|seats?|buyers?|asistente|colegas?|companer[oa]s?|emplead[oa]s?|usuari[oa]s?|contador(?:a|es)?|assistant(?:e|es)?|collegues?|employe(?:e|s|es)?|utilisat(?:eur|rice)s?|comptables?|stagiaires?|kolleg(?:e|in|en|innen)|mitarbeiter(?:in|innen)?|benutzer(?:in)?|nutzer(?:in)?|buchhalter(?:in)?|praktikant(?:in|en)?|assistent(?:in|en)?|funcionari[oa]s?|contabilistas?|contador(?:a)?|colega|collega|colleghi|dipendent[ei]|utent[ei]|commercialista|gebruikers?|collega's|medewerkers?|boekhouder|stagiair(?:e)?|wspolpracownik\w*|pracownik\w*|uzytkownik\w*|ksiegow\w*|asystent\w*)\b/;

/** Told that someone nobody knows is on the account: that is a report, not a how-to. */
const NOBODY_KNOWS =
  /\b(?:unknown|don'?t (?:know|recogni[sz]e)|do not (?:know|recogni[sz]e)|never|didn'?t|did not|not (?:one of )?ours|stranger|suspicious|without (?:our|my)|someone (?:has )?added|somebody (?:has )?added|desconocid\w*|inconnu\w*|unbekannt\w*|desconhecid\w*|sconosciut\w*|onbekend\w*|nieznan\w*)\b/;

/** Whether the message asks how to add, or asks us to add, a member of their own team. */
export function asksToAddTeamMember(folded: string): boolean {
  return ASK_TO_ADD.test(folded) && TEAM_MEMBER.test(folded) && !NOBODY_KNOWS.test(folded);
}
