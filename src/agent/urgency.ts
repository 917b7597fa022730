import { workStopped } from './work-stopped.js';
import { withoutOutagesInGeneral } from './capability-question.js';
import { statesBillingError } from './billing-errors.js';
import { mentionsDataLoss, wantsDataDeleted } from './data-loss.js';
import { foldedPattern } from './offline/text.js';
import { mentionsSecurity } from './security-concern.js';
import type { Intent, Plan, Urgency } from '../domain/index.js';
import type { Concern } from './offline/classify-intent.js';

const RANK: Record<Urgency, number> = { low: 0, medium: 1, high: 2, critical: 3 };

export function maxUrgency(a: Urgency, b: Urgency): Urgency {
  return RANK[a] >= RANK[b] ? a : b;
}

// Dutch "storing" (an outage) only with a Dutch article or preposition: the English gerund
// ("tips on storing webhook secrets?") read as a service disruption.
const OUTAGE =
  /\b(outage|down|is down|offline|not loading|won'?t load|unavailable|50[0234]s?|50[0234] errors?|not responding|stopped (?:responding|working|loading|firing|syncing|sending)|ne repond plus|ne repondent plus|no carga|unreachable|inaccessible|all requests fail\w*|timing out|nobody can log ?in|no one can log ?in|completely broken|everything is broken|ca[íi]d[oa]|no funciona nada|panne|hors service|ne fonctionne plus|ausfall|nicht erreichbar|funktioniert nicht mehr|fora do ar|non funziona|fuori servizio|(?:een|de|die|deze|grote|algemene|technische) storing|storing (?:bij|op|aan|met)|storingen|werkt niet|awaria|nie dzia[lł]a|service disruption|disrupt\w*)\b/i;

/** An outage of the site for everyone in Japanese, Chinese, Thai and Arabic (substrings, folded like the text). */
const OUTAGE_SCRIPTS = foldedPattern(
  '打不开|打不開|宕机|挂了|无法访问|访问不了|サイトが(?:開かない|表示されない|落ち)|ダウンして|障害|繋がらない|つながらない|ระบบล่ม|เว็บล่ม|ล่ม|เข้าเว็บไม่ได้|เว็บไซต์เข้าไม่ได้|لا يعمل|متوقف|معطل|تعطل',
);
const EVERYONE_FAILS = foldedPattern(
  '(?:所有人|所有[^。！？!?，,]{0,4}(?:员工|职工|员|人|同事|用户)|全体(?:员工|职工|同事|人员)|全部(?:员工|职工|同事|人员)|整个公司|全公司|大家|全員|みんな|全社|社員全員|ทุกคน|الجميع|لا أحد)[^。！？!?]{0,20}(?:登录不了|无法登录|不能登录|登不上|登不进|进不去|下不了单|无法下单|不能下单|用不了|(?:没法|没办法)(?:登录|登入|下单|用|使用|工作)|一直转圈|一直加载|卡住|卡死|提交不了|หมุนค้าง|ค้างอยู่|โหลดไม่ขึ้น|ログインできな(?:い|く)|ログインできません|ログイン(?:が|も)?できな(?:い|く)|เข้าไม่ได้|ใช้งานไม่ได้|يستطيع الدخول|لا يمكن)|(?:登录不了|无法登录|ログインできない|เข้าไม่ได้)[^。！？!?]{0,20}(?:所有人|大家|全員|みんな|ทุกคน|الجميع)',
);

/** A screen that never finishes: it spins, hangs or freezes ("checkout just spins for all 30 of our buyers"). */
const HANGS = String.raw`(?:spins|spinning|keeps? spinning|hangs|hanging|hung|freezes|freezing|frozen|stuck (?:loading|on (?:the )?(?:loading|spinner))|loads forever|never (?:finishes|finish) loading|never loads)`;

/**
 * A failure for everyone, in words no single-word pattern expects: errors, crashes or refused
 * sign-ins across the whole team, every request, all users.
 */
const WIDE_FAILURE = new RegExp(
  String.raw`\b(?:crash\w*|errors?|fail\w*|broken|not working|stopped working|can'?t (?:log ?in|sign ?in|get in|access|connect|order)|cannot (?:log ?in|sign ?in|get in|access|connect|order)|locked out|time[sd]? ?out|timing out|${HANGS})\b` +
    String.raw`[^.!?]{0,60}\b(?:everyone|everybody|all (?:\d+ )?(?:of )?(?:our|the|my) (?:users|staff|team|people|buyers|pickers|cashiers|stores|locations|sites|employees|customers|colleagues)|every one of (?:our|the|us)|(?:the )?whole (?:team|company|organi[sz]ation|office|warehouse)|every (?:request|call|order|page|user)|all (?:requests|calls|orders|pages|users))\b` +
    // Every sign-in or order refused by the site: "the portal rejects all our logins since midnight".
    String.raw`|\b(?:refuses|refusing|rejects|rejecting|bounces|bouncing|blocks|blocking) (?:all|every one of|each of) (?:our|the) (?:logins|log-?ins|sign-?ins|orders|checkouts|buyers|users)\b` +
    String.raw`|\b(?:every|each|all) (?:single )?(?:request|call|api call|order|page)s?\b[^.!?]{0,40}\b(?:fail\w*|errors?|time[sd]? ?out|timing out|rejected|come back with an error)` +
    // The scope first: "whole team locked out", "every single person here gets bounced to the login page".
    String.raw`|\b(?:(?:the )?(?:whole|entire) (?:team|company|organi[sz]ation|office|warehouse|staff|department)|everyone|everybody|all of us|every (?:single )?(?:person|user|one of us|colleague|buyer|employee|cashier|picker|nurse|clerk|driver|store|shop|branch|site|till|terminal)|all (?:of )?(?:our|the) (?:users|staff|people|buyers|employees|colleagues))\b(?: (?:here|at \w+|in (?:the|our) \w+|(?:in|across|at) (?:all|every|each|both)(?: of)?(?: our| the)?(?: \d+| two| three| four| five| six)? \w+))?[^.!?]{0,20}\b(?:(?:is|are|got|gets|get|been|was|were) )?(?:(?:gets?|getting|sees?|seeing) ['"](?=\w)|locked out|logged out|kicked out|bounced(?: back)?(?: to| out)|can'?t (?:log ?in|sign ?in|get in|access|connect|order|work)|cannot (?:log ?in|sign ?in|get in|access|connect|order)|unable to (?:log ?in|sign ?in|access|order)|(?:sees?|seeing|gets?|getting|stares? at|staring at) (?:an? |the )?(?:errors?|50[0234]s?|(?:blank|white|empty|grey|gray) (?:page|screen)s?|(?:loading )?spinners?|spinning wheel))\b` +
    // es, fr, de, it, pt, nl, pl: an error or nothing going through for everyone.
    String.raw`|\b(?:error\w*|erreur\w*|fehler\w*|errore|erro\w*|fout\w*|bl[aą]d\w*|keine bestellungen|aucune commande|ningun pedido|nessun ordine|se queda (?:cargando|colgad[oa]|pillad[oa])|tourne en boucle|reste bloque\w*|charge (?:sans fin|indefiniment)|hangt|ladt (?:endlos|ewig)|fica (?:carregando|travad[oa])|resta (?:in caricamento|bloccat[oa])|si blocca|blijft (?:laden|hangen)|zawiesza sie|laduje sie bez konca|kreci sie)\b[^.!?]{0,60}\b(?:para todos|a todos|pour tous|a tout le monde|fur alle|bei allen|a tutti|voor iedereen|dla wszystkich|ne passe|mehr abschicken|mehr absenden)\b` +
    String.raw`|\b(?:bei allen|a tutti|para todos|pour tous|voor iedereen)\b[^.!?]{0,80}\b(?:keine|nicht mehr|errore|error|erreur|fout)\b` +
    String.raw`|\b(?:nobody|no one|none of (?:us|our \w+))(?: here| on our (?:side|team|end))? (?:can|could|is able to|are able to)(?: even)? (?:log|sign|get in|access|reach|connect|use|order|place|open|load|check ?out)\b` +
    // Who is affected said first, with where they work: "none of the pickers at our two depots can
    // load the order screen", "no one on the night shift could submit an order".
    String.raw`|\b(?:nobody|no one|none of (?:us|the|our) \w+)\b(?: (?:at|on|in|from|across) (?:the|our|all|both|any|\w+) [\w-]+(?: [\w-]+){0,2})? (?:can|could|is able to|are able to|has been able to|have been able to)(?: even| still)? (?:log ?in|sign ?in|get in|get into|access|reach|connect|use|order|place|open|load|check ?out|pull up|submit|pay)\b` +
    // The business told as who cannot get through the product: "none of our 40 buyers can get past
    // checkout", "nobody at Brightwater can submit an order", "not a single picker at any of our
    // depots has got past the login screen", "none of our clerks can get the order page to load".
    String.raw`|\b(?:nobody|no one|none of (?:us|the|our|them)|not (?:a single|one) (?:of (?:our|the) )?(?:buyers?|pickers?|packers?|cashiers?|drivers?|agents?|operators?|workers?|users?|people|person|staff|clerks?|dispatchers?|nurses?|employees?|colleagues?|sites?|stores?|shops?|branches|plants?|warehouses?|depots?|clinics?))\b(?: [\w-]+){0,3}?(?: (?:at|on|in|from|across) (?:[\w-]+ ){0,4}?[\w-]+)? (?:(?:can|could|is able to|are able to|has been able to|have been able to|managed to)(?: even| still)? (?:get past|get through|get (?:an? |any |the |our |a single )?[\w-]+(?: [\w-]+)? (?:through|to load|to open)|get in(?:to)?|log ?in|sign ?in|access|reorder|re-order|submit|complete|finish|place|order|check ?out)|(?:has|have)(?: even| yet)? (?:got|gotten|managed to get) (?:past|through|in(?:to)?))\b` +
    // "plus personne chez Juniper ne peut passer commande", "nadie puede entrar", "niemand kann bestellen"…
    String.raw`|(?:\b(?:plus )?personne\b[^.!?]{0,30}\b(?:ne |n')(?:peut|peuvent|parvient|arrive)\b|\baucun\w*\b(?: de (?:nos|mes|vos|leurs|ces|les) [\w-]+)?[^.!?]{0,30}\b(?:ne |n')(?:peut|peuvent|parvient|parviennent|arrive|arrivent)\b|\bningun[oa]?\b (?:de (?:nuestr\w+|los|las|mis) \w+ )?[^.!?]{0,20}\b(?:puede|pueden|pudo|consigue|logra)\b|\bkeine?r? (?:von uns|unserer \w+|der \w+)\b[^.!?]{0,20}\b(?:kann|konnte|kommt)\b|\bnessun[oa]? (?:dei|degli|delle|di) (?:nostri|nostre|noi)\b[^.!?]{0,20}\b(?:riesce|puo|riescono|possono)\b|\bnenhum\w* (?:d[oa]s? noss\w+ \w+|de nos)\b[^.!?]{0,20}\b(?:consegue|conseguem|pode|podem)\b|\bgeen (?:van (?:onze|ons)|enkele) ?\w*\b[^.!?]{0,20}\b(?:kan|kunnen)\b|\bzaden (?:z (?:naszych|nas) ?\w*)?[^.!?]{0,20}\bnie (?:moze|moga)\b|\bnadie\b[^.!?]{0,20}\b(?:puede|pudo|consigue|logra)\b|\bniemand\b[^.!?]{0,20}\b(?:kann|konnte|kommt)\b|\b(?:kann|konnte|kommt) (?:hier |bei uns |mehr |gerade )*niemand\b|\bno (?:puede|pudo) nadie\b|\bninguem\b[^.!?]{0,20}\b(?:consegue|pode)\b|\bnessuno\b[^.!?]{0,20}\b(?:riesce|puo)\b|\bniemand\b[^.!?]{0,30}\bkan\b|\bnikt\b[^.!?]{0,20}\bnie (?:moze|mo[zż]e)\b)[^.!?]{0,40}\b(?:se connecter|connecter|commander|passer (?:de )?commande|valider|acceder|entrer|utiliser|payer|charger|ouvrir|entrar|acceder|conectar\w*|pedir|hacer pedidos|comprar|pagar|usar|iniciar sesion|cargar|bestellen|einloggen|anmelden|zugreifen|rein|bezahlen|nutzen|laden|offnen|acessar|fazer pedidos|logar|accedere|entrare|ordinare|fare ordini|pagare|usare|collegar\w*|inloggen|betalen|gebruiken|afronden|zalogowac|zamowic|zaplacic|wejsc|z[lł]ozyc|sk[lł]adac|zamawiac|korzystac|placic)\b`,
  'i',
);
const URGENT_WORDS =
  /\b(urgent|urgently|asap|immediately|right now|emergency|urgente|dringend|sofort|imm[ée]diatement)\b/i;

/** A part of the product that can be down, as a whole word ("happens" names no app). */
const PRODUCT_PART =
  /\b(?:services?|apis?|apps?|applications?|(?:web)?sites?|platforms?|systems?|dashboards?|portals?|integrations?|checkout|every (?:single )?(?:page|screen)|all (?:the |of the |your )?(?:pages|screens))\b/i;

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
    workStopped(text) ||
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
