/**
 * Security incidents told as someone else at the door, in the twelve supported languages (folded
 * text: lower case, no accents or marks; script patterns folded the same way by `foldedPattern`):
 *
 * - someone trying to get in, or a sign-in from a device or place the customer does not know:
 *   "someone keeps trying to log into our account", "alguien intentó entrar en nuestra cuenta",
 *   "心当たりのない端末からログインされた";
 * - someone who left the company still using their access: "ein ehemaliger Mitarbeiter hat sich
 *   gestern eingeloggt", "un ex empleado hizo un pedido con su usuario";
 * - someone outside the company holding the customer's data: "quelqu'un de l'extérieur a accès à
 *   nos factures";
 * - a key or password posted where anyone reads it, in the languages security-concern.ts reads it
 *   only in English, Chinese and Japanese;
 * - a message or a pop-up claiming to be us that asks for a card or a password, in Chinese,
 *   Japanese and Thai (security-told.ts and security-reports.ts read it in the others).
 *
 * Each needs the actor or the fact (someone, a former colleague, a device nobody knows, posted),
 * not the topic: "how many failed attempts lock an account?" or "how do I remove an ex-employee?"
 * is a question the help center answers.
 */
import { foldedPattern } from './offline/text.js';

/** Someone trying, or having tried, to get into the account. */
const TRYING_TO_GET_IN = new RegExp(
  [
    String.raw`\b(?:someone|somebody|a stranger|strangers|an attacker|a hacker)\b[^.!?]{0,25}\b(?:trying|tried|attempting|attempted|keeps? trying|try(?:ing)? repeatedly) to (?:log ?in|sign ?in|get (?:in|into)|access|break (?:in|into)|guess)`,
    String.raw`\b(?:dozens|hundreds|lots|loads|a flood|a bunch|tons) of (?:failed |wrong[- ]password |suspicious )?(?:log ?in|sign[- ]?in|password|access) (?:attempts|alerts|warnings|notifications)`,
    String.raw`\b(?:alguien|un desconocido)\b[^.!?]{0,25}\b(?:intenta|intento|intentaron|esta intentando|ha intentado|trata|trato|ha tratado) de (?:entrar|acceder|iniciar sesion|conectarse)`,
    String.raw`\bquelqu'un\b[^.!?]{0,25}\b(?:essaie|essaye|a essaye|tente|a tente|cherche|a cherche) (?:de|a) (?:se connecter|acceder|entrer|rentrer)`,
    String.raw`\b(?:jemand|ein fremder|unbekannte)\b[^.!?]{0,30}\b(?:versucht|versuchte|hat versucht|versuchen)\b[^.!?]{0,30}\b(?:einzuloggen|anzumelden|zuzugreifen|reinzukommen|einzudringen)`,
    String.raw`\balguem\b[^.!?]{0,25}\b(?:tenta|tentou|esta tentando|anda tentando|tem tentado) (?:entrar|acessar|fazer login|logar)`,
    String.raw`\bqualcuno\b[^.!?]{0,25}\b(?:cerca|ha cercato|sta cercando|prova|ha provato|sta provando|tenta|ha tentato) (?:di|ad|a) (?:entrare|accedere|fare (?:il )?login)`,
    String.raw`\biemand\b[^.!?]{0,25}\b(?:probeert|probeerde|heeft geprobeerd|proberen)\b[^.!?]{0,20}\b(?:in te loggen|binnen te komen|toegang te krijgen|aan te melden)`,
    String.raw`\bktos\b[^.!?]{0,25}\b(?:probuje|probowal\w*|prubuje|usiluje|usilowal\w*)\b[^.!?]{0,15}\b(?:zalogowac|dostac|wlamac|wejsc)`,
    // A sign-in from a device or place nobody knows, in the other Latin-script languages.
    String.raw`\b(?:inicio de sesion|acceso|conexion|connexion|anmeldung|login|zugriff|acesso|accesso|inlog|aanmelding|logowanie)\b[^.!?]{0,40}\b(?:desde un dispositivo (?:desconocido|que no (?:reconocemos|conocemos))|depuis un appareil (?:inconnu|que (?:nous ne|je ne) (?:connais|connaissons|reconnais))|von einem (?:unbekannten|fremden) gerat|de um dispositivo (?:desconhecido|que nao (?:reconhecemos|conhecemos))|da un dispositivo (?:sconosciuto|che non (?:riconosciamo|conosciamo))|vanaf een onbekend apparaat|z nieznanego urzadzenia)`,
  ].join('|'),
);

