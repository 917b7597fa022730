import { fold, foldedPattern } from './offline/text.js';
import { SHIPPING_DESTINATIONS } from './shipping-destinations.js';
import { SPENDING_CONTROLS } from './spending-controls.js';
import { UNSTATED_FEATURES } from './unstated-features.js';
import { UNSTATED_TERMS } from './unstated-terms.js';

/**
 * Services and document forms a question asks us for that only an article saying so can answer.
 * "Can we get our invoices in Dutch?", "能开增值税专用发票吗？" or "do you take the old chairs away
 * when you deliver the new ones?" find the invoices or the returns article: the topic is right,
 * but the article never says whether we do that, so quoting it answers a question nobody asked
 * (and says no without saying it). A person answers, and the question is recorded as a gap.
 *
 * Each kind is one entry: how a question asks for it, in the reply languages (and Chinese and
 * Japanese where they name it), and what an article that answers it says. Another help center
 * whose article states it ("invoices can be issued in English or German", "we recycle packaging")
 * answers the question itself.
 */
export interface UnstatedService {
  /** What the question asks for, for the staff note. */
  label: string;
  /** The question asks for it (folded text). */
  asks: RegExp;
  /** An article that says whether we do it (folded title, tags and body). */
  statedBy: RegExp;
  /** Only when the message asks (a question, "whether", "any chance"): said in passing it is the customer's news. */
  onlyAsked?: boolean;
}

// A document we issue or send: the thing a language, a paper copy or a form is asked for.
const DOCUMENT = String.raw`(?:invoices?|receipts?|credit notes?|statements?|documents?|paperwork|instructions|manuals?|contracts?|quotes?|facturas?|recibos?|factures?|recus?|rechnung\w*|beleg\w*|gutschrift\w*|dokument\w*|anleitung\w*|faturas?|notas?|fattur[ae]|ricevut[ae]|factu(?:ur|ren)|bonnen|documenten|handleiding\w*|faktur\w*|rachun\w*|paragon\w*|instrukcj\w*)`;

// A language asked for by name, in the reply languages' words for "in <language>".
const LANGUAGE_NAMES = String.raw`(?:english|french|german|spanish|dutch|italian|polish|portuguese|chinese|japanese|ingles|frances|aleman|espanol|castellano|neerlandes|holandes|italiano|polaco|portugues|chino|japones|anglais|francais|allemand|espagnol|neerlandais|italien|polonais|portugais|chinois|japonais|englisch|franzosisch|deutsch|spanisch|niederlandisch|hollandisch|italienisch|polnisch|portugiesisch|chinesisch|japanisch|inglese|francese|tedesco|spagnolo|olandese|polacco|portoghese|cinese|giapponese|engels|frans|duits|spaans|nederlands|italiaans|pools|portugees|chinees|japans|angielsk\w*|francusk\w*|niemieck\w*|hiszpansk\w*|holendersk\w*|niderlandzk\w*|wlosk\w*|polsk\w*|portugalsk\w*|chinsk\w*|japonsk\w*|polsku|angielsku|niemiecku|francusku)`;
const IN_LANGUAGE = String.raw`(?:\b(?:in|en|auf|em|in het|na|po|w jezyku|rediges? en|redigees? en|written in|translated (?:in)?to)\s+${LANGUAGE_NAMES}\b|\b(?:bilingual|bilingues?|zweisprachig\w*|bilingue\w*|tweetalig\w*|dwujezyczn\w*)\b)`;

// Taking things off the customer's hands, and what for.
const TAKE_AWAY = String.raw`(?:take|taking|takes|haul|hauling|collect|collecting|pick(?:ing)? up|remove|removing|dispose of|get rid of)`;
const FOR_RECYCLING = String.raw`(?:\b(?:for|to) (?:be )?recycl\w*|\bpara (?:su )?recicla\w*|\bpour (?:le |les )?recycl\w*|\bzum recyceln\b|\bzur entsorgung\b|\bper (?:il )?ricicl\w*|\bvoor (?:de )?recycling\b|\bdo (?:recyklingu|utylizacji)\b)`;

