/**
 * The email that confirms a new account, named in es/fr/de/pt/it/nl/pl or English ("e-mail de
 * confirmation", "Bestätigungsmail", "verification email"): a customer who says it never came
 * has an account waiting on an email, which the sign-up article's "Problems signing up" answers
 * (spam, a new link), not a request to open an account.
 * An order's confirmation email is not it. Folded text (no accents, lower case).
 */
const SIGN_UP_EMAIL =
  /\b(?:e-?mail|mail|correo(?: electronico)?|courriel|link|lien|enlace) (?:de |di |z )?(?:confirmacion|confirmation|confirmacao|conferma|verificacion|verification|verificacao|verifica|activacion|activation|ativacao|attivazione|validation|potwierdzeni\w*)\b|\b(?:confirmation|verification|activation|validation) (?:e-?mail|mail|link)\b|\b(?:bestatigungs|verifizierungs|aktivierungs|bevestigings|verificatie|activatie)-?(?:e-?mail|mail|link)\b|\b(?:e-?mail|mail)\w* (?:aktywacyjn|weryfikacyjn|potwierdzajac)\w*/;

/** An order's own confirmation or its shipping email, near the email named: not the account's. */
const ORDER_EMAIL =
  /\b(?:orders?|pedidos?|commandes?|bestellung\w*|encomendas?|ordin[ei]|bestelling\w*|zamowie\w*|shipping|shipment|envio|expedition|versand\w*|spedizion\w*|verzend\w*|wysylk\w*|\d{3,})\b/;

/** The email that confirms a new account, in a text that names no order or shipment. Folded text. */
export const ACCOUNT_EMAIL_ASKED = new RegExp(
  String.raw`^(?![^]*${ORDER_EMAIL.source})[^]*(?:${SIGN_UP_EMAIL.source})`,
);
