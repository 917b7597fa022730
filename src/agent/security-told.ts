/**
 * Security incidents told as what someone saw, in the twelve supported languages
 * (folded text: lower case, no accents or marks, so Japanese voicing and Thai vowels are folded
 * in the patterns too):
 *
 * - a sign-in protection switched off (two-factor, a passkey) and the person it protects says it
 *   was not them: "my colleague's 2FA got turned off and he says he didn't do it";
 * - a sign-in from a place none of the team has been to: "the login history shows access from a
 *   country none of us has ever visited";
 * - a look-alike page that took a password: "the page looked just like yours and she typed her
 *   password in";
 * - a message asking for a password, a card or codes in the other Latin-script languages; orders
 *   nobody placed and a device nobody knows in Chinese, Japanese, Thai and Arabic; codes or a
 *   password changed when "I did nothing"; a removed person's login used; use from an IP or a
 *   server "that isn't ours".
 *
 * security-concern.ts has the English "I / we did not" forms; these add the third person and the
 * other languages. Each needs the fact and the denial or the look-alike together, so a question
 * about how two-factor works, or a forgotten password, is not one.
 */
import { moneyNotOurs } from './money-not-ours.js';
import { tellsUnaskedCode } from './security-codes.js';
import { foldedPattern } from './offline/text.js';

/** Two-factor or a passkey, in the twelve languages. */
const TWO_FACTOR = String.raw`(?:2fa|mfa|2-?step|two[- ]?(?:factor|step)(?: auth\w*| verification| login)?|passkeys?|doble factor|(?:autenticacion|verificacion) (?:en|de) dos (?:pasos|factores)|double authentification|authentification (?:a deux facteurs|forte)|zwei[- ]?faktor\w*|zwei[- ]?schritt\w*|(?:autenticacao|verificacao) (?:de|em) (?:dois fatores|duas etapas)|dois fatores|autenticazione a due fattori|verifica in due (?:passaggi|fasi)|due fattori|tweestapsverificatie|twee[- ]?factor\w*|tweestaps\w*|uwierzytelniani\w* dwusk[lł]adnikow\w*|weryfikacj\w* dwuetapow\w*|dwusk[lł]adnikow\w*)`;
const SWITCHED_OFF = String.raw`(?:turned off|switched off|disabled|deactivated|removed|reset|desactivad[oa]|desactivaron|quitad[oa]|eliminad[oa]|desactive\w*|supprime\w*|deaktiviert|abgeschaltet|ausgeschaltet|entfernt|desativad[oa]|desativaram|desligad[oa]|removid[oa]|disattivat[oa]|disabilitat[oa]|rimoss[oa]|uitgeschakeld|uitgezet|verwijderd|wy[lł]aczon\w*|wy[lł]aczy\w*|usuni\w*)`;
/** The person it protects says it was not them; or nobody did it. */
const NOT_THEM = String.raw`(?:(?:i|we|he|she|they)(?: (?:says?|said|swears?|swore|insists?|insisted|claims?|claimed|told (?:me|us)) (?:that )?(?:i|we|he|she|they))? (?:didn'?t|did not|never|hasn'?t|haven'?t|has not|have not|wasn'?t|was not)\b|(?:it )?(?:wasn'?t|was not) (?:him|her|them|us|me)\b|nobody|no one|none of us|without (?:his|her|their|our|my|anyone'?s) (?:knowledge|permission|say)|no fue (?:el|ella|nadie|yo|nosotros)|nadie|sin que|ce n'(?:est|etait) pas (?:lui|elle|nous|moi)|personne|(?:il|elle) n'a (?:rien|pas|jamais)|sans que|niemand|(?:er|sie) (?:hat|habe|sagt,? er habe|sagt,? sie habe) (?:das |es )?nicht|war (?:er|sie|ich|wir) nicht|ohne dass|nao foi (?:ele|ela|eu|nos)|ninguem|sem que|non (?:e stato|e stata|sono stato|siamo stati) (?:lui|lei|io|noi)?|nessuno|senza che|(?:hij|zij|ze) (?:heeft|zegt dat (?:hij|zij|ze)) (?:het |dat )?niet|zonder dat|nikt|(?:on|ona) (?:tego )?nie (?:zrobi|wy[lł]acza)\w*|twierdzi,? ze (?:tego )?nie|bez (?:jego|jej|naszej|mojej) wiedzy)`;
const SECOND_FACTOR_OFF = new RegExp(
  String.raw`\b${TWO_FACTOR}\b[^.!?]{0,50}\b${SWITCHED_OFF}\b[\s\S]{0,80}\b${NOT_THEM}`,
);