/**
 * A device nobody knows as the one that signed in: "a laptop I have never seen signed into the
 * admin account", "un móvil que no conocemos inició sesión", "ein Gerät, das keiner von uns kennt,
 * hat sich eingeloggt". A question which devices are signed in names no unknown one.
 */
const DEVICE = String.raw`(?:devices?|phones?|laptops?|computers?|tablets?|browsers?|pcs?|macs?|dispositivos?|moviles?|telefonos?|ordenador(?:es)?|portatil(?:es)?|appareils?|ordinateurs?|telephones?|portables?|gerat(?:e)?|handys?|rechner|celulares?|telemoveis?|computador(?:es)?|notebooks?|telefon[oi]|cellular[ei]|apparaten?|telefoons?|urzadzen\w*|telefon\w*|komputer\w*|laptop\w*)`;
const UNKNOWN_DEVICE_SIGNED_IN = new RegExp(
  [
    String.raw`\b${DEVICE}\b,? (?:that |which )?(?:(?:i|we|nobody|no one|none of us)(?: here| on (?:the|our) team)? (?:(?:have|has) )?(?:never (?:seen|used|owned|had)|(?:don'?t|doesn'?t|do not|does not|didn'?t|did not) (?:know|recogni[sz]e|own|use)|recogni[sz]es|knows))\b[^.!?]{0,40}\b(?:logged|signed) (?:in|on|into)\b`,
    String.raw`\b${DEVICE}\b,? que (?:no (?:conocemos|conozco|reconocemos|reconozco)|nadie (?:conoce|reconoce))\b[^.!?]{0,40}\b(?:inicio sesion|entro|accedio|se conecto|ha (?:entrado|accedido|iniciado sesion))\b`,
    String.raw`\b${DEVICE}\b,? (?:que|qu') (?:nous ne|je ne|personne ne) (?:connais\w*|reconnai\w*)\b[^.!?]{0,40}\b(?:s'est connecte|a accede|s'est identifie)`,
    String.raw`\b${DEVICE}\b,? (?:das|den|die) (?:wir|ich|keiner|niemand)(?: von uns| hier)? (?:nicht )?(?:kennen|kenne|kennt|erkennen)\b[^.!?]{0,40}\b(?:eingeloggt|angemeldet|zugegriffen)\b`,
    String.raw`\b${DEVICE}\b,? que (?:nao (?:conhecemos|conheco|reconhecemos)|nenhum de nos (?:conhece|reconhece)|ninguem (?:conhece|reconhece))\b[^.!?]{0,40}\b(?:entrou|acessou|fez login|logou)\b`,
    String.raw`\b${DEVICE}\b,? che (?:non (?:conosciamo|conosco|riconosciamo)|nessuno(?: di noi)? (?:conosce|riconosce))\b[^.!?]{0,40}\b(?:ha fatto (?:l')?accesso|e entrato|ha acceduto|si e collegato)`,
    String.raw`\b${DEVICE}\b,? die (?:we|wij|ik|niemand)(?: van ons)? (?:niet )?(?:kennen|ken|kent|herkennen|herkent)\b[^.!?]{0,40}\b(?:ingelogd|aangemeld)\b`,
    String.raw`\bniezna\w* (?:nam |mi |nikomu )?${DEVICE}\b[^.!?]{0,40}\bzalogowa\w*`,
  ].join('|'),
);

