/**
 * A security concern said in words (a break-in, a secret in a public place, an incident told as
 * what happened: security-reports.ts), told apart from questions about security and a forgotten
 * password. Always critical (urgency.ts), whatever a model says.
 */
import { WHERE_TO_SEND_PHISHING, withoutSecurityInGeneral } from './security-questions.js';
import { reportsSecurityIncident } from './security-reports.js';

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
    // A relative clause further on: "four orders … going to a warehouse in Leeds that nobody here placed".
    String.raw`\b(?:orders?|purchases?)\b[^.!?]{0,100}\b(?:that|which) (?:none of us|nobody|no one)(?: (?:here|at \w+|on (?:our|the) team|in (?:our|the) (?:team|company|office)))? (?:ever )?(?:placed|made|ordered|authori[sz]ed|recogni[sz]es)\b`,
    String.raw`\bsuspicious (?:log ?ins?|sign ?ins?|activity|access|charges?|orders?|emails?|transactions?)\b`,
    String.raw`\bsomeone (?:else )?(?:has )?(?:logged|signed|got) (?:in|into)\b`,
    String.raw`\b(?:stolen (?:card|credit card|password|credentials|account|identity|login)|(?:card|password|account) (?:was |has been |got )?stolen)\b`,
    // Codes and resets nobody asked for, sign-ins from places or devices nobody knows.
    String.raw`\b(?:2fa|mfa|two[- ]factor|verification|security|login|log-?in|sign[- ]?in|one[- ]time|sms) (?:codes?|texts?|emails?)\b[^.!?]{0,60}\b(?:(?:we|i) (?:never|did ?n[o']?t|didn't|haven'?t|have not|hadn'?t)|nobody|no one|none of us)\b`,
    // Arrived for others, asked by none of them: "reset emails that neither of them asked for".
    String.raw`\b(?:codes?|password (?:reset|change) (?:e-?mails?|links?|texts?)|reset (?:e-?mails?|links?|codes?))\b[^.!?]{0,60}\b(?:neither|none) of (?:them|us|the \w+)(?: had| has| have)? (?:asked for|requested|wanted|triggered)\b`,
    String.raw`\bpassword (?:reset|change)s?\b[^.!?]{0,40}\b(?:(?:we|i) (?:never|did ?n[o']?t|didn't) (?:request|ask|want|make|do|initiate|trigger|change|reset)\w*|nobody|no one|none of us)\b`,
    String.raw`\b(?:log(?:ged)? ?ins?|sign(?:ed)? ?ins?|access(?:ed)?)\b[^.!?]{0,30}\bfrom (?:an? )?(?:unknown|unrecogni[sz]ed|strange|foreign|unfamiliar|new) (?:devices?|locations?|countr(?:y|ies)|ips?|computers?|phones?|browsers?)\b`,
    // A password, email, admin or card changed, or a user or key added, that nobody asked for.
    String.raw`\b(?:password|e-?mail|phone number|2fa|mfa|two[- ]factor|admin|owner|bank details|card|payment method)s?\b[^.!?]{0,40}\b(?:changed|swapped|replaced|reset|switched off|turned off|disabled|removed)\b[\s\S]{0,60}\b(?:(?:i|we) (?:didn'?t|did not|never) (?:change|reset|request|ask|do|make|authori[sz]e|turn|switch|add|swap|replace)\w*|(?:i|we) don'?t recogni[sz]e|nobody|no one|none of us|not (?:us|me|ours|one of ours)|wasn'?t (?:us|me)|without (?:our|my|anyone'?s) (?:permission|knowledge|say))`,
    String.raw`\b(?:someone|somebody|a stranger)\b[^.!?]{0,30}\b(?:changed|changing|swapped|replaced|reset|resetting|added|removed|disabled|turned off)\b[^.!?]{0,30}\b(?:password|e-?mail|admin|owner|2fa|two[- ]factor|card|bank|api key|users?)`,
    String.raw`\b(?:users?|admins?|owners?|members?|api keys?|accounts?|logins?)\b[^.!?]{0,60}\b(?:(?:none of us|nobody(?: here)?|no one(?: here)?) (?:created|added|made|invited|knows|recogni[sz]es)|we (?:didn'?t|did not|never) (?:create|add|invite))|\b(?:users?|admins?|owners?|members?|api keys?)\b[\s\S]{0,80}\b(?:not one of (?:ours|us)|not ours|nobody we know)\b|\b(?:users?|admins?|owners?|members?|api keys?)\b[\s\S]{0,80}\b(?:none of us|nobody|no one)(?: (?:here|at \w+|on (?:our|the) team|in (?:our|the) (?:team|company|office)))? (?:created|added|made|invited) (?:it|them|this|that|one)\b`,
    String.raw`\b(?:someone|somebody) else (?:is )?(?:using|has|got into|logged into) (?:my|our)\b|\b(?:taken|took) over\b[^.!?]{0,20}\b(?:account|login)|\baccount (?:was |has been |got )?taken over\b`,
    // A key, a token or a login used from a place nobody knows; a device stolen while signed in.
    String.raw`\bfrom (?:an? |some )?(?:ip|ip address|device|location|country|computer|browser|place|network|laptop|phone|tablet|pc|mac)(?: address)?(?: that)? (?:we|i|nobody|no one)(?: here)? (?:don'?t|do not|doesn'?t|does not|never|didn'?t|did not) (?:recogni[sz]e|know|use|own|have)\b`,
    // A sign-in from a named place while everyone was elsewhere: "a login from Singapore last
    // night, all of us are in Denver", "sign-in from Lagos at 4am, none of us is there".
    String.raw`\b(?:log ?ins?|logged in|sign[- ]?ins?|signed in|access(?:ed)?)\b[^.!?]{0,15}\bfrom [a-z][\w-]+(?: [a-z][\w-]+)?\b[^.!?]{0,30}[.!?,;—-]*[^.!?]{0,30}\b(?:(?:all of us|we all|we) (?:are|were) (?:all )?(?:in|at|based in) [a-z][\w-]+|none of us (?:is|are|was|were|has been|have been) (?:there|anywhere near)|nobody (?:here|on (?:our|the) team|of us) (?:is|was|has been) (?:there|anywhere near|in)|(?:all of us|we all|we) (?:were|was) asleep)\b`,
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
    // \w stops at "ł" (no accent to fold): "zmienił hasło" needs \S.
    String.raw`\bktos\b[^.!?]{0,30}\b(?:zalogowa\S*|w[lł]ama\S*|zmieni\S* has[lł]\S*)|\bw[lł]ama[lł]\S*`,
    // zh, ja, ar: no word boundaries in these scripts; folded like the text (グ → ク).
    String.raw`盗用|被盗|入侵|黑客|未经授权|异地登录|修改了[^。！？]{0,12}密码|乗っ取|不正ログイン|不正アクセス|勝手に(?:ログイン|ログインされ|注文|変更|追加|作成)|身に覚えのない|(?:作った|作成した|追加した|登録した|発行した|招待した|変更した)覚えが(?:ない|なく|ありません)|誰も(?:作って|作成して|追加して|変更して)(?:い|お)?ない|(?:没有人|没人|我们没有|我们并没有)(?:创建|添加|新建|修改|更改)|ハッキング|(?:キー|パスワード|鍵|密钥|密码|令牌)[^。！？]{0,12}(?:漏れ|漏洩|流出|泄露|泄漏)|(?:キー|トークン|パスワード|シークレット|鍵|认证信息|密钥|秘钥|密码|令牌)[^。！？]{0,20}(?:公開|公开|載せ|アップ|上传|上傳|发到|发布|贴到|貼って|晒)|اختراق|مخترق|دون إذن|بدون إذن|دون علم|بدون علم|有人(?:用|拿|盗用)?[^。！？]{0,16}(?:账号|帐号|账户|帐户)[^。！？]{0,8}(?:登录|登入|登陆)(?:了|过)|(?:登录|登入|登陆)(?:地点|位置|地址|地区)[^。！？]{0,10}(?:国外|海外|境外|陌生|不明|未知)|(?:国外|海外|境外)(?:的)?(?:登录|登入|登陆)|(?:誰か|知らない人|第三者)[^。！？]{0,20}(?:パスワード|メールアドレス|メール|管理者|支払い|カード|設定)[^。！？]{0,8}(?:変更|リセット|追加|削除)|(?:海外|外国|知らない場所|見知らぬ場所)から[^。！？]{0,10}(?:ログイン|アクセス)|(?:رسالة|بريد|ايميل|إيميل|مكالمة|اتصال)[^.!?؟]{0,40}(?:تطلب|يطلب|طلبت|طلب)[^.!?؟]{0,30}(?:رموز|رمز|كلمة المرور|كلمة السر|رقم البطاقة|بيانات الدخول)`
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

