/**
 * An outage told as its cost, in the twelve supported languages (folded text; script patterns
 * folded the same way by `foldedPattern`):
 *
 * - work that waits on a failure: "the drivers are waiting because we can't print a single
 *   label", "los camiones están esperando y no podemos imprimir etiquetas", "卡车都在等，运单打印不出来";
 * - an order feed that stopped: "the sync stopped last night and 400 orders are stuck", "la
 *   synchronisation s'est arrêtée cette nuit";
 * - payments refused at every shop: "in all our shops card payments are declined since 8", "em
 *   todas as lojas os pagamentos são recusados".
 *
 * Waiting needs a failure beside it: "the driver is waiting outside, which entrance?" names none,
 * and one driver at one door is not a crowd (the patterns name trucks, drivers, a line, a site).
 * work-stopped.ts reads it as an outage: critical for an enterprise customer, high otherwise.
 */
import { foldedPattern } from './offline/text.js';

/** Who waits: vehicles, drivers, a production line, a whole site or shift (plural or collective). */
const WAITING = new RegExp(
  [
    String.raw`\b(?:trucks|lorries|vans|drivers|couriers|(?:the )?(?:production |assembly )?line|production|(?:the |our )?(?:warehouse|depot|plant|factory|shop floor|call cent(?:er|re))|pickers|packers|shifts?|crews?|queues?)\b (?:are |is |have been |has been |now )?(?:(?:all |just )?(?:waiting|standing (?:idle|still|around)|sitting (?:idle|around)|idle|at a standstill|queu(?:e|)ing|backed up|stopped|stuck)|out the door)\b`,
    String.raw`\b(?:(?:los )?(?:camiones|camioneros|repartidores|transportistas)|la (?:linea|cadena)(?: de produccion)?|la produccion|el almacen)\b (?:estan |esta |siguen |sigue )?(?:esperando|parad[oa]s?|detenid[oa]s?)\b`,
    String.raw`\b(?:(?:les )?(?:camions|chauffeurs|livreurs|transporteurs)|la (?:ligne|chaine)(?: de production)?|la production|l'entrepot)\b (?:attendent|attend|sont (?:a l'arret|bloques|en attente)|est (?:a l'arret|arretee?|bloquee?|en attente))\b`,
    String.raw`\b(?:(?:die )?(?:lkws?|lastwagen|fahrer|kuriere)|die (?:linie|produktion|fertigung|produktionslinie)|das lager)\b (?:warten|wartet|steht(?: still)?|stehen(?: still)?)\b`,
    String.raw`\b(?:(?:os )?(?:camioes|caminhoes|motoristas|estafetas)|a (?:linha|producao)(?: de producao)?|o armazem)\b (?:estao |esta |ficaram |ficou )?(?:a esperar|a espera|esperando|parad[oa]s?)\b`,
    String.raw`\b(?:(?:i )?(?:camion|autisti|corrieri)|la (?:linea|produzione|catena)(?: di produzione)?|il magazzino)\b (?:sono |e )?(?:fermi|ferma|fermo|in attesa|aspettano|aspetta|bloccat[io])\b`,
    String.raw`\b(?:(?:de )?(?:vrachtwagens|chauffeurs|koeriers)|de (?:lijn|productie|productielijn)|het magazijn)\b (?:staan |staat )?(?:te wachten|wachten|wacht|stil)\b`,
    String.raw`\b(?:ciezarowki|kierowcy|kurierzy|linia(?: produkcyjna)?|produkcja|magazyn)\b (?:czekaja|czeka|stoi|stoja)\b`,
  ].join('|'),
);
const EVERY_WAITING = new RegExp(WAITING.source, 'g');

