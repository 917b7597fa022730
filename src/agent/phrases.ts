import { formatMoney as formatMinorMoney } from '../domain/money.js';
import { CONFIRM_PHRASES, isConfirmPhraseKey } from './confirm-phrases.js';
import { PHRASES_IT_NL_PL } from './phrases-it-nl-pl.js';
import { isSupportPhraseKey, SUPPORT_PHRASES } from './support-phrases.js';
import type { BasePhraseKey, PhraseKey } from './types.js';

type Table = Record<BasePhraseKey, string>;

/**
 * Stock sentences in en/es/fr/de/pt (it/nl/pl in phrases-it-nl-pl.ts). Params in braces: {ticketId}, {orderId}, {amount},
 * {name}, {reason}. Written by people, not machine-translated at runtime.
 */
const PHRASES: Record<string, Table> = {
  en: {
    working: 'Thanks, I’m looking into this now.',
    refund_executed:
      'Your refund of {amount} for order {orderId} has been issued (reference {reference}). It usually appears on your statement within 5–10 business days.',
    refund_pending_approval:
      'I’ve asked our team to approve a refund of {amount} for order {orderId}. You’ll hear from us here as soon as it’s decided.',
    cancellation_executed:
      'Order {orderId} has been cancelled (reference {reference}). Any payment will be returned in full.',
    cancellation_pending_approval:
      'I’ve asked our team to approve the cancellation of order {orderId}. You’ll hear from us here shortly.',
    action_rejected:
      'Our team reviewed your request for order {orderId} and couldn’t approve it this time. {reason} A team member can tell you more in this thread.',
    action_failed:
      'Something went wrong while processing your request for order {orderId}. A team member will follow up here ({ticketId}).',
    action_expired:
      'Your request for order {orderId} wasn’t decided in time, so a team member will pick it up and reply here ({ticketId}).',
    human_joined: '{name} from our team has joined and will take it from here.',
    handed_back: 'Our team has handed this conversation back to me. How else can I help?',
    resolved: 'Glad I could help! If anything else comes up, just write here.',
    linked_ticket: 'This looks like your open ticket {ticketId}, so I’ve added your message to it.',
    identify_for_orders:
      'For your security I can only discuss orders with a registered contact of the account. Please write from the email address registered on your account, and I’ll look it up right away.',
    orders_not_connected:
      "I can't look up orders here; a person from the team will follow up (ticket {ticketId}).",
    orders_unreachable:
      "I can't reach our order system right now; a person from the team will follow up (ticket {ticketId}).",
    escalated:
      'Thanks for your patience. I’ve passed this to our team with everything you’ve told me, and a person will follow up here soon (ticket {ticketId}).',
  },
  es: {
    working: 'Gracias, lo estoy revisando ahora.',
    refund_executed:
      'Hemos emitido el reembolso de {amount} del pedido {orderId} (referencia {reference}). Suele aparecer en tu extracto en 5–10 días hábiles.',
    refund_pending_approval:
      'He pedido a nuestro equipo que apruebe un reembolso de {amount} del pedido {orderId}. Te avisaremos aquí en cuanto se decida.',
    cancellation_executed:
      'El pedido {orderId} ha sido cancelado (referencia {reference}). Te devolveremos el pago íntegro.',
    cancellation_pending_approval:
      'He pedido a nuestro equipo que apruebe la cancelación del pedido {orderId}. Te avisaremos aquí en breve.',
    action_rejected:
      'Nuestro equipo revisó tu solicitud del pedido {orderId} y esta vez no pudo aprobarla. {reason} Un miembro del equipo puede darte más detalles en este hilo.',
    action_failed:
      'Algo salió mal al procesar tu solicitud del pedido {orderId}. Un miembro del equipo te responderá aquí ({ticketId}).',
    action_expired:
      'Tu solicitud del pedido {orderId} no se decidió a tiempo; un miembro del equipo la retomará y te responderá aquí ({ticketId}).',
    human_joined: '{name}, de nuestro equipo, se ha unido y continuará desde aquí.',
    handed_back: 'Nuestro equipo me ha devuelto esta conversación. ¿En qué más puedo ayudarte?',
    resolved: '¡Me alegra haber ayudado! Si surge algo más, escribe aquí.',
    linked_ticket:
      'Parece que esto corresponde a tu ticket abierto {ticketId}, así que he añadido tu mensaje allí.',
    identify_for_orders:
      'Por tu seguridad solo puedo hablar de pedidos con un contacto registrado de la cuenta. Escríbenos desde el correo registrado en tu cuenta y lo reviso enseguida.',
    orders_not_connected:
      'No puedo consultar pedidos aquí; una persona del equipo te responderá (ticket {ticketId}).',
    orders_unreachable:
      'Ahora mismo no puedo acceder a nuestro sistema de pedidos; una persona del equipo te responderá (ticket {ticketId}).',
    escalated:
      'Gracias por tu paciencia. He pasado esto a nuestro equipo con todo lo que nos has contado y una persona te responderá aquí pronto (ticket {ticketId}).',
  },
  fr: {
    working: 'Merci, je regarde cela tout de suite.',
    refund_executed:
      'Votre remboursement de {amount} pour la commande {orderId} a été émis (référence {reference}). Il apparaît généralement sur votre relevé sous 5 à 10 jours ouvrés.',
    refund_pending_approval:
      'J’ai demandé à notre équipe d’approuver un remboursement de {amount} pour la commande {orderId}. Nous vous répondrons ici dès que ce sera décidé.',
    cancellation_executed:
      'La commande {orderId} a été annulée (référence {reference}). Tout paiement vous sera intégralement restitué.',
    cancellation_pending_approval:
      'J’ai demandé à notre équipe d’approuver l’annulation de la commande {orderId}. Nous vous répondrons ici sous peu.',
    action_rejected:
      'Notre équipe a examiné votre demande pour la commande {orderId} et n’a pas pu l’approuver cette fois. {reason} Un membre de l’équipe peut vous en dire plus dans ce fil.',
    action_failed:
      'Un problème est survenu lors du traitement de votre demande pour la commande {orderId}. Un membre de l’équipe vous répondra ici ({ticketId}).',
    action_expired:
      'Votre demande pour la commande {orderId} n’a pas été traitée à temps ; un membre de l’équipe la reprendra et vous répondra ici ({ticketId}).',
    human_joined: '{name}, de notre équipe, a rejoint la conversation et prend le relais.',
    handed_back: 'Notre équipe m’a rendu cette conversation. Puis-je vous aider pour autre chose ?',
    resolved: 'Ravi d’avoir pu vous aider ! Pour toute autre question, écrivez ici.',
    linked_ticket: 'Cela semble concerner votre ticket ouvert {ticketId} ; j’y ai ajouté votre message.',
    identify_for_orders:
      'Pour votre sécurité, je ne peux parler des commandes qu’avec un contact enregistré du compte. Écrivez-nous depuis l’adresse e-mail enregistrée sur votre compte et je vérifie aussitôt.',
    orders_not_connected:
      'Je ne peux pas consulter les commandes ici ; une personne de l’équipe va vous répondre (ticket {ticketId}).',
    orders_unreachable:
      'Je ne peux pas joindre notre système de commandes pour le moment ; une personne de l’équipe va vous répondre (ticket {ticketId}).',
    escalated:
      'Merci de votre patience. J’ai transmis votre demande à notre équipe avec tout ce que vous nous avez dit, et une personne vous répondra ici rapidement (ticket {ticketId}).',
  },
  de: {
    working: 'Danke, ich sehe mir das gleich an.',
    refund_executed:
      'Ihre Erstattung von {amount} für Bestellung {orderId} wurde veranlasst (Referenz {reference}). Sie erscheint meist innerhalb von 5–10 Werktagen auf Ihrem Konto.',
    refund_pending_approval:
      'Ich habe unser Team gebeten, eine Erstattung von {amount} für Bestellung {orderId} zu genehmigen. Sie hören hier von uns, sobald entschieden ist.',
    cancellation_executed:
      'Bestellung {orderId} wurde storniert (Referenz {reference}). Eine Zahlung wird vollständig erstattet.',
    cancellation_pending_approval:
      'Ich habe unser Team gebeten, die Stornierung von Bestellung {orderId} zu genehmigen. Sie hören hier in Kürze von uns.',
    action_rejected:
      'Unser Team hat Ihre Anfrage zu Bestellung {orderId} geprüft und konnte sie diesmal nicht genehmigen. {reason} Ein Teammitglied erklärt Ihnen gern mehr in diesem Thread.',
    action_failed:
      'Bei der Bearbeitung Ihrer Anfrage zu Bestellung {orderId} ist etwas schiefgelaufen. Ein Teammitglied meldet sich hier ({ticketId}).',
    action_expired:
      'Ihre Anfrage zu Bestellung {orderId} wurde nicht rechtzeitig entschieden; ein Teammitglied übernimmt und antwortet hier ({ticketId}).',
    human_joined: '{name} aus unserem Team ist jetzt dabei und übernimmt.',
    handed_back: 'Unser Team hat das Gespräch an mich zurückgegeben. Wie kann ich sonst helfen?',
    resolved: 'Schön, dass ich helfen konnte! Wenn noch etwas ist, schreiben Sie einfach hier.',
    linked_ticket:
      'Das gehört offenbar zu Ihrem offenen Ticket {ticketId}; ich habe Ihre Nachricht dort hinzugefügt.',
    identify_for_orders:
      'Zu Ihrer Sicherheit kann ich Bestellungen nur mit einem registrierten Kontakt des Kontos besprechen. Bitte schreiben Sie von der E-Mail-Adresse, die in Ihrem Konto hinterlegt ist, dann sehe ich sofort nach.',
    orders_not_connected:
      'Ich kann hier keine Bestellungen nachsehen; eine Person aus dem Team meldet sich (Ticket {ticketId}).',
    orders_unreachable:
      'Ich erreiche unser Bestellsystem gerade nicht; eine Person aus dem Team meldet sich (Ticket {ticketId}).',
    escalated:
      'Danke für Ihre Geduld. Ich habe das mit allen Ihren Angaben an unser Team weitergegeben; eine Person meldet sich hier bald (Ticket {ticketId}).',
  },
  pt: {
    working: 'Obrigado, estou verificando agora.',
    refund_executed:
      'O reembolso de {amount} do pedido {orderId} foi emitido (referência {reference}). Normalmente aparece no seu extrato em 5 a 10 dias úteis.',
    refund_pending_approval:
      'Pedi à nossa equipe que aprove um reembolso de {amount} do pedido {orderId}. Você terá notícias aqui assim que for decidido.',
    cancellation_executed:
      'O pedido {orderId} foi cancelado (referência {reference}). Qualquer pagamento será devolvido integralmente.',
    cancellation_pending_approval:
      'Pedi à nossa equipe que aprove o cancelamento do pedido {orderId}. Você terá notícias aqui em breve.',
    action_rejected:
      'Nossa equipe analisou sua solicitação do pedido {orderId} e não pôde aprová-la desta vez. {reason} Alguém da equipe pode explicar mais neste tópico.',
    action_failed:
      'Algo deu errado ao processar sua solicitação do pedido {orderId}. Alguém da equipe responderá aqui ({ticketId}).',
    action_expired:
      'Sua solicitação do pedido {orderId} não foi decidida a tempo; alguém da equipe vai assumir e responder aqui ({ticketId}).',
    human_joined: '{name}, da nossa equipe, entrou na conversa e vai continuar daqui.',
    handed_back: 'Nossa equipe me devolveu esta conversa. Como mais posso ajudar?',
    resolved: 'Que bom que pude ajudar! Se precisar de mais alguma coisa, é só escrever aqui.',
    linked_ticket: 'Isto parece ser do seu ticket aberto {ticketId}, então adicionei sua mensagem a ele.',
    identify_for_orders:
      'Para sua segurança, só posso tratar de pedidos com um contato registrado da conta. Escreva do e-mail registrado na sua conta e eu verifico na hora.',
    orders_not_connected:
      'Não consigo consultar pedidos aqui; uma pessoa da equipe vai responder (ticket {ticketId}).',
    orders_unreachable:
      'Não consigo acessar nosso sistema de pedidos agora; uma pessoa da equipe vai responder (ticket {ticketId}).',
    escalated:
      'Obrigado pela paciência. Passei isto para nossa equipe com tudo o que você nos contou, e uma pessoa responderá aqui em breve (ticket {ticketId}).',
  },
  ...PHRASES_IT_NL_PL,
};

