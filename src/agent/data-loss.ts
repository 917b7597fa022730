/**
 * Records lost, deleted or wiped (the account's data, not a parcel), in the supported languages,
 * told apart from a wish to have data deleted and a question about a planned step. Always a
 * person's job; an enterprise customer's is critical (urgency.ts).
 */
import { questionType } from './answer-type.js';
import { foldedPattern } from './offline/text.js';

const DATA_LOSS =
  /\b(data loss|lost (?:all )?(?:of )?(?:our |my |the )?(?:data|files|records)|(?:data|files|records) (?:is |are |has been |have been )?(?:gone|missing|deleted|wiped|lost)|wiped|p[ée]rdida de datos|datos perdidos|perte de donn[ée]es|donn[ée]es perdues|datenverlust|daten (?:sind )?(?:weg|verloren|gel[öo]scht)|perda de dados|dados perdidos|perdita (?:di|dei) dati|dati persi|gegevensverlies|data (?:is )?kwijt|utrata danych|dane (?:zosta[lł]y )?(?:utracone|usuni[ęe]te|stracone))\b/i;

/** Records that vanished from the account, not a parcel that has not arrived. */
const RECORDS_GONE = new RegExp(
  [
    String.raw`\b(?:order history|invoices|records|files|reports|contacts|(?:saved )?(?:addresses|carts)|product (?:list|catalog)|catalog(?:ue)?|settings|documents|price lists?|history|account data|approval rules|team list)\b[^.!?]{0,40}\b(?:disappeared|vanished|erased|wiped|(?:were|was|got|have been|has been) (?:deleted|removed|erased)|(?:are|is|went) (?:just |all |completely )?(?:gone|empty)|(?:are|is) missing from (?:the|our|my) (?:account|portal|dashboard|system))\b`,
    // "our address book is empty", "40 saved delivery locations gone since yesterday"
    String.raw`\b(?:address book|(?:saved |delivery |shipping )+(?:locations|addresses)|order history|invoices|approval rules|team members)\b[^.!?]{0,20}\b(?:(?:is|are) (?:now |just |completely )?(?:empty|blank)|gone (?:since|overnight|after|from)|(?:all )?vanished)\b`,
    // Records counted as none where there were some: "the orders tab shows 0 orders, yesterday there
    // were hundreds", "the whole year is just empty"
    String.raw`\b(?:shows?|showing|says|lists?|listing|displays?|displaying) (?:0|zero|no|none of (?:our|the)) (?:orders|invoices|records|files|reports|contacts|addresses|customers|users|products|documents|entries|transactions)\b[^.!?]{0,30}[.!?,;—-]*[^.!?]{0,60}\b(?:yesterday|last (?:week|night|month)|this morning|used to|there were|we had|(?:they|it) (?:were|was) (?:all |still )?there|on (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b`,
    String.raw`\b(?:the )?(?:whole|entire) (?:year|month|quarter|order history|history|account|catalog(?:ue)?|list)\b (?:is|are|went|looks|got) (?:just |now |completely |totally )?(?:empty|blank|wiped)\b`,
    // Records said to be there no more: "the approval rules for our depots are not there anymore",
    // "last year's invoices aren't in the account any more", "our orders are no longer listed".
    String.raw`\b(?:(?:order |purchase )?history|(?:purchase )?orders|invoices|records|files|reports|contacts|(?:saved |delivery )?addresses|address book|approval (?:rules|flows|chains)|price lists?|documents|team members|budgets|cost cent(?:er|re)s)\b[^.!?]{0,60}\b(?:(?:are|is|were|was)(?:n'?t| not) (?:there|in (?:the|our|my) (?:account|portal|dashboard|system|list|history|\w+ tab)) any ?more|(?:are|is) no longer (?:there|listed|shown|visible|showing|in (?:the|our|my) (?:account|portal|dashboard|system|list|history|\w+ tab)))\b`,
    // "the last three weeks of orders missing from the account", "orders gone from the dashboard"
    String.raw`\b(?:purchase )?orders\b[^.!?]{0,20}\b(?:missing|gone|vanished|disappeared) from (?:the|our|my) (?:account|portal|dashboard|order history|history|orders? tab)\b`,
    // Settings the customer built, found blank: "the approval rules we set up are all blank since
    // your update", "every user's roles and permissions were reset to nothing".
    String.raw`\b(?:approval (?:rules|flows|chains|workflows)|(?:user )?roles|permissions|budgets|spending limits|cost cent(?:er|re)s|workflows|templates|rules|settings|configurations?|delivery addresses|user accounts|users)\b[^.!?]{0,40}\b(?:(?:are|is|were|was|went|look|looks|came back|come back) (?:now |just |all |completely |suddenly )*(?:blank|empty|cleared|wiped|reset to (?:nothing|blank|empty|defaults?))|have been (?:cleared|wiped|reset)|got (?:cleared|wiped))\b`,
    // es, fr, de, pt, it, nl, pl (folded text)
    String.raw`\b(?:facturas|direcciones|historial|datos)\b[^.!?]{0,40}\b(?:desaparecieron|desaparecio|se borraron|se borro|borrad[oa]s|eliminad[oa]s|vaci[oa])\b`,
    String.raw`\b(?:factures|commandes|bons de commande|adresses|historique|donnees|fichiers|regles(?: d'approbation)?)\b[^.!?]{0,60}\b(?:ont ete supprime\w*|supprimee?s|ont disparu|disparu\w*|efface\w*|est vide)\b`,
    String.raw`\b(?:bestellhistorie|bestellverlauf|rechnungen|\w*adressen|daten|verlauf|auftrage|bestellungen|katalog|adressbuch|rollen|berechtigungen|\w*regeln|einstellungen|benutzerkonten)\b[^.!?]{0,40}\b(?:ist|sind) (?:\w+ ){0,4}(?:leer|weg|verschwunden|geloscht|zuruckgesetzt)\b`,
    // The same settings found blank in es, fr, pt, it, nl, pl.
    String.raw`\b(?:roles|permisos|reglas|configuracion|ajustes|direcciones de entrega|usuarios)\b[^.!?]{0,40}\b(?:estan|esta|aparecen|quedaron) (?:\w+ ){0,2}(?:vaci[oa]s?|en blanco|borrad[oa]s)\b`,
    String.raw`\b(?:roles|droits|regles|parametres|adresses de livraison|utilisateurs)\b[^.!?]{0,40}\b(?:sont|est) (?:\w+ ){0,2}(?:vides?|effacee?s|reinitialisee?s)\b`,
    String.raw`\b(?:funcoes|permissoes|regras|configuracoes|enderecos de entrega|usuarios)\b[^.!?]{0,40}\b(?:estao|esta|ficaram) (?:\w+ ){0,2}(?:vazi[oa]s?|em branco|apagad[oa]s)\b`,
    String.raw`\b(?:ruoli|permessi|regole|impostazioni|indirizzi di consegna|utenti)\b[^.!?]{0,40}\b(?:sono|e) (?:\w+ ){0,2}(?:vuot[ieo]|cancellat[ie]|azzerat[ie])\b`,
    String.raw`\b(?:rollen|rechten|regels|instellingen|afleveradressen|gebruikers)\b[^.!?]{0,40}\b(?:zijn|is) (?:\w+ ){0,3}(?:leeg|gewist|verdwenen)\b`,
    String.raw`\b(?:role|uprawnienia|reguly|ustawienia|adresy dostaw|uzytkownicy)\b[^.!?]{0,40}\b(?:sa|jest) (?:\w+ ){0,2}(?:puste|wyczyszczone|usuniete)\b`,
    String.raw`\b(?:faturas|enderecos|historico|dados)\b[^.!?]{0,40}\b(?:sumiram|sumiu|desaparece\w*|apagad[oa]s|excluid[oa]s)\b`,
    // orders gone from the account, not a parcel lost on the way: "todos os nossos pedidos antigos sumiram da conta"
    String.raw`\bpedidos\b[^.!?]{0,40}\b(?:sumiram|desapareceram|foram apagados|foram excluidos)\b[^.!?]{0,10}\b(?:da|do) (?:conta|historico|portal|sistema|painel)\b`,
    String.raw`\b(?:fatture|indirizzi|storico|dati)\b[^.!?]{0,40}\b(?:spariti|sparite|scompars\w*|cancellat[ie]|vuoto)\b`,
    // No longer shown, in es fr de pt it nl pl: "les factures ne s'affichent plus dans notre compte",
    // "las reglas de aprobación ya no aparecen", "die Rechnungen werden nicht mehr angezeigt".
    String.raw`\b(?:facturas|pedidos|direcciones|historial|datos|reglas(?: de aprobacion)?)\b[^.!?]{0,60}\bya no (?:aparecen|aparece|estan|esta|salen|sale|se ven|se muestran)\b`,
    String.raw`\b(?:factures|commandes|bons de commande|adresses|historique|donnees|regles(?: d'approbation)?)\b[^.!?]{0,60}\bne (?:s'affichent|s'affiche|apparaissent|apparait|figurent|sont) plus\b`,
    String.raw`\b(?:rechnungen|bestellungen|auftrage|bestellhistorie|\w*adressen|daten|\w*regeln)\b[^.!?]{0,60}\b(?:(?:sind|ist|werden|wird) (?:\w+ ){0,3}nicht mehr (?:da|sichtbar|vorhanden|zu sehen|angezeigt)|nicht mehr (?:da|sichtbar|vorhanden|zu sehen) (?:sind|ist))\b`,
    String.raw`\b(?:faturas|pedidos|enderecos|historico|dados|regras(?: de aprovacao)?)\b[^.!?]{0,60}\bnao (?:aparecem|aparece|estao|esta) mais\b`,
    String.raw`\b(?:fatture|ordini|indirizzi|storico|dati|regole(?: di approvazione)?)\b[^.!?]{0,60}\bnon (?:compaiono|compare|ci sono|c'e|sono|si vedono) piu\b`,
    String.raw`\b(?:facturen|bestellingen|adressen|bestelgeschiedenis|gegevens|\w*regels)\b[^.!?]{0,60}\b(?:(?:zijn|is|staan|staat|worden|wordt) (?:\w+ ){0,3}niet meer (?:te zien|zichtbaar|aanwezig|getoond)|(?:staan|staat|zijn) (?:er )?niet meer)\b`,
    String.raw`\b(?:faktury|zamowienia|adresy|historia zamowien|dane|regu[lł]\S*)\b[^.!?]{0,60}\b(?:juz nie (?:wyswietlaja sie|wyswietla sie|sa widoczne|widac)|nie (?:wyswietlaja sie|wyswietla sie|sa widoczne|widac|ma ich) juz)\b`,
    String.raw`\b(?:facturen|adressen|bestelgeschiedenis|bestellingen|gegevens|\w*catalogus|adresboek)\b[^.!?]{0,40}\b(?:verdwenen|verwijderd|leeg)\b`,
    // "kein einziger alter Auftrag mehr zu sehen": nothing of theirs is shown any more
    String.raw`\bkeine?r? (?:einzige[rn]? )?(?:alte[rn]? )?(?:auftrag|auftrage|bestellung\w*|rechnung\w*|adresse\w*|daten)\b[^.!?]{0,30}\bmehr (?:zu sehen|da|sichtbar|vorhanden|angezeigt)\b`,
    String.raw`\b(?:faktury|adresy|historia zamowien|dane|regu[lł]\S*)\b[^.!?]{0,40}\b(?:znikn\w*|usuni\w*|pust\w*)`,
    // The verb first: "¿por qué se borraron todos nuestros datos?", "sumiram todas as faturas",
    // "warum sind alle unsere Rechnungen weg?", "zniknęły wszystkie faktury"
    String.raw`\b(?:se borraron|se borro|se perdieron|se perdio|se eliminaron|desaparecieron|desaparecio)\b (?:\w+ ){0,3}(?:facturas|direcciones|historial|datos|pedidos|registros|archivos)\b`,
    String.raw`\b(?:sumiram|sumiu|apagaram|desapareceram|se perderam|foram apagad[oa]s)\b (?:\w+ ){0,3}(?:faturas|enderecos|historico|dados|pedidos|registros|arquivos)\b`,
    String.raw`\b(?:sono (?:spariti|sparite|scomparsi|scomparse|stati cancellati|state cancellate)|hanno cancellato|abbiamo perso)\b (?:\w+ ){0,3}(?:fatture|indirizzi|storico|dati|ordini|file)\b`,
    String.raw`\b(?:ont disparu|a disparu|ont ete (?:supprime|efface)\w*|avons perdu)\b (?:\w+ ){0,3}(?:factures|adresses|historique|donnees|fichiers|commandes)\b`,
    String.raw`\b(?:sind|ist)\b (?:\w+ ){0,3}(?:daten|rechnungen|bestellungen|adressen|auftrage|bestellhistorie|dateien)\b (?:\w+ ){0,4}(?:weg|verschwunden|geloscht|leer)\b`,
    String.raw`\b(?:zijn|is)\b (?:\w+ ){0,3}(?:gegevens|facturen|bestellingen|adressen|bestanden)\b (?:\w+ ){0,2}(?:verdwenen|verwijderd|weg|kwijt)\b`,
    String.raw`\b(?:znikn\S*|usuni\S*|stracili\S*) (?:\S+ ){0,3}(?:faktury|adresy|historia|dane|zamowienia|pliki)\b`,
  ].join('|'),
  'i',
);