/**
 * Words about security that are not a concern: how to report a vulnerability, the security
 * settings page, the security mailbox, the product's security features and fraud screening, a
 * security test, audit or review as the customer's own work ("I do some security testing on the
 * side"), and the customer's own security people as who wants the answer ("our security team
 * wants a number", "my security officer asked whether…"): what they found is still read. Left
 * out before the patterns look for a breach, as is asking where to forward a phishing-looking mail.
 */
const ABOUT_SECURITY = new RegExp(
  `${/\b(?:report(?:s|ed|ing)?|disclos\w*|submit(?:ting)?|send(?:ing)?)\b[^.!?]{0,20}\b(?:a |an |the )?(?:security (?:issue|bug|problem|flaw|report)s?|vulnerabilit\w*)|\bsecurity (?:reports?|settings|keys?|tab|page|questions?|polic(?:y|ies)|certifications?|questionnaire|features?|measures?|standards?|practices?|checks?|controls?|options?|documentation|docs|whitepaper|overview|requirements?|testing|tests?|audits?|reviews?|assessments?|researchers?|scans?)\b|\b(?:our|my) (?:it |infosec |internal )?security (?:team|people|folks|guys?|officer|lead|department|dept|manager|person|auditors?)\b(?= (?:(?:always|now|also|just|really) )?(?:wants?|wanted|asks?|asked|is asking|are asking|keeps? asking|needs?|would like|requires?|insists?|has asked|have asked)\b)|\bfraud (?:screening|checks?|prevention|protection|detection|polic(?:y|ies)|rules?|filters?|reviews?)\b|\bsecurity@\S+|→ security\b|\bvulnerabilit(?:y|ies) (?:reports?|disclosure|reporting|program(?:me)?|policy|process)\b|(?<!\b(?:our|my) )\bsecurity team\b|\b(?:found|discovered|spotted|noticed)\b[^.!?]{0,20}\b(?:a |an )?(?:security (?:issue|bug|flaw|hole)|vulnerabilit\w*)\b(?=[\s\S]{0,80}\b(?:where|who|how)\b[^.!?]{0,30}\b(?:send|report|submit|disclose|share|contact)\b)|\b(?:forward|report|send)(?:ing)?\b[^.!?]{0,20}\b(?:phishing|suspicious|scam|fake)\b (?:e-?mails?|messages?|texts?|mails?|links?)\b/.source}|${WHERE_TO_SEND_PHISHING.source}`,
  'g',
);

