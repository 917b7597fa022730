/**
 * An outage told as what it stops, not as "down": many people, sites or devices that cannot do
 * their work through the product ("two shifts can't reorder", "400 nurses cannot requisition",
 * "our depot in Lyon can't order anything", "every till shows 'cannot reach server'"), or an
 * integration that returns nothing ("your API returns empty order lists to our ERP"). In the eight
 * languages offline replies are written in (folded text). urgency.ts reads it as an outage: critical
 * for an enterprise customer, high otherwise.
 */
import { foldedPattern } from './offline/text.js';
import { feedStopped, shopsRefusePayments, workWaitsOnFailure } from './work-waiting.js';

// Who cannot work: a count or several of a group of people, sites or devices.
// "all", "all our", "all four", "all of our 12": a space closes each form, as the pattern after it expects.
const MANY = String.raw`(?:\d[\d,.]*|two|three|four|five|six|several|multiple|dozens of|hundreds of|both|all(?: of)?(?: the| our)?(?: \d[\d,.]*| two| three| four| five| six| seven| eight| nine| ten| twelve)?)`;
const GROUP = String.raw`(?:shifts?|staff|people|users|employees|workers|colleagues|stores|shops|branches|sites|warehouses|depots|teams|locations|departments|clinics|schools|wards|nurses|drivers|pickers|buyers|agents|cashiers|tills|registers|terminals|handhelds|scanners|devices|tablets|kiosks|machines)`;
// Where they work, as one unit: "our warehouse (in Hamburg)", "the whole night shift".
const SITE = String.raw`(?:warehouse|store|shop|branch|site|office|clinic|plant|depot|factory|kitchen|team|department|hub|ward|pharmacy|school|restaurant|night shift|day shift|shift|call cent(?:er|re)|front desk)`;
const CANNOT = String.raw`(?:can'?t|cannot|can not|could ?n'?t|could not|are unable to|is unable to|unable to|have no way to)`;
// What they cannot do: the work the product carries.
const WORK = String.raw`(?:get in(?:to (?:the |your )?\w+)?|get past (?:the )?[\w-]+|order|reorder|re-order|requisition|place (?:an? )?orders?|submit (?:an? )?orders?|check ?out|work|operate|ship|pick|pack|dispatch|process|scan|invoice|bill|pay|log ?in|sign ?in|take (?:any |card )?(?:payments?|money|orders?)|accept (?:any )?(?:payments?|cards?|orders?)|print (?:\w+ ){0,2}(?:labels?|invoices?|pick ?lists?)|access (?:anything|the (?:app|portal|site|platform|system|dashboard|account|shop|store)|your \w+)|get (?:anything|any \w+) (?:done|through|out))`;

const ENGLISH = [
  String.raw`\b${MANY} ${GROUP}\b[^.!?]{0,25}\b${CANNOT} (?:even |still |currently |now )?${WORK}\b`,
  String.raw`\b(?:(?:our|the|my) (?:whole |entire )?|(?:whole|entire) )${SITE}s?\b(?: (?:in|at|on) [\w-]+)?[^.!?]{0,15}\b${CANNOT} (?:even |still |currently |now )?${WORK}\b`,
  // A named crew that cannot get through the product's door: "our night-shift buyers in Leeds
  // cannot get past the payment step" (getting past or in, not ordering one thing).
  String.raw`\b(?:our|the) (?:[\w-]+ )?${GROUP}\b(?: (?:in|at|on) [\w-]+)?[^.!?]{0,15}\b${CANNOT} (?:even |still )?(?:get past|get through (?:the )?(?:checkout|sign-?in|log-?in|payment)|get in(?:to)?\b)`,
  // Every device shows a connection error: "every scanner says 'cannot reach ordering service'".
  String.raw`\b(?:every|each|all (?:of )?(?:our|the)|all)\s+(?:[\w-]+\s+){0,2}(?:handhelds?|scanners?|devices?|terminals?|tills?|registers?|tablets?|laptops?|machines?|kiosks?|stations?|computers?|pcs|printers?|screens?)\b[^.!?]{0,40}\b(?:cannot|can'?t|unable to|could not|failed to|no connection|not connect\w*|offline|time[sd]? ?out|timing out|error)\b`,
  // An integration that returns nothing or errors: "your API has been returning empty order lists".
  String.raw`\b(?:(?:your|the) )?(?:api|integration|feed|endpoint|sync|webhooks?|edi|punch-?out|connector)\b[^.!?]{0,50}\b(?:returning|returns|returned|has returned|sending|sends|sent|giving|gives|comes? back with|coming back with|answer(?:s|ing)? with)\b (?:us |only |just )?(?:\w+ ){0,1}(?:empty|nothing|no data|no orders|blank|errors?|50[0234]s?|zero|null)\b`,
];

