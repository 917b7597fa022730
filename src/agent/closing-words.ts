/**
 * How customers close a conversation besides "thanks": a set phrase ("no worries", "fair enough",
 * "happy Friday", "pas de souci", "kein Stress", "sem pressa", "nessun problema", "geen haast",
 * "nie ma sprawy") or what they will do next themselves ("I'll let the front desk know", "we'll
 * wait for the courier then", "je transmets à l'équipe", "ich gebe das weiter", "店長に伝えて
 * おきます", "我转告同事", "เดี๋ยวแจ้งทีม", "سأبلغ الفريق"). Neither asks anything. pleasantry.ts
 * reads them as courtesy; they never make a message a pleasantry alone (a word of thanks, approval
 * or greeting must be there too, except for a set closing phrase, which is one).
 *
 * A step that names money, a failure or an account problem ("I'll wait for the refund", "we'll
 * tell our bank you charged twice") or turns against what was said ("but", "still", "not yet")
 * is not taken out, so the message stays one to answer.
 */

import { normalizeForModel } from './offline/model/features.js';
import { conceptsOf } from './offline/model/lexicon.js';
import { SEASON_WISH_PHRASES } from './season-wishes.js';

/** Set phrases that close or wave off, in folded text (lower case, no accents, "ł" → "l"). */
const CLOSING_PHRASES = [
  // a holiday or a weekend wished, in the nine languages (season-wishes.ts)
  ...SEASON_WISH_PHRASES,
  // en
  String.raw`no (?:worries|worry|rush|hurry|problem|probs?|stress)`,
  String.raw`not a problem|nothing else (?:needed|required|to do)|that'?s all(?: for now)?|all (?:good|set|sorted|done)`,
  // "that is all", and the "is all" / "is everything" of a writer closing in a second language
  String.raw`(?:(?:that|this|it) is|(?<=^|[.!,;]\s*)is|that'?s) (?:all|everything)(?: (?:for now|for today|from (?:me|us)|i need(?:ed)?|we need(?:ed)?))?(?=\s*(?:[.!,;)]|[\p{Extended_Pictographic}]|$))`,
  String.raw`no (?:more|further|other) questions?(?: (?:for now|at this (?:time|point)|from (?:me|us|my side|our side)|today))?|nothing (?:more|further) (?:from (?:me|us)|for now)`,
  String.raw`got it|fair enough|fair|makes sense|take your time|that did it|sounds good|will do|roger(?: that)?|copy that`,
  String.raw`lol|haha+|hehe+|lmao|talk (?:soon|later)|have a good one|speak soon|over and out(?: for (?:the|this|to)(?: ?day| week| weekend| night))?`,
  // what was sent is passed on already ("forwarded to our bookkeeper", "transmis à la compta",
  // "an die Buchhaltung weitergeleitet", "repassei para o financeiro", "inoltrato al
  // commercialista", "doorgestuurd naar de boekhouder", "przekazałem do księgowości")
  String.raw`(?:(?:i|we)(?:'ve| have)? )?(?:forwarded|passed (?:it |this )?(?:on|along)|sent (?:it |this )?(?:on|over)|shared (?:it|this))(?: (?:it|this))? to (?:our|my|the) (?:[\p{L}']+ ){0,2}?(?:team|department|dept|desk|office|colleagues?|people|folks|manager|boss|accountants?|bookkeeper|finance|accounting|accounts)`,
  String.raw`(?:lo |la )?(?:he |hemos )?(?:reenviado|pasado) (?:a|al) (?:nuestro |nuestra |mi )?(?:contable|contador|contadora|equipo|jefe|jefa|contabilidad)|(?:c'est |deja )?transmis a (?:notre |mon |ma |la )(?:comptable|equipe|compta|comptabilite|responsable)`,
  String.raw`(?:an|zu) (?:unsere[nrm]? |meine[nrm]? |die |den )(?:buchhaltung|buchhalter\w*|team|chef\w*) weitergeleitet|(?:ja )?(?:encaminhei|encaminhado|repassei|repassado) (?:para|ao|a) (?:o |a |nosso |nossa |meu |minha )?(?:contador|contadora|financeiro|equipe|time|chefe)`,
  String.raw`(?:gia )?(?:inoltrato|girato|passato) (?:al|alla|a) (?:nostro |nostra |mio |mia )?(?:commercialista|contabile|team|responsabile|amministrazione)|doorgestuurd naar (?:onze |mijn |de )(?:boekhouder|boekhouding|collega'?s?|team|baas)|przekaza\w* (?:do )?(?:ksiegowej|ksiegowosci|ksiegowego|zespolu|szefa)`,
  String.raw`(?:(?:oops|sorry|my bad),? )*wrong (?:channel|thread|chat|group|window)(?:,? (?:sorry|my bad|oops))*|closing (?:this|it|the (?:ticket|thread))(?: out)?(?: on our (?:end|side))?`,
  String.raw`(?:you|u) can close (?:this(?: one)?|it|the (?:ticket|thread))(?: now)?|feel free to close (?:this(?: one)?|it|the (?:ticket|thread))`,
  // a day's work ended, what was sent received and passed on, an earlier line taken back
  String.raw`(?:wrapping|signing|logging|heading|clocking) (?:up|off|out)(?: for (?:the|to)(?:day|night))?(?: (?:the|my|our) (?:day|night|evening|week|shift|night shift|late shift))?|calling it a (?:day|night)|closing the loop`,
  String.raw`(?:well |all )?received (?:and|&) (?:forwarded|passed on|passed along|shared|noted|filed)(?: (?:it |this )?to (?:our|my|the) (?:[\p{L}']+ ){0,3}?(?:team|department|dept|desk|office|colleagues|people|folks|manager|boss|accountant))?|confirmed(?: (?:on|from) (?:our|my) (?:side|end))?(?: as well| too)?`,
  String.raw`(?:typo above|my typo|typo)(?:,? (?:please )?(?:disregard|ignore)(?: (?:that|it|the above|above))?)?|(?:please )?(?:disregard|ignore) (?:that|the above|my (?:last|previous) (?:message|msg|post))`,
  // a message sent by mistake, taken back: "please ignore this one", "that last one was my
  // pocket", "sent this to the wrong chat", "butt dial, sorry"; only the message itself is
  // ignored ("ignore this charge" names something else and stays)
  String.raw`(?:please )?(?:disregard|ignore) (?:this|this one|this message|this msg|that one|that last one|my last one|the last one)(?=\s*(?:[.,;!)—–-]|[\p{Extended_Pictographic}]|$))`,
  String.raw`(?:that|the|my|this) (?:last |previous )?(?:one|message|msg|text) was (?:(?:from )?my pocket|a pocket (?:dial|message|text)|a butt dial|sent by (?:mistake|accident)|an accident|a mistake|meant for someone else|(?:meant )?for (?:a colleague|someone else|another (?:chat|channel|thread|group)))|pocket (?:dial|message|text)|butt dial|(?:i )?sent (?:this|that|it) (?:by (?:mistake|accident)|to the wrong (?:chat|channel|thread|group|person|place))`,
  // the same in es, fr, de, pt, it, nl, pl ("me equivoqué de chat", "mauvais canal", "falscher
  // Chat", "mandei no grupo errado", "chat sbagliata", "verkeerde chat", "zły czat")
  String.raw`(?:me (?:he )?equivoque de (?:chat|canal|conversacion|grupo)|(?:chat|canal|mensaje|grupo) equivocado|(?:mensaje )?enviado por error)|(?:je me suis trompe de (?:canal|conversation|fil|groupe)|mauvais (?:canal|fil|chat|groupe|destinataire)|envoye par erreur|ignorez ce message)`,
  String.raw`(?:falsche[rns]? (?:kanal|chat|thread|gruppe|empfanger)|aus versehen (?:gesendet|geschickt)|versehentlich (?:gesendet|geschickt))|(?:(?:mandei|enviei) (?:no|na|para o|para a) (?:chat|canal|grupo|conversa) errad[oa]|(?:chat|canal|grupo|conversa|mensagem) errad[oa]|(?:mensagem )?enviad[oa] por engano)`,
  String.raw`(?:(?:chat|canale|gruppo|messaggio) sbagliat[oa]|(?:messaggio )?inviato per errore)|(?:verkeerde (?:chat|kanaal|groep|draad)|per ongeluk (?:verstuurd|gestuurd))|(?:(?:zly|zla|zle) (?:czat|kanal|grupa|watek)|wyslane przez pomylke)`,
  // nothing further for anyone to do ("no further action needed on our end", "no hace falta nada
  // más", "aucune autre action requise", "kein Handlungsbedarf", "nenhuma ação necessária",
  // "nessun'altra azione richiesta", "geen actie nodig", "nic więcej nie trzeba"), in the eight languages
  String.raw`no (?:further|more|other) (?:action|steps?)(?: is| are)? (?:needed|required|necessary)(?: (?:on|from) (?:our|my) (?:end|side)| from (?:us|me))?|nothing (?:more|further|else) (?:for (?:you|us) )?to do(?: here)?`,
  String.raw`no (?:hace falta|hay que hacer|se necesita) (?:nada mas|hacer nada mas|ninguna otra accion)|ninguna (?:otra )?accion (?:necesaria|requerida)|aucune (?:autre )?action (?:n'est )?(?:requise|necessaire)|rien (?:d'autre|de plus) a faire`,
  String.raw`kein (?:weiterer )?handlungsbedarf|keine weiteren (?:schritte|massnahmen) (?:notig|erforderlich)|nenhuma (?:outra )?acao (?:e )?necessaria|nada mais a fazer|nessun'altra azione (?:e )?(?:necessaria|richiesta)|nessuna (?:altra )?azione (?:e )?(?:necessaria|richiesta)`,
  String.raw`geen (?:verdere |andere )?actie (?:nodig|vereist)|verder niets nodig|nic wiecej nie trzeba|zadne (?:dalsze )?dzialania nie sa potrzebne`,
  // a good stretch of time wished ("have a great start to the month", "enjoy the rest of your
  // week", "buen inicio de semana", "bon début de mois", "guten Start in die Woche", "bom início
  // de mês", "buon inizio settimana", "fijne start van de week", "udanego początku tygodnia")
  String.raw`(?:have|enjoy|wishing you|wish you) (?:a |an |the )?(?:(?:great|good|nice|lovely|wonderful|productive|smooth|fantastic|restful|relaxing|strong|happy) )?(?:start (?:to|of)|rest of) (?:the |your )?(?:day|week|month|year|quarter|afternoon|evening|weekend|shift)|(?:a |an )?(?:great|good|nice|lovely|wonderful|productive|smooth|fantastic|restful|relaxing|strong|happy) start (?:to|of) (?:the |your )?(?:day|week|month|year|quarter|afternoon|evening|weekend|shift)|(?:have|enjoy) (?:a |an |the |your )?(?:great|good|nice|lovely|wonderful|productive|smooth|fantastic|restful|relaxing|strong|happy) (?:day|week|month|year|quarter|afternoon|evening|weekend|shift)|enjoy (?:the |your )(?:day|week|month|year|quarter|afternoon|evening|weekend|shift)`,
  String.raw`(?:(?:que )?(?:tengas|tengais|tenga|tengan) (?:un |una )?)?(?:(?:buen|feliz) (?:inicio|comienzo) de (?:mes|semana|ano)|(?:buena|feliz) semana|feliz dia|buen mes)`,
  String.raw`(?:(?:je vous souhaite|bonne continuation et) )?(?:(?:bon|excellent) (?:debut|commencement) de (?:mois|semaine|journee|annee)|(?:bonne|excellente) (?:semaine|journee|soiree|fin de journee|continuation))`,
  String.raw`(?:(?:einen|ein) )?(?:guten|schonen) (?:start|einstieg) in (?:den|die|das) (?:neuen |neue |neu )?(?:monat|woche|tag|jahr)|(?:eine )?(?:schone|gute|erfolgreiche) woche(?: noch)?|(?:einen )?schonen (?:tag|abend)(?: noch)?`,
  String.raw`(?:tenha(?:m)? (?:um|uma) )?(?:(?:bom|otimo|excelente) (?:inicio|comeco) de (?:mes|semana|ano)|(?:boa|otima|excelente) semana|(?:bom|otimo) (?:mes|fim de dia))`,
  String.raw`buon (?:inizio|proseguimento)(?: (?:di |del |della )?(?:mese|settimana|anno|giornata))?|buona (?:settimana|giornata|serata|continuazione)`,
  String.raw`(?:een )?(?:fijne|goede|prettige|mooie) (?:start|begin) van de (?:maand|week|dag|dienst)|(?:een )?(?:fijne|prettige) (?:week|dag|avond|dienst)(?: nog)?|(?:een )?goede week(?: nog)?`,
  String.raw`(?:zycze )?(?:udanego|milego|dobrego) (?:poczatku|startu) (?:miesiaca|tygodnia|roku|dnia)|(?:udanego|milego|dobrego) (?:tygodnia|dnia|miesiaca|wieczoru)`,
  // es
  String.raw`no tengo (?:mas|otras) preguntas|ninguna (?:otra )?pregunta(?: mas)?|no pasa nada|sin prisa|no hay prisa|ninguna prisa|sin problema|todo en orden|quedamos asi|buen finde|de nada|(?:eso )?(?:es|era|seria) todo|nada mas|(?:recibido|confirmado) y (?:reenviado|compartido)|ignorad (?:el|mi) mensaje anterior`,
  // fr
  String.raw`(?:je n'ai )?pas d'autres? questions?|plus de questions?|d'accord|pas de soucis?|aucun souci|sans souci|pas de (?:probleme|stress)|pas d'urgence|rien ne presse|c'est note|bien (?:recu|note)|c'est tout|ce sera tout|(?:recu|confirme) et transmis|ignorez (?:mon|le) (?:dernier )?message(?: precedent)?|bon (?:week-?end|week end)|bonne fin de (?:semaine|journee)`,
  // de
  String.raw`keine (?:weiteren |anderen )?fragen(?: mehr)?|kein (?:problem|stress|thema)|keine eile|alles klar|geht klar|passt schon|das war'?s|das war alles|mehr brauche ich nicht|(?:erhalten|bestatigt) und weitergeleitet|bitte ignorieren`,
  // pt
  String.raw`nao tenho mais (?:duvidas|perguntas)|sem mais (?:duvidas|perguntas)|nenhuma (?:outra )?(?:duvida|pergunta)|sem (?:problemas?|pressa|stress)|(?:ja )?deu (?:tudo )?certo|de boa|combinado|bom fim de semana|(?:era|e) so isso(?: mesmo)?|so isso mesmo|(?:recebido|confirmado) e (?:encaminhado|repassado)|desconsiderem(?: a mensagem anterior)?`,
  // it
  String.raw`non ho altre domande|nessun'altra domanda|nessuna (?:altra )?domanda|nessun problema|nessuna fretta|ricevuto|(?:e|era) tutto|tutto qui|(?:ricevuto|confermato) e inoltrato|ignorate il messaggio precedente|(?:grazie )?per la disponibilita`,
  // nl
  String.raw`geen (?:verdere |andere )?vragen(?: meer)?|geen (?:probleem|haast|zorgen)|komt goed|goed ontvangen|(?:prettig|fijn|goed|mooi) weekend(?: allemaal| iedereen)?|dat was (?:het|alles)|meer niet|ontvangen en doorgestuurd|negeer (?:mijn|het) vorige bericht`,
  // pl
  String.raw`nie mam (?:wiecej|juz|innych) pytan|brak (?:dalszych |innych )?pytan|nie ma (?:sprawy|problemu)|bez pospiechu|spoko|to (?:wszystko|tyle)|(?:otrzymane|potwierdzone) i przekazane|prosze zignorowac`,
]
  .map((p) => `(?:${p})`)
  .join('|');