/** A sign-in, access or session: what a login history shows. */
const SIGN_IN = String.raw`(?:log(?:ged)? ?ins?|log-?ins?|sign(?:ed)? ?ins?|sign-?ins?|access(?:ed|es)?|sessions?|inicios? de sesion|accesos?|conexion(?:es)?|connexions?|acces|anmeldung(?:en)?|zugriff\w*|acess(?:o|os)|entradas?|accessi|accesso|aanmelding(?:en)?|inlog\w*|toegang|logowani\w*|dostep\w*)`;
/** A place none of the team has been to. */
const NOBODY_BEEN = String.raw`(?:(?:none of us|nobody(?: here| on (?:the|our) team| at (?:the|our) company)?|no one(?: here| on (?:the|our) team)?|we)(?: (?:has|have|had))? (?:ever |never )?(?:been(?: to| in)?|visited|travel+ed to|set foot in)|(?:en el que|donde|al que|a la que) (?:nadie|ninguno de nosotros) (?:ha|hemos) (?:estado|ido)|(?:ou|dans lequel) (?:personne|aucun de nous) n'(?:est|a) jamais (?:alle|ete)|(?:in dem|wo) (?:keiner|niemand)(?: von uns| aus dem team)? (?:je |jemals |noch nie |schon )?(?:war|gewesen)|(?:onde|em que) (?:ninguem|nenhum de nos)(?: nunca)? (?:esteve|foi|estivemos|fomos)|(?:dove|in cui) nessuno(?: di noi)? (?:e|sia) mai (?:stato|andato)|(?:waar|waarin) (?:niemand(?: van ons)?|geen van ons)(?: ooit)? (?:is geweest|geweest is|was)|(?:w ktorym|gdzie) nikt(?: z nas)?(?: nigdy)? nie by\w*)`;
const PLACE_NOBODY_BEEN = new RegExp(
  String.raw`\b${SIGN_IN}\b[^.!?]{0,80}\b(?:from|desde|depuis|aus|de|da|uit|vanuit|z) (?:an? |un |une |einem |um |uma |een |some )?(?:country|city|place|location|region|pais|lugar|ciudad|pays|endroit|lieu|ville|land|ort|stadt|cidade|paese|luogo|citta|plaats|kraju|miejsca|miasta)\b,? (?:that |which )?${NOBODY_BEEN}`,
);

/** A page, site or mail like ours, then a secret typed into it (or the other way round). */
const LOOKED_LIKE_OURS = String.raw`(?:parecia|igual que|identica a|ressemblait a|identique a|sah (?:genau )?aus wie|genau wie|sembrava|identica alla|uguale alla|leek op|zag eruit als|wyglada\w* (?:dokladnie )?jak)\b[^.!?]{0,20}\b(?:(?:la |su |vuestra |votre |a |sua |de voces |eure |ihre |deine |vostra |jullie |uw |wasz\w* |panstwa )?(?:pagina|web|sitio|page|site|seite|webseite|inlogpagina|strona|witryna|login\w*|e-?mail|correo|courriel|mail))`;
const TYPED_SECRET = String.raw`(?:introdujo|introdujimos|metio|escribio|puso|ingreso|a saisi|a tape|a entre|a rentre|a donne|avons saisi|eingegeben|eingetippt|digitou|colocou|inseriu|informou|ha inserito|ha digitato|ha messo|abbiamo inserito|ingevuld|ingevoerd|ingetypt|wpisa\w*|poda\w*)\b[^.!?]{0,30}\b(?:contrasena|clave|mot de passe|passwort|kennwort|senha|password|wachtwoord|has[lł]o|datos|identifiants|zugangsdaten|credenziali|gegevens|dane)`;
const LOOK_ALIKE_LATIN = new RegExp(
  String.raw`\b${LOOKED_LIKE_OURS}\b[\s\S]{0,100}\b${TYPED_SECRET}|\b${TYPED_SECRET}\b[\s\S]{0,100}\b${LOOKED_LIKE_OURS}`,
);