/**
 * A question about what happens after the customer's own planned step ("once we shut the account
 * down, how soon is our data wiped?", "if we close the account, when is our data deleted?", "if
 * the school closes its account…", "once our account is deleted…"): the privacy policy answers
 * it; nothing has been lost or broken into.
 */
const PLANNED_STEP = new RegExp(
  [
    String.raw`\b(?:once|if|after|when|before) (?:we|i) (?:\w+ )?(?:close|closes|shut|delete|cancel|remove|leave|downgrade|deactivate|terminate|end|stop)\w*\b`,
    // Another who decides for the account ("if the council closes its account"), or the account
    // closed as the condition ("once our account is deleted").
    String.raw`\b(?:once|if|after|when|before) (?:the|our|my) (?:\w+ ){0,2}?(?:closes|shuts|deletes|cancels|terminates|deactivates|ends) (?:its|their|our|the|his|her) (?:\w+ )?(?:account|subscription|contract)\b`,
    String.raw`\b(?:once|if|after|when|before) (?:the|our|my|an|your) (?:\w+ )?(?:account|subscription|contract) (?:is|gets|has been|was|got) (?:closed|deleted|cancell?ed|terminated|deactivated|removed|shut down)\b`,
  ].join('|'),
);
/**
 * The same step in the other languages: "if / once / after" and a verb closing or deleting the
 * account (es, fr, de, pt, it, nl, pl, folded), or the account closed as a condition in Japanese,
 * Chinese, Arabic and Thai ("解約したら", "注销账户后", "بعد إغلاق الحساب", "ยกเลิกบัญชีแล้ว").
 */