/** The same in Japanese, Chinese, Thai and Arabic. */
const TRYING_IN_SCRIPTS = foldedPattern(
  [
    // a device nobody knows as the one that signed in: 見覚えのないスマホがログイン, เครื่องที่ผมไม่รู้จักล็อกอิน, جهاز لا نعرفه سجل الدخول
    String.raw`(?:見覚えのない|心当たりのない|知らない|見たことのない)(?:端末|デバイス|パソコン|pc|スマホ|携帯|タブレット)(?:が|に)[^。！？]{0,20}(?:ログイン|サインイン|アクセス)`,
    String.raw`(?:不认识|陌生|没见过|不明)的?(?:设备|电脑|手机|平板)[^。！？]{0,12}(?:登录|登入|登陆)(?:了|过)`,
    String.raw`(?:เครื่อง|อุปกรณ์|มือถือ|โทรศัพท์|คอมพิวเตอร์|โน้ตบุ๊ก|แล็ปท็อป)(?:ที่)?(?:ผม|ฉัน|เรา|พวกเรา|ดิฉัน|ใคร)?(?:ไม่รู้จัก|ไม่คุ้นเคย|ไม่เคยเห็น)[^]{0,20}(?:ล็อกอิน|ล็อคอิน|เข้าสู่ระบบ|เข้าบัญชี|เข้าใช้)`,
    String.raw`(?:جهاز|هاتف|حاسوب|كمبيوتر) (?:لا نعرفه|لا أعرفه|لا اعرفه|غير معروف|غريب|لم نره)[^.!?؟]{0,30}(?:سجل الدخول|سجّل الدخول|دخل|وصل)`,
    String.raw`(?:見覚えの|心当たりの|身に覚えの|知らない|不明な|未知の)(?:ない)?(?:端末|デバイス|機器|パソコン|スマホ|場所|ip)(?:から|で)[^。！？]{0,12}(?:ログイン|アクセス|サインイン)`,
    String.raw`(?:誰か|第三者|知らない人)[^。！？]{0,15}(?:ログインしようと|不正に?ログイン|アクセスしようと|侵入しようと)|ログイン(?:の)?(?:試行|失敗)(?:の通知|のメール)?が[^。！？]{0,8}(?:何度も|大量|たくさん|何十)|(?:何度も|大量の|何十回も)[^。！？]{0,10}ログイン(?:試行|失敗|を試み)`,
    String.raw`有人[^。！？]{0,10}(?:一直|多次|反复|试图|尝试|试着|想)[^。！？]{0,10}(?:登录|登入|登陆|进入|访问)|(?:未知|陌生|不明|不认识的)(?:设备|电脑|手机|地点)[^。！？]{0,8}(?:登录|登入|登陆)|(?:多次|大量|很多|一堆)[^。！？]{0,6}(?:登录失败|密码错误)(?:的)?(?:提醒|通知|邮件)`,
    String.raw`มีคน(?:พยายาม|ลอง|แอบ)[^]{0,20}(?:เข้า|ล็อกอิน|ล็อคอิน)|(?:รหัสผ่านผิด|ล็อกอินไม่สำเร็จ|เข้าสู่ระบบไม่สำเร็จ)[^]{0,20}(?:หลายครั้ง|เต็มไปหมด|เยอะมาก|จำนวนมาก)|(?:หลายครั้ง|เต็มไปหมด)[^]{0,10}(?:รหัสผ่านผิด|ล็อกอินไม่สำเร็จ)`,
    String.raw`(?:شخص ما|أحدهم|احدهم|شخص غريب|مجهول)[^.!?؟]{0,20}(?:يحاول|حاول|يحاولون|حاولوا) (?:الدخول|تسجيل الدخول|اختراق|الوصول)|محاولات (?:تسجيل )?(?:الدخول|دخول) (?:فاشلة|مشبوهة|كثيرة|متكررة)`,
  ].join('|'),
);