// A discount or special price, and the kinds of organization one may be asked for.
const DISCOUNT = String.raw`(?:discount\w*|reduced (?:price|rate)s?|special (?:price|pricing|rate)s?|(?:nonprofit|charity|education|educational|school|student) pricing|price breaks?|descuentos?|rebajas?|remises?|reductions?|rabais|rabatt\w*|nachlass\w*|preisnachlass\w*|descontos?|scont[oi]|kortings?\w*|rabat\w*|znizk\w*|ulg\w*)`;
const ORGANIZATION = String.raw`(?:charit\w*|nonprofits?|non-profits?|not-for-profits?|ngos?|schools?|school districts?|education\w*|universit\w*|colleges?|students?|churche?s?|ong|sin animo de lucro|beneficen\w*|escuelas?|educacion|colegios?|associations?|ecoles?|caritati\w*|gemeinnutzig\w*|vereine?|schulen?|bildung\w*|escolas?|educacao|beneficent\w*|scuol[ae]|istruzione|onlus|goede doel\w*|stichting\w*|onderwijs|scholen|fundacj\w*|szkol\w*|edukac\w*|organizacj\w* pozarzadow\w*)`;
const PRODUCT = String.raw`(?:headsets?|desks?|frames?|chairs?|lamps?|routers?|scanners?|printers?|monitor arms?|shelving|shelves|grinders?|machines?|cable kits?|tabletops?)`;
const COLOURS =
  'black|white|grey|gray|red|blue|green|silver|oak|walnut|beige|brown|navy|pink|yellow|orange|chrome|another colou?r|a different colou?r';
const COLOURS_ELSEWHERE =
  'negro|negra|blanco|blanca|gris|azul|rojo|roja|verde|noir|noire|blanc|blanche|bleu|rouge|vert|schwarz|weiss|weiß|grau|blau|rot|grun|preto|preta|branco|branca|cinza|vermelho|nero|bianco|grigio|blu|rosso|zwart|wit|witte|grijs|blauw|rood|groen|czarn\\w*|bia\\w*|szar\\w*|niebiesk\\w*|czerwon\\w*|zielon\\w*|otro color|autre couleur|andere(?:n|r)? farbe|outra cor|altro colore|andere kleur|inny kolor';

// One order paid two ways: part by card and part by transfer, or over two cards.
const PAYMENT_METHOD = String.raw`(?:cards?|credit cards?|debit cards?|bank transfers?|transfers?|wire|ach|invoice|po|paypal|cheque|check|amex|visa)`;
const SPLIT_ACROSS_METHODS = new RegExp(
  String.raw`\b(?:part|some|a portion)\b (?:of it )?(?:with|by|on|via|through) (?:(?:a|the|our|my) )?${PAYMENT_METHOD}\b[^.?!]{0,40}\b(?:part|some|the rest|remainder|rest)\b (?:of it )?(?:with|by|on|via|through|as|in) |\b(?:two|2|multiple|several|different) (?:(?:different|separate) )?(?:cards|payment methods|methods of payment|credit cards)\b[^.?!]{0,30}\b(?:same|one|single) (?:order|invoice|purchase|payment)\b|\b(?:split|divide)\b[^.?!]{0,30}\b(?:between|across|over) (?:two|2|multiple|several|different) (?:cards|payment methods|methods)\b|\b(?:pay|paying|payment)\b[^.?!]{0,30}\b(?:with|using|on) (?:two|2|multiple|several) (?:different )?(?:cards|payment methods|methods)\b`,
);
// One bill split in parts, in instalments, or prepaid as credit.
const SPLIT_OVER_TIME =
  /\bsplit (?:the |our |a |this |my )?(?:payment|bill|invoice|charge|cost|amount)s?\b|\bpay(?:ing)?\b[^.?!]{0,20}\bin (?:instal+ments|(?:two|2|three|3|several|monthly) (?:parts|payments|instal+ments|chunks))\b|\bhalf (?:by |on |with |via )?(?:card|credit card|ach|bank transfer|invoice|po)\b[^.?!]{0,20}\bhalf\b|\bpay\w* (?:by|in) instal+ments\b|\b(?:prepay|pre-pay)\b[^.?!]{0,40}\b(?:as|for) (?:a )?credit\b|\b(?:ratenzahlung|in raten|a plazos|en cuotas|en plusieurs fois|paiement fractionne|parcelad\w*|em parcelas|rateizz\w*|in termijnen|na raty|rataln\w*)\b|分期付款/u;

// A reference of the customer's own a document would carry: a purchase order number, a cost centre.
const CUSTOMER_REFERENCE = String.raw`(?:po|p\.o\.|purchase order|cost cent(?:er|re)|order reference|internal reference)(?: (?:numbers?|no\.?|refs?|references?|codes?))?\b`;