const PLANNED_STEP_OTHERS = new RegExp(
  [
    // es: "si cerramos la cuenta", "después de dar de baja"
    String.raw`\b(?:si|cuando|una vez que|despues de(?: que)?)\b[^.!?]{0,20}\b(?:cerramos|cerremos|cerrar|cancelamos|cancelemos|eliminamos|eliminemos|borramos|borremos|damos de baja|demos de baja|dar de baja|cierro|doy de baja)\b`,
    // fr: "si on ferme le compte", "après la suppression du compte"
    String.raw`\b(?:si|quand|lorsque|une fois que?|apres)\b[^.!?]{0,20}\b(?:(?:on|nous|je) (?:ferme|fermons|fermerons|supprime|supprimons|supprimerons|resilie|resilions|cloture|cloturons)|avoir (?:ferme|supprime|resilie|cloture)|la (?:fermeture|suppression|resiliation|cloture))\b`,
    // de: "wenn wir das Konto kündigen", "nach der Kündigung"
    String.raw`\b(?:wenn|falls|sobald|nachdem)\b (?:wir|ich)\b[^.!?]{0,30}\b(?:kundigen|kundige|loschen|losche|schliessen|schliesse|auflosen|deaktivieren)\b|\bnach (?:der )?(?:kundigung|loschung|schliessung)\b`,
    // pt: "se encerrarmos a conta", "depois do cancelamento"
    String.raw`\b(?:se|quando|depois de|assim que|apos)\b[^.!?]{0,20}\b(?:fecharmos|encerrarmos|cancelarmos|excluirmos|apagarmos|o encerramento|o cancelamento|a exclusao)\b`,
    // it: "se chiudiamo l'account", "dopo la disdetta"
    String.raw`\b(?:se|quando|una volta che)\b[^.!?]{0,20}\b(?:chiudiamo|chiuderemo|chiudo|cancelliamo|cancelleremo|disdiciamo|disdico|eliminiamo|disattiviamo)\b|\bdopo (?:aver(?:e)? (?:chiuso|cancellato|disdetto|eliminato)|la (?:chiusura|cancellazione|disdetta))\b`,
    // nl: "als we ons account opzeggen", "na het opzeggen"
    String.raw`\b(?:als|zodra|nadat|wanneer)\b (?:we|wij|ik)\b[^.!?]{0,30}\b(?:opzeggen|opzeg|verwijderen|sluiten|opheffen|beeindigen)\b|\bna (?:het )?(?:opzeggen|verwijderen|sluiten|opheffen)\b`,
    // pl: "jeśli zamkniemy konto", "po usunięciu konta"
    String.raw`\b(?:jesli|jezeli|gdy|kiedy)\b[^.!?]{0,30}\b(?:zamkniemy|zamkne|usuniemy|usune|zrezygnujemy|anulujemy|wypowiemy)\b|\bpo (?:zamknieciu|usunieciu|rezygnacji|anulowaniu|wypowiedzeniu)\b`,
  ].join('|'),
);
const PLANNED_STEP_SCRIPTS = foldedPattern(
  '(?:解約|退会|アカウント(?:を)?削除|アカウント(?:を)?閉鎖)(?:したら|した後|後|すると|する場合|すれば)|(?:注销|销户)(?:了)?(?:账户|账号|帐户|帐号)?(?:以后|之后|后)|(?:取消|关闭|删除|關閉|刪除)(?:了)?(?:账户|账号|帐户|帐号|帳戶|帳號)(?:以后|之后|後|后)|(?:如果|要是|一旦)(?:我们|我)?(?:注销|取消|关闭|删除)(?:了)?(?:账户|账号|帐户|帐号)|(?:إذا|اذا|لو|بعد|عند) ?(?:أغلقنا|اغلقنا|ألغينا|الغينا|حذفنا|إغلاق|اغلاق|إلغاء|الغاء|حذف) ?(?:ال)?حساب|(?:ยกเลิก|ปิด|ลบ)บัญชี(?:แล้ว|ไปแล้ว)|(?:ถ้า|หาก|หลังจาก|หลังจากที่)(?:เรา|ผม|ฉัน)?(?:ยกเลิก|ปิด|ลบ)',
);
/** A question in those scripts: a question mark or a word that asks when, how long or whether. */
const ASKS_IN_SCRIPTS = foldedPattern(
  '[?？؟]|いつ|どのくらい|ますか|でしょうか|什么时候|何时|多久|吗|嗎|متى|هل|كم|เมื่อไหร่|เมื่อไร|ไหม|กี่วัน|อย่างไร|ยังไง',
);
export function asksAboutPlannedStep(text: string): boolean {
  if (PLANNED_STEP_SCRIPTS.test(text) && ASKS_IN_SCRIPTS.test(text)) return true;
  return (
    (PLANNED_STEP.test(text) || PLANNED_STEP_OTHERS.test(text)) &&
    (text.includes('?') || questionType(text) !== 'other')
  );
}

