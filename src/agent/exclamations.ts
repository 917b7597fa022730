/**
 * Exclamations shaped like questions ("how kind of you", "how good is that", "what a quick
 * answer", "who knew it was that easy", "where would I be without you", "why didn't I ask
 * sooner", "how did you get that sorted so fast?!", "qué rápidos", "quelle rapidité", "wie nett
 * von euch", "quem diria", "che gentili", "wat snel", "jak miło", "太快了", "なんて早い", "ما
 * أسرعكم"): they open with a question word but praise, marvel or sigh; nobody expects an answer.
 * pleasantry.ts and thanks-statement.ts read the question word (and a "?!") as a question, so a
 * thank-you written this way paged a person or got an article.
 *
 * Only set shapes are read: a question word with an adjective of kindness, speed or quality that
 * ends its clause ("how quick do you reply" asks; "how quick, thanks" does not), a noun after "what
 * a", or a rhetorical question no one answers (who knew, where would I be without, why didn't I ask
 * sooner). Each becomes " great ", a word of approval; whatever else the message says is still
 * read by the rules that call this, so "how kind of you, but the refund is still missing" asks.
 */

/** Thanks right after the exclamation ends it too ("how nice thank you", "who knew lol ty"). */
const THANKS_NEXT = String.raw`\s+(?:thanks|thank|thx|ty|tysm|cheers|gracias|merci|danke|obrigad[oa]|grazie|bedankt|dzi[eę]ki|dzi[eę]kuj[eę])\b`;
/** A laugh or an aside that may close the exclamation ("who knew it was that easy lol"). */
const LAUGH = String.raw`(?:\s+(?:ha(?:ha)+|lol|lmao|honestly|seriously|tbh))*`;
/** The clause ends here: punctuation, an emoji, the end, or a "?!" of surprise. */
const CLAUSE_END = String.raw`${LAUGH}(?:\s*(?:!+\?+|\?+!+)[!?]*|(?=\s*(?:[^\p{L}\p{N}\s'’]|$)|${THANKS_NEXT}))`;
/** A rhetorical question may keep its question marks: nobody answers "who knew?". */
const RHETORICAL_END = String.raw`${LAUGH}(?:\s*[?!]+|(?=\s*(?:[^\p{L}\p{N}\s'’]|$)|${THANKS_NEXT}))`;
/** What the exclamation is about ("to answer at this hour", "without the new printer"). */
const A_FEW_WORDS = String.raw`(?: [\p{L}'’-]+){0,6}`;
const YOU = String.raw`(?:you|u|y'all|you all|you guys|you folks|you lot|your team|the team)`;
const QUALITY = String.raw`(?:kind|nice|lovely|sweet|thoughtful|good|great|cool|helpful|brilliant|wonderful|generous|amazing|efficient|handy|clever|neat)`;
/** Speed or ease marvelled at; "how fast is it", "how easy is that" ask, so only "was that" or alone. */
const SPEED = String.raw`(?:quick|fast|speedy|easy|simple)`;

