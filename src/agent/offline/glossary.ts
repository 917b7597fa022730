import { fold } from './text.js';

/**
 * Support vocabulary in es/fr/de/pt mapped to the English words the articles use, so the offline
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
];

/** English search terms for a non-English text; empty when nothing is recognized. */
export function englishSearchTerms(text: string): string {
  const f = fold(text);
  return GLOSSARY.filter(([re]) => re.test(f))
    .map(([, en]) => en)
    .join(' ');
}
