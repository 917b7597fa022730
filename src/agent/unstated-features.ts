import { foldedPattern } from './offline/text.js';
import type { UnstatedService } from './unstated-services.js';

/**
 * Features of the product or the account a question asks about that only an article saying so can
 * answer: an app for the phone, more than one owner on an account, a picture on a profile. "Do you
 * have an app for ordering?" finds the cancellation article by "ordering", "can we have 2 owners?"
 * the account-closing one by "owner", "how do I change my profile pic?" the address one by
 * "change": the topic's article is quoted and the question goes unanswered. A person answers, and
 * the question is recorded as a gap. Another help center whose article states it ("our iOS and
 * Android apps", "an account can have several owners") answers it.
 */

// An app someone uses to sign in securely is the two-factor article's, not a shop's app.
const NOT_A_SHOP_APP = String.raw`(?<!(?:authenticator|authentication|auth|2fa|otp|totp|bank|banking|sms|password|sso|okta|google) )`;
const PHONE = String.raw`(?:phones?|mobiles?|iphones?|android|ios|smartphones?|cell ?phones?|tablets?|ipads?)`;

const MOBILE_APP = new RegExp(
  [
    // en: "do you have an app", "is there a mobile app", "an app for ordering on the phone"
    String.raw`\b(?:do|does) (?:you|u|ya|y'?all|you guys|your (?:company|shop|store|site|team))\b[^.?!]{0,20}\b(?:have|got|offer|make|provide)\b (?:an?|any|your own) (?:\w+ )?app\b`,
    String.raw`\b(?:is there|are there|got|any) (?:an?|any) (?:\w+ )?${NOT_A_SHOP_APP}apps?\b`,
    String.raw`\b(?:mobile|phone|iphone|ios|android|smartphone|tablet) ${NOT_A_SHOP_APP}apps?\b`,
    String.raw`\b${NOT_A_SHOP_APP}apps? (?:for|on) (?:the |my |our |a |your )?(?:${PHONE})\b`,
    // es, fr, de, pt, it, nl, pl
    String.raw`\b(?:app|aplicacion) (?:movil|para (?:el )?(?:movil|celular|telefono))\b|\b(?:tienen|teneis|hay) (?:una |alguna )?(?:app|aplicacion)\b`,
    String.raw`\b(?:application|appli|app) (?:mobile|pour (?:le )?(?:telephone|smartphone|portable|mobile))\b|\b(?:avez-vous|vous avez|existe-t-il|y a-t-il) (?:une )?(?:application|appli|app)\b`,
    String.raw`\b(?:handy|smartphone|mobile)-?app\b|\bapp (?:furs|fur das|fur) (?:handy|smartphone|telefon)\b|\b(?:habt ihr|haben sie|gibt es) (?:eine |auch eine )?app\b`,
    String.raw`\b(?:aplicativo|app) (?:movel|para (?:o )?(?:celular|telemovel|telefone|smartphone))\b|\b(?:tem|voces tem|existe) (?:um |uma )?(?:aplicativo|app)\b`,
    String.raw`\bapp (?:mobile|per (?:il )?(?:telefono|cellulare|smartphone))\b|\b(?:avete|c'e) (?:un'|una )?app\b`,
    String.raw`\b(?:mobiele app|app voor (?:de |mijn |onze )?(?:telefoon|mobiel|smartphone))\b|\b(?:hebben jullie|is er) (?:een )?app\b`,
    String.raw`\baplikacj\w* (?:mobiln\w*|na (?:telefon|smartfon|komork\w*))\b|\b(?:macie|czy jest) (?:jakas )?aplikacj\w*`,
  ].join('|'),
);
// ja, zh, th, ar.
const MOBILE_APP_SCRIPT = foldedPattern(
  'スマホアプリ|アプリはあります|アプリはある|アプリありますか|手机应用|手机app|手机客户端|有app吗|有没有app|有应用吗|แอปมือถือ|มีแอป|تطبيق جوال|تطبيق للجوال|تطبيق موبايل|هل لديكم تطبيق',
);

