import { foldedPattern } from './offline/text.js';
import type { UnstatedService } from './unstated-services.js';

/**
 * Destinations a shipping question asks about that the shipping articles answer only by saying so.
 * "Do you ship to Hawaii?", "ship to the Canaries?" or "vocês entregam na Madeira?" find the
 * international-shipping article, which says how many countries we ship to and how long it takes,
 * but not whether a state off the mainland, an island region with its own customs status or an
 * overseas territory is domestic, international or served at all: quoting it answers a question
 * nobody asked. "Is Canada one of the countries you ship to?" asks the same of a country, when no
 * article lists them. A person answers, and the question is recorded as a gap.
 *
 * A country asked about plainly ("do you ship to Norway?") is left to the article: the rule for
 * every international destination answers it. Only places whose status is the question are judged.
 */

// Shipping or delivering to a place, in the reply languages (folded text).
const SHIPPING = String.raw`(?:\b(?:ship\w*|deliver\w*|send\w*|mail\w*|post\w*|dispatch\w*|envi\w*|entreg\w*|livr\w*|expedi\w*|liefer\w*|versand\w*|versend\w*|verschick\w*|spedi\w*|consegn\w*|invi\w*|verzend\w*|lever\w*|bezorg\w*|wysyl\w*|dostarcz\w*|dostaw\w*))`;

// States off the mainland, island regions with their own customs status, overseas territories and
// military post, in the reply languages' names (folded: no accents).
const OWN_STATUS_PLACES = String.raw`(?:alaska|hawai'?i|hawai|havai|puerto rico|porto rico|portoryko|guam|(?:us |u\.s\. |american |british )?virgin islands|islas virgenes|american samoa|northern mariana\w*|apo|fpo|dpo|(?:us|u\.s\.|american|french|british|dutch|overseas) territor(?:y|ies)|overseas (?:departments?|regions?)|outre-?mer|dom-?tom|ultramar|canar(?:y|ies)(?: islands)?|canarias|canaries|kanar(?:en|ische inseln|yjski\w*)|canarie|canarische eilanden|azores|acores|azoren|azzorre|azory|madeira|madere|ceuta|melilla|faroe(?: islands)?|feroe|faroer|faeroer|faer oer|greenland|groenland|gronland|groenlandia|gronelandia|grenlandi\w*|aland(?: islands)?|channel islands|jersey|guernsey|isle of man|gibraltar|la reunion|reunion island|martinique|guadeloupe|french guiana|guyane|mayotte|new caledonia|nouvelle-caledonie|french polynesia|polynesie|tahiti|svalbard|helgoland|heligoland|busingen|livigno|campione)`;

// A country or place asked about as one of a list the article does not give: "is Canada one of the
// countries you ship to?", "Iceland specifically?", "is Chile on your list?".
const ON_THE_LIST = String.raw`\b(?:is|are|est|ist|e|es|esta)\s+(?:[\p{L}-]+\s+){1,3}(?:one of|among|on|in|part of|included in|covered by)\s+(?:the|your|ur|those|these)\s+(?:\d+\s+)?(?:countries|destinations|country list|shipping list|delivery list)\b|\b${SHIPPING}\s+(?:to|into|in)\s+(?:[\p{L}-]+\s+){1,2}specifically\b`;

// An island asked about as a destination, in English and in the scripts that name it without a
// place list ("ship to Koh Samui?" is ส่งไปเกาะสมุย, "寄到海南岛", "離島へ配送", "الشحن إلى جزيرة"): whether
// an island is served is what the articles do not say.
const ISLAND = String.raw`${SHIPPING}[^.?!]{0,40}\b(?:to|on|onto)\s+(?:the\s+|an?\s+)?(?:[\p{L}-]+\s+){0,2}(?:island|islands|isle)\b|\b${SHIPPING}[^.?!]{0,40}\bisle of\b`;
const ISLAND_SCRIPTS = foldedPattern(
  'ส่ง[^?？]{0,20}เกาะ|จัดส่ง[^?？]{0,20}เกาะ|เกาะ[^?？]{0,20}(?:ส่ง|จัดส่ง)|(?:寄|送|发货|配送|发)[^。？?]{0,10}岛|岛[^。？?]{0,10}(?:寄|送|发货|配送)|島[^。？?]{0,10}(?:発送|配送|届け|送)|(?:発送|配送|届け|送)[^。？?]{0,10}島|(?:شحن|توصيل|ترسلون|تشحنون)[^؟.]{0,30}جزير',
);

export const SHIPPING_DESTINATIONS: readonly UnstatedService[] = [
  {
    label:
      'a destination whose shipping status no article states (an outlying state, island region or territory)',
    asks: new RegExp(
      [
        // "do you ship to Alaska?", "ship to the canary islands?", "entregam nos Açores?"
        String.raw`${SHIPPING}[^.?!]{0,40}\b(?:to|into|in|on|a|en|em|no|nos|na|nas|nach|auf|naar|op|do|na|w|alle?|ai|agli?|sur|aux)\s+(?:the\s+|an\s+|las\s+|les\s+|la\s+|os\s+|as\s+|die\s+|de\s+|le\s+)?${OWN_STATUS_PLACES}\b`,
        // "is Puerto Rico domestic or international for shipping?", "Hawaii – same rates as the mainland?"
        String.raw`\b${OWN_STATUS_PLACES}\b[^.?!]{0,60}\b(?:domestic|international|mainland|count as|treated as|same rates?)\b`,
        ISLAND,
        ISLAND_SCRIPTS.source,
      ].join('|'),
      'u',
    ),
    statedBy: new RegExp(`\\b${OWN_STATUS_PLACES}\\b|\\boutlying\\b|\\bislands?\\b|\\bterritor(?:y|ies)\\b`),
    onlyAsked: true,
  },
  {
    label: 'whether a given country is on the list of destinations, which no article gives',
    asks: new RegExp(ON_THE_LIST, 'u'),
    statedBy:
      /\b(?:list of (?:the )?(?:countries|destinations)|country list|countries (?:we ship to )?(?:are|include)|we ship to (?:the following|these))\b/,
    onlyAsked: true,
  },
];