const LATIN = [
  // en: how kind (of you), how good is that, how nice was that
  String.raw`\bhow (?:very |so |really )?(?:${QUALITY}(?: of ${YOU}(?: to${A_FEW_WORDS})?| (?:is|was) (?:that|this)| (?:that|this) (?:is|was))?|${SPEED}(?: was (?:that|this)| (?:that|this) was)?)${CLAUSE_END}`,
  // what a quick answer, what a relief, what a week
  String.raw`\bwhat an? (?:(?:quick|fast|speedy|great|lovely|nice|kind|brilliant|helpful|clear|good|perfect|wonderful|amazing|fantastic|awesome|thoughtful|relief|difference|week|day|morning|year|ride|service|team|treat|legend|star|lifesaver|answer|reply|response|turnaround|result|rollercoaster|delivery|dispatch|shipping|fix|job|support|help|surprise)[ ]?)+${CLAUSE_END}`,
  String.raw`\bwho (?:knew|would have (?:thought|guessed)|would'?ve (?:thought|guessed)|'?d have (?:thought|guessed))(?: (?:it|that)(?: was| would be|'d be)? (?:so|that|this) (?:easy|simple|quick|obvious))?${RHETORICAL_END}`,
  String.raw`\bwhere would (?:i|we) be without (?:${YOU}|it|this|that|them)(?: guys| all| folks| lot)?${RHETORICAL_END}`,
  String.raw`\bwhy (?:didn'?t|did not|didnt) (?:i|we) (?:just )?(?:ask|write|reach out|message|email|try (?:this|that|it)|do (?:this|that|it)|check|look|contact you)(?: you| here)? (?:sooner|earlier|before|first|ages ago|weeks ago)${RHETORICAL_END}`,
  String.raw`\bwhy did (?:i|we) (?:even )?(?:panic|worry|stress|bother|fret|freak out)(?: (?:so much|about (?:it|this|that)))?${RHETORICAL_END}`,
  // the customer found the answer themselves and sighs at it: "why didn't I think of checking
  // spam", "how did I miss that", "silly me", "I should have looked there first"
  String.raw`\bwhy (?:didn'?t|did not|didnt|hadn'?t|had not) (?:i|we) (?:just )?(?:think (?:of|about)(?: (?:that|this|it|(?:checking|looking|trying|using|restarting|refreshing|clearing)${A_FEW_WORDS}))?|(?:spot|notice|try) (?:that|this))(?: (?:sooner|earlier|before|first|myself|ourselves))?${RHETORICAL_END}`,
  String.raw`\bhow (?:did|could) (?:i|we) (?:miss|overlook|not see|not spot|not notice|not think of|forget) (?:that|this|it|something so (?:obvious|simple))${RHETORICAL_END}`,
  String.raw`\b(?:i|we) (?:should(?:'?ve| have)|could(?:'?ve| have)) (?:just )?(?:checked|looked|read|tried|seen|known|thought of (?:that|this|it))(?: (?:that|this|it|there|spam|the (?:spam|junk) folder|the faq|the help (?:center|centre)|the article))?(?: (?:first|earlier|sooner|before asking|before writing|myself))?${CLAUSE_END}`,
  String.raw`\b(?:silly|stupid|dumb) (?:me|of me)\b|\bmy bad\b|\bduh\b|\bd'?oh\b`,
  String.raw`\bhow did ${YOU} (?:get|do|manage|pull off|sort|fix)(?: (?:it|that|this))?(?: (?:sorted|done|fixed|sorted out|sorted so|done so|fixed so))? (?:so )?(?:fast|quickly|quick|soon)${CLAUSE_END}`,
  String.raw`\b(?:(?:i'?m |i am |we'?re |we are |just |still )?wondering|no idea) how (?:i|we) (?:ever )?(?:managed|coped|survived|lived|got by|did it|worked)(?: without${A_FEW_WORDS})?${CLAUSE_END}`,
  String.raw`\bhow did (?:i|we) (?:ever )?(?:manage|cope|survive|live|get by|work) without${A_FEW_WORDS}${RHETORICAL_END}`,
  // "(I) wonder how you lot manage to ship so fast": marvel at the speed, not a question
  String.raw`\b(?:i )?wonder how ${YOU}(?: lot| guys| all| folks)? (?:manage|do it|pull (?:it|that) off|get (?:it|things) done)(?: to${A_FEW_WORDS})? so (?:fast|quickly|quick)${RHETORICAL_END}`,
  // "why not, we try it like that": the "why not" of agreement, alone in its clause
  String.raw`^\W*(?:ok(?:ay)?,? |sure,? )?why not(?=\s*(?:[,!.;—–-]|$))`,
  // "why thank you": the "why" of mild surprise
  String.raw`^\W*why,? (?=thank)`,
  // es: ¡qué rápidos!, qué amables, qué alivio, qué respuesta tan rápida, quién lo diría
  String.raw`¡?\bqu[eé] (?:(?:tan |muy )?(?:amables?|r[aá]pid[oa]s?|eficientes?|bien|maravilla|gusto|alivio|detalle|lujo|genial|cracks?|gente tan maja)|(?:respuesta|servicio|atenci[oó]n|equipo) (?:tan|m[aá]s) (?:r[aá]pid[oa]|buen[oa]|amable|eficiente))(?: (?:sois|son|eres|es|fue|ha sido|han sido))?${CLAUSE_END}`,
  String.raw`¿?\bqui[eé]n lo (?:dir[ií]a|hubiera dicho|iba a decir)${RHETORICAL_END}`,
  // fr: que vous êtes rapides, quelle rapidité, quel soulagement, qui l'eût cru
  String.raw`\bque (?:vous [eê]tes|c'est|c’est|tu es) (?:(?:si|trop) )?(?:rapides?|gentils?|efficaces?|aimables?|pratique|simple|agr[eé]able)${CLAUSE_END}`,
  String.raw`\bquel(?:le)? (?:rapidit[eé]|efficacit[eé]|gentillesse|soulagement|bonne nouvelle|service|r[eé]activit[eé]|plaisir)${CLAUSE_END}`,
  String.raw`\bqui l['’](?:e[uû]t|aurait) cru${RHETORICAL_END}`,
  // de: wie nett von euch, wie schnell das ging, was für eine Erleichterung, wer hätte das gedacht
  String.raw`\bwie (?:nett|lieb|schnell|toll|super|freundlich|hilfreich|klasse|praktisch|einfach)(?: von (?:euch|ihnen|dir)| das ging| war das| ist das)?${CLAUSE_END}`,
  String.raw`\bwas f(?:ü|u|ue)r (?:ein(?:e|en)? )?(?:(?:schnelle|tolle|gute|nette) )?(?:service|erleichterung|tempo|antwort|hilfe|woche)${CLAUSE_END}`,
  String.raw`\bwer h(?:ä|a|ae)tte das (?:gedacht|geahnt)${RHETORICAL_END}`,
  // pt: que rápido, que gentileza, que alívio, quem diria, o que eu faria sem vocês
  String.raw`\bque (?:(?:t[aã]o )?(?:r[aá]pid[oa]s?|gentis|gentileza|al[ií]vio|maravilha|bom|legal|[oó]tim[oa]|efici[eê]ncia|atenciosos))${CLAUSE_END}`,
  String.raw`\bquem (?:diria|diria que)${RHETORICAL_END}`,
  String.raw`\b(?:o )?que (?:eu|n[oó]s) (?:faria|far[ií]amos) sem (?:voc[eê]s|vcs|vc|voc[eê])${RHETORICAL_END}`,
  // it: che gentili, che velocità, che sollievo, chi l'avrebbe detto, come avrei fatto senza di voi
  String.raw`\bche (?:(?:gentili|gentile|velocit[aà]|rapidit[aà]|sollievo|bello|bella notizia|servizio|efficienza|veloci|sollievo|piacere))${CLAUSE_END}`,
  String.raw`\bchi (?:l['’])?(?:avrebbe|avesse) (?:mai )?(?:detto|pensato)${RHETORICAL_END}`,
  String.raw`\bcome (?:avrei|avremmo) fatto senza (?:di )?(?:voi|te|lei)${RHETORICAL_END}`,
  // nl: wat snel, wat fijn van jullie, wat een opluchting, wie had dat gedacht
  String.raw`\bwat (?:snel|fijn|aardig|lief|vriendelijk|top|handig|een opluchting|een service|een snelle reactie)(?: van (?:jullie|u|je))?${CLAUSE_END}`,
  String.raw`\bwie had dat (?:nou )?(?:gedacht|verwacht)${RHETORICAL_END}`,
  // pl: jak miło, ale szybko, co za ulga, kto by pomyślał
  String.raw`\b(?:jak|ale) (?:mi[lł]o|szybko|sprawnie|fajnie|super|uprzejmie)(?: z (?:waszej|pana|pani|twojej) strony)?${CLAUSE_END}`,
  String.raw`\bco za (?:ulga|szybko[sś][cć]|obs[lł]uga|tempo|tydzie[nń])${CLAUSE_END}`,
  String.raw`\bkto by (?:pomy[sś]la[lł]|pomy[sś]la[lł]a|si[eę] spodziewa[lł])${RHETORICAL_END}`,
  // the answer was in front of the customer: "¿cómo no se me ocurrió?", "suis-je bête", "wie
  // dumm von mir", "como não pensei nisso", "come ho fatto a non pensarci", "dom van me", "ale
  // ze mnie gapa"
  String.raw`¿?\bc[oó]mo no se me (?:ocurri[oó]|ocurri[oó] antes)${RHETORICAL_END}|\bqu[eé] (?:tont[oa]|despistad[oa]) (?:soy|fui)${CLAUSE_END}`,
  String.raw`\bpourquoi (?:je|on) n['’]y (?:ai|a) pas pens[eé]${RHETORICAL_END}|\b(?:suis-je|que je suis) (?:b[eê]te|distrait[e]?)${RHETORICAL_END}|\bj['’]aurais d[uû] y penser${CLAUSE_END}`,
  String.raw`\bwarum bin ich (?:nicht )?(?:selbst )?(?:nicht )?(?:drauf|darauf) gekommen${RHETORICAL_END}|\bwie dumm von mir${CLAUSE_END}|\bh(?:ä|a|ae)tte ich (?:auch )?(?:selbst )?(?:drauf|darauf) kommen k(?:ö|o|oe)nnen${CLAUSE_END}`,
  String.raw`\bcomo (?:eu )?n[aã]o pensei nisso${RHETORICAL_END}|\bque (?:burr[oa]|distra[ií]d[oa]) (?:que )?(?:eu )?(?:sou|fui)${CLAUSE_END}`,
  String.raw`\bcome (?:ho fatto a )?non (?:ci ho pensato|pensarci)${RHETORICAL_END}|\bche (?:stupid[oa]|sbadat[oa]) (?:sono|che sono)${CLAUSE_END}`,
  String.raw`\bwaarom heb ik daar (?:zelf )?niet aan gedacht${RHETORICAL_END}|\bdom van (?:me|mij)${CLAUSE_END}`,
  String.raw`\b(?:czemu|dlaczego) (?:sam[a]? )?na to nie wpad[lł](?:em|am)${RHETORICAL_END}|\bale ze mnie (?:gapa|gamo[nń])${CLAUSE_END}`,
];
const LATIN_EXCLAMATION = new RegExp(LATIN.join('|'), 'giu');