// Holidays, and what we might close or keep running over them.
const HOLIDAY = String.raw`(?:christmas|xmas|new year'?s?|(?:the )?holidays|holiday (?:season|period|week|break)|thanksgiving|easter|bank holidays?|public holidays?)`;
const OPEN_OR_SHIPPING = String.raw`(?:open|closed|ship|ships|shipping|deliver\w*|dispatch\w*|extend\w*|pause\w*)`;
const HOLIDAY_ELSEWHERE = String.raw`(?:navidad|ano nuevo|noel|nouvel an|fetes de fin d'annee|weihnacht\w*|zwischen den jahren|neujahr|feiertage[n]?|natal|ano novo|natale|capodanno|kerst(?:dagen|mis|vakantie)?|oud en nieuw|nieuwjaar|feestdagen|swiat\w*|boze narodzenie|nowy rok|sylwester)`;
const OPEN_OR_SHIPPING_ELSEWHERE = String.raw`(?:abiert\w*|cerrad\w*|envi(?:an|ais|os)\b|entreg\w*|ouvert\w*|ferme\w*|expedi\w*|livr\w*|geoffnet|geschlossen|versand\w*|versend\w*|liefer\w*|aberto\w*|fechad\w*|aperti|aperto|chius\w*|spedi\w*|consegn\w*|gesloten|verzend\w*|lever\w*|bezorg\w*|otwart\w*|zamkni\w*|wysyl\w*|dostaw\w*)`;