/**
 * A message in another language that asks for a secret ("un correo 'de Northwind' pidiendo
 * confirmar la contraseña", "eine Nachricht, die nach unserem Passwort fragt"): the phishing ask
 * security-reports.ts reads in English.
 */
const MAIL = String.raw`(?:pop-?up|ventana emergente|fenetre|finestra|venster|okienk\w*|janela|correo|mensaje|sms|llamada|courriel|e-?mail|mail|message|appel|nachricht|anruf|mensagem|ligacao|messaggio|telefonata|chiamata|bericht|telefoontje|wiadomosc\w*|telefon)`;
const ASKING = String.raw`(?:pidiendo|pide|pedia|solicitando|solicita|exigiendo|demandant|demande|reclamant|exigeant|(?:fordert|bittet|verlangt)(?: uns| mich)?(?: auf| um| nach)?|fragt nach|pedindo|pede|exigindo|chiedendo|chiede|richiedendo|richiede|vraagt|vroeg|vragend|prosi\w*|prosz\w*|zada\w*)`;
const SECRET_ASKED = String.raw`(?:contrasena|clave|codigos?|datos (?:de la |bancarios|de acceso)|(?:numero|datos) de (?:la )?tarjeta|mot de passe|codes?|numero de (?:la )?carte|coordonnees bancaires|identifiants|passwort|kennwort|kartennummer|kartendaten|zugangsdaten|bankdaten|senha|numero do cartao|dados (?:do cartao|bancarios)|password|codici|numero della carta|dati (?:della carta|bancari)|credenziali|wachtwoord|kaartnummer|bankgegevens|inloggegevens|has[lł]\w*|kod\w*|numer\w* karty|dan\w* (?:karty|logowania|bankow\w*))`;
const ASKED_IN_MAIL = new RegExp(
  String.raw`\b${MAIL}\b[^.!?]{0,80}\b${ASKING}\b[^.!?]{0,40}\b${SECRET_ASKED}\b|` +
    // the verb last (de, nl): "eine Nachricht, die nach unserem Passwort fragt", "een mail die om ons wachtwoord vraagt"
    String.raw`\b${MAIL}\b[^.!?]{0,80}\b(?:nach|um|om) (?:\w+ )?(?:passwort|kennwort|kartennummer|kartendaten|zugangsdaten|bankdaten|wachtwoord|kaartnummer|inloggegevens|bankgegevens|codes?)\b[^.!?]{0,10}\b(?:fragt|fragte|gefragt|verlangt|verlangte|bittet|bat|vraagt|vroeg|gevraagd)\b`,
);

/**
 * A change to how the account is protected that nobody made: "got emails that our recovery codes
 * were regenerated, I did nothing", "password reset notice this morning, wasn't me".
 */
const PROTECTION_CHANGED = new RegExp(
  String.raw`\b(?:recovery codes?|backup codes?|2fa|mfa|two[- ]factor|password|login e-?mail|security (?:settings|questions?))\b[^.!?]{0,40}\b(?:regenerated|reset|changed|updated|disabled|turned off)\b[\s\S]{0,80}\b(?:(?:i|we) did nothing|(?:i|we) (?:didn'?t|did not) (?:do|touch|change|request) (?:anything|a thing|it|that)|(?:it )?wasn'?t (?:me|us)|not (?:me|us)\b)`,
);