/**
 * A question about how long data is kept before it is deleted ("how many days are old chats stored
 * before they get wiped?", "how long do you keep invoices before purging them?", "¿cuánto tiempo
 * guardan los datos antes de borrarlos?"): the privacy and retention articles answer it; nothing
 * has been lost.
 */
const RETENTION_QUESTION = new RegExp(
  [
    String.raw`\b(?:how long|how many (?:days|weeks|months|years)|when)\b[^.!?]{0,60}\b(?:kept|stored|retained|saved|stay|stays|keep|store|retain|hold)\b[^.!?]{0,40}\bbefore\b[^.!?]{0,30}\b(?:deleted?|wiped?|purged?|erased?|removed?|deleting|wiping|purging|erasing|removing)\b`,
    String.raw`\b(?:retention|retain|keep|store)\b[^.!?]{0,40}\b(?:until|before) (?:they|it|the \w+|data|that|those) (?:get |gets |is |are |will be )?(?:deleted|wiped|purged|erased)\b`,
    String.raw`\bcuanto tiempo\b[^.!?]{0,60}\b(?:guardan|conservan|almacenan)\b[^.!?]{0,40}\bantes de (?:borrar|eliminar)\w*`,
    String.raw`\bcombien de temps\b[^.!?]{0,60}\b(?:conservez|gardez|stockez)\b[^.!?]{0,40}\bavant de(?:s)? (?:les )?(?:supprimer|effacer)\b`,
    String.raw`\bwie lange\b[^.!?]{0,60}\b(?:gespeichert|aufbewahrt|behalten)\b[^.!?]{0,40}\bbevor\b[^.!?]{0,30}\b(?:geloscht|entfernt)\b`,
    String.raw`\bquanto tempo\b[^.!?]{0,60}\b(?:guardam|mantem|armazenam|conservate|tenete|conservano)\b[^.!?]{0,40}\bprima (?:di|che)\b|\bquanto tempo\b[^.!?]{0,60}\b(?:guardam|mantem|armazenam)\b[^.!?]{0,40}\bantes de\b`,
    String.raw`\bhoe lang\b[^.!?]{0,60}\b(?:bewaard|opgeslagen|bewaren)\b[^.!?]{0,40}\bvoordat\b`,
    String.raw`\bjak dlugo\b[^.!?]{0,60}\b(?:przechowujecie|przechowywane|trzymacie)\b[^.!?]{0,40}\b(?:zanim|przed)\b`,
  ].join('|'),
);
export function asksAboutRetention(text: string): boolean {
  return (text.includes('?') || questionType(text) !== 'other') && RETENTION_QUESTION.test(text);
}
const RETENTION_CLAUSE = new RegExp(RETENTION_QUESTION.source, 'g');