/** In Japanese, Chinese, Thai and Arabic: marvel at speed or kindness (pleasantry.ts takes it out as thanks). */
export const SCRIPT_EXCLAMATION =
  /なんて(?:早い|速い|親切|ありがたい)(?:んだ|んでしょう)?|さすがです(?:ね)?|もっと早く(?:聞けば|相談すれば)よかった|太(?:快|棒|贴心|给力|及时)了吧?|(?:怎么|咋)这么快|效率(?:真|太)高了?|早知道(?:就)?(?:早点)?问了|谁能想到|我(?:怎么|咋)没想到(?:呢)?|(?:なんで|どうして)気づかなかったん(?:だろう|でしょう)|ทำไมไม่คิดถึง|كيف لم (?:أفكر|افكر|أنتبه|انتبه)|เร็ว(?:มาก|จัง)(?:เลย)?|ไว(?:มาก|จัง)(?:เลย)?|ใจดีจัง|โล่งอก(?:เลย)?|ما (?:أسرع|اسرع|أروع|اروع|ألطف|الطف)(?:كم|ك)?|يا سلام/gu;

/** The text with its exclamations in Latin scripts read as " great ", a word of approval. */
export function withExclamationsRead(text: string): string {
  return text.replace(LATIN_EXCLAMATION, ' great ');
}