/**
 * An account at work while its owner could not be using it: "my colleague's account is placing
 * orders while she's on holiday with no laptop"; in Chinese, someone placing orders with the
 * customer's account ("有人用我们的账号下了二十单").
 */
const USED_WHILE_AWAY = new RegExp(
  String.raw`\baccount\b[^.!?]{0,20}\b(?:making|placing|placed|made|logged in|logging in|signing in|signed in|active|used)\b[^.!?]{0,40}\bwhile (?:she|he|i|they|we)(?:'s|'re|'m| is| was| am| are| were)? (?:on (?:holiday|vacation|leave|a plane|a flight|sick leave|maternity leave)|away|off|asleep|in hospital|out of (?:the )?office)\b`,
);
/** Asked about as a setting ("can my account keep placing orders while I'm away?"), not a report. */
const ASKS_WHETHER = /^\W*(?:can|could|will|would|does|do|how|is it|what|should)\b/;
const USED_BY_SOMEONE_SCRIPTS = foldedPattern(
  String.raw`有人(?:用|拿|登录了?)(?:我们|我)的(?:账号|帐号|账户|帐户)[^。！？]{0,10}(?:下了|下单|订了|买了)`,
);

/** Someone removed, then an order or a sign-in under their name: "we removed Kevin… an order placed under his name". */
const UNDER_REMOVED_NAME = new RegExp(
  String.raw`\b(?:removed|deleted|deactivated|offboarded|let go|fired|left the company)\b[\s\S]{0,120}\b(?:orders?|purchases?|log ?ins?|sign ?ins?)\b[^.!?]{0,40}\b(?:under|with|from|on|using|in) (?:his|her|their) (?:name|login|account|user(?: ?name)?|credentials)\b`,
);

/**
 * Someone changed the account and everyone on the team disowns it: "someone changed our delivery
 * address last night, none of us did", "alguien cambió la dirección y nadie de la oficina fue",
 * "jemand hat eine Lieferadresse angelegt, das war keiner von uns", "ktoś zmienił adres, nikt z nas
 * tego nie robił". The change a support agent made on request names no one disowning it.
 */
const CHANGE_DISOWNED = new RegExp(
  [
    String.raw`\b(?:someone|somebody)\b[^.!?]{0,40}\b(?:changed|switched|swapped|edited|updated|added|set up|created)\b[\s\S]{0,80}\b(?:none of us|nobody (?:here|on (?:our|the) team|in (?:the|our) (?:office|team))|no one (?:here|on (?:our|the) team)|(?:it |that )?(?:wasn'?t|was not) (?:me|us|one of us)|not (?:me|us)\b)`,
    String.raw`\balguien\b[^.!?]{0,40}\b(?:cambio|modifico|anadio|agrego|puso|creo)\b[\s\S]{0,80}\b(?:ninguno de nosotros|nadie (?:de nosotros|del equipo|de la oficina|aqui|de aqui)|no (?:fuimos|fui) (?:nosotros|yo))\b`,
    String.raw`\bquelqu'un\b[^.!?]{0,40}\ba (?:change|modifie|ajoute|cree)\b[\s\S]{0,80}\b(?:aucun (?:de nous|d'entre nous)|personne (?:ici|chez nous|de l'equipe|d'entre nous)|ce n'(?:etait|est) pas (?:nous|moi))\b`,
    String.raw`\bjemand\b[^.!?]{0,60}\b(?:geandert|angelegt|hinzugefugt|umgestellt|eingetragen)\b[\s\S]{0,80}\b(?:keiner von uns|niemand von uns|niemand (?:hier|im team)|(?:das )?(?:waren|war) (?:nicht wir|nicht ich))\b`,
    String.raw`\balguem\b[^.!?]{0,40}\b(?:mudou|alterou|trocou|adicionou|criou)\b[\s\S]{0,80}\b(?:nenhum de nos|ninguem (?:daqui|da equipe|da equipa|do escritorio)|nao (?:fomos|fui) (?:nos|eu))\b`,
    String.raw`\bqualcuno\b[^.!?]{0,40}\bha (?:cambiato|modificato|aggiunto|creato)\b[\s\S]{0,80}\b(?:nessuno di noi|nessuno (?:qui|del team|dell'ufficio)|non (?:sono stat[oa] io|siamo stati noi))\b`,
    String.raw`\biemand\b[^.!?]{0,60}\b(?:gewijzigd|veranderd|toegevoegd|aangemaakt)\b[\s\S]{0,80}\b(?:niemand van ons|geen van ons|niemand (?:hier|in het team)|(?:wij|we) waren het niet)\b`,
    String.raw`\bktos\b[^.!?]{0,40}\b(?:zmieni|doda|ustawi|utworzy)\S*[\s\S]{0,80}\b(?:nikt z nas|nikt z (?:zespo|biura)\S*|to nie (?:my|ja))\b`,
  ].join('|'),
);