// The same in es fr de pt it nl pl: a site or many people that cannot order or work.
const OTHERS = [
  // es: "nuestro almacén de Sevilla no puede pedir nada", "300 empleados no pueden hacer pedidos"
  String.raw`\b(?:almacen|tienda|sucursal|oficina|clinica|planta|equipo|turno|farmacia|deposito|empleados|trabajadores|usuarios|turnos|tiendas|sucursales)\b[^.!?]{0,30}\bno (?:puede|pueden|podemos|consigue|consiguen|logra|logran) (?:\w+ ){0,1}(?:pedir|hacer (?:ningun )?pedidos?|comprar|trabajar|operar|facturar|despachar|entrar|acceder)\b`,
  // fr: "notre entrepôt de Lyon ne peut plus rien commander", "3 équipes ne peuvent pas travailler"
  String.raw`\b(?:entrepot|magasin|agence|bureau|clinique|usine|equipe|equipes|depot|pharmacie|employes|salaries|utilisateurs|magasins|agences|cliniques|cabinets|pharmacies|services|entrepots|usines)\b[^.!?]{0,30}\b(?:ne |n')(?:peut|peuvent|parvient|parviennent|arrive|arrivent) (?:plus |pas )?(?:rien |a )?(?:commander|passer (?:de )?commandes?|valider (?:la moindre|une|les|des|aucune) commandes?|travailler|facturer|expedier|se connecter|acceder)\b`,
  // de: "unser Lager in Hamburg kann nichts bestellen", "300 Mitarbeiter können nicht arbeiten"
  String.raw`\b(?:\w*lager|filiale|standort|werk|buro|team|abteilung|schicht|apotheke|mitarbeiter|mitarbeitende|kollegen|nutzer|benutzer|filialen|standorte)\b[^.!?]{0,30}\b(?:kann|konnen|konnte|konnten) (?:\w+ ){0,3}?(?:nichts|nicht|keine \w+) (?:mehr )?(?:bestellen|nachbestellen|arbeiten|ausliefern|versenden|abrechnen|einloggen|anmelden|zugreifen)\b`,
  // pt: "nosso armazém não consegue fazer pedidos", "200 funcionários não conseguem trabalhar"
  String.raw`\b(?:armazem|loja|filial|escritorio|clinica|fabrica|equipe|equipa|turno|farmacia|funcionarios|colaboradores|usuarios|lojas|filiais)\b[^.!?]{0,30}\bnao (?:pode|podem|consegue|conseguem|conseguimos) (?:\w+ ){0,1}(?:pedir|fazer (?:nenhum )?pedidos?|comprar|trabalhar|operar|faturar|entrar|acessar)\b`,
  // it: "il magazzino di Torino non riesce a ordinare", "200 dipendenti non possono lavorare"
  String.raw`\b(?:magazzino|negozio|filiale|ufficio|clinica|stabilimento|team|turno|farmacia|dipendenti|utenti|negozi|filiali)\b[^.!?]{0,30}\bnon (?:puo|possono|riesce|riescono|riusciamo) (?:piu |a |ad )*(?:ordinare|fare (?:nessun )?ordini|comprare|lavorare|operare|fatturare|accedere|entrare)\b`,
  // nl: "ons magazijn in Gent kan niets bestellen", "300 medewerkers kunnen niet werken"
  String.raw`\b(?:magazijn|winkel|vestiging|kantoor|kliniek|fabriek|team|ploeg|apotheek|medewerkers|gebruikers|winkels|vestigingen)\b[^.!?]{0,30}\b(?:kan|kunnen|kon|konden) (?:\w+ ){0,3}?(?:niets|niet|geen \w+) (?:meer )?(?:bestellen|werken|leveren|factureren|inloggen)\b`,
  // pl: "nasz magazyn w Poznaniu nie może nic zamówić", "300 pracowników nie może pracować"
  String.raw`\b(?:magazyn|sklep|oddzial|biuro|klinika|fabryka|zespol|zmiana|apteka|pracownikow|pracownicy|uzytkownicy|sklepy|oddzialy)\b[^.!?]{0,30}\bnie (?:moze|moga|mozemy) (?:nic |niczego )?(?:zamowic|zamawiac|pracowac|fakturowac|zalogowac|wejsc)\b`,
];