// More than one owner on the one account (handing it to a new owner is a request for a person already).
const SEVERAL_OWNERS = new RegExp(
  [
    String.raw`\b(?:two|2|three|3|multiple|several|more than one|additional|extra) (?:account |co-)?owners\b|\b(?:a |an )?(?:second|2nd|additional|extra|joint) (?:account )?owner\b|\bco-?owners?\b|\bshare (?:the )?owner(?:ship| role)\b|\bboth (?:be |become )?(?:the )?(?:account )?owners\b|\b(?:two|2|three|3|several|multiple) (?:people|persons|users|of us)\b[^.?!]{0,20}\bowners?\b`,
    String.raw`\b(?:dos|varios|mas de un) (?:propietarios|duenos)\b|\b(?:deux|plusieurs) proprietaires\b|\bcoproprietaires?\b|\b(?:zwei|mehrere) (?:inhaber|besitzer|eigentumer|owner)\b|\b(?:dois|varios|mais de um) (?:proprietarios|donos)\b|\b(?:due|piu) proprietari\b|\b(?:twee|meerdere) eigenaren\b|\b(?:dwoch|kilku|wielu) wlascicieli\b`,
  ].join('|'),
);

// A picture on a person's profile: the help center describes no profiles.
const PROFILE_PICTURE =
  /\b(?:profile|account|user) (?:pic|pics|picture|photo|image|avatar)s?\b|\bavatars?\b|\b(?:foto|imagen) de perfil\b|\bphoto de profil\b|\bprofil(?:bild|foto)\b|\bfoto (?:do|de) perfil\b|\bimmagine del profilo\b|\bfoto profilo\b|\bprofielfoto\b|\bzdjeci\w* profilow\w*|头像|アイコン画像|プロフィール画像|รูปโปรไฟล์|صورة الملف الشخصي/u;

// A password or an API key that expires on its own, in the reply languages: a link's life (the reset
// link, the export link) is stated, and a key the customer rotates by hand is the article's.
const CREDENTIAL = String.raw`(?:passwords?|pass words?|api[- ]?keys?|keys?|tokens?|credentials?|contrasenas?|claves?|mots? de passe|cles?|passwort\w*|kennwort\w*|schlussel\w*|senhas?|chaves?|password|chiav[ei]|wachtwoord\w*|sleutels?|hasl[oa]|klucz\w*)`;
const EXPIRES = String.raw`(?:expir\w*|expiry|expiries|caduc\w*|venc\w*|ablauf\w*|ablaufen|verfall\w*|scad\w*|verlo?p\w*|vervaldatum|wygas\w*)`;
const NOT_A_LINK = String.raw`(?:(?!\b(?:links?|e-?mails?|mails?|codes?|sessions?|reset|certificates?|enlaces?|liens?|lien|codigo|codice|kod)\b)[^.?!])`;
// A link's life is the question when one is named: "the reset link for my password expired".
const LINK = String.raw`(?:links?|reset|e-?mails?|mails?|codes?|sessions?|certificates?|enlaces?|restablec\w*|liens?|reinitialis\w*|zurucksetz\w*|redefini\w*|reimpost\w*|resetow\w*)`;
const CREDENTIAL_EXPIRY = new RegExp(
  String.raw`^(?!.*\b${LINK}\b).*?(?:\b${CREDENTIAL}\b${NOT_A_LINK}{0,25}\b${EXPIRES}|\b${EXPIRES}${NOT_A_LINK}{0,20}\b(?:on|for|of|de|des|du|fur|von|dla|voor|per|della|do|da)\s+(?:an?\s+|the\s+|our\s+|each\s+|every\s+|la\s+|le\s+|les\s+|el\s+|los\s+|die\s+|der\s+|den\s+|o\s+|a\s+|as\s+|os\s+|il\s+|de\s+|het\s+)?(?:\w+[\s-]+)?${CREDENTIAL}\b)`,
  'u',
);

