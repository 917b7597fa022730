import { fill, supportedLanguage } from '../phrases.js';
import { CARRIER_WORD_IT_NL_PL, STATUS_WORDS_IT_NL_PL, TEMPLATES_IT_NL_PL } from './templates-it-nl-pl.js';

/** Sentences the offline resolver fills with tool results. Not part of the shared PhraseKey set. */
export type TemplateKey =
  | 'status_placed'
  | 'status_shipped'
  | 'status_shipped_tracking'
  | 'status_eta'
  | 'status_delivered'
  | 'status_cancelled'
  | 'status_returned'
  | 'status_refunded'
  | 'status_total'
  | 'order_list_intro'
  | 'no_orders'
  | 'order_not_found'
  | 'which_order'
  | 'return_eligible'
  | 'return_closed'
  | 'return_not_delivered'
  | 'return_placed'
  | 'refund_proposed'
  | 'refund_not_possible'
  | 'cancel_proposed'
  | 'cancel_not_possible'
  | 'kb_intro'
  | 'kb_intro_translated'
  | 'source'
  | 'anything_else';

const T: Record<string, Record<TemplateKey, string>> = {
  en: {
    status_placed:
      'Order {orderId} was placed on {placedAt} and hasn’t shipped yet. It can still be cancelled if you need to.',
    status_shipped: 'Order {orderId} shipped on {shippedAt}{carrier}.',
    status_shipped_tracking: 'Tracking number: {tracking}.',
    status_eta: 'Estimated delivery: {eta}.',
    status_delivered: 'Order {orderId} was delivered on {deliveredAt}.',
    status_cancelled: 'Order {orderId} was cancelled.',
    status_returned: 'Order {orderId} has been returned.',
    status_refunded: 'We refunded {amount} on {refundedAt}.',
    status_total: 'The order total is {amount}.',
    order_list_intro: 'Here are your most recent orders:',
    no_orders: 'I don’t see any orders on your account yet.',
    order_not_found: 'I couldn’t find order {orderId} on your account. Could you double-check the number?',
    which_order: 'Which order is this about? Here are your recent ones:',
    return_eligible:
      'Order {orderId} can be returned until {windowEnds} ({days}-day return window). The refundable amount is {amount}.',
    return_closed:
      'The {days}-day return window for order {orderId} closed on {windowEnds}, so it can no longer be returned for a refund.',
    return_not_delivered:
      'Order {orderId} is still on its way. Once it’s delivered you’ll have {days} days to return it.',
    return_placed:
      'Order {orderId} hasn’t shipped yet, so instead of a return it can simply be cancelled for a full refund.',
    refund_proposed: 'Order {orderId} qualifies for a refund of {amount}. I’m submitting the request now.',
    refund_not_possible:
      'I can’t refund order {orderId}: {why} If you think this is a mistake, reply here and I’ll bring in a team member.',
    cancel_proposed:
      'Order {orderId} hasn’t shipped yet, so it can be cancelled. I’m submitting the cancellation now.',
    cancel_not_possible:
      'Order {orderId} has already shipped, so it can’t be cancelled any more. Once it arrives you can return it within {days} days.',
    kb_intro: 'Here’s what our help center says:',
    kb_intro_translated: 'Here’s what our help center says (the article is in English):',
    source: 'Source',
    anything_else: 'Is there anything else I can help with?',
  },
  es: {
    status_placed:
      'El pedido {orderId} se realizó el {placedAt} y aún no se ha enviado. Todavía puede cancelarse si lo necesitas.',
    status_shipped: 'El pedido {orderId} se envió el {shippedAt}{carrier}.',
    status_shipped_tracking: 'Número de seguimiento: {tracking}.',
    status_eta: 'Entrega estimada: {eta}.',
    status_delivered: 'El pedido {orderId} se entregó el {deliveredAt}.',
    status_cancelled: 'El pedido {orderId} fue cancelado.',
    status_returned: 'El pedido {orderId} ha sido devuelto.',
    status_refunded: 'Reembolsamos {amount} el {refundedAt}.',
    status_total: 'El importe total del pedido es {amount}.',
    order_list_intro: 'Estos son tus pedidos más recientes:',
    no_orders: 'Todavía no veo pedidos en tu cuenta.',
    order_not_found: 'No encuentro el pedido {orderId} en tu cuenta. ¿Puedes comprobar el número?',
    which_order: '¿De qué pedido se trata? Estos son los más recientes:',
    return_eligible:
      'El pedido {orderId} puede devolverse hasta el {windowEnds} (plazo de devolución de {days} días). El importe reembolsable es {amount}.',
    return_closed:
      'El plazo de devolución de {days} días del pedido {orderId} terminó el {windowEnds}, así que ya no puede devolverse con reembolso.',
    return_not_delivered:
      'El pedido {orderId} todavía está en camino. Cuando se entregue tendrás {days} días para devolverlo.',
    return_placed:
      'El pedido {orderId} aún no se ha enviado, así que en lugar de devolverlo puede cancelarse con reembolso completo.',
    refund_proposed:
      'El pedido {orderId} puede reembolsarse por {amount}. Estoy enviando la solicitud ahora.',
    refund_not_possible:
      'No puedo reembolsar el pedido {orderId}: {why} Si crees que es un error, responde aquí y avisaré a alguien del equipo.',
    cancel_proposed:
      'El pedido {orderId} aún no se ha enviado, así que puede cancelarse. Estoy enviando la cancelación ahora.',
    cancel_not_possible:
      'El pedido {orderId} ya se envió, así que no puede cancelarse. Cuando llegue podrás devolverlo en un plazo de {days} días.',
    kb_intro: 'Esto es lo que dice nuestro centro de ayuda:',
    kb_intro_translated: 'Esto es lo que dice nuestro centro de ayuda (el artículo está en inglés):',
    source: 'Fuente',
    anything_else: '¿Puedo ayudarte con algo más?',
  },
  fr: {
    status_placed:
      'La commande {orderId} a été passée le {placedAt} et n’a pas encore été expédiée. Elle peut encore être annulée si besoin.',
    status_shipped: 'La commande {orderId} a été expédiée le {shippedAt}{carrier}.',
    status_shipped_tracking: 'Numéro de suivi : {tracking}.',
    status_eta: 'Livraison estimée : {eta}.',
    status_delivered: 'La commande {orderId} a été livrée le {deliveredAt}.',
    status_cancelled: 'La commande {orderId} a été annulée.',
    status_returned: 'La commande {orderId} a été retournée.',
    status_refunded: 'Nous avons remboursé {amount} le {refundedAt}.',
    status_total: 'Le montant total de la commande est de {amount}.',
    order_list_intro: 'Voici vos commandes les plus récentes :',
    no_orders: 'Je ne vois encore aucune commande sur votre compte.',
    order_not_found:
      'Je ne trouve pas la commande {orderId} sur votre compte. Pouvez-vous vérifier le numéro ?',
    which_order: 'De quelle commande s’agit-il ? Voici les plus récentes :',
    return_eligible:
      'La commande {orderId} peut être retournée jusqu’au {windowEnds} (délai de retour de {days} jours). Le montant remboursable est de {amount}.',
    return_closed:
      'Le délai de retour de {days} jours pour la commande {orderId} s’est terminé le {windowEnds} ; elle ne peut plus être retournée contre remboursement.',
    return_not_delivered:
      'La commande {orderId} est encore en route. Une fois livrée, vous aurez {days} jours pour la retourner.',
    return_placed:
      'La commande {orderId} n’a pas encore été expédiée : plutôt qu’un retour, elle peut simplement être annulée et intégralement remboursée.',
    refund_proposed:
      'La commande {orderId} peut être remboursée de {amount}. Je transmets la demande maintenant.',
    refund_not_possible:
      'Je ne peux pas rembourser la commande {orderId} : {why} Si vous pensez qu’il s’agit d’une erreur, répondez ici et je ferai intervenir un membre de l’équipe.',
    cancel_proposed:
      'La commande {orderId} n’a pas encore été expédiée, elle peut donc être annulée. Je transmets l’annulation maintenant.',
    cancel_not_possible:
      'La commande {orderId} a déjà été expédiée et ne peut plus être annulée. À réception, vous pourrez la retourner sous {days} jours.',
    kb_intro: 'Voici ce qu’indique notre centre d’aide :',
    kb_intro_translated: 'Voici ce qu’indique notre centre d’aide (l’article est en anglais) :',
    source: 'Source',
    anything_else: 'Puis-je vous aider pour autre chose ?',
  },
  de: {
    status_placed:
      'Bestellung {orderId} wurde am {placedAt} aufgegeben und ist noch nicht versandt. Sie kann bei Bedarf noch storniert werden.',
    status_shipped: 'Bestellung {orderId} wurde am {shippedAt} versandt{carrier}.',
    status_shipped_tracking: 'Sendungsnummer: {tracking}.',
    status_eta: 'Voraussichtliche Zustellung: {eta}.',
    status_delivered: 'Bestellung {orderId} wurde am {deliveredAt} zugestellt.',
    status_cancelled: 'Bestellung {orderId} wurde storniert.',
    status_returned: 'Bestellung {orderId} wurde zurückgesendet.',
    status_refunded: 'Wir haben am {refundedAt} {amount} erstattet.',
    status_total: 'Der Gesamtbetrag der Bestellung beträgt {amount}.',
    order_list_intro: 'Hier sind Ihre letzten Bestellungen:',
    no_orders: 'Ich sehe noch keine Bestellungen in Ihrem Konto.',
    order_not_found: 'Ich finde Bestellung {orderId} nicht in Ihrem Konto. Könnten Sie die Nummer prüfen?',
    which_order: 'Um welche Bestellung geht es? Hier sind Ihre letzten:',
    return_eligible:
      'Bestellung {orderId} kann bis {windowEnds} zurückgegeben werden ({days}-tägige Rückgabefrist). Erstattungsfähig sind {amount}.',
    return_closed:
      'Die {days}-tägige Rückgabefrist für Bestellung {orderId} endete am {windowEnds}; eine Rückgabe gegen Erstattung ist nicht mehr möglich.',
    return_not_delivered:
      'Bestellung {orderId} ist noch unterwegs. Nach der Zustellung haben Sie {days} Tage Zeit für eine Rückgabe.',
    return_placed:
      'Bestellung {orderId} ist noch nicht versandt; statt einer Rückgabe kann sie einfach storniert und voll erstattet werden.',
    refund_proposed:
      'Für Bestellung {orderId} ist eine Erstattung von {amount} möglich. Ich reiche die Anfrage jetzt ein.',
    refund_not_possible:
      'Ich kann Bestellung {orderId} nicht erstatten: {why} Wenn Sie das für einen Fehler halten, antworten Sie hier und ich hole jemanden aus dem Team dazu.',
    cancel_proposed:
      'Bestellung {orderId} ist noch nicht versandt und kann storniert werden. Ich reiche die Stornierung jetzt ein.',
    cancel_not_possible:
      'Bestellung {orderId} ist bereits versandt und kann nicht mehr storniert werden. Nach Erhalt können Sie sie innerhalb von {days} Tagen zurückgeben.',
    kb_intro: 'Das steht dazu in unserem Hilfe-Center:',
    kb_intro_translated: 'Das steht dazu in unserem Hilfe-Center (der Artikel ist auf Englisch):',
    source: 'Quelle',
    anything_else: 'Kann ich sonst noch helfen?',
  },
  pt: {
    status_placed:
      'O pedido {orderId} foi feito em {placedAt} e ainda não foi enviado. Ainda pode ser cancelado, se precisar.',
    status_shipped: 'O pedido {orderId} foi enviado em {shippedAt}{carrier}.',
    status_shipped_tracking: 'Código de rastreamento: {tracking}.',
    status_eta: 'Entrega prevista: {eta}.',
    status_delivered: 'O pedido {orderId} foi entregue em {deliveredAt}.',
    status_cancelled: 'O pedido {orderId} foi cancelado.',
    status_returned: 'O pedido {orderId} foi devolvido.',
    status_refunded: 'Reembolsamos {amount} em {refundedAt}.',
    status_total: 'O valor total do pedido é {amount}.',
    order_list_intro: 'Estes são seus pedidos mais recentes:',
    no_orders: 'Ainda não vejo pedidos na sua conta.',
    order_not_found: 'Não encontrei o pedido {orderId} na sua conta. Pode conferir o número?',
    which_order: 'De qual pedido se trata? Estes são os mais recentes:',
    return_eligible:
      'O pedido {orderId} pode ser devolvido até {windowEnds} (prazo de devolução de {days} dias). O valor reembolsável é {amount}.',
    return_closed:
      'O prazo de devolução de {days} dias do pedido {orderId} terminou em {windowEnds}, então ele não pode mais ser devolvido com reembolso.',
    return_not_delivered:
      'O pedido {orderId} ainda está a caminho. Depois da entrega você terá {days} dias para devolvê-lo.',
    return_placed:
      'O pedido {orderId} ainda não foi enviado; em vez de devolvê-lo, ele pode ser cancelado com reembolso total.',
    refund_proposed:
      'O pedido {orderId} pode ser reembolsado em {amount}. Estou enviando a solicitação agora.',
    refund_not_possible:
      'Não posso reembolsar o pedido {orderId}: {why} Se achar que é um engano, responda aqui e chamarei alguém da equipe.',
    cancel_proposed:
      'O pedido {orderId} ainda não foi enviado, então pode ser cancelado. Estou enviando o cancelamento agora.',
    cancel_not_possible:
      'O pedido {orderId} já foi enviado e não pode mais ser cancelado. Quando chegar, você poderá devolvê-lo em até {days} dias.',
    kb_intro: 'Veja o que diz nossa central de ajuda:',
    kb_intro_translated: 'Veja o que diz nossa central de ajuda (o artigo está em inglês):',
    source: 'Fonte',
    anything_else: 'Posso ajudar com mais alguma coisa?',
  },
  ...TEMPLATES_IT_NL_PL,
};