/** Someone who left the company, in the eleven languages other than English (security-reports.ts has English). */
const FORMER =
  String.raw`(?:ex[- ]?(?:empleado|empleada|companero|companera|trabajador\w*|colaborador\w*|collegue|employe\w*|salarie\w*|kolleg\w*|mitarbeiter\w*|funcionari[oa]|colega|collega|dipendente|medewerker|pracownik\w*)|antigu[oa] (?:empleado|empleada|companer[oa])|ancien(?:ne)? (?:collegue|employe\w*|salarie\w*|stagiaire)|ehemalig\w* (?:kolleg\w*|mitarbeiter\w*|angestellt\w*|praktikant\w*)|fruher\w* (?:kolleg\w*|mitarbeiter\w*)|antig[oa] (?:funcionari[oa]|colega|colaborador\w*)|vecchi[oa] (?:collega|dipendente)|oud[- ]?(?:collega|medewerker)|voormalig\w* (?:collega|medewerker)|by[lł]\w* (?:pracownik\w*|wspolpracownik\w*|kolega|kolezank\w*)|` +
  // Who left, said as a clause: "alguien que se fue en marzo", "quelqu'un qui est parti", "kto odszedł".
  String.raw`(?:que (?:se fue|se marcho|dejo la empresa|ya no trabaja (?:aqui|con nosotros))|qui (?:est parti\w*|a quitte (?:l'entreprise|la societe|l'equipe|nos equipes)|nous a quitte\w*|ne travaille plus (?:ici|chez nous))|(?:der|die) (?:uns|das unternehmen|die firma) (?:vor \w+ \w+ |im \w+ )?verlassen hat|(?:der|die) nicht mehr bei uns (?:ist|arbeitet)|que (?:saiu|deixou a empresa|ja nao trabalha (?:aqui|conosco))|che (?:se n'e andat[oa]|ha lasciato (?:l'azienda|la ditta|il team)|non lavora piu (?:qui|con noi))|die (?:is vertrokken|vertrokken is|uit dienst is|niet meer bij ons werkt)|(?:kto|ktory|ktora) (?:odszed(?:l|(?=ł))|odesz[lł]a|juz u nas nie pracuje|zosta[lł] zwolnion\w*)))`;
/** Something done with the account, as a fact. */
const USED = String.raw`(?:hizo (?:un |varios )?pedidos?|ha (?:hecho|realizado) (?:un |varios )?pedidos?|pidio|compro|entro|ha entrado|accedio|inicio sesion|a commande|a passe (?:une |des )?commandes?|s'est connecte|a accede|bestellt|eingeloggt|angemeldet|zugegriffen|fez (?:um |uns )?pedidos?|pediu|entrou|acessou|fez login|ha ordinato|ha fatto (?:un |degli )?ordin\w*|e entrato|ha fatto (?:l')?accesso|ha acceduto|heeft besteld|besteld|ingelogd|zamowi\w*|zalogowa\w*|nadal (?:widzi|ma dostep)|wciaz (?:widzi|ma dostep)|sigue (?:viendo|entrando|teniendo acceso)|voit toujours|a toujours acces|sieht (?:immer )?noch|hat (?:immer )?noch zugriff|ainda (?:ve|tem acesso)|vede ancora|ha ancora accesso|ziet (?:nog steeds|nog)|heeft nog (?:steeds )?toegang)`;
const FORMER_USED = new RegExp(
  String.raw`\b${FORMER}\b[\s\S]{0,80}\b${USED}\b|\b${USED}\b[\s\S]{0,60}\b${FORMER}\b`,
);
const FORMER_IN_SCRIPTS = foldedPattern(
  String.raw`(?:元(?:社員|従業員|同僚|スタッフ|メンバー)|退職した(?:社員|従業員|同僚|スタッフ|人)|辞めた(?:社員|従業員|同僚|スタッフ|人))[^。！？]{0,30}(?:注文(?:された|して|した|が入)|ログイン(?:された|して|した|があ))|(?:前(?:员工|同事)|离职(?:的)?(?:员工|同事)|已经离职的)[^。！？]{0,30}(?:下了单|下单了|下过单|登录了|登录过|登陆了|登入了)|(?:อดีตพนักงาน|พนักงานที่ลาออก|คนที่ลาออก)[^]{0,40}(?:สั่งซื้อ|สั่งของ|ล็อกอินเข้า|เข้าระบบ)|(?:موظف سابق|موظفة سابقة|زميل سابق)[^.!?؟]{0,40}(?:قام بطلب|طلب طلبية|سجل الدخول|دخل إلى|دخل الى)`,
);

