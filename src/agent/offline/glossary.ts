import { fold } from './text.js';

/**
 * Support vocabulary in es/fr/de/pt/it/nl/pl mapped to the English words the articles use, so the offline
 * engine (which cannot translate) still finds the right article for a non-English question.
 */
const GLOSSARY: Array<[RegExp, string]> = [
  [/\b(?:envio|envios|frete|livraison|versand|versandkosten|expedition|entrega)\b/, 'shipping delivery cost'],
  [/\b(?:internacional|international|ausland|exterior|mexico|france|osterreich|brasil)\b/, 'international'],
  [
    /\b(?:devolucion|devoluciones|devolver|devolucao|retour|retourner|rucksendung|zurucksenden|retoure)\b/,
    'return policy',
  ],
  [/\b(?:reembolso|remboursement|rembourse|erstattung|ruckerstattung|estorno)\b/, 'refund'],
  [/\b(?:contrasena|mot de passe|passwort|senha)\b/, 'password reset'],
  [/\b(?:iniciar sesion|connecter|connexion|anmelden|einloggen|entrar|login)\b/, 'login sign in'],
  [/\b(?:cuenta|compte|konto|conta)\b/, 'account'],
  [/\b(?:factura|facture|rechnung|fatura|recibo|quittung)\b/, 'invoice receipt'],
  [/\b(?:pago|paiement|zahlung|pagamento|tarjeta|carte|karte|cartao)\b/, 'payment card'],
  [/\b(?:horario|horarios|horaires|offnungszeiten|atendimento|atencion)\b/, 'support hours'],
  [/\b(?:garantia|garantie)\b/, 'warranty'],
  [/\b(?:seguimiento|suivi|sendungsverfolgung|rastreamento)\b/, 'tracking'],
  [/\b(?:cancelar|annuler|stornieren)\b/, 'cancel order'],
  [/\b(?:costo|cuanto cuesta|frais|kosten|quanto custa|prix|precio|preco)\b/, 'cost price'],
  [/\b(?:dano|danado|endommage|beschadigt|defekt|danificado)\b/, 'damaged defective'],
  // Italian, Dutch and Polish.
  [
    /\b(?:spedizion\w*|spedite|consegna|verzend\w*|levering|bezorg\w*|wysylk\w*|dostaw\w*)\b/,
    'shipping delivery cost',
  ],
  [/\b(?:italia|nederland|belgie|polsk\w*|estero|buitenland|zagranic\w*)\b/, 'international'],
  [/\b(?:reso|resi|restituir\w*|retourner\w*|retour\w*|terugstur\w*|zwrot\w*|odesla\w*)\b/, 'return policy'],
  [/\b(?:rimbors\w*|terugbetal\w*|zwrot pieniedzy|geld terug)\b/, 'refund'],
  [/\b(?:wachtwoord|haslo|hasla)\b/, 'password reset'],
  [/\b(?:accedere|accesso|inloggen|zalogowac|logowanie)\b/, 'login sign in'],
  [/\b(?:fattur\w*|factuur|facturen|faktur\w*|rachun\w*|ricevuta|bon)\b/, 'invoice receipt'],
  [/\b(?:pagament\w*|betaling\w*|betaalmethode\w*|platnos\w*|karta|carta di credito)\b/, 'payment card'],
  [/\b(?:orari|openingstijden|godzin\w*)\b/, 'support hours'],
  [/\b(?:garanzia|garantie|gwarancj\w*)\b/, 'warranty'],
  [/\b(?:tracciament\w*|track(?: ?and ?trace)?|sledzeni\w*)\b/, 'tracking'],
  [/\b(?:annull\w*|annuleren|anulowa\w*)\b/, 'cancel order'],
  [/\b(?:quanto costa|costo|kosten|wat kost|ile kosztuje|koszt\w*)\b/, 'cost price'],
  [
    /\b(?:abbonament\w*|abonnement|subskrypcj\w*|contratto|contract|umow\w*|penale|boete|oplat\w*)\b/,
    'plan subscription cancel fee',
  ],
];

/** English search terms for a non-English text; empty when nothing is recognized. */
export function englishSearchTerms(text: string): string {
  const f = fold(text);
  return GLOSSARY.filter(([re]) => re.test(f))
    .map(([, en]) => en)
    .join(' ');
}
