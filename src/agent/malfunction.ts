import { fold } from './offline/text.js';

/**
 * Something of ours that does not work, reported rather than asked about: "the export button does
 * nothing", "search returns nothing for 'shelving'", "the CSV export is missing the last two
 * days", "il pulsante non fa nulla". The help center explains how things work, not why they fail
 * for this customer today: a person looks into it. Found by form — a part of the product and a
 * failure said of it, in a statement — not by listing reports; a question about how something
 * works ("what does a 429 mean?", "why would an export be empty?") is still the help center's.
 */
const PART =
  /\b(?:page|button|search|searching|export\w*|import\w*|upload\w*|download\w*|checkout|cart|basket|dashboard|app|site|website|portal|api|endpoint|webhooks?|sync\w*|integration|form|report|csv|pdf|filter|catalog(?:ue)?|screen|tab|menu|field|link|sso|quick order|address book|invoices? (?:page|pdf|download)|order (?:page|history|list|form)|boton|pagina|busqueda|buscador|exportacion|aplicacion|sitio|web|plataforma|sistema|bouton|recherche|appli|plateforme|schaltflache|knopf|suche|seite|plattform|anwendung|botao|pesquisa|aplicativo|pulsante|ricerca|sito|esporta\w*|piattaforma|knop|zoekfunctie|zoeken|przycisk|wyszukiwa\w*|strona|aplikacj\w*|platform\w*|eksport\w*)\b/;

const FAILS =
  /\b(?:does nothing|do(?:es)?n'?t do anything|does not do anything|(?:returns?|gives?|loads?|opens?) (?:(?:me|us) )?(?:nothing|no results|zero results|an? (?:empty|blank)|empty|blank)|can'?t (?:upload|download|save|submit|export|import|open|load) anything|(?:is|are) (?:missing (?:the|all|some|our|any|\d)|empty|blank)|shows? (?:nothing|no results|a blank|an empty|(?:an? )?error)|(?:returns?|gives?|throws?|shows?|getting|gets?|got) [^.?!]{0,14}\b(?:error|404|50[0-4])\b|throws|crash(?:es|ed|ing)?|blows up|won'?t (?:load|open|let (?:me|us)|work|save|upload|download|submit|accept)|(?:doesn'?t|does not|isn'?t|is not|not) (?:load(?:ing)?|work(?:ing)?|sync(?:ing)?|sav(?:e|ing)|respond(?:ing)?|accept(?:ing)?)|keeps? (?:spinning|loading|failing|crashing|timing out|logging (?:me|us) out)|spins? forever|(?:has been|been|is|stuck) ['"]?(?:spinning|processing|loading|pending)['"]? for\b|never (?:finishes|loads|completes)|stopped (?:firing|syncing|loading|receiving|sending|working|updating)|(?:is|are|keeps?) duplicating|duplicates|fails? (?:with|on|for|every|each|when)|errors? out|logs? (?:me|us) out|no hace nada|no funciona|no carga|da (?:un )?error|ne fait rien|ne (?:marche|fonctionne) pas|ne (?:se )?charge pas|renvoie (?:un fichier vide|une erreur|rien)|tut nichts|passiert nichts|funktioniert nicht|ladt nicht|nao faz nada|nao funciona|da erro|nao carrega|non fa (?:nulla|niente)|non funziona|non (?:si )?carica|doet niets|doet het niet|werkt niet|laadt niet|nic nie robi|nie dziala|nie laduje|(?:muestra|devuelve|tira|affiche|zeigt|wirft|liefert|mostra|restituisce|devolve|toont|geeft|wyrzuca|pokazuje|zwraca|wyswietla) [^.?!]{0,14}\b(?:errore?|erreur|fehler(?:meldung)?|erro|fout(?:melding)?|b[lł]ad|404|50[0-4]))\b/;

// A call to our API by its path ("POST /orders returns…").
const API_CALL = /(?:^|\s)(?:get|post|put|patch|delete) \/\w/;

