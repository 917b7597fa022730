import { questionType } from './answer-type.js';
import { fold } from './offline/text.js';

/**
 * Requests no tool can carry out: changing where an order ships, adding to an order, changing
 * what was ordered. Order data can describe the order but not do this, so an answer built from it
 * ("Order 1042 shipped with UPS…") would look helpful and leave the request undone.
 */
export interface UnanswerableRequest {
  kind: 'change_address' | 'add_item' | 'modify_order';
  /** For staff and the decision record. */
  label: string;
}

const VERB_CHANGE =
  '(?:change|changing|update|updating|correct|fix|edit|modify|amend|switch|cambi\\w*|corrij\\w*|corregi\\w*|modifi\\w*|change[rz]|corrige[rz]?|andern|aendern|korrigier\\w*|alter\\w*|mud\\w*|corrigir|wijzig\\w*|zmieni\\w*)';
// Not "update": "any update on my order?" asks for news, not a change.
const VERB_MODIFY =
  '(?:change|changing|modify|edit|amend|switch|cambiar|modificar|changer|modifier|andern|aendern|alterar|mudar|wijzigen|zmienic)';
const ADDRESS =
  '(?:address|street|zip|postcode|postal code|apartment|apt|suite|unit number|house number|where it ships|where (?:it|the parcel|my order) (?:goes|is going)|direccion|adresse|anschrift|endereco|adres)';

const RULES: Array<[UnanswerableRequest['kind'], RegExp, string]> = [
  [
    'change_address',
    new RegExp(
      `\\b${VERB_CHANGE}\\b.{0,40}\\b${ADDRESS}|\\b${ADDRESS}\\b.{0,40}\\b(?:wrong|incorrect|outdated|old|changed|${VERB_CHANGE})\\b|\\bwrong (?:street|address|zip|postcode|house number|apartment|apt|unit|suite|flat)\\b|\\b(?:old|previous|outdated|former) (?:street|address|zip|postcode)\\b|\\b(?:ship|send|deliver) it to (?:a different|another|my new)\\b`,
    ),
    'change the delivery address of an order',
  ],
  [
    'add_item',
    /\b(?:add|adding|include|put|throw in|anadir|agregar|incluir|ajouter|hinzufugen|adicionar|incluir|toevoegen|dodac)\b.{0,50}\b(?:to|in|into|on|al|en|a|zu|zur|ao|na|no|aan|do)\b.{0,20}\b(?:order|pedido|commande|bestellung|encomenda|bestelling|zamowienie)\b/,
    'add a product to an order',
  ],
  [
    'modify_order',
    new RegExp(
      `\\b${VERB_MODIFY}\\b.{0,30}\\b(?:order|pedido|commande|bestellung|encomenda|quantity|quantities|size|colou?r|item)\\b|\\b(?:swap|replace|exchange)\\b.{0,30}\\b(?:item|product|for a|for the|with)\\b`,
    ),
    'change what was ordered',
  ],
];

/**
 * A street address written out ("55 Dock St", "12 Harbour Rd", "Calle Mayor 12", "8 rue
 * Lafayette"): with a verb that sends the order there, the customer asks for it to go elsewhere.
 */
const STREET =
  '(?:\\d{1,5}[a-z]?,? (?:[a-z]+ ){0,3}(?:st|street|rd|road|ave|avenue|lane|ln|blvd|boulevard|drive|dr|court|ct)\\b|\\b(?:calle|avenida|av|rue|avenue|boulevard|rua|via|viale|piazza|strasse|str|weg|straat|ulica|ul)\\.? (?:[a-z]+ ){0,3}\\d{1,5}|\\d{1,5},? (?:rue|avenue|boulevard|via|rua|calle) [a-z]+|\\b[a-z]+(?:strasse|str|weg|gasse|straat) \\d{1,5})';
const SEND_VERB =
  '(?:ship|send|deliver|redirect|reroute|forward|envi\\w*|entreg\\w*|mand\\w*|livr\\w*|envoy\\w*|expedi\\w*|liefer\\w*|schick\\w*|sped\\w*|consegn\\w*|bezorg\\w*|verzend\\w*|wysl\\w*|dostarcz\\w*)';
const SEND_ELSEWHERE = new RegExp(
  // "we moved to 12 Harbour Rd": the order should follow them there.
  `\\b${SEND_VERB}\\b[^.?!]{0,60}${STREET}|${STREET}[^.?!]{0,30}\\binstead\\b|\\b${VERB_CHANGE}\\b[^.?!]{0,60}${STREET}|\\b(?:moved|relocated|moving)\\b[^.?!]{0,30}${STREET}`,
);
// Holding or delaying an order is not an action any tool has.
const HOLD_ORDER =
  /\b(?:hold|pause|delay|postpone|put off)\b(?: (?:off|back))?[^.?!]{0,20}\b(?:order|shipment|delivery|shipping|pedido|commande|bestellung|encomenda|ordine)\b|\b(?:hold|pause)\b[^.?!]{0,10}\b\d{3,10}\b/;

// A customer asking to stop the order is a cancellation, which has its own action and approval.
const CANCEL_OR_REFUND =
  /\b(?:cancel\w*|refund\w*|money back|reembols\w*|rembours\w*|erstatt\w*|stornier\w*|cancela\w*|annul\w*)\b/;

/**
 * A question about what can be done in general ("can the address still be changed before an
 * order ships?"), with no order named: the help center answers it; nothing is asked of anyone.
 */
const IMPERSONAL_QUESTION =
  /\b(?:can|could|is it possible|are you able)\b[^.?!]{0,50}\b(?:be|get|gets) (?:changed|updated|modified|corrected|redirected|edited)\b[^.!]*\?/;

/**
 * The request in the message that no tool can carry out, if any. A how-to question ("how do I
 * change my address?") is not one: the help center answers it.
 */
export function unanswerableRequest(text: string): UnanswerableRequest | null {
  const type = questionType(text);
  if (type === 'steps' || type === 'place') return null;
  const f = fold(text);
  if (IMPERSONAL_QUESTION.test(f) && !/\d/.test(f)) return null;
  if (SEND_ELSEWHERE.test(f))
    return { kind: 'change_address', label: 'change the delivery address of an order' };
  if (HOLD_ORDER.test(f)) return { kind: 'modify_order', label: 'hold or delay an order' };
  for (const [kind, re, label] of RULES) {
    if (!re.test(f)) continue;
    if (kind === 'modify_order' && CANCEL_OR_REFUND.test(f)) continue;
    return { kind, label };
  }
  return null;
}