/**
 * A phone or a laptop wiped or reset ("new phone, the old one was wiped with the authenticator on
 * it"): a lost second factor or a device, not the account's data. Records said gone beside it
 * still count.
 */
const DEVICE_WIPED =
  /\b(?:phone|laptop|computer|device|tablet|ipad|iphone|android|mobile)\b[^.!?]{0,50}\b(?:wiped|reset)\b|\b(?:wiped|reset) (?:my|our|the|his|her|their) (?:old )?(?:phone|laptop|computer|device|tablet|ipad|iphone|mobile)\b/g;

/** Records that vanished, in Chinese, Japanese, Arabic and Thai (substrings, folded like the text). */
const RECORDS_GONE_SCRIPTS = foldedPattern(
  '(?:记录|数据|订单|发票|地址|历史|資料|紀錄)[^。！？!?]{0,12}(?:不见了|不見了|消失|被删|被刪|丢失|丟失|没了|沒了)|(?:データ|履歴|記録|注文|請求書|住所)[^。！？!?]{0,12}(?:消え|削除され|なくなっ|無くなっ)|(?:اختفت|اختفى|حذفت|حُذفت|ضاعت|فقدت|فقدنا)[^.!?؟]{0,30}(?:ال)?(?:بيانات|سجلات|طلبات|فواتير|عناوين|قواعد)|(?:ال)?(?:بيانات|سجلات|طلبات|فواتير|عناوين)[^.!?؟]{0,30}(?:اختفت|حذفت|ضاعت|فقدت)|(?:ข้อมูล|ประวัติ|คำสั่งซื้อ|ใบแจ้งหนี้)[^.!?]{0,20}(?:หายหมด|หายไป|ถูกลบ)',
);

