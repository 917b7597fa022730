/**
 * Questions whose words find a neighbour of the article that answers them: the words are on the
 * topic (returns, plans, shipping, security) but the concept asked about is one section of one
 * article ("who pays for return shipping", "orders placed before 2 pm ship the same business day").
 * Each entry adds that article's own words to the question (`$&` keeps the customer's), so the
 * lexical search weighs the concept, not only the topic. Read by `inArticleWords` (glossary.ts),
 * before its other entries.
 */

/** Sending goods back, said in everyday words. */
const SEND_BACK = String.raw`(?:send\w*|ship\w*|post\w*|mail\w*) (?:[a-z]+ ){0,3}?back|returning|returns?|return postage`;
/** What it costs the customer, or who bears it. */
const WHO_PAYS = String.raw`who (?:pays?|covers?|foots?)|(?:do|does|will|would|must) (?:we|i|us) (?:have to |need to )?pay|pay(?:ing)? for|costs?|costing|charg(?:e|es|ed|ing) (?:us|me|for)|come\w* out of|deduct\w*|keep\w* back|on (?:us|me)|take\w* (?:it |that |something )?off`;

/** Leaving the warehouse that same day, said of an order placed at some time. */
const SAME_DAY = String.raw`(?:still )?(?:go(?:es)? out|leave|leaves|ship|ships|get sent|be sent|dispatch(?:ed)?)`;

/** The plans by name. */
const PLAN = String.raw`(?:free|pro|enterprise)(?: plan| tier| account)?`;

/**
 * A move to the plan `to`, from the plan `from` when one is given ("drop from Pro to Free"); once a
 * move is read, the entries after it do not read it again.
 */
function planMove(to: string, from?: string): RegExp {
  const verb = String.raw`(?:go|goes|going|went|drop\w*|switch\w*|mov\w*|jump\w*|chang\w*|bump\w*|head\w*|fall\w*|revert\w*)`;
  const start = from
    ? String.raw`from (?:the )?${from} (?:(?:back|down|up) )?`
    : String.raw`(?:from (?:the )?${PLAN} (?:(?:back|down|up) )?)?`;
  return new RegExp(
    String.raw`\b${verb} (?:(?:right |straight )?(?:back|down|up) )?${start}to (?:the )?${to}\b(?![^.?!]{0,14}\bchange of plan\b)`,
    'g',
  );
}

/** A way of paying, named beside a refund ("we pay by PO, how do refunds work"). */
function refundPaidBy(method: string): RegExp {
  const paid = String.raw`\b(?:by|on|with|via|through|against|billed|invoiced) (?:a |an |our |the )?(?:${method})\b`;
  const refund = String.raw`\b(?:refund\w*|money back)\b`;
  return new RegExp(String.raw`${paid}(?=[^]{0,100}${refund})|(?<=${refund}[^]{0,100})${paid}`, 'g');
}

/**
 * A fault or a wrong item named anywhere in the question (the damaged-items article answers for it),
 * or a delivery refused (the cancellation article's).
 */
const FAULT = String.raw`refus\w*|defect\w*|damag\w*|broken|broke|faulty|wrong (?:item|thing|product|one)|bent|crack\w*|dent\w*|snapped|shattered`;