const SERVICES: readonly UnstatedService[] = [
  {
    label: 'a document in a language the articles do not offer',
    asks: new RegExp(
      String.raw`\b${DOCUMENT}\b[^.?!]{0,60}${IN_LANGUAGE}|${IN_LANGUAGE}[^.?!]{0,30}\b${DOCUMENT}\b|(?:中文|英文|日文|双语|雙語|中英)(?:的)?(?:发票|發票|收据|收據)|(?:发票|發票|收据|收據)[^。？?！!]{0,6}(?:开成|開成|写成|寫成|改成|换成|換成|做成|用)(?:中文|英文|日文|双语|雙語|中英)|(?:英語|日本語|英文)(?:の|で)(?:請求書|領収書)`,
      'u',
    ),
    statedBy: /\blanguages?\b|\bin (?:english|french|german|spanish|dutch|italian|polish|portuguese)\b/,
  },
  {
    label: 'a paper copy sent by post',
    asks: new RegExp(
      String.raw`\b${DOCUMENT}\b[^.?!]{0,60}\b(?:by (?:post|mail|snail ?mail)|in the (?:post|mail)|on paper|paper cop(?:y|ies)|printed cop(?:y|ies)|per (?:post|brief)|auf papier|par (?:courrier|la poste)|sur papier|por correo(?: postal)?|en papel|pelo correio|em papel|per posta|su carta|cartace\w*|op papier|papieren|poczta|listownie|w wersji papierowej|papierow\w*)\b|\b(?:paper|printed|papieren|papierow\w*|cartace\w*)\s+${DOCUMENT}\b[^.?!]{0,40}\b(?:by|per|via|par|por|pelo|poczta)\b`,
    ),
    statedBy: /\b(?:by post|by mail|paper|printed cop\w*|postal)\b/,
  },
  {
    label: "a country's own tax document or e-invoicing network",
    asks: new RegExp(
      String.raw`(?:增值税|增值稅)?专用发票|专票|專用發票|\b(?:fapiao|nota fiscal|nf-?e|cfdi|factura electronica|fattura elettronica|e-?fattura|fattura pa|xrechnung|zugferd|factur-?x|peppol|ksef|e-?invoic\w*|e-?faktur\w*|faktur\w* ustrukturyzowan\w*)\b`,
      'u',
    ),
    statedBy:
      /\b(?:fapiao|nota fiscal|cfdi|fattura elettronica|xrechnung|zugferd|factur-?x|peppol|ksef|e-?invoic\w*)\b|专用发票/u,
  },
  {
    label: 'a statement of account',
    // A bank's statement ("Kontoauszug", "estado de cuenta") is the customer's own: only a supplier's
    // statement or balance confirmation is asked of us.
    asks: /\bstatement\b[^.?!]{0,30}\b(?:with|of|listing|showing|covering) (?:all|every|each) (?:[\w-]+ ){0,4}invoices\b|\b(?:statements? of (?:account|accounts|balance)|(?:year-?end|annual|yearly) (?:account )?statements?|saldenbestatigung\w*|saldobestatigung\w*|saldobevestiging\w*|potwierdzeni\w* sald\w*|conferma (?:del )?saldo|confirmation de solde|confirmacion de saldo|confirmacao de saldo)\b|对账单|對賬單|残高確認書/u,
    statedBy: /\bstatements? of account|\baccount statements?\b/,
  },
  {
    label: 'taking old things away (disposal or recycling)',
    asks: new RegExp(
      [
        // take back, haul away or collect the old chairs or the old packaging ("used" would be a return)
        String.raw`\b${TAKE_AWAY}\b[^.?!]{0,20}\b(?:old|empty)\s+[^.?!]{0,30}\b(?:furniture|chairs?|desks?|tables?|packaging|boxes|cartons|pallets?|equipment|machines?|printers?|ones)\b`,
        // the packaging a delivery came in, taken away ("will the crew take the cardboard away?")
        String.raw`\b${TAKE_AWAY}\b (?:(?:all|any) )?(?:the |our |of the )?(?:cardboard|packaging|packing|wrapping|boxes|cartons|pallets?|crates?)(?: \w+)? (?:away|with (?:them|you))\b|\b(?:take|haul|carry|clear) away (?:(?:all|any) )?(?:the |our )?(?:cardboard|packaging|packing|wrapping|boxes|cartons|pallets?|crates?)\b`,
        // … for recycling, in every reply language
        String.raw`\b${TAKE_AWAY}\b[^.?!]{0,60}${FOR_RECYCLING}`,
        // es, fr, de, pt, it, nl, pl: collect or take back old things or packaging
        String.raw`\b(?:retiran|retirais|recogen|recogeis|se llevan|reprenez|recuperez|reprennent|enlevez|nehmt ihr|nehmen sie|holt ihr|holen sie|entsorgt ihr|entsorgen sie|recolhem|levam|ritirate|ritirano|portate via|nemen jullie|halen jullie|odbieracie|odbierzecie|zabieracie)\b[^.?!]{0,60}\b(?:viej\w*|anciens?|anciennes?|alte\w*|antig\w*|velh\w*|vecch\w*|oude|stare|starych|embalaj\w*|emballages?|verpackung\w*|embalage\w*|imballag\w*|verpakking\w*|opakowan\w*|kartony|kartonow|cajas|cartons|dozen)\b`,
        // … asked with "can you" and the infinitive ("pouvez-vous reprendre nos anciens meubles ?"):
        // old things only, as collecting the boxes of a return is the return's label.
        String.raw`\b(?:retirar|recoger|llevaros|llevarse|reprendre|enlever|emporter|debarrasser|mitnehmen|mitzunehmen|entsorgen|recolher|levar|ritirare|portare via|smaltire|meenemen|afvoeren|odebrac|zabrac|wywiezc)\b[^.?!]{0,30}\b(?:viej[oa]s|anciens|anciennes|alten|velh[oa]s|vecch[ie]|oude|stare|starych)\b`,
      ].join('|'),
    ),
    statedBy: /\brecycl\w*|\bdispos\w*|\bhaul\w* away\b|\btake (?:back|away) (?:old|used|packaging)\b/,
  },
  {
    label: 'a discount or a gift for a kind of organization (charities, schools)',
    asks: new RegExp(
      [
        String.raw`\b${DISCOUNT}[^.?!]{0,60}\b${ORGANIZATION}|\b${ORGANIZATION}[^.?!]{0,40}\b${DISCOUNT}`,
        String.raw`\b(?:give|donate|donat\w*|offer)\b[^.?!]{0,50}\b(?:to|for) (?:a |registered )?(?:charit\w*|nonprofits?|non-profits?|schools?)\b`,
        String.raw`(?:خصم|تخفيض)[^.?!؟]{0,30}(?:خيري|جمعي|مدارس|مدرس|تعليم)|(?:慈善|学校|教育|非営利|非营利)[^。？?]{0,15}(?:折扣|优惠|割引)|(?:折扣|优惠|割引)[^。？?]{0,15}(?:慈善|学校|教育|非営利|非营利)`,
      ].join('|'),
      'u',
    ),
    statedBy: new RegExp(
      String.raw`\b${ORGANIZATION}[^.]{0,40}\b${DISCOUNT}|\b${DISCOUNT}[^.]{0,40}\b${ORGANIZATION}`,
    ),
  },
  {
    label: "a product's colour or finish",
    asks: new RegExp(
      [
        String.raw`\b(?:do|does) (?:you|u|ya|they|it)\b[^.?!]{0,50}\bin (?:${COLOURS})\b|\b(?:come|comes|available|stock|carry|sell|make) (?:\w+ ){0,2}in (?:${COLOURS})\b|\b(?:other|another|different|diff|more) (?:colou?rs?|finish(?:es)?)\b|\bcolou?r (?:options|choices|variants?)\b`,
        String.raw`\b(?:tienen|teneis|hay|venden|avez-vous|avez vous|existe|gibt es|habt ihr|haben sie|fuhrt ihr|tem|tem(?:os)?|vendem|avete|c'e|vendete|hebben jullie|is er|verkopen jullie|macie|czy jest|sprzedajecie)\b[^.?!]{0,50}\b(?:${COLOURS_ELSEWHERE})\b`,
      ].join('|'),
    ),
    statedBy: /\bcolou?rs?\b|\bfinish(?:es)?\b/,
  },
  {
    label: 'whether a product works with something else',
    asks: new RegExp(
      String.raw`\b${PRODUCT}\b[^.?!]{0,30}(?:\b(?:is|are) (?:it |they )?compatible with|(?<!how )\b(?:does|do|will|would) (?:it|they|that|this) (?:work|play) with|\bwork(?:s)? with (?:both|all|either|\w+ (?:and|or) \w+)\b)|\b(?:is|are|does|do|will|would)\b (?:the |your |this |that |a |our |an )?(?:[\w-]+ ){0,3}${PRODUCT}\b[^.?!]{0,20}\b(?:compatible with|work with|fit (?:on|onto))`,
    ),
    statedBy: /\bcompatib\w*/,
  },
  {
    label: 'a payment split or spread over time',
    asks: new RegExp(`${SPLIT_ACROSS_METHODS.source}|${SPLIT_OVER_TIME.source}`, 'u'),
    statedBy:
      /\binstal+ments?\b|\bsplit\w*\b[^.]{0,30}\bpayments?\b|\bprepa(?:y|id) credit\b|\b(?:two|multiple|several) (?:payment methods|cards)\b/,
  },
  // A weekend delivery is one service, a day of the customer's choosing another: an article that
  // says there is no Saturday delivery answers the first and not the second.
  {
    label: 'a delivery on a weekend day',
    asks: new RegExp(
      [
        String.raw`\b(?:saturday|sunday|weekend) (?:deliver(?:y|ies)|drop[- ]?offs?)\b|\bdrop[- ]?offs?\b[^.?!]{0,20}\b(?:on|at|over) (?:a |the )?(?:saturdays?|sundays?|weekends?)\b|\b(?<!(?:was|were|been|got|is|it) )deliver(?:y|ies|ed|s)?\b[^.?!]{0,30}\b(?:on|at|over) (?:a |the )?(?:saturdays?|sundays?|weekends?)\b`,
        String.raw`\bentreg\w*[^.?!]{0,30}\b(?:sabados?|domingos?|fin(?:es)? de semana|fim de semana)`,
        String.raw`\blivr\w*[^.?!]{0,30}\b(?:samedis?|dimanches?|week-?ends?)\b`,
        String.raw`\b(?:liefer\w*|zustell\w*)[^.?!]{0,30}\b(?:samstags?|sonntags?|wochenende)\b|\bsamstagszustellung\w*`,
        String.raw`\bconsegn\w*[^.?!]{0,30}\b(?:sabato|domenica|fine settimana)`,
        String.raw`\b(?:lever\w*|bezorg\w*)[^.?!]{0,30}\b(?:zaterdag\w*|zondag\w*|weekend)\b`,
        String.raw`\bdostaw\w*[^.?!]{0,30}\b(?:sobot\w*|niedziel\w*|weekend\w*)`,
      ].join('|'),
    ),
    // "no Saturday or Sunday delivery" states it as well as "Saturday delivery is available".
    statedBy:
      /\b(?:saturday|sunday|weekend)(?: (?:or|and) (?:saturday|sunday))? deliver\w*|\bdeliver\w* on (?:saturdays?|sundays?|weekends?)\b/,
    onlyAsked: true,
  },
  {
    label: 'a delivery on a chosen date',
    asks: new RegExp(
      [
        String.raw`\bdeliver\w*\b[^.?!]{0,30}\bon (?:a |one )?(?:specific|particular|certain|set|chosen|fixed|given) (?:day|date)\b|\b(?:specific|particular|chosen|fixed) delivery (?:day|date)\b|\b(?:choose|pick|select|book) (?:a |the |our )?delivery (?:day|date)\b`,
        String.raw`\bentreg\w*[^.?!]{0,30}\b(?:dia|fecha|data) (?:concret|especific|determinad|cert)\w*`,
        String.raw`\blivr\w*[^.?!]{0,30}\b(?:jour (?:precis|particulier|donne)|date (?:precise|particuliere|donnee))\b`,
        String.raw`\b(?:liefer\w*|zustell\w*)[^.?!]{0,30}\b(?:bestimmten|festen|gewunschten) (?:tag|datum|termin)\b|\bwunschtermin\w*`,
        String.raw`\bconsegn\w*[^.?!]{0,30}\b(?:giorno|data) (?:specific|precis)\w*`,
        String.raw`\b(?:lever\w*|bezorg\w*)[^.?!]{0,30}\b(?:bepaalde|specifieke|vaste) (?:dag|datum)\b`,
        String.raw`\bdostaw\w*[^.?!]{0,30}\b(?:konkretny|okreslony|wybrany) (?:dzien|termin|date)`,
      ].join('|'),
    ),
    statedBy: /\b(?:choose|pick) (?:a |the |your )?delivery (?:day|date)\b/,
    onlyAsked: true,
  },
  {
    label: 'a delivery at a chosen time of day',
    asks: new RegExp(
      [
        String.raw`\b(?:delivery |deliveries )?time (?:windows?|slots?)\b|\bdelivery slots?\b|\b(?:choose|pick|select|book|request|set|specify|narrow)\b[^.?!]{0,20}\bdelivery windows?\b|\b(?:mornings?|afternoons?|evenings?) only\b|\bonly (?:in the )?(?:mornings?|afternoons?|evenings?)\b|\b(?:a |an )?(?:morning|afternoon|evening) deliver(?:y|ies)\b|\bdeliver\w* (?:it |them )?(?:only )?in the (?:morning|afternoon|evening)\b`,
        String.raw`\b(?:franja horaria|horario de entrega|solo por la (?:manana|tarde)|creneau(?:x)?(?: horaires?)?|plage horaire|(?:le matin|l'apres-midi) uniquement|uniquement le matin|(?:liefer)?zeitfenster|nur (?:vormittags|morgens|nachmittags)|janela de (?:entrega|horario)|faixa de horario|(?:so|apenas) (?:de|pela) manha|fascia oraria|finestra di consegna|solo (?:di|la) mattina|tijdvak|tijdslot|bezorgvenster|alleen 's ochtends|alleen in de ochtend|przedzial czasow\w*|okno (?:czasowe|dostawy)|tylko rano)\b`,
        String.raw`時間指定|配達時間を指定|指定时间送货|送货时间段|上午送货|ช่วงเวลาจัดส่ง`,
      ].join('|'),
      'u',
    ),
    statedBy:
      /\b(?:time (?:window|slot)s?|delivery (?:window|slot)s?|(?:morning|afternoon|evening) deliver\w*)\b/,
    onlyAsked: true,
  },
  {
    label: 'a document laid out or dated our own way (one combined file, a cover page, another date)',
    asks: new RegExp(
      String.raw`\b(?:single|one|combined|merged|consolidated|one big) (?:pdf|file|document)\b[^.?!]{0,40}\b${DOCUMENT}\b|\b${DOCUMENT}\b[^.?!]{0,40}\b(?:(?:in|into|as) (?:a |one )?(?:single|one|combined|merged|consolidated) (?:pdf|file|document)|cover (?:page|sheet))\b|\b${DOCUMENT}\b[^.?!]{0,20}\bdated (?:on|by|at|from|to|with) (?:the )?(?:delivery|dispatch|shipping|shipment|ship date|order date)\b|\b(?:change|switch|move|set)\b[^.?!]{0,20}\binvoice dates?\b`,
    ),
    statedBy:
      /\bcover (?:page|sheet)\b|\b(?:single|combined|merged) pdf\b|\binvoice date\b|\bdated (?:on|by)\b/,
    onlyAsked: true,
  },
  {
    label: 'our schedule over a holiday',
    asks: new RegExp(
      [
        String.raw`\b(?:you|your|u|ur|anything|nothing|shipping|deliveries|support)\b[^.?!]{0,40}\b${OPEN_OR_SHIPPING}\b[^.?!]{0,40}\b${HOLIDAY}\b`,
        String.raw`\b${HOLIDAY}\b[^.?!]{0,40}\b(?:you|your|u|ur|anything|nothing|shipping|deliveries|support)\b[^.?!]{0,30}\b${OPEN_OR_SHIPPING}\b`,
        String.raw`\b${OPEN_OR_SHIPPING_ELSEWHERE}[^.?!]{0,40}\b${HOLIDAY_ELSEWHERE}|\b${HOLIDAY_ELSEWHERE}[^.?!]{0,40}\b${OPEN_OR_SHIPPING_ELSEWHERE}`,
        String.raw`(?:年末年始|正月|お盆|ゴールデンウィーク)[^。]{0,20}(?:配送|発送|休み|営業|休業)|(?:春节|过年|国庆)[^。]{0,20}(?:发货|放假|营业|配送)`,
      ].join('|'),
      'u',
    ),
    statedBy: /\b(?:holidays?|christmas|new year)\b/,
    onlyAsked: true,
  },
  {
    label: 'our own reference (a PO number, a cost centre) printed on invoices',
    asks: new RegExp(
      String.raw`\b(?:invoices?|receipts?|credit notes?)\b[^.?!]{0,20}\b(?:show|include|carry|display|have|mention|list|print|state|bear|quote|reference)s?\s+(?:our |the |a |their |my )?(?:own )?${CUSTOMER_REFERENCE}|\b(?:add|put|include|print|show|quote|reference|mention)\b (?:our |the |a |my )?(?:own )?${CUSTOMER_REFERENCE}[^.?!]{0,15}\b(?:on|to|in|onto) (?:the |our |all |each |every |future |an? )?(?:invoices?|receipts?|credit notes?)\b|\b(?:our|the|my) (?:own )?${CUSTOMER_REFERENCE} (?:be |get |gets |is |are )?(?:printed|shown|included|added|put|displayed|quoted|mentioned)\b[^.?!]{0,10}\b(?:on|in|onto) (?:the |our |all |each |every |future |an? )?(?:invoices?|receipts?|credit notes?)\b`,
    ),
    statedBy:
      /\b(?:po|purchase order|cost cent(?:er|re)) (?:numbers?|references?|fields?)\b[^.]{0,40}\b(?:invoices?|appear|printed|shown)\b|\binvoices?\b[^.]{0,40}\b(?:po|purchase order) (?:numbers?|references?)\b/,
    onlyAsked: true,
  },
  ...UNSTATED_FEATURES,
  ...UNSTATED_TERMS,
  ...SHIPPING_DESTINATIONS,
  ...SPENDING_CONTROLS,
];