/** Someone outside the company holding access to the customer's records. */
const OUTSIDER_HAS_ACCESS = new RegExp(
  [
    String.raw`\b(?:someone|somebody|a stranger|strangers|people|a company) (?:from )?outside (?:the |our )?(?:company|team|business|organi[sz]ation)? ?(?:has|have|had|got|gets) (?:access|hold of|a copy of|our)\b`,
    String.raw`\balguien (?:de fuera|externo|ajeno)[^.!?]{0,30}\btiene acceso`,
    String.raw`\bquelqu'un (?:de l'exterieur|d'exterieur|d'externe|d'etranger)[^.!?]{0,30}\ba acces`,
    String.raw`\bjemand (?:von aussen|fremdes|externes|fremder|externer)[^.!?]{0,30}\bhat (?:zugriff|zugang)`,
    String.raw`\balguem (?:de fora|externo|estranho)[^.!?]{0,30}\btem acesso`,
    String.raw`\bqualcuno (?:da fuori|di esterno|esterno|estraneo)[^.!?]{0,30}\bha accesso`,
    String.raw`\biemand (?:van buiten|extern|van buitenaf)[^.!?]{0,30}\bheeft toegang`,
    String.raw`\bktos (?:z zewnatrz|obcy|spoza firmy)[^.!?]{0,30}\bma (?:\w+ ){0,2}dostep`,
  ].join('|'),
);
const OUTSIDER_IN_SCRIPTS = foldedPattern(
  String.raw`(?:外部の(?:人|会社|誰か)|第三者|部外者)[^。！？]{0,20}(?:アクセスでき|見られて|見えて|持って|入手)|(?:外部的人|外人|陌生人|第三方|别的公司|其他公司)[^。！？]{0,12}(?:能访问|可以访问|拿到了我们|有我们的|看到了我们的)|คนนอก[^]{0,20}(?:เข้าถึง|มีข้อมูล)|(?:شخص|جهة) (?:من الخارج|خارجي|خارجية|غريب)[^.!?؟]{0,20}(?:لديه|لديها|يمكنه|تمكن من) (?:وصول|الوصول)`,
);