export const ARTICLE_CONCEPTS: Array<[RegExp, string, 'pointer'?]> = [
  // Who pays to send goods back, and whether it comes off the refund, is the labels article's "Who
  // pays for return shipping"; the return policy only says that a label is emailed.
  [
    new RegExp(
      String.raw`(?<!\b(?:${FAULT})\b[^]{0,300})(?:\b(?:${WHO_PAYS})\b(?=[^.?!]{0,60}\b(?:${SEND_BACK})\b)|(?<=\b(?:${SEND_BACK})\b[^.?!]{0,60})\b(?:${WHO_PAYS})\b)(?![^]{0,300}\b(?:${FAULT})\b)`,
      'g',
    ),
    '$& who pays for return shipping label costs nothing deducted',
    'pointer',
  ],
  // The time of day an order goes in, asked as whether it still leaves that day, is the same-day
  // cut-off ("if we order after lunch, does it still go out today?").
  [
    new RegExp(
      String.raw`(?<=\b(?:order\w*|put (?:[a-z]+ ){0,4}?in|plac\w*)\b[^.?!]{0,80})\b${SAME_DAY}\b(?= (?:on )?(?:the |that )?(?:today|same(?: business)? day|that day)\b)`,
      'g',
    ),
    '$& orders placed before ship same business day',
    'pointer',
  ],
  // A plan change said as a move between the plans ("go back to Free", "from Free to Pro") is the
  // plan-change article's, whatever else it asks about the plans: down to Free or up from it.
  [planMove(String.raw`free(?: plan| tier| account)?`), '$& change of plan downgrade', 'pointer'],
  // Up from Free is an upgrade, paid as the prorated difference for the rest of the period: "billed
  // for the whole month?" is that line, not the monthly plan's end after a cancellation.
  [planMove(PLAN, 'free'), '$& change of plan upgrade prorated difference', 'pointer'],
  // A price asked for the move ("what would it cost to move to Enterprise") is the plans' prices.
  [
    new RegExp(String.raw`(?<!\b(?:cost|costs|price|pay|charge)\b[^.?!]{0,30})${planMove(PLAN).source}`, 'g'),
    '$& change of plan',
    'pointer',
  ],
  // The days of a period not used after a change ("get anything back for the days we don't use").
  [
    /\b(?:(?:the )?days? (?:we|i|you) (?:don'?t|do not|won'?t|will not|didn'?t|did not|can'?t) use|(?:the )?days? (?:not|never) used|(?:the )?unused (?:days?|time|weeks?)|the (?:part|bit) (?:that'?s |that is |which is )?left|what'?s left of the (?:month|cycle|billing period)|in the middle of the (?:month|cycle|billing (?:period|cycle)))\b/g,
    'unused part of the billing period prorated',
    'pointer',
  ],
  // A security flaw found in the site, asked where it goes, is the security report article's.
  [
    /\b(?:security (?:bugs?|holes?|flaws?|weakness\w*|gaps?|vulnerabilit\w*)|xss|csrf|idor|sql injection|cross[- ]site scripting|exploits?)\b|\b(?:bugs?|holes?|flaws?)\b(?=[^.?!]{0,40}\b(?:sessions?|auth\w*|tokens?|cookies?|other (?:customers|users)'? (?:data|accounts?))\b)|\b(?:report|disclose|flag)\w* (?:a |the |an )?security (?:problems?|issues?|concerns?)\b/g,
    '$& report security vulnerability',
    'pointer',
  ],
  [
    /\b(?:good[- ]faith (?:testing|research|hacking)|(?:come|go) after (?:me|us) legally|legal action)\b/g,
    '$& good-faith research legal action security',
    'pointer',
  ],
  // Maintenance asked about beside the customer's own weekend or night work is the status page's
  // planned maintenance, not the support team's staffed hours.
  [
    /(?<=\bmaintenance\b[^]{0,80})\b(?:saturdays?|sundays?|weekends?|nights?|overnight)\b|\b(?:saturdays?|sundays?|weekends?|nights?|overnight)\b(?=[^]{0,80}\bmaintenance\b)/g,
    'scheduled',
    'pointer',
  ],
  [/\b(?<!planned )maintenance(?! windows?)\b/g, 'planned maintenance downtime', 'pointer'],
  // How long there is to send something back, or when that clock starts, is the return window.
  [
    /\breturn (?:clock|period|deadline|timer|time ?limit)\b|\bhow (?:long|many days)\b(?=[^.?!]{0,50}\b(?:do |does |will |did )?(?:we|i|you|they) (?:get|have)\b[^.?!]{0,40}\b(?:send\w* (?:[a-z]+ ){0,3}?back|return\w*|change (?:our|my|their) minds?|decide)\b)/g,
    '$& return window days of delivery',
    'pointer',
  ],
  // A delivery on a weekend day or a public holiday ("could the freight come on a Sunday?") is the
  // carriers' business days, not the warehouse's shipping days ("do orders go out on Saturdays?").
  [
    /\b(?:deliver\w*|drop[- ]?offs?)\b(?=[^.?!]{0,30}\b(?:saturdays?|sundays?|weekends?|public holidays?|bank holidays?|national holidays?|(?:the )?fourth of july|july 4(?:th)?|thanksgiving|labor day|memorial day)\b)|(?<=\b(?:saturday|sunday|weekend|holiday)\b )(?:deliver(?:y|ies)|drop[- ]?offs?)\b/g,
    '$& carriers deliver on business days only no saturday or sunday delivery public holidays',
    'pointer',
  ],
  // Opening an account, said with "register" or a split "sign … up" ("register my company as a new
  // customer"), is the sign-up article's first lines, not its "already registered" problem or the
  // profile's sign-in email.
  [
    /\b(?:register(?:ing)?|sign(?:ing)? (?:\w+ ){1,3}up|open(?:ing)?|creat(?:e|ing)|set(?:ting)? up)\b(?=[^.?!]{0,40}\b(?:(?:an?|a new|new|another|a second|a separate) (?:\w+ )?account|as (?:a )?new (?:customer|client|company|business))\b)/g,
    '$& open an account for their company signup',
    'pointer',
  ],
  // How long a refund takes, asked of one kind against another ("do partial refunds take as long as
  // a full one?"), is the refund article's timing, not the return policy's "refunded in full".
  [
    /(?<=\brefunds?\b[^.?!]{0,30})\b(?:take|takes|taking|took) (?:just |exactly )?(?:as long|longer|the same (?:time|amount of time|number of days))\b|\bhow (?:long|many (?:business )?days) (?:does|do|will|would) (?:a |an |the |my |our )?(?:partial |full |part )?refunds? take\b/g,
    '$& refund follow the same timing business days',
    'pointer',
  ],
  // Someone of the customer's team added to the account as a user or a role ("add our office
  // manager as a user on the account") is the team article's, not opening an account.
  [
    /\b(?:add|adding|invite|inviting|set up|setting up)\b(?=[^.?!]{0,40}\bas (?:a |an |another |our |the )?(?:(?:new|second|extra) )?(?:users?|admins?|administrators?|buyers?|viewers?|members?|team members?)\b)/g,
    '$& account owners and admins manage people team members',
    'pointer',
  ],
  // A refund to a customer who pays on purchase order or by bank transfer is the refund article's
  // row for that method ("credit note issued immediately", "ACH bank transfer").
  [
    refundPaidBy(String.raw`pos?|purchase orders?|net-?30(?: invoic\w*| terms)?`),
    '$& refund purchase order credit note',
    'pointer',
  ],
  [refundPaidBy(String.raw`bank transfer|ach|wire`), '$& refund ach bank transfer', 'pointer'],
  // A country outside the US named as where goods go is the international article's ("do you ship
  // to Portugal?"), not the domestic carriers' table.
  [
    /(?<=\b(?:ship\w*|send\w*|deliver\w*|post\w*|mail\w*)\b[^.?!]{0,40})\b(?:portugal|spain|germany|france|italy|the uk|united kingdom|england|scotland|wales|ireland|canada|mexico|brazil|argentina|chile|japan|china|india|singapore|australia|new zealand|netherlands|holland|belgium|luxembourg|switzerland|austria|norway|sweden|denmark|finland|iceland|poland|czechia|czech republic|greece|turkey|israel|south africa|south korea|korea)\b/g,
    '$& international',
    'pointer',
  ],
  // How long freight takes is the carriers article's freight row ("5–8 business days"), not the
  // freight collection of a return (which stays the labels article's) or a bulk order.
  [
    /(?<!\b(?:return\w*|send\w* back|pick ?ups?)\b[^]{0,300})(?:(?<=\bhow (?:long|many (?:business |working )?days|soon|quickly)\b[^]{0,80})\bfreight\b|\bfreight\b(?=[^]{0,80}\bhow (?:long|many (?:business |working )?days)\b))(?![^]{0,300}\b(?:return\w*|send\w* back|pick ?ups?)\b)/g,
    '$& delivery time business days carrier',
    'pointer',
  ],
  // A delivery that came after its date is the lost-or-delayed article's "Delivery estimate passed"
  // (the shipping cost refunded on express orders).
  [
    /\b(?:(?:came|arrived|showed up|shows up|turned up|comes in|came in|arrives?|delivered|running|is|was) (?:in )?late|(?:days?|weeks?) (?:late|overdue)|(?:days?|weeks?) (?:after|past|behind) (?:the )?(?:(?:promised|estimated|expected|due|given|quoted) (?:delivery )?(?:date|day)|(?:delivery )?(?:date|estimate|day) (?:they|you|we were) (?:gave|given|promised|quoted|said))|(?:days?|weeks?) (?:past|behind) (?:the )?(?:delivery )?(?:date|estimate)|(?:delivery |estimated |promised )?(?:date|estimate) (?:went by|passed|has passed|came and went|is past|was missed)|missed (?:the )?(?:delivery )?(?:date|estimate))\b/g,
    '$& delivery estimate passed late',
    'pointer',
  ],
];