/** Used from a network or a key that is not the customer's: "orders from an IP range that isn't ours". */
const NOT_OUR_SOURCE = new RegExp(
  String.raw`\bfrom (?:an? |some )?(?:ip(?: range| address)?|ips|devices?|locations?|countr(?:y|ies)|networks?|servers?)\b (?:that |which )?(?:isn'?t|aren'?t|is not|are not|wasn'?t|weren'?t) ours\b`,
);

/**
 * Orders nobody on the team placed, as a relative clause after where they go: "dos pedidos para
 * una dirección en Bilbao que nadie de nosotros hizo", "Bestellungen nach Wien, die niemand von
 * uns aufgegeben hat" (security-concern.ts reads the English and the first-person forms).
 */
const ORDERS_NOBODY_PLACED = new RegExp(
  [
    String.raw`\bpedidos?\b[^.!?]{0,100}\bque nadie(?: de nosotros| aqui| del equipo| en la empresa)? (?:hizo|realizo|pidio|ha hecho|ha realizado|ha pedido)\b`,
    String.raw`\bcommandes?\b[^.!?]{0,100}\bque personne(?: d'entre nous| ici| chez nous| de l'equipe)? n'a (?:passe\w*|fait\w*|commande\w*)`,
    String.raw`\bbestellung(?:en)?\b[^.!?]{0,100}\bdie (?:niemand|keiner)(?: von uns| hier| bei uns| im team)? (?:aufgegeben|gemacht|bestellt|getatigt|ausgelost)\b`,
    String.raw`\bpedidos?\b[^.!?]{0,100}\bque ninguem(?: de nos| aqui| da equipe| da equipa)? (?:fez|pediu|realizou|feito)\b`,
    String.raw`\bordin[ei]\b[^.!?]{0,100}\bche nessuno(?: di noi| qui| del team)? ha (?:fatto|effettuato|piazzato|ordinato)\b`,
    String.raw`\bbestelling(?:en)?\b[^.!?]{0,100}\bdie niemand(?: van ons| hier| bij ons)? (?:heeft )?(?:geplaatst|gedaan|besteld)\b`,
    String.raw`\bzamowie\w*\b[^.!?]{0,100}\bktor\w* nikt(?: z nas| u nas| tutaj)? nie (?:z[lł]o[zż]y[lł]|zamowi[lł]|zrobi[lł])`,
  ].join('|'),
);