/**
 * A secret put where others can read it: an API key, token, password or private key pasted,
 * posted, pushed or shown in a public place (a public repo, a chat server, a forum, a stream, a
 * screenshot). Said as a fact, not asked about ("is it safe to keep our key in a public repo?").
 */
const SECRET = String.raw`(?:api[- ]?keys?|(?:read-write|read\/write|write|admin|live|production|prod|secret|private|signing) keys?|(?:access |auth |bearer |secret |live |prod(?:uction)? |api |admin )?tokens?|secret keys?|secrets|credentials|passwords?|private keys?|client secrets?)`;
/**
 * A chat others read: a named channel ("#general"), a shared or external channel, a Slack or Teams
 * workspace shared with other companies, a group chat or a mailing list. A key pasted there has to
 * be rotated as surely as one pushed to a public repo.
 */
const CHAT_PLACE = String.raw`(?:into|in|to|on) #[a-z0-9][\w-]*|(?:shared|external|company-wide|all-hands|general|customer|partner|vendor|group) (?:slack |teams )?(?:channel|chat|workspace|thread)|(?:slack|teams|channel|workspace|chat|group)\b[^.!?]{0,20}\b(?:we share|shared) with|(?:other|outside|external) (?:companies|people|partners|vendors|guests|customers|auditors|consultants|agenc(?:y|ies)|accountants)|group chat|whatsapp group|mailing list|all-staff e-?mail`;
const SHOWN = String.raw`(?:pasted|posted|shared|committed|pushed|uploaded|published|tweeted|leaked|dropped|put|ended up|went out|showed|shown|visible|readable)`;
const PUBLIC_PLACE = String.raw`(?:public(?:ly)?|open[- ]source|discord|twitter|x\.com|linkedin|facebook|instagram|insta|tiktok|mastodon|social media|blog(?: post)?|reddit|forum|stack ?overflow|screenshot|live ?stream|stream|youtube|webinar|conference talk|community (?:slack|channel|chat)|pastebin|gist|the internet|${CHAT_PLACE})`;
/** A site anyone can read (not a screenshot, which may go only to us). */
const OPEN_SITE = String.raw`(?:linkedin|twitter|x\.com|facebook|instagram|insta|tiktok|mastodon|bluesky|reddit|youtube|social media|(?:public|open[- ]source) (?:github |gitlab )?(?:repo|repository|forum|channel|page|post)|github|gitlab|pastebin|stack ?overflow|discord|(?:our |the |a )?(?:blog|forum)|the internet)`;
/** A secret in the eight Latin-script languages (folded). */
const SECRET_WORD = String.raw`(?:${SECRET}|clave|claves|contrasena|cle|cles|mot de passe|schlussel|passwort|kennwort|chave|senha|chiave|sleutel|wachtwoord|klucz\w*|has[lł]o)`;
/** Said to be readable: "is legible in it", "you can read it", "se lee entera", "est lisible", "ist lesbar". */
const READABLE = String.raw`(?:(?:is|are|was|were|'s|'re|fully|clearly|plainly|completely|entirely|still|in full|\s)*(?:readable|legible|visible|in (?:full|plain ?text|clear ?text)|on (?:show|display)|can be (?:read|seen)|you can (?:read|see)|anyone can (?:read|see))|\b(?:se (?:lee|ve)|legible|visible|est (?:\w+ )?(?:lisible|visible)|(?:ist|sind) (?:\w+ )?(?:lesbar|sichtbar|zu sehen|zu lesen)|(?:e|esta|fica) (?:\w+ )?(?:legivel|visivel)|si legge|si vede|e (?:\w+ )?(?:leggibile|visibile)|is (?:\w+ )?(?:leesbaar|zichtbaar|te lezen|te zien)|(?:jest )?(?:czyteln\w*|widoczn\w*)))`;
const SECRET_EXPOSED = new RegExp(
  [
    String.raw`\b(?:api keys?|tokens?|secrets?|credentials|passwords?)\b[^.!?]{0,60}\b(?:public (?:github |gitlab )?(?:repo|repository|gist)|gist|pastebin|leaked|exposed)\b`,
    String.raw`\b${SECRET}\b[^.!?]{0,60}\b${SHOWN}\b[^.!?]{0,40}\b${PUBLIC_PLACE}\b`,
    String.raw`\b${SHOWN}\b[^.!?]{0,30}\b${SECRET}\b[^.!?]{0,60}\b${PUBLIC_PLACE}\b`,
    String.raw`\b(?:screenshot|screen ?share|recording|video|stream)\b[^.!?]{0,40}\b(?:shows?|showing|showed|with|w|had|has|containing|contains|included|includes)\b[^.!?]{0,30}\b${SECRET}\b`,
    // The post first, the secret said to be readable in it after: "posted a screenshot on Twitter
    // and the admin password is legible in it", "la foto en LinkedIn, la clave API se lee entera".
    String.raw`\b${OPEN_SITE}\b[^.!?]{0,80}\b${SECRET_WORD}\b[^.!?]{0,30}\b${READABLE}`,
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
  const said = withoutSecurityInGeneral(text.replace(ABOUT_SECURITY, ' '));
  return (
    SECURITY.test(said) ||
    (SECRET_EXPOSED.test(said) && !ASKS_IF_SAFE.test(said)) ||
    reportsSecurityIncident(said)
  );
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