const CLOSING = new RegExp(String.raw`(?<![\p{L}'])(?:${CLOSING_PHRASES})(?![\p{L}'])`, 'gu');

/** A first-person step of the customer's own: pass it on, wait, check inside, close on their side. */
const OWN_STEP_LATIN = new RegExp(
  [
    // en: "I'll let the front desk know", "will pass it along", "we'll wait then", "I'll check with finance"
    String.raw`\b(?:(?:i|we)(?:'ll| will|'m going to|'re going to| are going to| am going to)|will|gonna)(?: (?:just|now|then|also|definitely|simply|go ahead and))* (?:let|tell|pass|forward|share|loop|wait|hold|keep|check|circle|update|inform|relay|look|try|sit)\b[^.,;!?]*`,
    // the plain present of a second-language writer: "we try it like that", "I test it so then"
    String.raw`\b(?:i|we)(?: (?:just|then|now|also))? (?:try|test|do) (?:it|that|this|so)(?: (?:like that|like this|that way|this way|so|then|now|again|tomorrow|later))+\b`,
    // es: "se lo paso al equipo", "lo reviso con mi jefe y os digo", "vamos a esperar"
    String.raw`\b(?:(?:se lo|se la|lo|la|les|le|os) )?(?:paso|pasare|comento|comentare|reenvio|reenviare|transmito|aviso|avisare|reviso|revisare|esperamos|esperaremos|esperare)\b[^.,;!?]*|\b(?:vamos a|voy a) (?:esperar|avisar|pasar|comentar|revisar|reenviar)\b[^.,;!?]*`,
    // fr: "je transmets à l'équipe", "je fais suivre à la compta", "on attend le transporteur alors"
    String.raw`\b(?:je|j'|on|nous)\s?(?:vais |allons |va )?(?:transmets|transmettre|transmettrai|transmettons|fais suivre|faire suivre|ferai suivre|previens|prevenir|previendrai|attend|attendons|attendre|attendrai|partage|partager|informe|informer|regarde|regarder|verifie|verifier)\b[^.,;!?]*`,
    // de: "ich gebe das an die Buchhaltung weiter", "dann warten wir ab", "ich sage Bescheid"
    String.raw`\b(?:ich|wir) (?:gebe|geben|leite|leiten|sage|sagen)\b[^.,;!?]*\b(?:weiter|bescheid)\b|\b(?:warten wir|wir warten|ich warte)(?: (?:dann|einfach|mal|noch))*(?: ab)?\b|\b(?:melde mich|melden uns)\b[^.,;!?]*`,
    // pt: "vou repassar para o time", "vamos aguardar então", "aviso o pessoal"
    String.raw`\b(?:vou|vamos|irei|iremos) (?:repassar|avisar|aguardar|esperar|passar|encaminhar|compartilhar|falar|verificar)\b[^.,;!?]*|\b(?:repasso|encaminho|aguardamos|aviso)\b[^.,;!?]*`,
    // it: "lo giro al mio responsabile", "aspettiamo allora", "lo inoltro al collega"
    String.raw`\b(?:(?:lo|la|li|le|glielo) )?(?:giro|girero|inoltro|inoltrero|passero|aspettiamo|aspetto|aspetteremo|avviso|avvisero|condivido|riferisco|riferiro|faccio sapere|faro sapere)\b[^.,;!?]*`,
    // nl: "ik geef het door aan de collega's", "dan wachten we even af", "ik laat het weten"
    String.raw`\b(?:ik|we|wij) (?:geef|geven|stuur|sturen|laat|laten)\b[^.,;!?]*\b(?:door|weten)\b[^.,;!?]*|\b(?:wachten we|we wachten|ik wacht)(?: (?:dan|even|maar|nog))*(?: af)?\b`,
    // pl: "przekażę zespołowi", "to czekamy na kuriera", "dam znać"
    String.raw`\b(?:przekaze|przekazemy|dam znac|damy znac|poczekamy|poczekam|czekamy|sprawdze|sprawdzimy|udostepnie)\b[^.,;!?]*`,
  ].join('|'),
  'g',
);