/** The same three in Japanese, Chinese, Arabic and Thai (no word boundaries in these scripts). */
const TOLD_IN_SCRIPTS = foldedPattern(
  [
    // ja: 二段階認証が無効にされ、本人は何もしていない / 誰も行ったことのない国からのログイン / 御社のページにそっくりでパスワードを入力
    String.raw`(?:二段階認証|2段階認証|二要素認証|多要素認証|2fa|mfa)[^。！？]{0,20}(?:オフ|無効|解除|外さ|外れ)[^]{0,60}(?:本人は|誰も|覚えが(?:ない|なく|ありません)|して(?:い)?ない|やって(?:い)?ない)`,
    String.raw`(?:誰も|だれも|社員の誰も|誰一人)[^。！？]{0,8}(?:行った|訪れた|いった|滞在した)こと(?:が|の)(?:ない|ありません)(?:国|場所|都市|地域|ところ)`,
    String.raw`(?:御社|貴社|そちら|公式)[^。！？]{0,8}(?:ページ|サイト|画面|メール)(?:に|と)(?:そっくり|似た|似ている|似てる|同じ)[^]{0,60}(?:入力|入れ)`,
    // zh: 两步验证被关了，他说不是他关的 / 从我们没人去过的国家登录 / 看起来像你们的页面，他输了密码
    String.raw`(?:双重验证|两步验证|二次验证|双因素|两因素|多因素|2fa|mfa)[^。！？]{0,20}(?:关闭|关掉|关了|停用|禁用|取消)[^]{0,60}(?:不是他|不是她|不是我|没有关|没关|没人|没有人|并没有|他说他没|她说她没)`,
    String.raw`(?:没有人|没人|谁都没|谁也没|都没有|从没|从来没)[^。！？]{0,6}(?:去过|到过)的?(?:国家|地方|城市|地区)`,
    String.raw`(?:看起来|看着|长得|很|和|跟)像?(?:你们|贵司|贵公司|官方)的?(?:页面|网站|网页|登录页|官网|邮件)[^]{0,60}(?:输入|输了|填了|填写|提交|登录了)|(?:输入|输了|填了|填写|提交)[^。！？]{0,20}(?:密码|账号|卡号)[^]{0,40}(?:看起来|长得)像(?:你们|贵司|贵公司|官方)`,
    // ar: أوقفت المصادقة الثنائية ولم يفعل ذلك / من بلد لم يزره أحد منا / صفحة تشبه صفحتكم وأدخل كلمة المرور
    String.raw`(?:المصادقة الثنائية|التحقق بخطوتين|التحقق الثنائي|المصادقة بخطوتين)[^]{0,40}(?:تعطيل|تعطلت|عطل|إيقاف|ايقاف|إلغاء|الغاء|أوقف|اوقف)[^]{0,60}(?:لم يفعل|لم تفعل|لم نفعل|لم يقم|لم تقم|لم نقم|دون علم|بدون علم|لا أحد|لا احد|ليس هو|ليست هي)`,
    String.raw`(?:من|في) (?:دولة|بلد|مكان|مدينة) (?:لم يزرها|لم يزره|لم يذهب إليها|لم يذهب اليها|لم يسافر إليها|لم يسافر اليها) (?:أحد|احد)`,
    String.raw`(?:تشبه|يشبه|مثل) (?:صفحتكم|موقعكم|صفحة تسجيل الدخول لديكم|بريدكم)[^]{0,60}(?:أدخل|ادخل|أدخلت|ادخلت|كتب|كتبت)`,
    // th: ปิดการยืนยันสองขั้นตอนโดยที่เขาไม่ได้ทำ / จากประเทศที่ไม่มีใครเคยไป / หน้าเหมือนเว็บของคุณแล้วกรอกรหัสผ่าน
    String.raw`(?:ยืนยันสองขั้นตอน|ยืนยันตัวตนสองชั้น|ยืนยันตัวตนสองขั้นตอน|2fa|mfa)[^]{0,40}(?:ถูกปิด|ปิดไป|ปิดอยู่|ปิดแล้ว)[^]{0,60}(?:ไม่ได้ทำ|ไม่ได้ปิด|ไม่มีใคร)`,
    String.raw`(?:ประเทศ|สถานที่|เมือง)ที่(?:ไม่มีใคร|พวกเราไม่เคย|เราไม่เคย)[^]{0,10}(?:ไป|เคยไป)`,
    String.raw`เหมือน(?:เว็บ|หน้า|เพจ)(?:ของ)?(?:คุณ|บริษัทคุณ)[^]{0,60}(?:กรอก|ใส่)[^]{0,10}(?:รหัสผ่าน|รหัส)`,
    // orders nobody placed, a sign-in from a device nobody knows: zh 没人下过单 / 不认识的订单, ja 誰も注文していない /
    // 知らない端末からログイン, th เข้าบัญชีจากเครื่องที่ไม่รู้จัก, ar طلبات لم يطلبها أحد / من جهاز غير معروف
    String.raw`(?:没人|没有人|谁都没|谁也没)(?:下过|下了|订过)(?:单|订单)|(?:我们|我)(?:没有|没|从没|并没有)下过(?:这些|这个|那些)?(?:单|订单)|(?:不认识|不认得|陌生)的(?:订单|登录|设备)|陌生(?:设备|手机|电脑)[^。！？]{0,6}(?:登录|登入|登陆)`,
    String.raw`誰も注文して(?:い)?ない|(?:注文した|頼んだ)覚えの?ない|知らない(?:端末|デバイス|パソコン|スマホ)から[^。！？]{0,6}(?:ログイン|アクセス)`,
    String.raw`(?:เข้า|ล็อกอิน)[^]{0,30}จาก(?:เครื่อง|อุปกรณ์|ประเทศ|ที่)ที่ไม่รู้จัก|(?:คำสั่งซื้อ|ออเดอร์)[^]{0,30}(?:ไม่มีใคร|เราไม่ได้)(?:สั่ง)`,
    String.raw`(?:طلبات|طلبية|طلب)[^.!?؟]{0,30}(?:لم يطلبها أحد|لم نطلبها|لم نقم بها)|من جهاز (?:غير معروف|لا نعرفه|غريب)`,
  ].join('|'),
);
/** A sign-in in those scripts, needed beside a place nobody has been to. */
const SIGN_IN_SCRIPTS = foldedPattern(
  String.raw`ログイン|アクセス|サインイン|登录|登入|登陆|访问|تسجيل الدخول|دخول|وصول|เข้าสู่ระบบ|ล็อกอิน|เข้าใช้`,
);
const PLACE_IN_SCRIPTS = foldedPattern(
  String.raw`(?:行った|訪れた|いった|滞在した)こと(?:が|の)(?:ない|ありません)(?:国|場所|都市|地域|ところ)|(?:去过|到过)的?(?:国家|地方|城市|地区)|(?:لم يزرها|لم يزره|لم يذهب|لم يسافر) (?:أحد|احد)|ที่(?:ไม่มีใคร|พวกเราไม่เคย|เราไม่เคย)`,
);