/** The failure beside it: something that cannot be done or does not work. */
const FAILED = new RegExp(
  [
    String.raw`\b(?:can'?t(?! wait)|cannot(?! wait)|can not|could ?n'?t|could not|unable to|won'?t (?:load|open|work|print|go through|let)|(?:isn'?t|is not|aren'?t|not) (?:working|loading|going through)|(?:keeps? )?(?:failing|fails|spins|spinning|hangs|freezes|frozen|errors?)|stopped|stuck|blank|nothing (?:loads|works|goes through|prints)|not (?:one|a single)|will not|won'?t)\b`,
    String.raw`\bno (?:podemos|puede|pueden|consigo|conseguimos|funciona|carga)\b|\bni una?\b`,
    String.raw`\b(?:ne|n') ?(?:peut|peuvent|pouvons|arrive|arrivons|fonctionne|marche|charge)\b|\bimpossible d[e']|\baucune?\b`,
    String.raw`\b(?:konnen|kann|konnte|konnten)\b[^.!?]{0,40}\b(?:nicht|kein\w*)\b|\bgeht nichts\b|\bfunktioniert nicht\b`,
    String.raw`\bnao (?:conseguimos|consegue|podemos|pode|funciona|carrega)\b`,
    String.raw`\bnon (?:riusciamo|riesce|possiamo|puo|funziona|carica)\b|\bnessun[oa]?\b`,
    String.raw`\b(?:kunnen|kan|konden|kon)\b[^.!?]{0,40}\b(?:niet|geen)\b|\bwerkt niet\b`,
    String.raw`\bnie (?:mozemy|moze|moga|dziala|laduje)\b|\bzadne[jgo]?\b`,
  ].join('|'),
);

/** The same in Chinese, Japanese, Thai and Arabic: who waits, then the failure. */
const WAITING_SCRIPTS = foldedPattern(
  [
    String.raw`(?:卡车|货车|司机|快递员|产线|生产线|流水线|仓库)[^。！？]{0,6}(?:都在等|在等|等着|停了|停工|停摆)[^。！？]{0,30}(?:不了|不出来|无法|不能|没法|报错)`,
    String.raw`(?:トラック|ドライバー|運転手|生産ライン|ライン|倉庫)[^。！？]{0,6}(?:待って|止まって|待機)[^。！？]{0,40}(?:できません|できない|できず|エラー)`,
    String.raw`(?:รถขนส่ง|รถบรรทุก|คนขับ|สายการผลิต|ไลน์ผลิต|คลังสินค้า)[^]{0,10}(?:รอ|หยุด)[^]{0,40}ไม่ได้`,
    String.raw`(?:الشاحنات|السائقون|السائقين|خط الإنتاج|خط الانتاج|المستودع)[^.!?؟]{0,10}(?:تنتظر|ينتظرون|متوقف|توقف)[^.!?؟]{0,40}(?:لا نستطيع|لا يمكننا|لا يمكن)`,
  ].join('|'),
);

/** Work that waits on a failure (folded text). */
export function workWaitsOnFailure(text: string): boolean {
  if (WAITING_SCRIPTS.test(text)) return true;
  if (!WAITING.test(text)) return false;
  return FAILED.test(text.replace(EVERY_WAITING, ' '));
}

/** An order feed that stopped, in the twelve languages. "The export stopped at 500 rows" is a limit, not this. */
const FEED_STOPPED = new RegExp(
  [
    String.raw`\b(?:sync|syncing|integration|feed|webhooks?|api|edi|connector|import|punch-?out)\b (?:has |have |just |completely )?(?:stopped|stalled|died|quit)(?: (?:arriving|coming(?: in| through)?|working|running|syncing|sending|firing))?\b(?! at\b)`,
    String.raw`\b(?:sincronizacion|integracion|api|webhooks?|conector)\b (?:se (?:ha )?(?:parado|detenido|paro|detuvo|cortado|corto)|dejo de funcionar|ha dejado de funcionar)\b`,
    String.raw`\b(?:synchronisation|integration|api|webhooks?|connecteur|flux)\b (?:s'est (?:arretee?|coupee?|bloquee?)|est (?:arretee?|coupee?|bloquee?)|a cesse|ne fonctionne plus)\b`,
    String.raw`\b(?:synchroni\w*|integration|schnittstelle|api|webhooks?|anbindung)\b[^.!?]{0,40}\b(?:stehen ?geblieben|gestoppt|abgebrochen|hat aufgehort|ausgefallen)\b`,
    String.raw`\b(?:sincronizacao|integracao|api|webhooks?|conector)\b (?:parou|deixou de funcionar|travou|esta parad[oa])\b`,
    String.raw`\b(?:sincronizzazione|integrazione|api|webhooks?|connettore)\b (?:si e (?:fermata|fermato|bloccata|bloccato|interrotta|interrotto)|e (?:ferma|fermo|bloccata|bloccato)|ha smesso)\b`,
    String.raw`\b(?:synchronisatie|sync|koppeling|integratie|api|webhooks?)\b (?:is (?:\w+ ){0,2}(?:gestopt|gestaakt|vastgelopen)|ligt (?:\w+ ){0,2}stil|werkt (?:\w+ ){0,2}niet meer)\b`,
    String.raw`\b(?:synchronizacja|integracja|api|webhooki?)\b (?:stan[eę][lł]a|przesta[lł]a dzia[lł]a[cć]|zatrzyma[lł]a sie|nie dzia[lł]a)`,
  ].join('|'),
);
const FEED_STOPPED_SCRIPTS = foldedPattern(
  String.raw`(?:同步|接口|对接)[^。！？]{0,4}(?:停了|中断|停止|断了|挂了)|(?:同期|連携|api)が?[^。！？]{0,4}(?:止まっ|停止|途切れ)|(?:การซิงค์|ซิงค์ข้อมูล|การเชื่อมต่อ api)[^]{0,10}(?:หยุด|ค้าง|ล่ม)|(?:المزامنة|التكامل|الربط)[^.!?؟]{0,10}(?:توقفت|متوقفة|توقف)|(?:توقفت|توقف) (?:المزامنة|التكامل|الربط)`,
);

