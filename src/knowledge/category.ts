import { KbCategorySchema, type KbCategory } from '../domain/index.js';

/** Words that file an article under one of our categories, most specific first. */
const RULES: Array<[KbCategory, RegExp]> = [
  [
    'returns',
    /\b(?:returns?|refunds?|exchanges?|rma|devoluci\w*|devolver|reembolso\w*|retour\w*|rembourse\w*|rückgabe|erstattung|devolu\w*)\b/i,
  ],
  [
    'shipping',
    /\b(?:ship\w*|deliver\w*|tracking|track|carriers?|customs|couriers?|env[ií]o\w*|entrega\w*|livraison\w*|versand|lieferung)\b/i,
  ],
  [
    'billing',
    /\b(?:bill\w*|invoices?|payments?|pay|pricing|prices?|plans?|tax\w*|charges?|receipts?|subscriptions?|factura\w*|pago\w*|facture\w*|paiement\w*|rechnung\w*|zahlung\w*)\b/i,
  ],
  [
    'account',
    /\b(?:accounts?|passwords?|log ?in|sign[- ]?in|sso|single sign-on|2fa|two-factor|profile|team members?|users?|cuenta|contraseña|compte|mot de passe|konto|passwort)\b/i,
  ],
  [
    'technical',
    /\b(?:api|integrations?|webhooks?|errors?|bugs?|outages?|status|troubleshoot\w*|technical|developers?|security|sdk)\b/i,
  ],
];

/**
 * Our category for an imported article: the one the source states, else the first rule matching
 * its section name, then its title, then its tags; `general` when nothing matches.
 */
export function categorize(input: {
  category?: string;
  section?: string;
  title: string;
  tags?: string[];
}): KbCategory {
  const stated = KbCategorySchema.safeParse(input.category?.toLowerCase());
  if (stated.success) return stated.data;
  for (const text of [input.section, input.title, (input.tags ?? []).join(' ')]) {
    if (!text) continue;
    const hit = RULES.find(([, re]) => re.test(text));
    if (hit) return hit[0];
  }
  return 'general';
}
