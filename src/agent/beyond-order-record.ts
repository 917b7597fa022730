import { normalizeForModel } from './offline/model/features.js';
import { conceptsOf } from './offline/model/lexicon.js';
import { fold } from './offline/text.js';

/**
 * A question beside a named order that the order's record cannot answer: what the product does
 * or comes with ("does the grinder on 1030 take 220V?", "is the desk frame from 1027 compatible
 * with our own top?"), or a service around it ("do you offer assembly for the desk in 1007?",
 * "is there a way to insure 1025 for its full value?"). The record holds the order's status,
 * carrier, tracking, dates, lines and amounts: finding the order answers none of these, so the
 * order path must not answer with the order's status as if it did (retrieve.ts caps it).
 *
 * Only a present-tense yes/no or capability question counts; anything about what happened to the
 * order (delivered, shipped, charged, "did…", "was…") or about money, returns, cancellation,
 * tracking, shipping, an address or an invoice stays the order path's.
 */
const CAPABILITY_QUESTION = new RegExp(
  [
    // en
    String.raw`\b(?:is there (?:a|any) (?:way|option) to|do you (?:offer|provide|sell|do|have) (?:an? |any )?\w+ (?:service|option|plan|insurance|cover)|compatible with|(?:does|do|will|would) (?:it|they|the [^.?!]{1,30}?) (?:come|ship) with|(?:is|are) (?:it|they|the [^.?!]{1,30}?) (?:rated|suitable|safe|certified) for|(?:does|do|will|would) (?:it|they|the [^.?!]{1,30}?) (?:fit|work) (?:on|with|in|under))\b`,
    // es, fr, de, pt, it, nl, pl
    String.raw`\b(?:viene con|vienen con|es compatible|son compatibles|ofrecen|ofreceis|hay (?:forma|manera|alguna forma)|se puede)\b`,
    String.raw`\b(?:est-il compatible|est compatible|sont compatibles|livre avec|fourni avec|proposez-vous|y a-t-il (?:un moyen|une option)|est-ce possible de)\b`,
    String.raw`\b(?:kompatibel|geliefert mit|bieten sie|gibt es (?:eine moglichkeit|die moglichkeit)|kann man)\b`,
    String.raw`\b(?:vem com|vem acompanhad[oa]|compativel|compativeis|oferecem|tem como|da para)\b`,
    String.raw`\b(?:viene con|compatibile|compatibili|offrite|c'e modo|si puo)\b`,
    String.raw`\b(?:geleverd met|compatibel|bieden jullie|is het mogelijk)\b`,
    String.raw`\b(?:kompatybiln\w*|czy (?:oferujecie|da sie|mozna|jest mozliw\w*))\b`,
  ].join('|'),
);

/** What the order's record holds or what the order path does, in the eight Latin-script languages. */
const ORDER_FACT =
  /\b(?:status|where|when|arriv\w*|deliver\w*|ship\w*|sent|dispatch\w*|track\w*|carrier|eta|late|delay\w*|total|paid|amount|cost|price|ordered|quantity|signed|received|eligible|window|did|was|were|has|have|been|llega\w*|entreg\w*|envi\w*|livr\w*|expedi\w*|liefer\w*|versand\w*|versendet|chega\w*|spedi\w*|consegn\w*|geleverd|verzonden|bezorg\w*|dostaw\w*|wysla\w*|przesylk\w*)\b/;
const ORDER_CONCEPTS = new Set([
  'refund',
  'cancel',
  'return',
  'tracking',
  'address',
  'invoice',
  'payment',
  'charge',
]);

export function asksBeyondOrderRecord(text: string): boolean {
  const f = fold(text);
  if (!CAPABILITY_QUESTION.test(f) || ORDER_FACT.test(f)) return false;
  return !conceptsOf(normalizeForModel(text)).some((c) => ORDER_CONCEPTS.has(c));
}
