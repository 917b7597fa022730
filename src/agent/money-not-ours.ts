/**
 * Money set to go somewhere that is not the customer's, in the twelve supported languages (folded
 * text): a saved card that "isn't any card of ours", payouts "sent to an account that isn't ours",
 * "la tarjeta guardada termina en 4410, no es nuestra", "保存的卡不是我们的卡". A card that is no
 * longer ours ("isn't ours anymore, we switched banks") is a card to update, and a parcel that is
 * not ours is a shipping mistake (no card, account or payout named). security-told.ts reads it as
 * a security incident.
 */
import { foldedPattern } from './offline/text.js';

const NOT_OURS = new RegExp(
  [
    String.raw`\b(?:cards?|bank (?:account|details)|iban|payouts?|account number|payment (?:method|details))\b[^.!?]{0,60}\b(?:isn'?t|aren'?t|is not|are not|wasn'?t|weren'?t) (?:any (?:card |account )?(?:of )?|one of )?ours\b(?! any ?more| any longer| now)`,
    String.raw`\b(?:payouts?|payments?|transfers?|refunds?|money)\b[^.!?]{0,30}\b(?:went|go(?:es|ing)?|sent|paid|routed) (?:in)?to (?:an? |some )?(?:account|card|iban)\b[^.!?]{0,15}\b(?:that |which )?(?:isn'?t|is not|wasn'?t|was not) ours\b`,
    String.raw`\bcards?\b[^.!?]{0,80}\b(?:none of us|nobody(?: here)?|no one(?: here)?) (?:owns|has|holds|recogni[sz]es) (?:a |that |this |the |such a )?card\b`,
    // es pt: "la tarjeta … no es nuestra", "o cartão … não é nosso"
    String.raw`\b(?:tarjeta|cuenta(?: bancaria)?|iban|transferencias?|pagos?|cartao|conta(?: bancaria)?|pagamentos?)\b[^.!?]{0,60}\b(?:no es|nao e)(?: (?:ninguna|nenhuma|nenhum) \w+)? (?:la |o |a )?(?:nuestr|noss)[oa]s?\b|\b(?:tarjeta|cuenta|cartao|conta)\b[^.!?]{0,60}\bque (?:no|nao) es? (?:la |o |a )?(?:nuestr|noss)[oa]\b`,
    // fr: "une carte qui n'est pas la nôtre", "sur un compte qui n'est pas le nôtre"
    String.raw`\b(?:carte|compte|iban|virements?|versements?|paiements?)\b[^.!?]{0,60}\bn'est pas (?:la |le )?(?:notre|a nous)\b`,
    // de: "das ist keine Karte von uns", "ein Konto, das nicht unseres ist"
    String.raw`\b(?:karte|konto|iban|auszahlung\w*|uberweisung\w*|zahlung\w*)\b[^.!?]{0,60}\b(?:keine (?:karte|konto|iban) von uns|nicht (?:unser\w*|von uns)|gehort (?:uns )?nicht)\b`,
    // it: "la carta … non è nostra"
    String.raw`\b(?:carta|conto|iban|bonifici|pagamenti)\b[^.!?]{0,60}\bnon e (?:la |il )?nostr[oa]\b`,
    // nl: "dat is niet onze kaart", "een rekening die niet van ons is"
    String.raw`\b(?:kaart|rekening|iban|uitbetaling\w*|betaling\w*)\b[^.!?]{0,60}\bniet (?:onze|van ons)\b`,
    // pl: "to nie nasza karta", "konto, które nie jest nasze"
    String.raw`\b(?:kart\w*|kont\w*|rachun\w*|wyplat\w*|przelew\w*)\b[^.!?]{0,60}\bnie (?:jest )?nasz\w*`,
  ].join('|'),
);

/** The same in Chinese, Japanese, Thai and Arabic. */
const NOT_OURS_SCRIPTS = foldedPattern(
  String.raw`(?:卡|账户|帐户|银行账户|打款|付款|收款账户)[^。！？]{0,30}不是我们的|(?:カード|口座|振込|入金)[^。！？]{0,30}(?:うちの|弊社の|当社の|私たちの)(?:カード|口座|もの)?では(?:ない|ありません)|(?:บัตร|บัญชี)[^]{0,40}ไม่ใช่(?:ของ)?(?:เรา|บริษัทเรา|บัตรเรา|บัตรของเรา)|(?:البطاقة|بطاقة|الحساب|حساب|التحويلات|المدفوعات)[^.!?؟]{0,40}(?:ليست بطاقتنا|ليس حسابنا|ليست لنا|ليس لنا|لا يخصنا|لا تخصنا)`,
);

/** A card, an account or a payout that is not the customer's (folded text). */
export function moneyNotOurs(text: string): boolean {
  return NOT_OURS.test(text) || NOT_OURS_SCRIPTS.test(text);
}