/** A system that sends orders for the customer: their integration, ERP, connector or script. */
const SENDER = String.raw`(?:integration|erp|system|api|connector|sync|edi|middleware|script|feed|punch-?out|sap|netsuite|dynamics|shop(?:ify)?|webshop|platform)`;
/**
 * Everything the customer's system sent refused, said with a relative clause between
 * ("every order our integration pushed since Saturday was rejected", "none of the orders our ERP
 * sent this week went through"); in es, fr, de, pt, it and nl too. One order refused names no
 * "every" or "none".
 */
const FEED_REFUSED = new RegExp(
  [
    String.raw`\b(?:every|each|all(?: (?:of )?(?:the|our))?) (?:single )?(?:orders?|requests?|calls?|invoices?|files?|batch(?:es)?|messages?)\b (?:that |which )?(?:(?:we|our|the) (?:[\w-]+ ){0,2}${SENDER}s?\b|(?:via|through|from|by) (?:the |our )?(?:[\w-]+ ){0,2}${SENDER}s?\b)[^.!?]{0,60}\b(?:rejected|refused|bounced|declined|dropped|failed(?! to (?!go through|arrive|import|sync|process|post|be (?:accepted|processed|imported)))|errored|returned an error|came back with an error)\b`,
    String.raw`\b(?:none|not one|not a single one) of (?:the |our )?(?:orders?|requests?|invoices?|files?|batch(?:es)?)\b (?:that |which )?(?:(?:we|our|the) (?:[\w-]+ ){0,2}${SENDER}s?\b|(?:via|through|from|by) (?:the |our )?(?:[\w-]+ ){0,2}${SENDER}s?\b)[^.!?]{0,60}\b(?:went through|got through|came through|arrived|were accepted|was accepted|made it|landed|succeeded)\b`,
    String.raw`\btod[oa]s (?:los|las|nuestr[oa]s) (?:pedidos|ordenes|solicitudes)\b[^.!?]{0,60}\b(?:integracion|erp|sistema|api|conector)\b[^.!?]{0,60}\b(?:rechazad[oa]s|fallaron|devuelt[oa]s con error)\b`,
    String.raw`\b(?:toutes (?:les|nos) commandes|chaque commande)\b[^.!?]{0,60}\b(?:integration|erp|systeme|api|connecteur)\b[^.!?]{0,60}\b(?:rejetee?s?|refusee?s?|echoue\w*)\b`,
    String.raw`\b(?:tod[oa]s (?:os|as) (?:pedidos|encomendas)\b[^.!?]{0,60}\b(?:integracao|erp|sistema|api|conector)\b[^.!?]{0,60}\b(?:rejeitad[oa]s|recusad[oa]s|falharam)|(?:os|as) (?:pedidos|encomendas)\b[^.!?]{0,60}\b(?:integracao|erp|sistema|api|conector)\b[^.!?]{0,60}\b(?:foram|sao|estao) tod[oa]s (?:rejeitad[oa]s|recusad[oa]s))\b`,
    String.raw`\b(?:tutti gli ordini\b[^.!?]{0,60}\b(?:integrazione|erp|gestionale|sistema|api|connettore)\b[^.!?]{0,60}\b(?:rifiutati|respinti|falliti)|gli ordini\b[^.!?]{0,60}\b(?:integrazione|erp|gestionale|sistema|api|connettore)\b[^.!?]{0,60}\bsono stati tutti (?:rifiutati|respinti))\b`,
    String.raw`\b(?:alle bestellingen\b[^.!?]{0,60}\b(?:koppeling|integratie|erp|systeem|api)\b[^.!?]{0,60}\b(?:geweigerd|afgewezen|mislukt)|de bestellingen\b[^.!?]{0,60}\b(?:koppeling|integratie|erp|systeem|api)\b[^.!?]{0,60}\bzijn allemaal (?:geweigerd|afgewezen))\b`,
    String.raw`\b(?:alle|samtliche|jede) (?:unsere[nr]? )?(?:bestellungen|bestellung|auftrage|auftrag)\b[^.!?]{0,60}\b(?:schnittstelle|integration|erp|system|api|anbindung)\b[^.!?]{0,60}\b(?:abgelehnt|zuruckgewiesen|fehlgeschlagen)\b`,
  ].join('|'),
);