/**
 * The same in scripts written without spaces, one clause (or, in Thai, one space-separated piece)
 * at a time: a Japanese, Chinese or Thai piece holding a verb of passing on or waiting, or an
 * Arabic clause from such a verb to its end.
 */
const SCRIPT_STEP =
  /伝えて?おきます|伝えます|共有(?:して)?(?:おきます|します|いたします)|転送します|待ちます|待ってみます|お待ちします|相談します|我们?(?:会|就)?(?:转告|转达|转发|告诉|通知|分享|再等|等)|(?:เดี๋ยว|จะ)\S*(?:แจ้ง|บอก|ส่งต่อ|รอ)/u;
const ARABIC_STEP = /^(?:سأبلغ|سنبلغ|سأخبر|سنخبر|سننتظر|سأنتظر|سأشارك|سنشارك|سأحول|سنحول)/u;
const CLAUSE_BREAK = /([。、，,！!？?.،؟\n]+)/u;

/** What keeps a step in the message: a turn, a question or a concept someone must act on. */
const TURNS =
  /\b(?:but|still|not|yet|no|never|why|when|how|please|can|could|pero|todavia|mais|toujours|pas|aber|noch immer|immer noch|nicht|mas|ainda|nao|ma|ancora|non|maar|nog steeds|niet|ale|wciaz|nadal|nie)\b|でも|しかし|まだ|ません|ない|但|还没|没有|不|แต่|ยัง|ไม่/u;