/**
 * Data the customer wants deleted ("I just want my own personal data deleted, who do I write
 * to?", "please have our old records erased"): a privacy request the privacy article answers,
 * not data lost. Said gone as a fact ("our data was deleted") it is still lost.
 */
const DELETION_WANTED =
  /\b(?:want|wants|would like|'d like|need|wish|asking|request\w*|can you|could you|please|pls|have|get)\b[^.!?]{0,40}\b(?:data|account|records|info\w*|details|history)\b (?:deleted|removed|erased|purged|wiped)\b/;
const LOSS_STATED =
  /\b(?:was|were|got|has been|have been|is|are|went) (?:all |just |completely )?(?:deleted|removed|erased|wiped|gone|missing|lost)\b/;

/** Data the customer asks to have deleted, with nothing said lost (folded text). */
export function wantsDataDeleted(text: string): boolean {
  return DELETION_WANTED.test(text) && !LOSS_STATED.test(text);
}

/** Lost, deleted or wiped data, in the supported languages: always a person's job. */
export function mentionsDataLoss(text: string): boolean {
  if (asksAboutPlannedStep(text) || wantsDataDeleted(text)) return false;
  // A trailing-off "are just... empty now?" reads as one sentence. A question about how long data
  // is kept is taken out; records said gone beside it still count.
  const withoutRetention = asksAboutRetention(text) ? text.replace(RETENTION_CLAUSE, ' ') : text;
  const withoutDevices = withoutRetention.replace(DEVICE_WIPED, ' ').replace(/ ?(?:\.{2,}|…) ?/g, ' ');
  return (
    DATA_LOSS.test(withoutDevices) ||
    RECORDS_GONE.test(withoutDevices) ||
    RECORDS_GONE_SCRIPTS.test(withoutDevices)
  );
}