const ASKING =
  /[?？؟]|\b(?:whether|wondering|any chance|can (?:you|we|i)|could (?:you|we)|do (?:you|u|ya|y'?all)|is there|czy|ob ihr|ob sie|si vous|se voces|se voi|of jullie)\b/u;

// A question without its mark, by its particle: Thai "ได้ไหม", Chinese "吗", Japanese "ですか", Arabic "هل".
const ASKING_SCRIPTS = foldedPattern('ไหม|มั้ย|หรือเปล่า|吗|嗎|ですか|ますか|(?:^|\\s)هل\\s');

/**
 * What the question asks us for that none of the given articles (title, tags and body of each)
 * states whether we do: empty when it asks for none of these, or an article says.
 */
export function servicesNotInArticles(question: string, articles: readonly string[]): string[] {
  const q = fold(question).replace(/\s+/g, ' ');
  const asking = ASKING.test(q) || ASKING_SCRIPTS.test(q);
  const asked = SERVICES.filter((s) => (asking || !s.onlyAsked) && s.asks.test(q));
  if (!asked.length) return [];
  const read = articles.map(fold);
  return asked.filter((s) => !read.some((a) => s.statedBy.test(a))).map((s) => s.label);
}

/** Whether the question asks for one of these at all (before any article is read). */
export function asksForService(question: string): boolean {
  return servicesNotInArticles(question, []).length > 0;
}