/**
 * Arabic turns as whole words: "لم" and "لا" are also inside "المساعدة" (the help) and "المسؤول"
 * (the one in charge), so read as letters they kept every Arabic thanks naming the help.
 */
const ARABIC_TURNS = /(?:^|[\s،.!؟])(?:لكن|ولكن|لم|لا|ليس)(?=[\s،.!؟]|$)/u;
const ACTED_ON = new Set([
  'refund',
  'cancel',
  'return',
  'charge',
  'payment',
  'password',
  'login',
  'error',
  'outage',
  'data_gone',
  'security',
  'urgent',
]);
/** Scripts the lexicon does not read: the words of money and failure that keep a step. */
export const ACTED_ON_SCRIPT =
  /返金|返品|キャンセル|請求|エラー|退款|退货|取消|扣款|错误|คืนเงิน|ยกเลิก|คืนสินค้า|ผิดพลาด|استرداد|إلغاء|الغاء|إرجاع|خطأ/u;

/**
 * When a colleague or the customer is back or in, said of the customer's own step ("I'll tell my
 * colleague when she's back from leave", "will pass it on once he's in tomorrow"): a time, not a
 * question.
 */
const WHEN_BACK =
  /\b(?:when|once|as soon as) (?:he|she|they|i|we|[\p{L}]+)(?:'s|'re|'m| is| are| am| gets?| comes?| returns?| will be|'ll be)(?: back| in)?(?: (?:from|off) (?:leave|holiday|holidays|vacation|lunch|break|sick leave|the \w+))?(?: (?:tomorrow|today|later|next week|on \w+|in the morning))?(?=\s*(?:[.,;!)—–-]|$))/gu;