/** One of these, told as what happened (folded text). */
export function tellsSecurityIncident(text: string): boolean {
  if (
    SECOND_FACTOR_OFF.test(text) ||
    PLACE_NOBODY_BEEN.test(text) ||
    LOOK_ALIKE_LATIN.test(text) ||
    ASKED_IN_MAIL.test(text) ||
    PROTECTION_CHANGED.test(text) ||
    UNDER_REMOVED_NAME.test(text) ||
    NOT_OUR_SOURCE.test(text) ||
    (CHANGE_DISOWNED.test(text) && !ASKS_WHETHER.test(text)) ||
    moneyNotOurs(text) ||
    tellsUnaskedCode(text) ||
    (USED_WHILE_AWAY.test(text) && !ASKS_WHETHER.test(text)) ||
    USED_BY_SOMEONE_SCRIPTS.test(text) ||
    ORDERS_NOBODY_PLACED.test(text)
  )
    return true;
  if (!TOLD_IN_SCRIPTS.test(text)) return false;
  // A place nobody has been to is a security concern only beside a sign-in.
  return !PLACE_IN_SCRIPTS.test(text) || SIGN_IN_SCRIPTS.test(text) || otherTold(text);
}

/** The script patterns other than the place one: checked apart when a place matched without a sign-in. */
function otherTold(text: string): boolean {
  return TOLD_IN_SCRIPTS.test(text.replace(new RegExp(PLACE_IN_SCRIPTS.source, 'gu'), ''));
}