// A question asks how things work; "…does nothing when I click it", or "when we filter, it shows
// nothing", is a statement: a "when" clause is not a question without its question mark.
const QUESTION_START =
  /^(?:what|how|why|where|which|who|can|could|is|are|do|does|should|would|will|que|como|por que|comment|pourquoi|est-ce|was|wie|warum|o que|porque|cosa|perche|wat|hoe|waarom|co|jak|dlaczego)\b/;
const isQuestion = (text: string, f: string) => /[?¿？]/.test(text) || QUESTION_START.test(f.trim());

/**
 * Signing in has its own articles, which explain the usual failures (an expired reset link, an
 * SSO "invalid audience"): those reports are answered from them.
 */
const SIGN_IN =
  /\b(?:password|passwort|contrasena|mot de passe|senha|wachtwoord|haslo|reset link|sso|saml|single sign-on|2fa|two-factor|verification code|magic link|otp)\b/;

/**
 * A page, site or app that belongs to someone else — the carrier's tracking page, the bank's app,
 * PayPal's site — is not ours: "the courier's page shows nothing yet", "my bank app shows no
 * error" tell what the customer saw while checking a parcel or a payment, which the order record
 * and the articles answer. Set aside before a part of ours is looked for.
 */
const THEIR_PART = new RegExp(
  String.raw`\b(?:(?:the |their |my |our )?(?:carrier|courier|shipper|ups|fedex|dhl|usps|gls|dpd|royal mail|postal service|post office|bank|card issuer|paypal|stripe|klarna)(?:'s|s')? (?:own )?(?:tracking )?(?:page|site|website|app|portal)|(?:tracking|bank(?:ing)?) (?:page|site|website|app) (?:of|at|from) (?:the )?(?:carrier|courier|ups|fedex|dhl|usps|gls|dpd|bank)|(?:pagina|sitio|app|aplicacion) (?:del|de la|de su) (?:transportista|mensajeria|banco)|(?:page|site|appli(?:cation)?) (?:du|de la|de) (?:transporteur|banque)|(?:seite|app) (?:des|der) (?:paketdienstes|spediteurs|bank)|(?:pagina|site|app|aplicativo) (?:da|do) (?:transportadora|banco)|(?:pagina|sito|app) (?:del|della) (?:corriere|banca)|(?:pagina|site|app) van (?:de )?(?:vervoerder|bezorger|bank)|(?:strona|aplikacja) (?:kuriera|przewoznika|banku))\b`,
  'g',
);

/**
 * An error message our product showed, quoted: "adding a user says 'seat limit reached'", "the link
 * says 'expired' and it's from this morning", "checkout gives 'something went wrong'". The quote
 * names the failure, whatever was being done; a status quoted ("says 'in transit'", "shows
 * 'delivered'") names none, and an error on someone else's page (THEIR_PART) is not ours.
 */
const QUOTED_ERROR =
  /\b(?:says?|said|saying|shows?|showed|showing|displays?|reads|gives?|gave|get|gets|getting|got|throws?|pops? up with|comes? up with|dice|muestra|aparece|dit|affiche|sagt|zeigt|kommt|diz|mostra|zegt|toont|geeft|mowi|pokazuje|wyswietla):? (?:(?:an?|the) )?(?:(?:error|warning|message|notice|banner):? )?['"“‘«][^'"”’»]{0,60}?\b(?:error|limit|reached|expired|invalid|fail\w*|denied|not allowed|unavailable|exceeded|went wrong|unexpected|forbidden|not found|unable|cannot|can'?t|no permission|unauthori[sz]ed|erro[rn]?e?|erreur|fehler\w*|fout\w*|b[lł]ad|falh\w*|fallo|echec|errore|caducad\w*|expire\w*|abgelaufen|verlopen|scadut\w*|wygas\w*)\b/;

/** Whether the text reports a part of the product failing (any reply language). */
export function reportsMalfunction(text: string): boolean {
  const f = fold(text);
  if (isQuestion(text, f) || SIGN_IN.test(f)) return false;
  const ours = f.replace(THEIR_PART, ' ');
  if (ours === f && QUOTED_ERROR.test(f)) return true;
  return (PART.test(ours) || API_CALL.test(ours)) && FAILS.test(ours);
}