/** Fills `{param}` placeholders; a missing param leaves no brace behind. */
export function fill(template: string, params: Record<string, string>): string {
  return template
    .replace(/\{(\w+)\}/g, (_m, key: string) => params[key] ?? '')
    .replace(/\(\s*\)/g, '')
    .replace(/\s{2,}/g, ' ')
    .replace(/(?<!\s)\s+([.,!?])/g, '$1')
    .trim();
}

/** Base language of a tag ("pt-BR" → "pt"), or English when unsupported. */
export function supportedLanguage(language: string): string {
  const base = language.toLowerCase().split(/[-_]/)[0] ?? 'en';
  return base in PHRASES ? base : 'en';
}

/** A stock sentence in the customer's language; English when the language is not supported. */
export function phrase(key: PhraseKey, language: string, params: Record<string, string> = {}): string {
  if (isConfirmPhraseKey(key)) {
    const base = language.toLowerCase().split(/[-_]/)[0] ?? 'en';
    return fill((CONFIRM_PHRASES[base] ?? CONFIRM_PHRASES.en!)[key], params);
  }
  if (isSupportPhraseKey(key)) {
    const base = language.toLowerCase().split(/[-_]/)[0] ?? 'en';
    return fill((SUPPORT_PHRASES[base] ?? SUPPORT_PHRASES.en!)[key], params);
  }
  const table = PHRASES[supportedLanguage(language)] ?? PHRASES.en!;
  return fill(table[key] ?? PHRASES.en![key], params);
}

