/**
 * The few things the offline engine decides by pattern rather than by model, because code must
 * decide them whatever a model says: an explicit ask for a person, a pleasantry needing no
 * answer, and instructions aimed at the assistant. Matched on accent-folded lower-case text.
 */
/** A person by role: whom a customer asks to speak with. */
const ROLE =
  '(?:colleagues?|team members?|staff(?: members?)?|experts?|specialists?|advis[eo]rs?|consultants?|salespeople|sales (?:team|reps?|people)|account (?:managers?|owners?|executives?)|managers?|operators?|employees?|humans?|people)';
/** A person to be put in touch with: someone, a member of the team, our account manager. */
const CONTACT_PERSON =
  '(?:someone|somebody|a person|a member of (?:your|the) (?:\\w+ )?team|(?:our|my|an?|the|your) (?:\\w+ )?(?:account manager|manager|specialist|rep|representative)|(?:anyone|someone|somebody) (?:from|in|on|at) (?:your|the) (?:\\w+ )?(?:team|department|office))';

export const HUMAN_REQUEST_CUES: RegExp[] = [
  // "the manager" who must do something ("does the manager have to pay at the door?") is the customer's own.
  /\b(?:human|real person|actual person|live (?:agent|person|chat)|a person|(?:an?|some|the) (?:agent|representative|rep|manager|supervisor)(?! (?:has|have|had|is|was|will|wants?|wanted|asked|said|left|changes?|changed|needs? to|signs?|signed|pays?|paid)\b)|(?<!\b(?:remove|removed|removing|delete|deleted|add|added|adding|invite|invited|kick|kicked|take|took) )someone (?:real|from (?:your|the) team)|speak (?:to|with) (?:someone|somebody)|talk (?:to|with) (?:someone|somebody)|(?:talk|speak) (?:to|with) (?:them|him|her) directly|not a bot|stop the bot|no bots?)\b/,
  /\b(?:hablar con (?:una persona|un humano|alguien|un agente)|persona real|parler a (?:un humain|quelqu'un|une personne|un conseiller)|un humain|mit einem menschen|echten menschen|mitarbeiter sprechen|falar com (?:um humano|uma pessoa|alguem|um atendente)|pessoa real)\b/,
  /\b(?:parlare con (?:una persona|un operatore|qualcuno)|persona vera|met een (?:mens|medewerker)|echt persoon|z (?:czlowiekiem|konsultantem)|prawdziwa osoba)\b/,
  // Asking to be contacted, or to speak with a named kind of person: "can I get a callback",
  // "could a member of your team get in touch with me", "speak with our account manager".
  /\b(?:call|ring|phone) (?:me|us)(?! (?:a|an|the)\b)|\bcall[- ]?backs?\b|\bget in touch with (?:me|us)\b|\b(?:reach out|get back) to (?:me|us) (?:directly|by phone|personally)\b/,
  new RegExp(
    `\\b(?:speak|talk) (?:to|with) ${CONTACT_PERSON}\\b|\\b${CONTACT_PERSON}\\b[^.?!]{0,40}\\b(?:get in touch|contact (?:me|us)|call (?:me|us)|reach (?:me|us)|ring (?:me|us))\\b`,
  ),
  // es, fr, de, pt, it, nl, pl: someone to call back, or to be put through to someone.
  /\b(?:jemand|ktos|qualcuno|quelqu'un|alguien|alguem|iemand)\b[^.?!]{0,40}\b(?:zuruckrufen|anrufen|melden|rappeler|appeler|contacter|llamar|llame|contactar|ligar|contatar|richiamare|chiamare|contattare|terugbellen|bellen|oddzwoni\w*|zadzwoni\w*)|\b(?:zuruckrufen|rappelez-moi|rappeler|devolver la llamada|richiamarmi|richiamarci|terugbellen|oddzwonic)\b|\b(?:pasar|passer|verbinden|durchstellen|passare|doorverbinden|polaczyc)\b[^.?!]{0,20}\b(?:con|avec|mit|met|z) (?:alguien|quelqu'un|jemand|qualcuno|iemand|kims)\b/,
  // A person named by role or by what they do, to speak with or to have on the phone: "speak
  // with whoever manages our account", "talk to one of your billing specialists", "a phone number
  // we can ring", "einen Mitarbeiter am Telefon", "parler à un conseiller".
  new RegExp(
    `\\b(?:speak|talk|chat)(?: directly| by phone| on the phone)? (?:to|with) (?:whoever|the (?:person|people|one|team|folks?) (?:who|that|in charge|responsible)|(?:a|an|one of your|your|our|someone (?:from|in) (?:your|the))(?: \\w+)? ${ROLE})\\b` +
      String.raw`|\bphone (?:number|line)\b[^.?!]{0,30}\b(?:(?:we|i) (?:can|could) (?:call|ring|phone|dial)|to (?:call|ring))\b|\b(?:would|'d) (?:much )?rather (?:just )?(?:call|phone|ring|speak|talk)\b`,
  ),
  /\b(?:mitarbeiter\w*|berater\w*|ansprechpartner\w*|kundenbetreuer\w*|menschen)\b[^.?!]{0,30}\b(?:am telefon|ans telefon|sprechen|reden|telefonieren)\b|\b(?:hatte|hatten|mochte|mochten) (?:gern |gerne )?(?:einen|eine|mit einem|mit einer) (?:\w+ )?(?:mitarbeiter\w*|berater\w*|ansprechpartner\w*|menschen|person)\b/,
  /\bhablar (?:con|por telefono con) (?:un|una|el|la|algun|alguno de sus|su|nuestro|nuestra) (?:\w+ )?(?:asesor\w*|agente|encargad\w*|responsable|comercial|representante|gestor\w*|emplead\w*)\b|\bparler (?:a|avec) (?:un|une|le|la|notre|votre) (?:\w+ )?(?:conseiller\w*|agent|responsable|commercial\w*|interlocut\w*|gestionnaire|employe\w*)\b/,
  /\bfalar (?:com|por telefone com) (?:um|uma|o|a|nosso|nossa|algum) (?:\w+ )?(?:atendente|consultor\w*|agente|responsavel|gerente|representante|funcionari\w*)\b|\bparlare (?:con|al telefono con) (?:un|una|il|la|nostro|nostra|vostro|vostra) (?:\w+ )?(?:operatore|operatrice|consulente|responsabile|referente|agente|addett[oa])\b/,
  // Being put through to someone, or a person fetched or looped in: "put me through to our account
  // manager", "get me someone who can actually decide", "loop in our AM", "escalate this", "connect
  // me with customer service", "pass us over to whoever handles billing".
  /\b(?:put|patch) (?:me|us) through\b|\b(?:connect|transfer) (?:me|us) (?:to|with) (?:someone|somebody|a |an |the |your |our |my |(?:(?:customer|tech(?:nical)?|live) )?(?:support|service|care|help ?desk)\b)|\b(?:pass|hand) (?:me|us)(?: on| over)? to (?:your|a|an|the|our|my|someone|somebody|whoever|one of your)\b|\b(?:get|find|fetch|bring) (?:me|us) (?:someone|somebody|a person|a human|(?:a|the) (?:manager|supervisor|person who|person that))\b|\bloop (?:in|them in) (?:our|my|the|your|a)\b|\bloop (?:our|my|the) \w+ in\b|\b(?:cc|copy in) (?:our|my) (?:am|csm|account manager|rep)\b|\bescalate (?:this|it|me|my (?:case|ticket|issue))\b|\b(?:anyone|someone|somebody) (?:on|in|at|from) (?:your|the) (?:\w+ )?team\b[^.?!]{0,30}\b(?:who|that) (?:can|could)\b/,
  /\b(?:alguien|alguem|quelqu'un|jemand|qualcuno|iemand|ktos) (?:del|de su|de vuestro|da|de sua|de votre|de l'|aus (?:ihrem|eurem|dem)|vom|del vostro|dal vostro|van (?:het|jullie|uw)|z (?:waszego|twojego)?) ?(?:equipo|equipe|team|zespol\w*)\b/,
  // Being put through, said with the verb conjugated and the one who is put through named: "¿me
  // pasas con alguien de soporte?", "passez-moi un conseiller", "verbinden Sie mich bitte mit dem
  // Kundendienst", "me passa para o suporte", "mi passi un operatore", "verbind me door met een
  // medewerker", "przełącz mnie do konsultanta". "¿Qué pasa con el soporte?" names no one put through.
  /\b(?:(?:me|nos) (?:pas(?:a|as|ais|an|e|en|ar)|passe[sz]?|passer|passa|passam|transfer\w*)|pas(?:ame|adme|enme|arme|arnos)|passe[sz]?-(?:moi|nous)|mi (?:passi|passa|passate|passereste)|passami|passateci|passatemi|verbind\w*(?: sie| du| ihr)? (?:mich|uns)|stell\w*(?: sie| du| ihr)? (?:mich|uns) (?:bitte )?durch|verbind (?:me|ons)(?: door)?|verbindt u (?:me|ons)|(?:prze[lł]acz|po[lł]acz)\w* (?:mnie|nas))\b[^.?!]{0,30}\b(?:con|avec|a|au|a la|mit|para|pra|com|met|do|z) (?:(?:el|la|un|una|alguien|le|une|quelqu'un|dem|der|einem|einer|jemand\w*|o|a|um|uma|alguem|il|lo|qualcuno|een|de|iemand|kims|jakim\w*) )?(?:\w+ )?(?:soporte|atencion al cliente|agente|asesor\w*|humano|persona|alguien|support|service client|conseiller\w*|agent|humain|quelqu'un|kundendienst|kundenservice|support\w*|mitarbeiter\w*|menschen|jemand\w*|suporte|atendente|atendimento|pessoa|alguem|assistenza|operatore|operatrice|qualcuno|klantenservice|medewerker|mens|iemand|konsultant\w*|obslug\w*|pracownik\w*|kims|czlowiek\w*)\b|\b(?:mich|uns) (?:bitte )?mit (?:dem|der|einem|einer|jemand\w*|ihrem|eurem)(?: \w+)? (?:kundendienst|kundenservice|support|mitarbeiter\w*|berater\w*|menschen)\b[^.?!]{0,15}\b(?:verbinden|durchstellen)\b|\b(?:passez-moi|passe-moi|(?:me|nous) passer|passami|mi passi|mi passate|pasame|pasadme|(?:me|nos) pasar) (?:(?:un|une|le|la|una|il|lo|el) (?:conseiller|agent|humain|responsable|service client|operatore|consulente|responsabile|agente|asesor|humano)|quelqu'un|qualcuno|alguien)\b/,
  /\b(?:spreken|praten|bellen) met (?:een|de|onze|uw|jullie) (?:\w+ )?(?:medewerker|adviseur|accountmanager|verantwoordelijke|persoon)\b|\b(?:rozmawia\w*|porozmawia\w*) z (?:\w+ )?(?:konsultant\w*|pracownik\w*|opiekun\w*|doradc\w*|osoba|kims)\b/,
];

/**
 * A question about how soon a person answers ("how long until a human replies?", "how fast does
 * someone pick it up on enterprise?") or when one is around ("which hours are real people
 * online?", "when is an agent available on weekends?") asks about support hours; it does not
 * ask for one now, with the answer named before the person too ("how soon do I hear back if I need
 * a person?", "how fast does a free account get an answer from a human?"). So does until what time one can be reached ("until what time can I reach a
 * person on Pro?", "¿hasta qué hora puedo hablar con una persona?", "bis wann kann ich jemanden
 * erreichen?"), in the eight Latin-script languages. So does whether a person reads messages at
 * all ("if I write at 11pm, does a human ever see it?") and what the response-time promise covers
 * ("what counts as urgent for the 1-hour response?").
 */
export const RESPONSE_TIME_QUESTION =
  /\bhow (?:fast|long|soon|quickly)\b[^.?!]{0,60}\b(?:human|person|someone|somebody|agent|people|staff)\b[^.?!]{0,30}\b(?:repl\w*|answer\w*|respond\w*|picks? (?:it |this )?up|gets? back|look\w* at)\b|\bhow (?:fast|long|soon|quickly)\b[^.?!]{0,40}\b(?:(?:get|gets|getting|receive|have) (?:an? )?(?:answer|reply|response)|hear (?:back|anything)|(?:is|are) (?:it |we |i )?(?:answered|picked up))\b[^.?!,;]{0,40}\b(?:humans?|(?:a |one )?person|someone|somebody|an? agent|people|staff)\b|\b(?:what|which) (?:hours|times?|days)\b[^.?!]{0,30}\b(?:human|person|someone|somebody|agent|people|staff)\b[^.?!]{0,30}\b(?:around|available|online|on duty|working|in|there|on)\b|\bwhen (?:is|are) (?:there )?(?:an? |any |your )?(?:actual |real )?(?:humans?|person|people|someone|somebody|agents?|staff)\b[^.?!]{0,20}\b(?:around|available|online|on duty|working|in)\b|\b(?:until|till|up to|by) (?:what|which) (?:time|hour)\b[^.?!]{0,40}\b(?:reach|contact|call|ring|talk to|speak (?:to|with)|get hold of)\b[^.?!]{0,20}\b(?:humans?|person|people|someone|somebody|agents?|staff|support)\b|\bhasta que hora\b[^.?!]{0,30}\b(?:hablar con|contactar|llamar|localizar)\b[^.?!]{0,20}\b(?:persona|alguien|agente)\b|\bjusqu'a quelle heure\b[^.?!]{0,30}\b(?:joindre|contacter|appeler|parler a)\b[^.?!]{0,20}\b(?:personne|quelqu'un|conseiller)\b|\bbis wann\b[^.?!]{0,30}\b(?:jemanden|mitarbeiter\w*|menschen|person)\b[^.?!]{0,20}\b(?:erreichen|sprechen|anrufen|erreichbar)\b|\bate que horas\b[^.?!]{0,30}\b(?:falar com|contatar|ligar para)\b[^.?!]{0,20}\b(?:pessoa|alguem|atendente)\b|\bfino a che ora\b[^.?!]{0,30}\b(?:parlare con|contattare|chiamare)\b[^.?!]{0,20}\b(?:persona|qualcuno|operatore)\b|\btot hoe laat\b[^.?!]{0,30}\b(?:iemand|medewerker|mens)\b[^.?!]{0,20}\b(?:bereiken|bellen|spreken|bereikbaar)\b|\b(?:support|service|opening|office|business) hours\b|\bdo (?:ktorej|jakiej) godziny\b[^.?!]{0,30}\b(?:zadzwonic|rozmawiac z|skontaktowac sie z)\b[^.?!]{0,20}\b(?:kims|konsultant\w*|osob\w*|czlowiek\w*)\b|\b(?:does|do|will|would) (?:an? |any |the |your )?(?:actual |real )?(?:humans?|person|people|someone|somebody|anyone|staff|agents?) (?:ever |actually |really |also |even )?(?:see|read|look at|check|monitor|answer|reply to|go through)\b|\b(?:what|which)\b[^.?!]{0,25}\b(?:counts? as|is considered|qualif(?:y|ies) as|do you (?:count|consider|treat) as)\b[^.?!]{0,20}\b(?:urgent|critical|high[- ]priority|priority|an emergency)\b[^.?!]{0,60}|\b\d+[- ]?(?:hours?|hrs?|h|minutes?|mins?) (?:response|reply|first response|sla)\b/g;

/**
 * Words that ask for contact with people: the intent model's `human_request` stands only beside
 * one of them. The model learned "someone" as a cue, and read "what can someone with the Buyer
 * role do?" as a request for a person.
 */
export const CONTACT_CUE =
  /\b(?:talk|speak|call|ring|phone|contact|connect|reach|human|person|people|anyone|agent|representative|rep|supervisor|manager|staff|support|service|operator|bots?|hablar|llamar|persona|humano|agente|parler|appeler|conseiller|humain|sprechen|anrufen|mensch\w*|mitarbeiter|falar|ligar|atendente|pessoa|parlare|chiamare|operatore|spreken|bellen|medewerker|iemand|klantenservice|rozmawia\w*|zadzwon\w*|konsultant\w*|czlowiek\w*)\b|担当者|人と|人工|客服|真人|พนักงาน|คน|موظف|شخص|إنسان/;

/**
 * Short messages that need no answer. The words after the first one form a loop; each is matched
 * atomically (`(?=(…))\1`: the lookahead's choice is never revisited), so "thank you thank you …"
 * cannot be split two ways per repetition: the old pattern took 1 s for 20 repetitions and doubled
 * with each one more.
 */
export const PLEASANTRY =
  /^\s*(?:thanks?|thank you|thx|ty|tysm|cheers|ok(?:ay)?|k|great|perfect|awesome|cool|got it|nice|sounds good|will do|no worries|all good|gracias|muchas gracias|vale|merci|merci beaucoup|d'accord|danke|danke sch(?:ö|oe)n|alles klar|obrigad[oa]|valeu|perfeito|de nada|grazie(?: mille)?|perfetto|va bene|bedankt|dank je(?: wel)?|prima|top|dziekuje|dzieki|super|👍|🙏|👌|🙂|😊|❤️|✅)(?:\s*(?=(so much|a lot|again|!|\.|,|:\)|🙂|👍|🙏|👌|you|very much|team|guys|all|thank you|thanks?|thx|cheers|grazie|gracias|merci|danke|obrigad[oa]|bedankt|dziekuje))\1)*\s*$/iu;

/** Thanks with a word that the answer worked: "thanks, that sorted it", "that fixed it, cheers". */
export const THANKS_IT_WORKED =
  /^\s*(?:(?:thanks?|thank you|thx|cheers|great|perfect|brilliant|awesome|ok(?:ay)?|nice)[!,.\s]+)?(?:that|it|this)(?:'s| has| is)? (?:sorted(?: it| me)?|solved(?: it)?|fixed(?: it)?|worked|works|helps|helped|did it|did the trick|answers it)(?: (?:a lot|a ton|so much|loads|perfectly))?(?:[!,.\s]+(?:thanks?|thank you|thx|cheers)(?: a lot| so much)?)?[!.\s]*$/i;

/** Instructions aimed at the assistant rather than a question for the shop. */
export const INJECTION_CUES: RegExp[] = [
  /\bignore (?:all |any |the |your )?(?:previous|prior|above|earlier|system)? ?(?:instructions|prompts?|rules|messages)\b/i,
  /\b(?:disregard|forget|override) (?:all |any |the |your )?(?:previous |prior |above |system )?(?:instructions|prompts?|rules|guidelines|polic(?:y|ies))\b/i,
  /\byou are (?:now|no longer)\b|\bpretend (?:to be|you are)\b|\bact as (?:an?|the|my)\b|\brole-?play\b|\bjailbreak\b|\bdeveloper mode\b|\bdan mode\b/i,
  /(?:^|\n)[^\S\n]*(?:system|assistant|developer)\s*:|\[(?:system|admin|inst)\]|<\/?(?:system|instructions?|admin)>|<<\s*sys/i,
  /\b(?:reveal|print|show|repeat|output|tell me) (?:me )?(?:your |the )?(?:system )?(?:prompt|instructions|rules|tools?|configuration)\b/i,
  /\b(?:as an? (?:admin|administrator|supervisor|manager|staff member|approver)|admin override|i am (?:the |an? )?(?:admin|administrator|developer|approver|supervisor))\b/i,
  /\b(?:approve (?:my|this|the) (?:refund|request) (?:automatically|now|immediately)|auto-?approve|skip (?:the )?approval|bypass (?:the )?(?:approval|policy|limits?))\b/i,
  /\b(?:ignora|ignorez|ignoriere|ignore) (?:las |les |alle |as )?(?:instrucciones|instructions|anweisungen|instrucoes)\b/i,
];

/**
 * Whether a named order has left yet, asked in the eight Latin-script languages: "is 1040 schon
 * verschickt?", "o pedido já saiu?", "l'ordine è già partito?", "has 1042 gone out yet?".
 */
/**
 * Which of the customer's own orders are still open or on their way ("which of our orders are
 * still open?", "any of my orders still pending?", "our outstanding orders"): a list of their
 * orders answers it. English; matched on folded text.
 */
export const OPEN_ORDERS_QUESTION =
  /\b(?:which|what|any|how many) (?:of )?(?:my|our) (?:\w+ )?orders?\b[^.?!]{0,30}\b(?:open|pending|outstanding|in transit|on (?:its|their|the) way|not (?:yet )?(?:arrived|delivered|shipped))\b|\b(?:my|our) (?:open|pending|outstanding|undelivered) orders\b|\borders? (?:of (?:mine|ours) )?(?:that )?(?:are |is )?still (?:open|pending|outstanding|in transit|on (?:the|their|its) way)\b/;

/**
 * News asked of a delivery the customer owns ("any news on our delivery?", "des nouvelles de notre
 * colis ?", "Neuigkeiten zu unserer Lieferung?"): their order's status, though the words are the
 * shipping topic's. Eight Latin-script languages; matched on folded text.
 */
export const OWN_DELIVERY_NEWS =
  /\b(?:news|update|updates|status|eta|novedad(?:es)?|nouvelles?|neuigkeiten|neues|novidades?|novita|nieuws|wiesci)\b.*\b(?:my|our|mi|mis|nuestr[oa]s?|mon|ma|mes|notre|nos|mein\w*|unser\w*|meu|minha|nosso|nossa|mio|mia|nostr[oaie]|mijn|onze|moj\w*|nasz\w*)\s+(?:delivery|deliveries|parcels?|packages?|shipments?|envio|paquete|livraison|colis|lieferung|sendung|paket|entrega|encomenda|consegna|pacco|spedizione|levering|pakket|dostaw\w*|paczk\w*|przesylk\w*)\b/;

/**
 * Deliveries to a place in general, asked with nothing of the customer's own ("what is the status
 * of deliveries to Norway?", "wie lange dauern Lieferungen nach Irland?"): the shipping articles'
 * question, though "status" reads as an order's. Plural or general nouns of delivery only ("the
 * delivery to Oslo" may be one order, "orders in progress" are the customer's), and "to" a place,
 * not "in" ("in transit"). Eight Latin-script languages; matched on folded text.
 */
export const DELIVERIES_TO_A_PLACE =
  /\b(?:deliveries|shipments|parcels|packages|shipping|delivery times?|envios|entregas|paquetes|livraisons|envois|colis|lieferungen|sendungen|pakete|encomendas|spedizioni|consegne|pacchi|leveringen|zendingen|pakketten|przesylki|dostawy|paczki)\s+(?:to|into|a|al|hacia|vers|au|aux|nach|para|per|verso|naar|do)\s+(?:the\s+)?(?!(?:be|me|us|you|them|him|her|mi|mis|nuestr\w*|mon|ma|mes|notre|nos|mein\w*|unser\w*|meu|minha|nosso|nossa|mio|mia|nostr\w*|mijn|onze|ons|moj\w*|nasz\w*|my|our|your|their|customers?|clients?)\b)[a-z]/;

/** The customer's own: a possessive or a first person, in the eight Latin-script languages (folded). */
export const OF_THE_CUSTOMER =
  /\b(?:my|our|ours|mine|me|us|we|i|mi|mis|nuestr\w*|mon|ma|mes|notre|nos|mein\w*|unser\w*|meu|minha|nosso|nossa|mio|mia|nostr\w*|mijn|onze|ons|moj\w*|nasz\w*)\b/;

export const SHIPPED_YET_QUESTION =
  /\b(?:ja (?:saiu|foi (?:enviad|despachad|expedid)[oa]s?|partiu|esta a caminho)|(?:saiu|foi enviad[oa]) ja|(?:e|sono|sia|siano) gia (?:partit[oaie]|stat[oaie] spedit[oaie]|spedit[oaie]|in viaggio)|gia (?:partit|spedit)\w*|ya (?:salio|se envio|ha salido|fue enviad[oa]|ha sido enviad[oa]|esta en camino|lo enviaron)|deja (?:parti|expedie|envoye)e?s?|(?:schon|bereits) (?:verschickt|versendet|versandt|unterwegs|raus|abgeschickt|losgeschickt|rausgegangen)|al (?:verzonden|verstuurd|onderweg|vertrokken)|juz (?:wys[lł]an\w*|nadan\w*|w drodze)|(?:has|have|did) (?:it|they|\d{3,10}|(?:the |my |our )?order(?: \d{3,10})?) (?:shipped|left|gone out|go out|been (?:sent|shipped|dispatched))(?: yet)?)\b/;