/** A key or a password posted where others read it, in es fr de pt it nl pl. */
const KEY = String.raw`(?:clave (?:de )?api|claves api|api[- ]?key|contrasena|cle (?:d')?api|mot de passe|api[- ]?schlussel|passwort|zugangsdaten|chave (?:de |da )?api|senha|chiave (?:di |delle )?api|password|wachtwoord|api-?sleutel|klucz\w* api|has[lł]o|token)`;
const POSTED = String.raw`(?:publicad[oa]|publico|ha publicado|subio|ha subido|compartio|ha compartido|pego|ha pegado|publie\w*|a poste|a partage|a colle|veroffentlicht|gepostet|geteilt|hochgeladen|publicou|postou|compartilhou|colou|pubblicat[oa]|ha pubblicato|ha postato|ha condiviso|ha incollato|gepost|gedeeld|geplaatst|opublikowa\w*|wrzuci\w*|udostepni\w*)`;
const OPEN_PLACE = String.raw`(?:public\w*|offentlich\w*|openbare?|publiczn\w*|instagram|insta|facebook|twitter|linkedin|reddit|tiktok|github|discord|telegram|whatsapp|foro|forum|grupo|groupe|gruppe|gruppo|groep|grupie|grupa|captura|capture d'ecran|screenshot|zrzut\w*)`;
const KEY_POSTED = new RegExp(
  String.raw`\b${KEY}\b[^.!?]{0,60}\b${POSTED}\b[^.!?]{0,50}\b${OPEN_PLACE}|\b${POSTED}\b[^.!?]{0,40}\b${KEY}\b[^.!?]{0,50}\b${OPEN_PLACE}|` +
    // the verb last (de, nl): "unser API-Schlüssel wurde öffentlich auf GitHub gepostet"
    String.raw`\b${KEY}\b[^.!?]{0,40}\b${OPEN_PLACE}\b[^.!?]{0,40}\b${POSTED}\b`,
);
const KEY_POSTED_SCRIPTS = foldedPattern(
  String.raw`(?:รหัส|คีย์|โทเค็น|รหัสผ่าน)\s?api[^]{0,40}(?:โพสต์|แชร์|เผยแพร่|ลงใน|ลงกลุ่ม)|(?:โพสต์|แชร์|เผยแพร่)[^]{0,20}(?:รหัส|คีย์|โทเค็น)\s?api|(?:รหัสผ่าน|คีย์|โทเค็น)[^]{0,40}(?:โพสต์|แชร์)[^]{0,30}(?:สาธารณะ|กลุ่ม|เฟซบุ๊ก|ไลน์|โซเชียล)|(?:مفتاح|رمز|كلمة المرور|كلمة السر)[^.!?؟]{0,30}(?:نشر|نشرت|نشره|نشرها|شارك|شاركه)[^.!?؟]{0,40}(?:علن|عامة|عام|مجموعة|فيسبوك|تويتر|انستغرام|إنستغرام)`,
);

/** A message or a pop-up claiming to be us that asks for a card or a password, in Chinese, Japanese and Thai. */
const ASKED_IN_SCRIPTS = foldedPattern(
  [
    String.raw`(?:弹出|弹窗|短信|邮件|消息|电话|来电|微信)[^。！？]{0,40}(?:验证|输入|提供|填写|确认|更新)[^。！？]{0,12}(?:银行卡|卡号|信用卡|安全码|cvv)`,
    String.raw`(?:弹出|弹窗|短信|邮件|消息|电话|来电)[^。！？]{0,40}(?:密码|验证码)[^]{0,30}(?:是你们发的|是不是你们|是你们吗|是官方的吗)`,
    String.raw`(?:メール|sms|ショートメッセージ|ポップアップ|電話|メッセージ)[^。！？]{0,40}(?:カード番号|クレジットカード|セキュリティコード|暗証番号|口座番号)[^。！？]{0,20}(?:入力|教え|確認|送って|再登録|更新)`,
    String.raw`(?:メール|sms|ポップアップ|電話|メッセージ)[^。！？]{0,40}(?:パスワード|認証コード)[^]{0,30}(?:御社から|そちらから|本物|公式)[^。！？]{0,10}(?:ですか|でしょうか)`,
    String.raw`(?:ข้อความ|อีเมล|sms|ป๊อปอัป|ป๊อปอัพ|โทร)[^]{0,40}(?:ขอ|ให้กรอก|ให้ยืนยัน|ยืนยัน)[^]{0,20}(?:เลขบัตร|บัตรเครดิต|รหัสบัตร|cvv)`,
  ].join('|'),
);

/** Someone else at the door, told as what happened (folded text). */
export function tellsSomeoneElseIn(text: string): boolean {
  return (
    TRYING_TO_GET_IN.test(text) ||
    UNKNOWN_DEVICE_SIGNED_IN.test(text) ||
    TRYING_IN_SCRIPTS.test(text) ||
    FORMER_USED.test(text) ||
    FORMER_IN_SCRIPTS.test(text) ||
    OUTSIDER_HAS_ACCESS.test(text) ||
    OUTSIDER_IN_SCRIPTS.test(text) ||
    KEY_POSTED.test(text) ||
    KEY_POSTED_SCRIPTS.test(text) ||
    ASKED_IN_SCRIPTS.test(text)
  );
}