/** Nothing in the text to act on: no turn or question, no money, failure or account concept. */
export function isHarmlessStep(raw: string): boolean {
  const step = raw.replace(WHEN_BACK, ' ');
  if (TURNS.test(step) || ARABIC_TURNS.test(step) || ACTED_ON_SCRIPT.test(step)) return false;
  return !conceptsOf(normalizeForModel(step)).some((c) => ACTED_ON.has(c));
}

/** Folded Latin text with its set closing phrases read as "ok" and its own harmless steps taken out. */
export function withClosingsRead(folded: string): string {
  return folded
    .replace(OWN_STEP_LATIN, (step) => (isHarmlessStep(step) ? ' ' : step))
    .replace(CLOSING, ' ok ');
}

/** Text in a script without spaces with the customer's own harmless steps taken out. */
export function withoutOwnStepsInScript(text: string): string {
  return text
    .split(CLAUSE_BREAK)
    .map((clause) => {
      const pieces = clause.split(/(\s+)/u);
      const at = pieces.findIndex((piece) => ARABIC_STEP.test(piece));
      if (at >= 0) return isHarmlessStep(pieces.slice(at).join('')) ? pieces.slice(0, at).join('') : clause;
      return pieces.map((piece) => (SCRIPT_STEP.test(piece) && isHarmlessStep(piece) ? ' ' : piece)).join('');
    })
    .join('');
}
/** A set closing phrase anywhere in folded text ("all sorted, nothing else needed"). */
export function hasClosing(folded: string): boolean {
  CLOSING.lastIndex = 0;
  return CLOSING.test(folded);
}