/**
 * A workforce left idle, told as the cost alone ("40 pickers standing round", "the whole night
 * shift is sitting idle", "das ganze Lager steht"): a count or a whole team, never one person, and
 * idleness itself, not a question about staff ("can idle staff place orders?" names no count) nor
 * a habit ("our 12 pickers are idle on Sundays").
 */
const IDLE_CREW = String.raw`(?:people|pickers|packers|buyers|staff|workers|employees|colleagues|drivers|dispatchers|nurses|clerks|cashiers|agents|operators|technicians|team|shift|floor|crew)`;
const IDLE = [
  String.raw`\b(?:\d+|all (?:\d+ )?(?:of )?(?:our|the)|(?:our |the )?(?:whole|entire))\s+(?:[\w-]+\s+){0,2}?${IDLE_CREW}\b(?: (?:at|in|on) [\w-]+)? (?:are |is |have been |has been |now |just |all |are all |are just |is just )*(?:standing (?:around|round|idle|still)|sitting (?:around|idle)|idle|twiddling (?:their|our) thumbs|doing nothing)\b(?! (?:on|at|during|in the|every|most|between|when|while|until)\b)`,
  String.raw`\b(?:das |unser )?(?:ganze|gesamte) (?:lager|team|werk|schicht|buro|abteilung|filiale) steht(?: still)?\b`,
  String.raw`\b(?:tout l'entrepot|toute l'equipe|tout le magasin|tout le service) est (?:a l'arret|bloquee?|les bras croises)\b`,
  String.raw`\b(?:todo el (?:almacen|equipo|turno)|toda la (?:plantilla|tienda)) (?:esta|sigue) (?:parad[oa]|de brazos cruzados|sin hacer nada)\b`,
  String.raw`\b(?:tutto il (?:magazzino|turno|reparto|team)|tutta la squadra) (?:e|resta) (?:fermo|ferma|bloccat[oa]|con le mani in mano)\b`,
  String.raw`\b(?:o armazem (?:inteiro|todo)|todo o (?:armazem|turno|time)|toda a equipa|toda a equipe) (?:esta|ficou|continua) (?:parad[oa]|de bracos cruzados|sem fazer nada)\b`,
  String.raw`\b(?:het hele (?:magazijn|team|filiaal)|de hele (?:ploeg|nachtploeg|dienst|winkel)) (?:staat|zit) (?:stil|niets te doen|duimen te draaien)\b`,
  String.raw`\b(?:ca[lł]y (?:magazyn|zesp[oó][lł]|sklep|oddzia[lł])|ca[lł]a (?:zmiana|nocna zmiana|ekipa)) (?:stoi|siedzi bezczynnie|nic nie robi)\b`,
];

const WORK_STOPPED = new RegExp([...ENGLISH, ...OTHERS, ...IDLE].join('|'), 'i');

/**
 * Many people who all meet the same failure at one step: "our 12 buyers keep getting bounced back
 * to the login screen", "the 60 store managers are all getting a timeout at the basket", "our 50
 * users, every one of them, sees a blank page at checkout". A failure (thrown back or out, an error, a
 * blank page), not something everyone receives ("our 15 buyers all get the monthly statement").
 */
const THROWN = String.raw`(?:get|gets|getting|are|is|been|got) (?:kicked|bounced|thrown|sent|dumped|logged)(?: right)? (?:back|out)\b`;
const MEETS_ERROR = String.raw`(?:get|gets|getting|got|see|sees|seeing|saw|hit|hits|hitting|run into|running into|ran into) (?:an? |the same |this |that )?(?:\w+ )?(?:errors?|error messages?|50[0234]s?|time-?outs?|(?:blank|white|empty) (?:pages?|screens?))\b`;
const MANY_MEET_FAILURE = new RegExp(
  String.raw`\b${MANY} (?:[\w-]+ )?${GROUP}\b[^.!?]{0,40}?\b(?:(?:all|each|every one of them|still|now),? )*(?:keep |keeps |have been |are all |are )?(?:${THROWN}|${MEETS_ERROR})`,
  'i',
);
/** What comes before a failure asked about rather than told: "if one of our 20 buyers gets an error, …". */
const ASKED_BEFORE = /\b(?:if|when(?:ever)?|in case|should|what happens|suppose|would)\b[^.!?]{0,40}$/i;