const LOCALES: Record<string, string> = {
  en: 'en-US',
  es: 'es-ES',
  fr: 'fr-FR',
  de: 'de-DE',
  pt: 'pt-BR',
  it: 'it-IT',
  nl: 'nl-NL',
  pl: 'pl-PL',
};

/** Money for a customer: "$250.00", "250,00 €" — in their locale. */
export function formatMoney(amountMinor: number, currency: string, language: string): string {
  const locale = LOCALES[supportedLanguage(language)] ?? 'en-US';
  return formatMinorMoney(amountMinor, currency, locale);
}

// One formatter per locale: toLocaleDateString builds a new Intl.DateTimeFormat on every call
// (tens of microseconds each, several dates a reply); format() of the same options says the same.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const DATE_OPTIONS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
};

/** A date for a customer, in their locale, UTC so every server says the same. */
export function formatDate(d: Date, language: string): string {
  const locale = LOCALES[supportedLanguage(language)] ?? 'en-US';
  // format() throws on an invalid date where toLocaleDateString says "Invalid Date".
  if (Number.isNaN(d.getTime())) return d.toLocaleDateString(locale, DATE_OPTIONS);
  let format = dateFormats.get(locale);
  if (!format) dateFormats.set(locale, (format = new Intl.DateTimeFormat(locale, DATE_OPTIONS)));
  return format.format(d);
}
