/**
 * Services and account changes that no tool performs and the help center does not offer, asked
 * for by form (folded text): collecting an order at, or bringing returns to, the warehouse in
 * person; payment terms other than the plan's; merging two accounts; handing the account to a
 * new owner. An article that shares the words ("we ship from our warehouse in Columbus", "net-30
 * terms for Enterprise") would look like an answer and leave the ask undone.
 */
export type ServiceRequest = 'collect_in_person' | 'payment_terms' | 'merge_accounts' | 'transfer_ownership';

const WAREHOUSE =
  '(?:warehouse|depot|facility|loading dock|almacen|bodega|entrepot|lager|warenlager|armazem|magazzino|magazijn|magazyn\\w*)';
// In person: picking up, collecting, walking in, bringing or dropping off at the warehouse.
const IN_PERSON =
  '(?:pick(?:ing)? (?:\\w+ ){0,3}up|collect\\w*|walk (?:\\w+ ){0,2}in(?:to)?|bring (?:\\w+ ){0,2}(?:in|to|over)|drop (?:\\w+ ){0,2}off|come by|swing by|stop by|recoger|retirar|buscar|recuperer|retirer|abhol\\w*|abzuholen|levantar|ritirar\\w*|ophalen|odebra\\w*)';
const COLLECT_IN_PERSON = new RegExp(
  `\\b${IN_PERSON}\\b[^.?!]{0,40}\\b${WAREHOUSE}\\b|\\b${WAREHOUSE}\\b[^.?!]{0,40}\\b(?:abhol\\w*|abzuholen|ophalen|odebra\\w*|selbst|myself|ourselves)\\b`,
);
// The carrier collecting from the warehouse is shipping, not an ask: "has UPS picked it up yet?"
const CARRIER_COLLECTS =
  /\b(?:ups|usps|dhl|fedex|carrier|courier|the driver|transportista|transporteur|spediteur|corriere|vervoerder|kurier)\b[^.?!]{0,15}\b(?:pick|collect|recog|abhol|ritir|ophaal|odebr)/;

// Terms other than the plan's ("net-60 instead of net-30", "net-30 without Enterprise").
const PAYMENT_TERMS =
  /\bnet[- ]?\d{2,3}\b[^.?!]{0,40}\b(?:instead of|rather than) net[- ]?\d{2,3}\b|\bnet[- ]?\d{2,3}\b[^.?!]{0,30}\bwithout\b|\b(?:move|switch|change|extend|go|upgrade)\b[^.?!]{0,30}\b(?:to|onto) net[- ]?\d{2,3}\b|\b(?:from|instead of) net[- ]?\d{2,3}\b[^.?!]{0,20}\bto net[- ]?\d{2,3}\b|\b(?:get|have|offer|give)\b[^.?!]{0,10}\bnet[- ]?\d{2,3}\b[^.?!]{0,30}\bwithout\b/;

const MERGE_ACCOUNTS =
  /\b(?:merge|combine|consolidate|join)\b[^.?!]{0,20}\b(?:accounts?|logins?|profiles?|workspaces?)\b|\b(?:two|2|both|separate|duplicate) (?:accounts|logins)\b[\s\S]{0,80}\b(?:merge|combine) (?:them|these|both|the two)\b|\b(?:fusionar|fusionner|zusammenfuhren|mesclar|unire|unificare|samenvoegen|polaczyc)\b[^.?!]{0,30}\b(?:cuentas|comptes|konten|contas|account|accounts|konta)\b/;

const TRANSFER_OWNERSHIP =
  /\btransfer\w* (?:the |our |my )?(?:account )?ownership\b|\bownership of (?:the |our |my )?account\b[^.?!]{0,20}\bto\b|\bmake (?:\w+ ){1,3}the (?:new )?(?:account )?owner\b|\b(?:transferir|transferer|ubertragen|trasferire|overdragen|przeniesc)\b[^.?!]{0,30}\b(?:propiedad|propriete|eigentum|inhaber\w*|propriedade|proprieta|eigendom|wlasnosc)\b/;

/** The service or account change asked for, if any. */
export function serviceRequest(folded: string): ServiceRequest | null {
  if (COLLECT_IN_PERSON.test(folded) && !CARRIER_COLLECTS.test(folded)) return 'collect_in_person';
  if (PAYMENT_TERMS.test(folded)) return 'payment_terms';
  if (MERGE_ACCOUNTS.test(folded)) return 'merge_accounts';
  if (TRANSFER_OWNERSHIP.test(folded)) return 'transfer_ownership';
  return null;
}

/** For staff and the decision record. */
export const SERVICE_REQUEST_LABELS: Record<ServiceRequest, string> = {
  collect_in_person: 'collect an order at, or bring returns to, the warehouse in person',
  payment_terms: 'have payment terms other than their plan’s',
  merge_accounts: 'merge two accounts into one',
  transfer_ownership: 'hand the account to a new owner',
};
