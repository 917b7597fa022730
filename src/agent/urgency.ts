import { isInformationQuestion, questionType } from './answer-type.js';
import { withoutOutagesInGeneral } from './capability-question.js';
import { fold } from './offline/text.js';
import { reportsSecurityIncident } from './security-reports.js';
import type { Intent, Plan, Urgency } from '../domain/index.js';
import type { Concern } from './offline/classify-intent.js';

const RANK: Record<Urgency, number> = { low: 0, medium: 1, high: 2, critical: 3 };

export function maxUrgency(a: Urgency, b: Urgency): Urgency {
  return RANK[a] >= RANK[b] ? a : b;
}

// Security concerns, in the eight supported languages (folded text; Polish ł kept or folded).
const SECURITY = new RegExp(
  [
    String.raw`\b(?:security|breach|breached|hacked|hack|hacker|compromised|phishing|leak(?:ed)?|vulnerabilit\w*|fraud\w*|identity theft|account takeover)\b`,
    String.raw`\bunauthori[sz]ed (?:access|log ?ins?|sign ?ins?|charges?|orders?|purchases?|transactions?|payments?|use)\b`,
    String.raw`\b(?:orders?|purchases?|charges?|payments?|transactions?)\b[^.!?]{0,30}\b(?:we|i) (?:never|did ?n[o']?t|didn't|have ?n[o']?t) (?:made|make|place|placed|order|ordered|authori[sz]e|authori[sz]ed|recogni[sz]e)`,
    String.raw`\b(?:we|i) (?:never|did ?n[o']?t|didn't) (?:place|placed|make|made|order|ordered|authori[sz]e\w*) (?:these|those|this|that|them|any)\b`,
    String.raw`\b(?:orders?|purchases?|charges?|payments?|transactions?)\b[^.!?]{0,40}\b(?:none of us|nobody|no one)(?: (?:here|at \w+|on (?:our|the) team|in (?:our|the) (?:team|company|office)))? (?:placed|made|ordered|authori[sz]ed|recogni[sz]es)\b`,
    // "someone placed orders to new addresses, it wasn't us"
    String.raw`(?:\b(?:placed|made|added|created)\b[^.!?]{0,60}\b(?:orders?|addresses|purchases?)\b|\b(?:orders?|addresses|purchases?)\b[^.!?]{0,40}\b(?:placed|made|added|created)\b)[\s\S]{0,60}\b(?:it|that|those|they)? ?(?:wasn'?t|was not|weren'?t|were not) (?:us|me|one of us|anyone here)\b`,
    // Said in the next sentence: "3 orders on our account from last night. none of us placed them".
    String.raw`\b(?:orders?|purchases?|charges?|payments?|transactions?)\b[\s\S]{0,100}\b(?:none of us|nobody|no one)(?: (?:here|at \w+|on (?:our|the) team|in (?:our|the) (?:team|company|office)))? (?:placed|made|ordered|authori[sz]ed) (?:them|it|these|those|that|this|any of (?:them|these|those))\b`,
    String.raw`\bsuspicious (?:log ?ins?|sign ?ins?|activity|access|charges?|orders?|emails?|transactions?)\b`,
    String.raw`\bsomeone (?:else )?(?:has )?(?:logged|signed|got) (?:in|into)\b`,
    String.raw`\b(?:stolen (?:card|credit card|password|credentials|account|identity|login)|(?:card|password|account) (?:was |has been |got )?stolen)\b`,
    // Codes and resets nobody asked for, sign-ins from places or devices nobody knows.
    String.raw`\b(?:2fa|mfa|two[- ]factor|verification|security|login|log-?in|sign[- ]?in|one[- ]time|sms) (?:codes?|texts?|emails?)\b[^.!?]{0,60}\b(?:(?:we|i) (?:never|did ?n[o']?t|didn't|haven'?t|have not|hadn'?t)|nobody|no one|none of us)\b`,
    String.raw`\bpassword (?:reset|change)s?\b[^.!?]{0,40}\b(?:(?:we|i) (?:never|did ?n[o']?t|didn't) (?:request|ask|want|make|do|initiate|trigger|change|reset)\w*|nobody|no one|none of us)\b`,
    String.raw`\b(?:log(?:ged)? ?ins?|sign(?:ed)? ?ins?|access(?:ed)?)\b[^.!?]{0,30}\bfrom (?:an? )?(?:unknown|unrecogni[sz]ed|strange|foreign|unfamiliar|new) (?:device|location|country|ip|computer|phone|browser)\b`,
    // A password, email, admin or card changed, or a user or key added, that nobody asked for.
    String.raw`\b(?:password|e-?mail|phone number|2fa|mfa|two[- ]factor|admin|owner|bank details|card|payment method)s?\b[^.!?]{0,40}\b(?:changed|swapped|replaced|reset|switched off|turned off|disabled|removed)\b[\s\S]{0,60}\b(?:(?:i|we) (?:didn'?t|did not|never) (?:change|reset|request|ask|do|make|authori[sz]e|turn|switch|add|swap|replace)\w*|(?:i|we) don'?t recogni[sz]e|nobody|no one|none of us|not (?:us|me|ours|one of ours)|wasn'?t (?:us|me)|without (?:our|my|anyone'?s) (?:permission|knowledge|say))`,
    String.raw`\b(?:someone|somebody|a stranger)\b[^.!?]{0,30}\b(?:changed|changing|swapped|replaced|reset|resetting|added|removed|disabled|turned off)\b[^.!?]{0,30}\b(?:password|e-?mail|admin|owner|2fa|two[- ]factor|card|bank|api key|users?)`,
    String.raw`\b(?:users?|admins?|owners?|members?|api keys?|accounts?|logins?)\b[^.!?]{0,60}\b(?:(?:none of us|nobody(?: here)?|no one(?: here)?) (?:created|added|made|invited|knows|recogni[sz]es)|we (?:didn'?t|did not|never) (?:create|add|invite))|\b(?:users?|admins?|owners?|members?|api keys?)\b[\s\S]{0,80}\b(?:not one of (?:ours|us)|not ours|nobody we know)\b|\b(?:users?|admins?|owners?|members?|api keys?)\b[\s\S]{0,80}\b(?:none of us|nobody|no one)(?: (?:here|at \w+|on (?:our|the) team|in (?:our|the) (?:team|company|office)))? (?:created|added|made|invited) (?:it|them|this|that|one)\b`,
    String.raw`\b(?:someone|somebody) else (?:is )?(?:using|has|got into|logged into) (?:my|our)\b|\b(?:taken|took) over\b[^.!?]{0,20}\b(?:account|login)|\baccount (?:was |has been |got )?taken over\b`,
    // A key, a token or a login used from a place nobody knows; a device stolen while signed in.
    String.raw`\bfrom (?:an? |some )?(?:ip|ip address|device|location|country|computer|browser|place|network)(?: address)?(?: that)? (?:we|i|nobody|no one)(?: here)? (?:don'?t|do not|doesn'?t|does not|never|didn'?t|did not) (?:recogni[sz]e|know|use|own)\b`,
    String.raw`\b(?:laptop|phone|computer|device|tablet|ipad|iphone|macbook|mobile)\b[^.!?]{0,30}\b(?:stolen|nicked|snatched)\b[^.!?]{0,80}\b(?:logged|signed|log(?:ged)? ?in|signed ?in|access)\b|\bstolen (?:laptop|phone|computer|device|tablet|ipad|iphone|macbook)\b[^.!?]{0,80}\b(?:logged|signed|access)\b`,
    // Phishing: a fake page or a link that took a password, a login or a card.
    String.raw`\b(?:fake|spoofed|look-?alike|counterfeit)\b[^.!?]{0,40}\b(?:log ?in|sign[- ]?in|page|site|website|e-?mail|mail)\b`,
    String.raw`\b(?:clicked|opened|followed|tapped)\b[^.!?]{0,40}\blink\b[^.!?]{0,60}\b(?:looked like (?:yours|you|northwind)|pretend\w*|fake|phishing|suspicious|scam\w*|spoof\w*)`,
    String.raw`\b(?:typed|entered|put|gave|filled in|submitted)\b[^.!?]{0,40}\b(?:password|login|log-?in|credentials|user ?name|card (?:number|details))\b[^.!?]{0,60}\blooked (?:exactly |just )?like\b|\blooked (?:exactly |just )?like (?:yours|your (?:log-?in|sign-?in|site|page|website)|you)\b[^.!?]{0,80}\b(?:typed|entered|put in|gave|filled in|submitted)\b`,
    // es
    String.raw`\b(?:codigos?|mensajes?|correos?|avisos?)\b[^.!?]{0,40}\bque no (?:pedi|pedimos|solicite|solicitamos)\b|\b(?:entro|entraron|accedio|accedieron|se metio|se metieron)\b[^.!?]{0,20}\b(?:en|a) (?:nuestra|mi) cuenta\b|\bcambiaron (?:la|mi|nuestra) contrasena\b|\benlace\b[^.!?]{0,60}\b(?:falso|phishing)\b`,
    // fr
    String.raw`\b(?:codes?|e-?mails?|messages?|reinitialisations?)\b[^.!?]{0,60}\b(?:jamais|pas) demande\w*\b|\bquelqu'un\b[^.!?]{0,30}\b(?:s'est connecte|a acces|est entre|a change)\b|\bhameconnage\b|\blien\b[^.!?]{0,60}\b(?:faux|fausse|frauduleu\w*)\b`,
    // de
    String.raw`\bjemand\b[^.!?]{0,40}\b(?:eingeloggt|angemeldet|zugriff|zugegriffen|passwort geandert)\b|\bgefalscht\w*\b[^.!?]{0,40}\b(?:mail|e-mail|link|seite)\b|\b(?:codes?|mails?),? die (?:niemand|wir nicht|ich nicht)\b`,
    // pt
    String.raw`\b(?:invadiu|invadiram)\b|\b(?:redefinicao de senha|codigos?|e-?mails?)\b[^.!?]{0,60}\bque (?:eu )?nao (?:pedi|pedimos|solicitei|solicitamos)\b|\balguem\b[^.!?]{0,30}\b(?:entrou|acessou)\b`,
    // it
    String.raw`\b(?:cambiato|modificato|resettato|reimpostato)\b[^.!?]{0,40}\bpassword\b[^.!?]{0,60}\bsenza\b|\bqualcuno\b[^.!?]{0,30}\b(?:entrato|ha fatto (?:ordini|accesso)|acced\w*)\b|\bcodici?\b[^.!?]{0,40}\bche non (?:ho|abbiamo) (?:chiesto|richiesto)\b`,
    // nl
    String.raw`\bovergenomen\b|\biemand\b[^.!?]{0,30}\b(?:ingelogd|toegang|ingebroken)\b|\bcodes?\b[^.!?]{0,40}\b(?:niet aangevraagd|niemand)\b`,
    // pl
    String.raw`\bktos\b[^.!?]{0,30}\b(?:zalogowa\w*|w[lł]ama\w*|zmieni\w* has[lł]\w*)|\bw[lł]ama[lł]\w*`,
    // zh, ja, ar: no word boundaries in these scripts; folded like the text (グ → ク).
    String.raw`盗用|被盗|入侵|黑客|未经授权|异地登录|修改了[^。！？]{0,12}密码|乗っ取|不正ログイン|不正アクセス|勝手に(?:ログイン|ログインされ|注文|変更|追加|作成)|身に覚えのない|(?:作った|作成した|追加した|登録した|発行した|招待した|変更した)覚えが(?:ない|なく|ありません)|誰も(?:作って|作成して|追加して|変更して)(?:い|お)?ない|(?:没有人|没人|我们没有|我们并没有)(?:创建|添加|新建|修改|更改)|ハッキング|(?:キー|パスワード|鍵|密钥|密码|令牌)[^。！？]{0,12}(?:漏れ|漏洩|流出|泄露|泄漏)|(?:キー|トークン|パスワード|シークレット|鍵|认证信息|密钥|秘钥|密码|令牌)[^。！？]{0,20}(?:公開|公开|載せ|アップ|上传|上傳|发到|发布|贴到|貼って|晒)|اختراق|مخترق|دون إذن|بدون إذن|دون علم|بدون علم`
      .normalize('NFD')
      .replace(/\p{M}/gu, ''),
    // es
    String.raw`\b(?:seguridad|hackead[oa]s?|hackearon|fraude|suplantacion|acceso no autorizado|compras? no autorizadas?|pedidos? que no (?:hicimos|hice|realizamos)|inicio de sesion sospechoso|tarjeta robada)\b`,
    // fr
    String.raw`\b(?:securite|piratage|pirate|piratee|fraude|acces non autorise|commandes? non autorisees?|commandes? que (?:nous n'avons|je n'ai) (?:pas|jamais)|connexion suspecte|carte volee)\b`,
    // de
    String.raw`\b(?:sicherheit|gehackt|betrug|unbefugter? zugriff|nicht autorisiert\w*|bestellungen?,? die (?:wir|ich) nicht|verdachtige anmeldung|gestohlene karte|karte gestohlen)\b`,
    // pt
    String.raw`\b(?:seguranca|hackead[oa]|invadid[ao]|fraude|acesso nao autorizado|pedidos? que nao (?:fizemos|fiz)|login suspeito|cartao roubado)\b`,
    // it
    String.raw`\b(?:sicurezza|hackerat[oa]|violat[oa]|frode|accesso non autorizzato|ordini che non abbiamo|accesso sospetto|carta rubata)\b`,
    // nl
    String.raw`\b(?:beveiliging|gehackt|fraude|ongeautoriseerde?|onbevoegde toegang|bestellingen? die (?:we|wij|ik) niet|verdachte (?:inlog|login|aanmelding)|gestolen (?:kaart|creditcard|pas))\b`,
    // pl
    String.raw`\b(?:bezpieczenstw\w*|zhakowan\w*|w[lł]amanie|nieautoryzowan\w*|nieuprawnion\w*|zamowienia,? ktorych nie|podejrzane logowanie|skradzion\w* kart\w*|kart\w* (?:zosta[lł]a )?skradzion\w*|oszustw\w*)\b`,
  ].join('|'),
  'i',
);
const OUTAGE =
  /\b(outage|down|is down|offline|not loading|won'?t load|unavailable|50[0234]s?|50[0234] errors?|not responding|stopped (?:responding|working|loading|firing|syncing|sending)|ne repond plus|ne repondent plus|no carga|unreachable|inaccessible|all requests fail\w*|timing out|nobody can log ?in|no one can log ?in|completely broken|everything is broken|ca[íi]d[oa]|no funciona nada|panne|hors service|ne fonctionne plus|ausfall|nicht erreichbar|funktioniert nicht mehr|fora do ar|non funziona|fuori servizio|storing|werkt niet|awaria|nie dzia[lł]a|service disruption|disrupt\w*)\b/i;
const DATA_LOSS =
  /\b(data loss|lost (?:all )?(?:of )?(?:our |my |the )?(?:data|files|records)|(?:data|files|records) (?:is |are |has been |have been )?(?:gone|missing|deleted|wiped|lost)|wiped|p[ée]rdida de datos|datos perdidos|perte de donn[ée]es|donn[ée]es perdues|datenverlust|daten (?:sind )?(?:weg|verloren|gel[öo]scht)|perda de dados|dados perdidos|perdita (?:di|dei) dati|dati persi|gegevensverlies|data (?:is )?kwijt|utrata danych|dane (?:zosta[lł]y )?(?:utracone|usuni[ęe]te|stracone))\b/i;
const BILLING_ERROR =
  /\b((?:charged|billed|debited|invoiced|hit)\b[^.!?]{0,25}\btwice|(?:debit|preleve|factur|cargad|cobrad|belastet|abgebucht|berechnet|addebitat|afgeschreven|pobran|obciazon)\w*\b[^.!?]{0,25}\b(?:deux fois|dos veces|zweimal|doppelt|duas vezes|due volte|twee keer|dwa razy)|charged (?:me |us |my card |our card )?twice|double[- ]charged|double[- ]billed|billed (?:me |us )?twice|overcharged|overbilled|wrong (?:amount|charge|invoice|price|total)|billing (?:error|mistake)|incorrect (?:charge|invoice|amount|total)|duplicate (?:charge|payment|invoice)|cobr\w* dos veces|cobro duplicado|factur\w* deux fois|doppelt (?:belastet|abgebucht|berechnet)|zweimal (?:belastet|abgebucht|berechnet)|cobr\w* duas vezes|addebitat\w* due volte|twee keer (?:afgeschreven|gerekend|betaald)|dwa razy (?:obciazon\w*|pobran\w*)|(?:cobr|debitad|factur|cargad)\w* (?:em |en |el )?dob(?:ro|le)|(?:cobro|cargo|cobranca) (?:en |em )?dob(?:le|ro)|en double|doppio addebito|dubbel (?:afgeschreven|gerekend|betaald)|podwojn\w* (?:obciazon\w*|pobran\w*)|(?:importe|monto|valor|montant|betrag|importo|bedrag|kwot\w*) (?:incorrect[oa]?|errad[oa]|erron\w*|equivocad[oa]|falsch\w*|faux|sbagliat[oa]|errat[oa]|onjuist|verkeerd)|(?:falsche[rn]?|verkeerde?|onjuiste?|sbagliat[oa]|errat[oa]) (?:betrag|bedrag|importo)|b[lł]edn\w* kwot\w*|nieprawid[lł]ow\w* kwot\w*)\b/i;
/** A bill for another sum than agreed: "billed us $4,000 instead of $400", "an extra zero". */
const WRONG_SUM =
  /\b(?:bill(?:ed)?|invoiced?|charged?|debited|took)\b[^.!?]{0,50}\b(?:(?:instead of|rather than) (?:the |just |only )?(?:[$€£] ?)?\d|should (?:have been|be|only be)|but (?:our|the) (?:contract|quote|price|plan|order) (?:says|said|is|was)|(?:\d+|two|three|four|five|ten|hundred) times (?:what|the|more|as much)|an? extra zero)\b|\bextra zero\b[^.!?]{0,30}\b(?:invoice|bill|charge)|\b(?:cobr\w*|factur\w*|berechnet|abgebucht|addebitat\w*|gerekend|obciazy\w*)\b[^.!?]{0,50}\b(?:en lugar de|en vez de|au lieu de|statt|anstatt|em vez de|invece di|in plaats van|zamiast)\b/i;
/**
 * A charge made though something said it should not be: "VAT was billed again although our
 * exemption certificate is on file", "cobraron el envío aunque estamos exentos", "trotz Kündigung
 * wieder abgebucht". A person checks the exemption, the cancellation or the payment.
 */
const CHARGED = String.raw`\b(?:charg|bill|invoic|debit|cobr|factur|preleve|abgebucht|berechnet|belastet|addebit|gefactureerd|afgeschreven|obciaz|pobral)\w*\b`;
const DESPITE = String.raw`\b(?:even though|although|though|despite|in spite of|aunque|a pesar de|alors que|bien que|malgre|obwohl|trotz|mesmo (?:com|que|tendo)|apesar d\w*|anche se|nonostante|hoewel|ondanks|mimo)\b`;
const SHOULD_NOT_BE = String.raw`\b(?:exempt\w*|tax[- ]free|cancel\w*|returned|refunded|already paid|paid (?:it|that|already)|exent\w*|exoner\w*|cancelad\w*|annul\w*|resili\w*|befreit|steuerfrei|gekundigt|kundigung|storniert|isent\w*|esent\w*|disdett\w*|annullat\w*|vrijgesteld|opgezegd|geannuleerd|zwolnion\w*|anulowan\w*|wypowiedzi\w*)`;
const CHARGED_DESPITE = new RegExp(
  String.raw`${CHARGED}[^.!?]{0,60}${DESPITE}[^.!?]{0,60}${SHOULD_NOT_BE}|${DESPITE}[^.!?]{0,60}${SHOULD_NOT_BE}[^.!?]{0,40}${CHARGED}`,
);

/** Asked about as a rule ("will we be billed even though we cancelled?"), not said to have happened. */
const ASKED_IF = /^\W*(?:will|would|do|does|are|is|can|could|should|if|what if|why would)\b/;

/** Other words for a charge that is wrong; a person must check it (they were retrieve's own list). */
const DISPUTED_BILL =
  /\b(?:incorrect|problem with my (?:bill|invoice)|problema con mi factura|montant est faux|falsch|problema com a minha fatura|higher than usual)\b/;

// A charge, a bill or an amount named: the concern model alone read "scrap order 1047" as a billing error.
const MONEY_WORDS =
  /[$€£]|\b(?:charg\w*|bill\w*|invoic\w*|paid|pay\w*|pric\w*|cost\w*|amount|fees?|tax\w*|seats?|cobr\w*|factur\w*|pag\w*|debit\w*|preleve\w*|rechnung\w*|abgebucht|berechnet|fattur\w*|addebit\w*|faktur\w*|rekening\w*|betaal\w*|oplat\w*|platn\w*)\b/;

/**
 * Japanese, Chinese, Thai and Arabic, by substring and folded like the text (folding drops Thai
 * vowel signs and Japanese voicing marks): an outage of the site for everyone, and a wrong charge.
 */
const folded = (terms: string) => new RegExp(terms.normalize('NFD').replace(/\p{M}/gu, ''), 'u');
const OUTAGE_SCRIPTS = folded(
  '打不开|打不開|宕机|挂了|无法访问|访问不了|サイトが(?:開かない|表示されない|落ち)|ダウンして|障害|繋がらない|つながらない|ระบบล่ม|เว็บล่ม|ล่ม|เข้าเว็บไม่ได้|เว็บไซต์เข้าไม่ได้|لا يعمل|متوقف|معطل|تعطل',
);
const EVERYONE_FAILS = folded(
  '(?:所有人|所有[^。！？!?，,]{1,4}(?:员|人|同事|用户)|整个公司|全公司|大家|全員|みんな|全社|社員全員|ทุกคน|الجميع|لا أحد)[^。！？!?]{0,20}(?:登录不了|无法登录|不能登录|登不上|登不进|进不去|下不了单|无法下单|不能下单|用不了|ログインできない|ログインできません|เข้าไม่ได้|ใช้งานไม่ได้|يستطيع الدخول|لا يمكن)|(?:登录不了|无法登录|ログインできない|เข้าไม่ได้)[^。！？!?]{0,20}(?:所有人|大家|全員|みんな|ทุกคน|الجميع)',
);
const BILLING_ERROR_SCRIPTS = folded(
  '扣了两次|重复扣款|多扣|收费错误|金额不对|二重請求|二重に請求|請求額が(?:間違|おかしい)|金額が(?:違|間違)|เก็บเงินซ้ำ|เก็บเงินเกิน|ยอดเงินไม่ถูกต้อง|ไม่ถูกต้อง[^。！？!?]{0,20}(?:เงิน|ยอด)|خصم المبلغ مرتين|مرتين من بطاقتي|مبلغ خاطئ|خطأ في الفاتورة',
);

/** A billing error said in words ("charged twice", "billed us $4,000 instead of $400"); folded text. */
export function statesBillingError(text: string): boolean {
  return (
    BILLING_ERROR.test(text) ||
    WRONG_SUM.test(text) ||
    (CHARGED_DESPITE.test(text) && !ASKED_IF.test(text)) ||
    BILLING_ERROR_SCRIPTS.test(text)
  );
}

/**
 * A charge the customer says is wrong, which only a person can check and correct, whatever the
 * order data or an article say: a billing error in words, or — for a billing message that asks
 * nothing ("we got billed for 40 seats and we have 12 people") — the concern model's billing
 * error. The model alone is not trusted on questions: it reads "how do we stop being charged
 * sales tax?" as one.
 */
export function isBillingDispute(text: string, intent: Intent, concern: Concern | null): boolean {
  const folded = fold(text);
  if (statesBillingError(folded)) return true;
  if (
    !ASKS_HOW.test(text) &&
    !/^\s*(?:how|what|where|when|why|which|can|could|do|does|is|are)\b/.test(folded) &&
    INVOICE_TO_CORRECT.test(folded)
  )
    return true;
  const question = isInformationQuestion(text) || ASKED_WITHOUT_MARK.test(folded);
  if (intent !== 'billing') return false;
  return DISPUTED_BILL.test(folded) || (concern === 'billing_error' && !question && MONEY_WORDS.test(folded));
}

/**
 * An invoice the customer asks us to correct, or one that bills what they sent back: "our October
 * invoice includes the lamp we returned, please correct it", "reissue the bill, the total is
 * off", "proszę o korektę faktury". Said as a statement or an ask, not as a question about how
 * corrections work.
 */
const INVOICE = String.raw`(?:invoice|bill|statement|factura|facture|rechnung|fatura|fattura|factuur|faktur\w*)`;
const CORRECT_IT = String.raw`(?:correct|fix|amend|adjust|rectify|corrig\w*|corrij\w*|korrigier\w*|rettific\w*|correg\w*|verbeter\w*|aanpass\w*|popraw\w*|korekt\w*|korygow\w*)`;
const INVOICE_TO_CORRECT = new RegExp(
  String.raw`\b${INVOICE}\b[^]{0,120}(?:\b(?:please|pls|kindly|can you|could you|por favor|merci de|bitte|per favore|graag|prosze(?: o)?)\s+(?:(?:la|le|les|lo|it|them|sie|es|o) )?|(?:^|[.!;]\s*))${CORRECT_IT}\b|\b${CORRECT_IT}\b[^.!?]{0,30}\b${INVOICE}\b|\b(?:includes?|lists?|still (?:has|shows|includes)|charged (?:us |me )?for|billed (?:us |me )?for)\b[^.!?]{0,60}\b(?:we|i) (?:had )?(?:already )?(?:returned|sent back|cancell?ed)\b|\b(?:returned|sent back|cancell?ed)\b[^.!?]{0,60}\b(?:charged|billed|invoiced)\b[^.!?]{0,30}\b(?:again|anyway|still)\b`,
);

const ASKS_HOW = /[?¿？]/;

/** A question written without its mark: "we're on net-30, do we get an invoice per order or one a month". */
const ASKED_WITHOUT_MARK =
  /(?:^|[,;:.!-]\s*)(?:do|does|can|could|would|will|is|are|how|what|when|where|which) (?:we|i|you|they|it|there|the|our|my)\b/;

/**
 * A failure for everyone, in words no single-word pattern expects: errors, crashes or refused
 * sign-ins across the whole team, every request, all users.
 */
const WIDE_FAILURE = new RegExp(
  String.raw`\b(?:crash\w*|errors?|fail\w*|broken|not working|stopped working|can'?t (?:log ?in|sign ?in|get in|access|connect|order)|cannot (?:log ?in|sign ?in|get in|access|connect|order)|locked out|time[sd]? ?out|timing out)\b` +
    String.raw`[^.!?]{0,60}\b(?:everyone|everybody|all (?:of )?(?:our|the|my) (?:users|staff|team|people|buyers|stores|locations|sites|employees|customers)|(?:the )?whole (?:team|company|organi[sz]ation|office|warehouse)|every (?:request|call|order|page|user)|all (?:requests|calls|orders|pages|users))\b` +
    String.raw`|\b(?:every|each|all) (?:single )?(?:request|call|api call|order|page)s?\b[^.!?]{0,40}\b(?:fail\w*|errors?|time[sd]? ?out|timing out|rejected|come back with an error)` +
    // The scope first: "whole team locked out", "every single person here gets bounced to the login page".
    String.raw`|\b(?:(?:the )?(?:whole|entire) (?:team|company|organi[sz]ation|office|warehouse|staff|department)|everyone|everybody|all of us|every (?:single )?(?:person|user|one of us|colleague|buyer|employee)|all (?:of )?(?:our|the) (?:users|staff|people|buyers|employees|colleagues))\b(?: (?:here|at \w+|in (?:the|our) \w+))?[^.!?]{0,20}\b(?:(?:is|are|got|gets|get|been|was|were) )?(?:locked out|logged out|kicked out|bounced(?: back)?(?: to| out)|can'?t (?:log ?in|sign ?in|get in|access|connect|order|work)|cannot (?:log ?in|sign ?in|get in|access|connect|order)|unable to (?:log ?in|sign ?in|access|order)|(?:sees?|seeing|gets?|getting) (?:an? |the )?(?:errors?|50[0234]s?|blank page))\b` +
    // es, fr, de, it, pt, nl, pl: an error or nothing going through for everyone.
    String.raw`|\b(?:error\w*|erreur\w*|fehler\w*|errore|erro\w*|fout\w*|bl[aą]d\w*|keine bestellungen|aucune commande|ningun pedido|nessun ordine)\b[^.!?]{0,60}\b(?:para todos|a todos|pour tous|a tout le monde|fur alle|bei allen|a tutti|voor iedereen|dla wszystkich|ne passe|mehr abschicken|mehr absenden)\b` +
    String.raw`|\b(?:bei allen|a tutti|para todos|pour tous|voor iedereen)\b[^.!?]{0,80}\b(?:keine|nicht mehr|errore|error|erreur|fout)\b` +
    String.raw`|\b(?:nobody|no one|none of (?:us|our \w+))(?: here| on our (?:side|team|end))? (?:can|could|is able to|are able to)(?: even)? (?:log|sign|get in|access|reach|connect|use|order|place|open|load|check ?out)\b` +
    // Who is affected said first, with where they work: "none of the pickers at our two depots can
    // load the order screen", "no one on the night shift could submit an order".
    String.raw`|\b(?:nobody|no one|none of (?:us|the|our) \w+)\b(?: (?:at|on|in|from|across) (?:the|our|all|both|any|\w+) [\w-]+(?: [\w-]+){0,2})? (?:can|could|is able to|are able to|has been able to|have been able to)(?: even| still)? (?:log ?in|sign ?in|get in|get into|access|reach|connect|use|order|place|open|load|check ?out|pull up|submit|pay)\b` +
    // "plus personne chez Juniper ne peut passer commande", "nadie puede entrar", "niemand kann bestellen"…
    String.raw`|(?:\b(?:plus )?personne\b[^.!?]{0,30}\bne (?:peut|peuvent|parvient|arrive)\b|\baucun\w*\b(?: de (?:nos|mes|vos|leurs|ces|les) [\w-]+)?[^.!?]{0,30}\bne (?:peut|peuvent|parvient|parviennent|arrive|arrivent)\b|\bningun[oa]?\b (?:de (?:nuestr\w+|los|las|mis) \w+ )?[^.!?]{0,20}\b(?:puede|pueden|pudo|consigue|logra)\b|\bkeine?r? (?:von uns|unserer \w+|der \w+)\b[^.!?]{0,20}\b(?:kann|konnte|kommt)\b|\bnessun[oa]? (?:dei|degli|delle|di) (?:nostri|nostre|noi)\b[^.!?]{0,20}\b(?:riesce|puo|riescono|possono)\b|\bnenhum\w* (?:d[oa]s? noss\w+ \w+|de nos)\b[^.!?]{0,20}\b(?:consegue|conseguem|pode|podem)\b|\bgeen (?:van (?:onze|ons)|enkele) ?\w*\b[^.!?]{0,20}\b(?:kan|kunnen)\b|\bzaden (?:z (?:naszych|nas) ?\w*)?[^.!?]{0,20}\bnie (?:moze|moga)\b|\bnadie\b[^.!?]{0,20}\b(?:puede|pudo|consigue|logra)\b|\bniemand\b[^.!?]{0,20}\b(?:kann|konnte|kommt)\b|\b(?:kann|konnte|kommt) (?:hier |bei uns |mehr |gerade )*niemand\b|\bno (?:puede|pudo) nadie\b|\bninguem\b[^.!?]{0,20}\b(?:consegue|pode)\b|\bnessuno\b[^.!?]{0,20}\b(?:riesce|puo)\b|\bniemand\b[^.!?]{0,20}\bkan\b|\bnikt\b[^.!?]{0,20}\bnie (?:moze|mo[zż]e)\b)[^.!?]{0,40}\b(?:se connecter|connecter|commander|passer (?:de )?commande|acceder|entrer|utiliser|payer|charger|ouvrir|entrar|acceder|conectar\w*|pedir|hacer pedidos|comprar|pagar|usar|iniciar sesion|cargar|bestellen|einloggen|anmelden|zugreifen|rein|bezahlen|nutzen|laden|offnen|acessar|fazer pedidos|logar|accedere|entrare|ordinare|fare ordini|pagare|usare|collegar\w*|inloggen|betalen|gebruiken|zalogowac|zamowic|zaplacic|wejsc|z[lł]ozyc|sk[lł]adac|zamawiac|korzystac|placic)\b`,
  'i',
);
/** Records that vanished from the account, not a parcel that has not arrived. */
const RECORDS_GONE = new RegExp(
  [
    String.raw`\b(?:order history|invoices|records|files|reports|contacts|(?:saved )?(?:addresses|carts)|product (?:list|catalog)|catalog(?:ue)?|settings|documents|price lists?|history|account data|approval rules|team list)\b[^.!?]{0,40}\b(?:disappeared|vanished|erased|wiped|(?:were|was|got|have been|has been) (?:deleted|removed|erased)|(?:are|is|went) (?:just |all |completely )?(?:gone|empty)|(?:are|is) missing from (?:the|our|my) (?:account|portal|dashboard|system))\b`,
    // "our address book is empty", "40 saved delivery locations gone since yesterday"
    String.raw`\b(?:address book|(?:saved |delivery |shipping )+(?:locations|addresses)|order history|invoices|approval rules|team members)\b[^.!?]{0,20}\b(?:(?:is|are) (?:now |just |completely )?empty|gone (?:since|overnight|after|from)|(?:all )?vanished)\b`,
    // es, fr, de, pt, it, nl, pl (folded text)
    String.raw`\b(?:facturas|direcciones|historial|datos)\b[^.!?]{0,40}\b(?:desaparecieron|desaparecio|se borraron|se borro|borrad[oa]s|eliminad[oa]s|vaci[oa])\b`,
    String.raw`\b(?:factures|adresses|historique|donnees|fichiers)\b[^.!?]{0,60}\b(?:ont ete supprime\w*|supprimee?s|ont disparu|disparu\w*|efface\w*|est vide)\b`,
    String.raw`\b(?:bestellhistorie|bestellverlauf|rechnungen|adressen|daten|verlauf|auftrage|bestellungen|katalog|adressbuch)\b[^.!?]{0,40}\b(?:ist|sind) (?:\w+ )?(?:leer|weg|verschwunden|geloscht)\b`,
    String.raw`\b(?:faturas|enderecos|historico|dados)\b[^.!?]{0,40}\b(?:sumiram|sumiu|desaparece\w*|apagad[oa]s|excluid[oa]s)\b`,
    String.raw`\b(?:fatture|indirizzi|storico|dati)\b[^.!?]{0,40}\b(?:spariti|sparite|scompars\w*|cancellat[ie]|vuoto)\b`,
    String.raw`\b(?:facturen|adressen|bestelgeschiedenis|bestellingen|gegevens|\w*catalogus|adresboek)\b[^.!?]{0,40}\b(?:verdwenen|verwijderd|leeg)\b`,
    // "kein einziger alter Auftrag mehr zu sehen": nothing of theirs is shown any more
    String.raw`\bkeine?r? (?:einzige[rn]? )?(?:alte[rn]? )?(?:auftrag|auftrage|bestellung\w*|rechnung\w*|adresse\w*|daten)\b[^.!?]{0,30}\bmehr (?:zu sehen|da|sichtbar|vorhanden|angezeigt)\b`,
    String.raw`\b(?:faktury|adresy|historia zamowien|dane)\b[^.!?]{0,40}\b(?:znikn\w*|usuni\w*|pust\w*)`,
  ].join('|'),
  'i',
);
const URGENT_WORDS =
  /\b(urgent|urgently|asap|immediately|right now|emergency|urgente|dringend|sofort|imm[ée]diatement)\b/i;

/**
 * Words about security that are not a concern: how to report a vulnerability, the security
 * settings page, the security mailbox. Left out before the patterns look for a breach.
 */
const ABOUT_SECURITY =
  /\b(?:report(?:s|ed|ing)?|disclos\w*|submit(?:ting)?|send(?:ing)?)\b[^.!?]{0,20}\b(?:a |an |the )?(?:security (?:issue|bug|problem|flaw|report)s?|vulnerabilit\w*)|\bsecurity (?:reports?|settings|keys?|tab|page|questions?|policy|certifications?|questionnaire)\b|\bsecurity@\S+|→ security\b|\bvulnerabilit(?:y|ies) (?:reports?|disclosure|reporting|program(?:me)?|policy|process)\b|(?<!\b(?:our|my) )\bsecurity team\b|\b(?:found|discovered|spotted|noticed)\b[^.!?]{0,20}\b(?:a |an )?(?:security (?:issue|bug|flaw|hole)|vulnerabilit\w*)\b(?=[\s\S]{0,80}\b(?:where|who|how)\b[^.!?]{0,30}\b(?:send|report|submit|disclose|share|contact)\b)|\b(?:forward|report|send)(?:ing)?\b[^.!?]{0,20}\b(?:phishing|suspicious|scam|fake)\b (?:e-?mails?|messages?|texts?|mails?|links?)\b/g;

/**
 * A secret put where others can read it: an API key, token, password or private key pasted,
 * posted, pushed or shown in a public place (a public repo, a chat server, a forum, a stream, a
 * screenshot). Said as a fact, not asked about ("is it safe to keep our key in a public repo?").
 */
const SECRET = String.raw`(?:api[- ]?keys?|(?:access |auth |bearer |secret |live |prod(?:uction)? |api |admin )?tokens?|secret keys?|secrets|credentials|passwords?|private keys?|client secrets?)`;
const SHOWN = String.raw`(?:pasted|posted|shared|committed|pushed|uploaded|published|tweeted|leaked|dropped|put|ended up|went out|showed|shown|visible|readable)`;
const PUBLIC_PLACE = String.raw`(?:public(?:ly)?|open[- ]source|discord|twitter|x\.com|linkedin|facebook|instagram|tiktok|mastodon|social media|blog(?: post)?|reddit|forum|stack ?overflow|screenshot|live ?stream|stream|youtube|webinar|conference talk|community (?:slack|channel|chat)|pastebin|gist|the internet)`;
const SECRET_EXPOSED = new RegExp(
  [
    String.raw`\b(?:api keys?|tokens?|secrets?|credentials|passwords?)\b[^.!?]{0,60}\b(?:public (?:github |gitlab )?(?:repo|repository|gist)|gist|pastebin|leaked|exposed)\b`,
    String.raw`\b${SECRET}\b[^.!?]{0,60}\b${SHOWN}\b[^.!?]{0,40}\b${PUBLIC_PLACE}\b`,
    String.raw`\b${SHOWN}\b[^.!?]{0,30}\b${SECRET}\b[^.!?]{0,60}\b${PUBLIC_PLACE}\b`,
    String.raw`\b(?:screenshot|screen ?share|recording|video|stream)\b[^.!?]{0,40}\b(?:shows?|showing|showed|with|had|has|containing|contains|included|includes)\b[^.!?]{0,30}\b${SECRET}\b`,
    // "our read-write API key was in a screenshot we posted": the secret inside what was shown.
    String.raw`\b${SECRET}\b[^.!?]{0,20}\b(?:was|were|is|are|got|ended up|appeared|appears|showed up|shows up) (?:clearly |fully |still )?(?:in|on|inside|visible in|readable in) (?:a|an|the|our|my|one of our|that)\b[^.!?]{0,20}\b(?:screenshot|screen ?share|recording|video|post|tweet|slides?|deck|blog|stream|demo)\b`,
    // Thai (folded: vowel and tone marks dropped): hacked, or an account entered without permission.
    String.raw`แฮ็ก|แฮก|ถูกเจาะ|(?:เข้า|ล็อกอิน|ใช้)[^.!?]{0,25}บัญชี[^.!?]{0,40}(?:ไม่ได้(?:รับ)?อนุญาต|ไม่ได้รับการอนุญาต)|บัญชี[^.!?]{0,30}ถูก(?:ขโมย|ยึด)|(?:มีคน|ใครบางคน|ใครสักคน|(?:อีเมล|รหัสผ่าน|บัตร|ผู้ดูแล|เจ้าของ)[^.!?]{0,20}ถูก)(?:เปลี่ยน|แก้|ลบ|เพิ่ม|รีเซ็ต)[^.!?]{0,60}(?:(?:เรา|ฉัน|ผม|ดิฉัน)(?:ไม่ได้|ไม่เคย)(?:ทำ|เปลี่ยน|ขอ|แก้)|ไม่ใช่(?:เรา|ฉัน|ผม)|ไม่ได้(?:รับ)?อนุญาต)`
      .normalize('NFD')
      .replace(/\p{M}/gu, ''),
  ].join('|'),
  'u',
);
/** A question whether doing it would be safe, not a report that it was done. */
const ASKS_IF_SAFE =
  /^\W*(?:is it (?:safe|ok|okay|fine|a problem)|should (?:we|i)|can (?:we|i)|how (?:do|can|should) (?:we|i)|what if)\b/;

export function mentionsSecurity(text: string): boolean {
  const said = text.replace(ABOUT_SECURITY, ' ');
  return (
    SECURITY.test(said) ||
    (SECRET_EXPOSED.test(said) && !ASKS_IF_SAFE.test(said)) ||
    reportsSecurityIncident(said)
  );
}

/**
 * A question about what happens after the customer's own planned step ("once we shut the account
 * down, how soon is our data wiped?", "if we close the account, when is our data deleted?"): the
 * privacy policy answers it; nothing has been lost or broken into.
 */
const PLANNED_STEP =
  /\b(?:once|if|after|when|before) (?:we|i) (?:\w+ )?(?:close|closes|shut|delete|cancel|remove|leave|downgrade|deactivate|terminate|end|stop)\w*\b/;
export function asksAboutPlannedStep(text: string): boolean {
  return PLANNED_STEP.test(text) && (text.includes('?') || questionType(text) !== 'other');
}

/**
 * The customer forgot their own password, in the supported languages (folded text). The concern
 * model read "Passwort vergessen" and "esqueci a senha" as account takeovers; the password-reset
 * article answers them. A breach said beside it still counts (`mentionsSecurity` is checked apart).
 */
const FORGOT_PASSWORD =
  /\b(?:forgot|forgotten|can'?t remember)\b[^.!?]{0,25}\bpassword\b|\b(?:passwort|kennwort)\b[^.!?]{0,25}\bvergessen\b|\besqueci\b[^.!?]{0,20}\bsenha\b|\bolvide\b[^.!?]{0,20}\bcontrasena\b|\boublie\b[^.!?]{0,20}\bmot de passe\b|\bdimenticat[oa]\b[^.!?]{0,20}\bpassword\b|\bwachtwoord\b[^.!?]{0,20}\bvergeten\b|\bzapomnia\w*\b[^.!?]{0,20}\bhasl\w*/;
export function forgotOwnPassword(text: string): boolean {
  return FORGOT_PASSWORD.test(text) && !mentionsSecurity(text);
}

/**
 * A phone or a laptop wiped or reset ("new phone, the old one was wiped with the authenticator on
 * it"): a lost second factor or a device, not the account's data. Records said gone beside it
 * still count.
 */
const DEVICE_WIPED =
  /\b(?:phone|laptop|computer|device|tablet|ipad|iphone|android|mobile)\b[^.!?]{0,20}\b(?:wiped|reset)\b|\b(?:wiped|reset) (?:my|our|the|his|her|their) (?:old )?(?:phone|laptop|computer|device|tablet|ipad|iphone|mobile)\b/g;

/** Records that vanished, in Chinese, Japanese, Arabic and Thai (substrings, folded like the text). */
const RECORDS_GONE_SCRIPTS = folded(
  '(?:记录|数据|订单|发票|地址|历史|資料|紀錄)[^。！？!?]{0,12}(?:不见了|不見了|消失|被删|被刪|丢失|丟失|没了|沒了)|(?:データ|履歴|記録|注文|請求書|住所)[^。！？!?]{0,12}(?:消え|削除され|なくなっ|無くなっ)|(?:اختفت|اختفى|حذفت|حُذفت|ضاعت|فقدت|فقدنا)[^.!?؟]{0,30}(?:ال)?(?:بيانات|سجلات|طلبات|فواتير|عناوين|قواعد)|(?:ال)?(?:بيانات|سجلات|طلبات|فواتير|عناوين)[^.!?؟]{0,30}(?:اختفت|حذفت|ضاعت|فقدت)|(?:ข้อมูล|ประวัติ|คำสั่งซื้อ|ใบแจ้งหนี้)[^.!?]{0,20}(?:หายหมด|หายไป|ถูกลบ)',
);

/**
 * Data the customer wants deleted ("I just want my own personal data deleted, who do I write
 * to?", "please have our old records erased"): a privacy request the privacy article answers,
 * not data lost. Said gone as a fact ("our data was deleted") it is still lost.
 */
const DELETION_WANTED =
  /\b(?:want|wants|would like|'d like|need|wish|asking|request\w*|can you|could you|please|pls|have)\b[^.!?]{0,40}\b(?:data|account|records|info\w*|details|history)\b (?:deleted|removed|erased|purged|wiped)\b/;
const LOSS_STATED =
  /\b(?:was|were|got|has been|have been|is|are|went) (?:all |just |completely )?(?:deleted|removed|erased|wiped|gone|missing|lost)\b/;

/** Data the customer asks to have deleted, with nothing said lost (folded text). */
export function wantsDataDeleted(text: string): boolean {
  return DELETION_WANTED.test(text) && !LOSS_STATED.test(text);
}

/** Lost, deleted or wiped data, in the supported languages: always a person's job. */
export function mentionsDataLoss(text: string): boolean {
  if (asksAboutPlannedStep(text) || wantsDataDeleted(text)) return false;
  // A trailing-off "are just... empty now?" reads as one sentence.
  const withoutDevices = text.replace(DEVICE_WIPED, ' ').replace(/ ?(?:\.{2,}|…) ?/g, ' ');
  return (
    DATA_LOSS.test(withoutDevices) ||
    RECORDS_GONE.test(withoutDevices) ||
    RECORDS_GONE_SCRIPTS.test(withoutDevices)
  );
}

/** A part of the product that can be down, as a whole word ("happens" names no app). */
const PRODUCT_PART =
  /\b(?:services?|apis?|apps?|applications?|(?:web)?sites?|platforms?|systems?|dashboards?|portals?|integrations?|checkout)\b/i;

/**
 * Urgency from plan and topic, decided in code whatever a model says:
 * enterprise + outage/data loss → critical; security or a breach → critical;
 * enterprise + billing error → high; any other outage, data loss or stated billing error → high;
 * free + general → low.
 * Returns the floor (or, for free + general, the ceiling) and the signals that fired. The topic
 * comes from the concern model when given (any wording, any supported language) or the patterns.
 */
export function ruleUrgency(
  text: string,
  intent: Intent,
  plan: Plan | undefined,
  base: Urgency,
  /** The topic the concern model understood, however it was phrased; the patterns still count. */
  concern: Concern | null = null,
): { urgency: Urgency; signals: string[] } {
  const signals: string[] = [];
  let urgency = base;
  const outage =
    concern === 'outage' ||
    WIDE_FAILURE.test(text) ||
    OUTAGE_SCRIPTS.test(text) ||
    EVERYONE_FAILS.test(text) ||
    (OUTAGE.test(withoutOutagesInGeneral(text)) && (intent === 'technical' || PRODUCT_PART.test(text)));
  // The concern model reads "please have our old records deleted" as lost data too.
  const dataLoss = (concern === 'data_loss' && !wantsDataDeleted(text)) || mentionsDataLoss(text);
  if (concern === 'security' || mentionsSecurity(text)) {
    urgency = 'critical';
    signals.push('security or breach → critical');
  }
  if (plan === 'enterprise' && (outage || dataLoss)) {
    urgency = 'critical';
    signals.push(`enterprise + ${dataLoss ? 'data loss' : 'outage'} → critical`);
  } else if (outage || dataLoss) {
    urgency = maxUrgency(urgency, 'high');
    signals.push(`${plan ?? 'unknown plan'} + ${dataLoss ? 'data loss' : 'service disruption'} → high`);
  }
  const billingError = statesBillingError(text);
  if (plan === 'enterprise' && (concern === 'billing_error' || billingError)) {
    urgency = maxUrgency(urgency, 'high');
    signals.push('enterprise + billing error → high');
  } else if (billingError) {
    // Said in so many words ("charged twice", "billed $4,000 instead of $400"): high on any plan.
    urgency = maxUrgency(urgency, 'high');
    signals.push('billing error → high');
  }
  if (URGENT_WORDS.test(text) && RANK[urgency] < RANK.high && !signals.length) {
    urgency = maxUrgency(urgency, 'medium');
  }
  if (plan === 'free' && (intent === 'general' || intent === 'other') && signals.length === 0) {
    urgency = 'low';
    signals.push('free + general question → low');
  }
  return { urgency, signals };
}