const STATUS_WORDS: Record<string, Record<string, string>> = {
  en: {
    placed: 'placed, not shipped yet',
    shipped: 'shipped',
    delivered: 'delivered',
    cancelled: 'cancelled',
    returned: 'returned',
  },
  es: {
    placed: 'realizado, aún sin enviar',
    shipped: 'enviado',
    delivered: 'entregado',
    cancelled: 'cancelado',
    returned: 'devuelto',
  },
  fr: {
    placed: 'passée, pas encore expédiée',
    shipped: 'expédiée',
    delivered: 'livrée',
    cancelled: 'annulée',
    returned: 'retournée',
  },
  de: {
    placed: 'aufgegeben, noch nicht versandt',
    shipped: 'versandt',
    delivered: 'zugestellt',
    cancelled: 'storniert',
    returned: 'zurückgesendet',
  },
  pt: {
    placed: 'feito, ainda não enviado',
    shipped: 'enviado',
    delivered: 'entregue',
    cancelled: 'cancelado',
    returned: 'devolvido',
  },
  ...STATUS_WORDS_IT_NL_PL,
};

const CARRIER_WORD: Record<string, string> = {
  en: ' with {carrier}',
  es: ' con {carrier}',
  fr: ' via {carrier}',
  de: ' mit {carrier}',
  pt: ' pela {carrier}',
  ...CARRIER_WORD_IT_NL_PL,
};

export function t(key: TemplateKey, language: string, params: Record<string, string> = {}): string {
  const lang = supportedLanguage(language);
  return fill((T[lang] ?? T.en!)[key], params);
}

export function statusWord(status: string, language: string): string {
  return (STATUS_WORDS[supportedLanguage(language)] ?? STATUS_WORDS.en!)[status] ?? status;
}

export function carrierPhrase(carrier: string | undefined, language: string): string {
  return carrier
    ? fill(CARRIER_WORD[supportedLanguage(language)] ?? CARRIER_WORD.en!, { carrier }).replace(/^/, ' ')
    : '';
}