// Word that a product is back, asked for: an email, a notification or a webhook when stock returns
// ("can we get pinged when the grinders are restocked?"). The webhooks and tracking articles speak of
// orders only.
const NOTIFY = String.raw`(?:notify|notified|notification|notifications|alert|alerts|alerted|email|e-?mail(?:ed)?|tell|let (?:me|us) know|ping|pinged|heads[- ]up|webhooks?|event|events)`;
const STOCK_BACK = String.raw`(?:back in stock|restock\w*|in stock again|available again|(?:stock|inventory)\b[^.?!]{0,20}\b(?:comes?|is) back|comes? back in(?:to)? stock)`;
const BACK_IN_STOCK = new RegExp(
  [
    String.raw`\b${NOTIFY}\b[^.?!]{0,50}\b${STOCK_BACK}`,
    String.raw`\b(?:avis\w*|notific\w*|alerta\w*|prevenir\w*|previen\w*)\b[^.?!]{0,50}\b(?:(?:vuelva|haya) (?:a haber )?(?:stock|existencias)|disponible de nuevo|de nuevo disponible|repon\w*)`,
    String.raw`\b(?:preven\w*|avert\w*|alerte\w*|notifi\w*)\b[^.?!]{0,50}\b(?:de nouveau (?:en stock|disponible)|reapprovisionn\w*|(?:revient|reviendra) en stock)`,
    String.raw`\b(?:benachrichtig\w*|informier\w*|bescheid)\b[^.?!]{0,50}\bwieder (?:auf lager|verfugbar|lieferbar|vorratig)`,
    String.raw`\b(?:avis\w*|notific\w*|alert\w*)\b[^.?!]{0,50}\b(?:voltar ao estoque|de volta ao estoque|disponivel novamente|novamente disponivel|torna(?:ra)? disponibile|di nuovo disponibile|torna in magazzino)`,
    String.raw`\b(?:melding|bericht|mail\w*|waarschuw\w*|laten weten)\b[^.?!]{0,50}\bweer (?:op voorraad|leverbaar|beschikbaar)|\b(?:powiadom\w*|powiadomieni\w*|informuj\w*|dac znac)\b[^.?!]{0,50}\b(?:ponownie|znow|znowu|z powrotem) (?:dostepn\w*|na stanie)`,
  ].join('|'),
);

export const UNSTATED_FEATURES: readonly UnstatedService[] = [
  {
    label: 'an app for the phone',
    asks: new RegExp(`${MOBILE_APP.source}|${MOBILE_APP_SCRIPT.source}`, 'u'),
    statedBy: /\b(?:mobile apps?|our apps?|app store|google play|ios|android)\b/,
    onlyAsked: true,
  },
  {
    label: 'more than one owner on an account',
    asks: SEVERAL_OWNERS,
    statedBy:
      /\b(?:several|multiple|more than one|two|additional|second) (?:account )?owners\b|\bco-?owners?\b|\bonly one owner\b|\bone owner per\b/,
    onlyAsked: true,
  },
  {
    label: 'a picture on a profile',
    asks: PROFILE_PICTURE,
    statedBy: /\b(?:profile (?:picture|photo|image)|avatar)s?\b/,
  },
  {
    label: 'a password or an API key that expires on its own',
    asks: CREDENTIAL_EXPIRY,
    statedBy:
      /\b(?:passwords?|keys?|tokens?) (?:\w+ )?(?:expire|expiry|expiration)\b|\bexpir\w* (?:date )?(?:on|for) (?:\w+ )?(?:passwords?|keys?|tokens?)\b/,
    onlyAsked: true,
  },
  {
    label: 'word when a product is back in stock',
    asks: BACK_IN_STOCK,
    statedBy:
      /\b(?:back[- ]in[- ]stock|restock(?:ing)?) (?:alerts?|notifications?|emails?|webhooks?|events?)\b|\bnotify (?:you|me) when\b[^.]{0,30}\bstock\b/,
    onlyAsked: true,
  },
];