/** An order feed that stopped, or refused everything it sent (folded text). */
export function feedStopped(text: string): boolean {
  return FEED_STOPPED.test(text) || FEED_STOPPED_SCRIPTS.test(text) || FEED_REFUSED.test(text);
}

/** Every shop, till or branch, in the eight Latin-script languages. */
const EVERY_SHOP = String.raw`(?:(?:all|every|each) (?:of )?(?:our |the )?(?:\d+ |two |three |four |five |six )?(?:shops?|stores?|branches|tills?|registers?|locations?|sites?|restaurants?|outlets?|checkouts?)|todas (?:las|nuestras) (?:tiendas|sucursales|cajas)|(?:tous (?:les|nos) (?:magasins|points de vente|restaurants)|toutes (?:les|nos) (?:caisses|agences|boutiques))|allen (?:filialen|geschaften|laden|markten|kassen)|todas as (?:lojas|filiais|caixas)|(?:tutti i (?:negozi|punti vendita)|tutte le (?:casse|filiali))|al (?:onze|de) (?:winkels|filialen|kassa'?s|vestigingen)|wszystkich (?:sklepach|oddzialach|kasach|punktach))`;
const PAYMENTS = String.raw`(?:payments?|cards?|transactions?|pagos?|tarjetas?|cobros?|paiements?|cartes?|zahlung\w*|karten\w*|pagamentos?|cartoes|pagamenti|carte|betaling\w*|pinbetaling\w*|platnosc\w*|platnosci|kart\w*|transakcj\w*)`;
const REFUSED = String.raw`(?:declined|refused|rejected|failing|fail|bounc\w*|rechazad\w*|denegad\w*|fallan|no pasan?|refuse\w*|rejete\w*|echou\w*|ne passe\w*|abgelehnt|geht (?:\w+ ){0,4}keine|keine (?:\w+ ){0,3}durch|scheitern|recusad\w*|rejeitad\w*|falham|nao passam|rifiutat\w*|respint\w*|non passano|falliscono|geweigerd|afgewezen|mislukken|mislukt|odrzucan\w*|odrzucone|nie przechodz\w*)`;
const SHOPS_REFUSE = new RegExp(
  String.raw`\b${EVERY_SHOP}\b[^.!?]{0,60}\b${PAYMENTS}\b[^.!?]{0,40}\b${REFUSED}\b|\b${PAYMENTS}\b[^.!?]{0,40}\b${REFUSED}\b[^.!?]{0,40}\b${EVERY_SHOP}\b`,
);
const SHOPS_REFUSE_SCRIPTS = foldedPattern(
  String.raw`(?:所有|全部|每家)(?:门店|分店|店铺|收银台)[^。！？]{0,20}(?:支付|付款|刷卡)[^。！？]{0,10}(?:失败|被拒|不了)|(?:全店舗|全ての店舗|すべての店舗|全レジ)[^。！？]{0,20}(?:決済|支払い|カード)[^。！？]{0,10}(?:でき(?:ない|ません)|拒否|エラー|通らない)|ทุก(?:สาขา|ร้าน)[^]{0,20}(?:ชำระเงิน|จ่ายเงิน|รูดบัตร)[^]{0,10}(?:ไม่ได้|ถูกปฏิเสธ)|(?:جميع|كل) (?:الفروع|المتاجر|المحلات)[^.!?؟]{0,30}(?:الدفع|المدفوعات|البطاقات)[^.!?؟]{0,20}(?:مرفوض|ترفض|يرفض|لا يعمل|فشل)`,
);

/** Payments refused at every shop, till or branch (folded text). */
export function shopsRefusePayments(text: string): boolean {
  return SHOPS_REFUSE.test(text) || SHOPS_REFUSE_SCRIPTS.test(text);
}
