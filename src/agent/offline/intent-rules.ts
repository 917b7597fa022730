import type { Intent } from '../../domain/index.js';

/**
 * Keyword cues per intent in en/es/fr/de/pt, matched against accent-folded lower-case text.
 * Weights: 3 = the cue alone names the intent, 2 = strong hint, 1 = weak hint.
 */
export const INTENT_CUES: Record<Exclude<Intent, 'other'>, Array<[RegExp, number]>> = {
  order_status: [
    [
      /\bwhere(?:'s| is| are)? (?:my|our|the)? ?(?:order|package|parcel|shipment|stuff|delivery|box|items?)\b/,
      3,
    ],
    [/\b(?:track(?:ing)?|tracking number|track my)\b/, 2],
    [
      /\b(?:has|did|have) (?:my|our|it|the order|order \d+) ?(?:order )?(?:shipped|been shipped|ship|arrived|left)\b/,
      3,
    ],
    [
      /\bwhen (?:will|does|is|do|can)\b.*\b(?:arrive|get here|be delivered|deliver|ship|come|show up|receive)\b/,
      3,
    ],
    [/\b(?:status|update) (?:of|on|for) (?:my |our |the )?(?:order|package|delivery|shipment)\b/, 3],
    [/\border status\b/, 3],
    [
      /\bhasn'?t (?:arrived|shipped|come)|not (?:arrived|received) yet|still (?:waiting|hasn'?t)|never arrived|not here yet\b/,
      2,
    ],
    [
      /\b(?:donde esta|estado de mi pedido|estado del pedido|seguimiento|cuando llega|no ha llegado|ou en est|ou est ma commande|suivi|pas encore recu|wo ist|wo bleibt|sendungsverfolgung|status meiner bestellung|noch nicht angekommen|onde esta|rastreamento|rastrear|quando chega|ainda nao chegou)\b/,
      3,
    ],
    [/\b(?:eta|in transit|out for delivery|delivery date|shipped yet|arrive)\b/, 1],
  ],
  shipping: [
    [
      /\b(?:shipping|delivery) (?:cost|costs|fee|fees|price|rates?|options?|times?|policy|methods?|countries|zones?)\b/,
      3,
    ],
    [
      /\bhow (?:long|much) (?:does|is|will|do) (?:shipping|delivery|it take to ship|standard shipping|express)\b/,
      3,
    ],
    [/\b(?:do you|can you|does it) (?:ship|deliver)\b/, 3],
    [/\b(?:international|overseas|express|expedited|overnight|free) (?:shipping|delivery)\b/, 3],
    [
      /\b(?:ship|deliver|shipping) to (?:canada|mexico|europe|the uk|uk|germany|france|spain|brazil|portugal|australia|another country|a po box|po box|my office)\b/,
      3,
    ],
    [/\b(?:change|update|wrong) (?:the |my )?(?:shipping|delivery) address\b/, 3],
    [/\b(?:shipping|delivery|carrier|carriers|courier|ups|fedex|dhl|usps)\b/, 1],
    [
      /\b(?:envio|envios|gastos de envio|costo de envio|frais de (?:port|livraison)|livraison|versand|versandkosten|lieferzeit|frete|entrega)\b/,
      2,
    ],
  ],
  refund: [
    [/\b(?:refund|refunded|refunds|reimburse|reimbursement|money back|my money|chargeback|credit back)\b/, 3],
    [
      /\b(?:reembolso|reembolsar|devuelvan (?:mi|el) dinero|devolver (?:mi|el) dinero|rembourse\w*|remboursement|erstattung|ruckerstattung|erstatten|geld zuruck|reembolso|estorno|meu dinheiro de volta)\b/,
      3,
    ],
  ],
  cancel: [
    [
      /\b(?:cancel|cancell?ation|cancell?ed|cancelling|canceling|call off|stop (?:my|the|this) order|don'?t (?:want|need) (?:it|the order|this order) anymore)\b/,
      3,
    ],
    [/\b(?:cancelar|cancela|cancelacion|annuler|annulation|stornieren|stornierung|storno|cancelamento)\b/, 3],
  ],
  return: [
    [
      /\b(?:return|returns|returning|returned|send (?:it|them|this|the \w+) back|ship (?:it|them) back|exchange|rma)\b/,
      3,
    ],
    [/\breturn (?:window|policy|period|label)\b/, 2],
    [
      /\b(?:devolucion|devolver|devolverlo|retour|retourner|renvoyer|rucksendung|zuruckschicken|zurucksenden|umtausch|retoure|devolucao|devolver|trocar|troca)\b/,
      3,
    ],
    [
      /\b(?:damaged|broken|defective|wrong item|wrong size|doesn'?t fit|does not fit|arrived broken|faulty)\b/,
      1,
    ],
  ],
  billing: [
    [
      /\b(?:invoice|invoices|billing|billed|bill|charged|charge|charges|receipt|payment|payments|pay|paid|credit card|card (?:was )?declined|subscription|renewal|vat|tax id|pricing|price plan|upgrade (?:my |our )?plan|downgrade|proration|prorated)\b/,
      2,
    ],
    [
      /\b(?:charged twice|double charged|overcharged|billing error|wrong invoice|incorrect charge|duplicate charge)\b/,
      3,
    ],
    [
      /\b(?:factura|facturacion|cobro|cobrado|pago|tarjeta|facture|facturation|paiement|prelevement|rechnung|abbuchung|zahlung|abgebucht|belastet|fatura|cobranca|pagamento|cartao)\b/,
      3,
    ],
  ],
  account: [
    [
      /\b(?:password|log ?in|login|sign ?in|signin|log into|locked out|2fa|two[- ]factor|mfa|username|my account|our account|account settings|reset link|verification email|sso|single sign[- ]on)\b/,
      2,
    ],
    [
      /\b(?:reset (?:my |the )?password|forgot (?:my )?password|can'?t (?:log|sign) ?in|change (?:my |the |our )?(?:email|e-mail|username|account owner)|add (?:a )?(?:user|seat|teammate|team member|colleague)|remove (?:a )?(?:user|seat)|delete (?:my |our )?account|close (?:my |our )?account|update (?:my |our )?(?:profile|contact details)|account (?:was |got )?(?:hacked|compromised|locked))\b/,
      3,
    ],
    [
      /\b(?:contrasena|cuenta|iniciar sesion|mot de passe|compte|connexion|me connecter|passwort|konto|anmelden|einloggen|senha|conta|entrar na conta|login)\b/,
      2,
    ],
  ],
  technical: [
    [
      /\b(?:error|errors|bug|bugs|crash|crashes|crashing|broken|not working|doesn'?t work|isn'?t working|stopped working|fails?|failing|failed|outage|down|timeout|timeouts|times out|slow|latency|api|webhook|webhooks|integration|sdk|endpoint|500|502|503|404|exception|glitch|sync|syncing|dashboard|export|import|data loss|lost data|not loading|blank page|app)\b/,
      2,
    ],
    [
      /\b(?:outage|is down|service disruption|data loss|500 errors?|api (?:is )?(?:down|failing|returning)|webhooks? (?:are |is )?(?:failing|not firing))\b/,
      3,
    ],
    [
      /\b(?:no funciona|fallo|falla|caido|panne|ne fonctionne pas|bug|plantage|funktioniert nicht|absturz|fehler|nao funciona|erro|travando|caiu)\b/,
      3,
    ],
  ],
  general: [
    [
      /\b(?:opening hours|business hours|what are your hours|are you open|phone number|contact you|where are you located|your address|do you (?:sell|have|offer|carry|stock)|catalog|catalogue|wholesale|bulk (?:order|pricing|discount)|discount|coupon|promo code|gift card|warranty|in stock|product|products|recommend|which model|difference between|size chart|sizing|holiday|company)\b/,
      2,
    ],
    [
      /\b(?:question|quick question|info|information|wondering|curious|can you tell me|how does|how do i|do you)\b/,
      1,
    ],
    [
      /\b(?:horario|horarios|telefono|catalogo|descuento|garantia|horaires|catalogue|garantie|offnungszeiten|katalog|rabatt|garantie|horario de atendimento|catalogo|desconto|garantia)\b/,
      2,
    ],
  ],
  human_request: [
    [
      /\b(?:human|real person|actual person|live (?:agent|person|chat)|a person|(?:an?|some|the) (?:agent|representative|rep|manager|supervisor)|someone (?:real|from (?:your|the) team)|speak (?:to|with) (?:someone|somebody)|talk (?:to|with) (?:someone|somebody)|not a bot|stop the bot|no bots?)\b/,
      3,
    ],
    [
      /\b(?:hablar con (?:una persona|un humano|alguien|un agente)|persona real|parler a (?:un humain|quelqu'un|une personne|un conseiller)|un humain|mit einem menschen|echten menschen|mitarbeiter sprechen|falar com (?:um humano|uma pessoa|alguem|um atendente)|pessoa real)\b/,
      3,
    ],
  ],
};

/** Short messages that need no answer. */
export const PLEASANTRY =
  /^\s*(?:thanks?|thank you|thx|ty|tysm|cheers|ok(?:ay)?|k|great|perfect|awesome|cool|got it|nice|sounds good|will do|no worries|all good|gracias|muchas gracias|vale|merci|merci beaucoup|d'accord|danke|danke sch(?:ö|oe)n|alles klar|obrigad[oa]|valeu|perfeito|de nada|👍|🙏|👌|🙂|😊|❤️|✅)(?:\s*(?:so much|a lot|again|!+|\.+|,|:\)|🙂|👍|🙏|you|very much|team|guys|all))*\s*[!.]*\s*$/iu;

export const WANTS_HUMAN = INTENT_CUES.human_request;

/** Instructions aimed at the assistant rather than a question for the shop. */
export const INJECTION_CUES: RegExp[] = [
  /\bignore (?:all |any |the |your )?(?:previous|prior|above|earlier|system)? ?(?:instructions|prompts?|rules|messages)\b/i,
  /\b(?:disregard|forget|override) (?:all |any |the |your )?(?:previous |prior |above |system )?(?:instructions|prompts?|rules|guidelines|polic(?:y|ies))\b/i,
  /\byou are (?:now|no longer)\b|\bpretend (?:to be|you are)\b|\bact as (?:an?|the|my)\b|\brole-?play\b|\bjailbreak\b|\bdeveloper mode\b|\bdan mode\b/i,
  /(?:^|\n)\s*(?:system|assistant|developer)\s*:|\[(?:system|admin|inst)\]|<\/?(?:system|instructions?|admin)>|<<\s*sys/i,
  /\b(?:reveal|print|show|repeat|output|tell me) (?:me )?(?:your |the )?(?:system )?(?:prompt|instructions|rules|tools?|configuration)\b/i,
  /\b(?:as an? (?:admin|administrator|supervisor|manager|staff member|approver)|admin override|i am (?:the |an? )?(?:admin|administrator|developer|approver|supervisor))\b/i,
  /\b(?:approve (?:my|this|the) (?:refund|request) (?:automatically|now|immediately)|auto-?approve|skip (?:the )?approval|bypass (?:the )?(?:approval|policy|limits?))\b/i,
  /\b(?:ignora|ignorez|ignoriere|ignore) (?:las |les |alle |as )?(?:instrucciones|instructions|anweisungen|instrucoes)\b/i,
];
