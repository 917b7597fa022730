/**
 * Sign-in codes or a password reset that arrived while nobody was signing in, told as what
 * happened ("woke up to three login codes, I wasn't trying to sign in", "我没申请过验证码，却收到了
 * 重置密码的短信"): someone else has the password and is trying it. security-concern.ts reads the
 * English "codes we never requested" in one clause; these say it in the next sentence, or as
 * "not trying", or in the scripts. A code that did not come ("I never got the code") is not this.
 * Folded text.
 */
import { foldedPattern } from './offline/text.js';

/**
 * What arrived: a code, a sign-in prompt, a reset mail, in the eight Latin-script languages. Always
 * named as a sign-in thing: a bare "code" may be a discount code.
 */
const CODE = String.raw`(?:(?:2fa|mfa|two[- ]factor|verification|security|login|log-?in|sign[- ]?in|one[- ]time|sms|access|auth\w*) (?:codes?|texts?|prompts?|requests?|e-?mails?|notifications?|pushes)|password (?:reset|change) (?:e-?mails?|mails?|links?|texts?|requests?|notices?)|(?:reset|otp) (?:links?|codes?)|otps?|(?:approval|authenticator|push) (?:requests?|prompts?|notifications?)|codigos? de (?:verificacion|acceso|seguridad|verificacao|acesso)|correos? de (?:restablecimiento|cambio de contrasena)|codes? de (?:verification|connexion|securite)|e-?mails? de reinitialisation|(?:anmelde|bestatigungs|sicherheits|verifizierungs|login-?)codes?|(?:passwort-?)?rucksetz\w*|codici di (?:verifica|accesso)|(?:verificatie|inlog)codes?|kod\w* (?:weryfikacyjn\w*|sms|logowania))`;

/** Someone signing in, or asking for a code. */
const SIGNING_IN = String.raw`(?:(?:trying|attempting) to (?:log|sign|get) ?(?:in|on)|logging ?(?:in|on)|signing ?(?:in|on)|(?:requesting|asking for) (?:one|any|them|it|a (?:code|reset)))`;

/** Nobody was signing in: "I wasn't trying to log in", "none of us was signing in", in the same languages. */
const NOT_TRYING = String.raw`(?:(?:i|we) (?:was|were)(?:n'?t| not| never) (?:even )?${SIGNING_IN}|(?:i|we) (?:hadn'?t|haven'?t|had not|have not) been (?:even )?${SIGNING_IN}|(?:none of us|nobody(?: here)?|no one(?: here)?) (?:was|were|had been|has been) (?:even )?${SIGNING_IN}|without (?:me|us|anyone) ${SIGNING_IN}|no (?:estaba|estabamos) (?:intentando|tratando de) (?:entrar|acceder|iniciar sesion|conectar\w*)|nadie (?:estaba|esta) (?:intentando|tratando de) (?:entrar|acceder)|(?:je|nous) n'(?:essayais|essayions|etais|etions) pas (?:en train )?de (?:me|nous) connecter|personne n'essayait de se connecter|(?:ich|wir) (?:habe|haben|hatte|hatten) (?:mich |uns )?(?:gar )?(?:nicht|nie) (?:versucht|angemeldet|eingeloggt)|niemand (?:hat|hatte) sich (?:angemeldet|eingeloggt)|nao (?:estava|estavamos) (?:tentando|a tentar) (?:entrar|acessar|fazer login)|non (?:stavo|stavamo) (?:cercando|provando) (?:di|ad?) (?:accedere|entrare)|(?:ik|we|wij) (?:probeerde|probeerden) (?:helemaal )?niet in te loggen|nie (?:probowa[lł]\w*|logowa[lł]\w*) sie)`;

/** It came: "woke up to", "got", "keeps arriving", in the same languages. */
const ARRIVED = String.raw`(?:got|get|gets|getting|received|receiving|receive|woke up to|keeps? (?:getting|coming|arriving)|arrived|arriving|came in|coming in|landed|sent (?:me|us)|popped up|showed up|showing up|recibi\w*|llega\w*|llego|recu\w*|recois|recevons|bekommen|erhalten|kam|kamen|recebi\w*|chega\w*|ricevut\w*|arrivat\w*|arriva\w*|ontvangen|gekregen|kreeg|kregen|dosta\w*|otrzyma\w*|przysz\w*)`;
const CODE_CAME = String.raw`(?:${ARRIVED}\b[^.!?]{0,40}\b${CODE}|${CODE}\b[^.!?]{0,40}\b${ARRIVED})`;

const UNASKED_LATIN = new RegExp(
  String.raw`\b${CODE_CAME}\b[\s\S]{0,100}\b${NOT_TRYING}\b|\b${NOT_TRYING}\b[\s\S]{0,80}\b${CODE_CAME}\b`,
);

/** The same in Chinese and Japanese: a code or reset that came, and nobody asked for one. */
const UNASKED_SCRIPTS = foldedPattern(
  [
    String.raw`(?:没有?|并没有?|从没有?|从来没有?|根本没有?)(?:请求|申请|要过|索取|发起|操作|尝试|登录|点过)[^。！？]{0,12}(?:[，,、；;]|却|但是?|可是?|结果)[^。！？]{0,10}(?:收到|来了|发来)[^。！？]{0,15}(?:验证码|重置密码|密码重置|改密码|登录(?:提醒|通知|验证)|动态码)`,
    String.raw`(?:收到|来了|发来)[^。！？]{0,15}(?:验证码|重置密码|密码重置|登录(?:提醒|通知|验证)|动态码)[^]{0,30}(?:(?:我|我们)(?:没有?|并没有?|从没)(?:请求|申请|要|发起|操作|登录|尝试)|不是(?:我|我们)(?:请求|申请|操作|发起)|(?:没有人|没人)(?:请求|申请|登录|操作))`,
    String.raw`(?:認証コード|確認コード|ワンタイムパスワード|ログインコード|パスワード(?:の)?(?:リセット|再設定))[^。！？]{0,20}(?:届|来|受け取)[^]{0,40}(?:リクエストして(?:い)?ない|頼んで(?:い)?ない|ログインしようとして(?:い)?ない|申請して(?:い)?ない|操作して(?:い)?ない|心当たりが(?:ない|ありません))`,
    String.raw`(?:心当たりのない|頼んでいない|リクエストしていない)(?:認証コード|確認コード|ワンタイムパスワード|ログインコード|パスワード(?:の)?(?:リセット|再設定))`,
  ].join('|'),
);

/** A sign-in code or password reset that came while nobody was signing in (folded text). */
export function tellsUnaskedCode(text: string): boolean {
  return UNASKED_LATIN.test(text) || UNASKED_SCRIPTS.test(text);
}