function manyMeetFailure(text: string): boolean {
  const m = MANY_MEET_FAILURE.exec(text);
  return !!m && !ASKED_BEFORE.test(text.slice(0, m.index + m[0].length));
}

/**
 * The same in Japanese, Chinese, Thai and Arabic: every site or the whole of one, then the work it
 * cannot do ("全店舗で発注できない", "整个仓库都没法发货", "ทุกสาขาสั่งซื้อไม่ได้", "جميع الفروع لا
 * تستطيع الطلب"). A single order that cannot ship names no whole site, so it is not one.
 */
const WORK_STOPPED_SCRIPTS = foldedPattern(
  [
    String.raw`(?:全店舗|全拠点|全支店|全部署|全倉庫|全社|会社全体|倉庫全体|店舗全体|工場全体|すべての(?:店舗|拠点|支店|倉庫|端末)|全ての(?:店舗|拠点|支店|倉庫|端末))[^。！？]{0,12}(?:発注|注文|出荷|作業|業務|仕事|ログイン)[^。！？]{0,6}(?:でき(?:ない|なく|ません)|が(?:完全に)?止ま|がストップ|停止)`,
    String.raw`(?:所有(?:门店|分店|仓库|网点|部门|终端)|全部(?:门店|分店|仓库|网点)|整个(?:仓库|门店|公司|部门|工厂|团队)|全公司|各个(?:门店|仓库|网点))[^。！？]{0,10}(?:(?:没法|无法|不能|下不了|发不了)[^。！？]{0,4}(?:下单|订货|发货|出货|工作|登录|作业|用)|下不了单|订不了货|发不了货|出不了货|用不了|停摆|瘫痪|全停了)`,
    // Several named sites whose work all stopped: "三个厂区的补货全部停了", "3つの工場の発注がすべて止まっている".
    String.raw`(?:[两二三四五六七八九十几\d]+|多)个(?:厂区|工厂|门店|分店|仓库|网点|基地|车间|园区|分公司)[^。！？]{0,10}(?:全部|全都|都|全)(?:停了|停摆|瘫痪|停止|中断|停下|卡住)`,
    String.raw`(?:[二三四五六七八九十\d]+)つの(?:工場|倉庫|拠点|店舗|支店)[^。！？]{0,12}(?:すべて|全部|全て|とも|ともに)[^。！？]{0,4}(?:止まっ|停止|ストップ)`,
    // A whole site or shift left idle: "整个仓库的人都在干等", "夜勤のスタッフ全員が手待ち".
    String.raw`(?:整个|全部|所有)(?:仓库|门店|团队|班组|夜班|白班|车间)[^。！？]{0,10}(?:干等|闲着|停工|干坐着)|(?:全員|スタッフ全員|夜勤全員|倉庫全体)[^。！？]{0,10}(?:手待ち|待機状態|何もできない)`,
    String.raw`(?:ทุกสาขา|ทั้งคลังสินค้า|ทั้งคลัง|ทั้งโกดัง|ทั้งบริษัท|ทั้งแผนก|ทุกคลัง|ทุกร้าน)[^]{0,20}(?:สั่งซื้อ|สั่งของ|ส่งของ|จัดส่ง|ทำงาน|ล็อกอิน|เข้าระบบ)[^]{0,6}ไม่ได้`,
    String.raw`(?:جميع|كل) (?:الفروع|المستودعات|المتاجر|الأقسام|الاقسام|الموظفين)[^.!?؟]{0,20}(?:لا (?:تستطيع|يستطيع|يستطيعون|يمكنها|يمكنهم)|متوقف|توقف)|لا (?:(?:يستطيع|تستطيع) |يمكن ل)أي (?:موظف|فرع|مستودع|مشتر|متجر)|(?:المستودع|الفرع|الشركة|القسم) (?:بأكمله|بالكامل|كله)[^.!?؟]{0,20}(?:لا (?:يستطيع|تستطيع|يمكنه)|متوقف|توقف)`,
  ].join('|'),
);

/** Many people, sites or devices that cannot do their work through the product (folded text). */
export function workStopped(text: string): boolean {
  return (
    WORK_STOPPED.test(text) ||
    WORK_STOPPED_SCRIPTS.test(text) ||
    manyMeetFailure(text) ||
    feedStopped(text) ||
    workWaitsOnFailure(text) ||
    shopsRefusePayments(text)
  );
}
