/**
 * The account's records wanted in a file ("I need all our 2025 orders in a spreadsheet for the
 * accountant"): the data-export article's question. The urgency model hears "I need … all our
 * orders" as pressure and reads it as high, so the answer needed a surer match than the same
 * question asked with "how do I". Without a deadline, an urgent word or a failure, a file wanted
 * for the books is an everyday question. Folded text (no accents, lower case).
 */
const RECORDS =
  /\b(?:orders?|order (?:history|lines?)|invoices?|purchases?|pedidos?|commandes?|bestellungen|encomendas|ordini|bestellingen|zamowie\w*|facturas?|factures?|rechnungen|faturas?|fatture|facturen|faktur\w*)\b/;
const FILE =
  /\b(?:spreadsheets?|csv|excel|xlsx|hoja de calculo|tableur|tabellenkalkulation|planilha|foglio (?:di calcolo|excel)|arkusz\w*)\b/;
// A date to meet, an urgent word, or an export that fails: the pressure is real, or it is a fault.
const PRESSURE_OR_FAULT =
  /\b(?:urgent\w*|asap|immediately|right now|today|tonight|tomorrow|eod|deadline|emergency|by (?:monday|tuesday|wednesday|thursday|friday|the end of|end of)|dringend|sofort|hoy|manana|aujourd'?hui|demain|heute|morgen|hoje|amanha|oggi|domani|vandaag|morgen|dzis|jutro|errors?|fail\w*|broken|missing|empty|wrong|stuck|spinning|crash\w*|not work\w*|doesn'?t|won'?t|can'?t|cannot|isn'?t)\b/;

/** Whether the text asks for the account's records in a file, with no deadline, urgency or failure in it. */
export function asksRecordsInFile(folded: string): boolean {
  return RECORDS.test(folded) && FILE.test(folded) && !PRESSURE_OR_FAULT.test(folded);
}
